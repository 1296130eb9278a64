"""Which tournament system to play, by number of players (seed 004, II.2; DOMAIN 6).

<= 4 players: triple round robin; 5-6: double round robin; 7-8: a round robin then 4 Swiss
rounds; 9-10: a round robin, then semi-finals for the top 4 and 2 Swiss rounds for the next
6; 11-12: a round robin (12 is both "11-12" and "12 or more" in the seed: we take round
robin, parameter `twelve_is_round_robin`); 13 and more: Swiss.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ratinglist.errors import N_, PairingError


class System(enum.Enum):
    """The tournament systems of the EOC rules."""

    TRIPLE_ROUND_ROBIN = "triple-round-robin"
    DOUBLE_ROUND_ROBIN = "double-round-robin"
    ROUND_ROBIN_THEN_SWISS = "round-robin-then-swiss"
    ROUND_ROBIN_THEN_SEMIFINALS = "round-robin-then-semifinals"
    ROUND_ROBIN = "round-robin"
    SWISS = "swiss"


@dataclass(frozen=True, slots=True)
class SystemPlan:
    """A system with its round robin cycles, Swiss rounds and whether semi-finals follow."""

    system: System
    round_robin_cycles: int
    swiss_rounds: int
    semifinals: bool

    def total_rounds(self, players: int) -> int:
        """Round robin rounds (N-1 per cycle, N when N is odd) plus Swiss rounds."""
        per_cycle = players if players % 2 else players - 1
        return self.round_robin_cycles * per_cycle + self.swiss_rounds


PLANS = {
    System.TRIPLE_ROUND_ROBIN: SystemPlan(System.TRIPLE_ROUND_ROBIN, 3, 0, False),
    System.DOUBLE_ROUND_ROBIN: SystemPlan(System.DOUBLE_ROUND_ROBIN, 2, 0, False),
    System.ROUND_ROBIN_THEN_SWISS: SystemPlan(System.ROUND_ROBIN_THEN_SWISS, 1, 4, False),
    System.ROUND_ROBIN_THEN_SEMIFINALS: SystemPlan(System.ROUND_ROBIN_THEN_SEMIFINALS, 1, 2, True),
    System.ROUND_ROBIN: SystemPlan(System.ROUND_ROBIN, 1, 0, False),
}


def system_for(
    players: int,
    swiss_rounds: int = 11,
    twelve_is_round_robin: bool = True,
    choice: System | None = None,
) -> SystemPlan:
    """The EOC system for `players` entrants, or the explicit `choice`.

    `swiss_rounds` is the number of rounds of a Swiss tournament. Raises PairingError for
    fewer than two players.
    """
    if players < 2:
        raise PairingError(N_("expected at least 2 players, got %(players)s"), players=players)
    if choice is None:
        if players <= 4:
            choice = System.TRIPLE_ROUND_ROBIN
        elif players <= 6:
            choice = System.DOUBLE_ROUND_ROBIN
        elif players <= 8:
            choice = System.ROUND_ROBIN_THEN_SWISS
        elif players <= 10:
            choice = System.ROUND_ROBIN_THEN_SEMIFINALS
        elif players <= 11 or (players == 12 and twelve_is_round_robin):
            choice = System.ROUND_ROBIN
        else:
            choice = System.SWISS
    if choice is System.SWISS:
        return SystemPlan(System.SWISS, 0, swiss_rounds, False)
    return PLANS[choice]
