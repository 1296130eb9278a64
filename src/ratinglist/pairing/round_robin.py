"""Round robin by the circle method (seed 004, II.4.2).

One reference player stays fixed while the others rotate as one circle; an odd field adds
a BYE. Table t pairs position t with position N-1-t. Colours: the fixed player alternates
from round to round; on the other tables the upper seat has Black at odd tables and White
at even ones (the rotation moves everybody one seat per round). In repeated cycles
every pairing repeats with colours swapped against the same opponent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ratinglist.errors import PairingError
from ratinglist.model import PlayerId


@dataclass(frozen=True, slots=True)
class RoundRobinRound:
    """One round of a round robin: (black, white) pairs and the player with the bye."""

    number: int
    pairs: tuple[tuple[PlayerId, PlayerId], ...]
    bye: PlayerId | None = None


def round_robin(players: Sequence[PlayerId], cycles: int = 1) -> tuple[RoundRobinRound, ...]:
    """All rounds of a `cycles`-fold round robin between `players` (in seeding order).

    N players play N-1 rounds per cycle (N rounds when N is odd). Raises PairingError for
    fewer than two players, repeated players or fewer than one cycle.
    """
    if len(players) < 2 or len(set(players)) != len(players) or cycles < 1:
        raise PairingError(
            f"expected at least two distinct players and one cycle, got {len(players)} "
            f"players and {cycles} cycles"
        )
    seats: list[PlayerId | None] = list(players)
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    fixed, circle = seats[0], seats[1:]
    base: list[tuple[list[tuple[PlayerId | None, PlayerId | None]], int]] = []
    for k in range(n - 1):
        rot = circle[k:] + circle[:k]
        order = [fixed, *rot]
        tables = []
        for t in range(n // 2):
            a, b = order[t], order[n - 1 - t]
            upper_black = (k % 2 == 0) if t == 0 else (t % 2 == 1)
            tables.append((a, b) if upper_black else (b, a))
        base.append((tables, k))
    rounds = []
    number = 0
    for c in range(cycles):
        for tables, _ in base:
            number += 1
            pairs = []
            bye = None
            for a, b in tables:
                if a is None or b is None:
                    bye = b if a is None else a
                    continue
                pairs.append((a, b) if c % 2 == 0 else (b, a))
            rounds.append(RoundRobinRound(number, tuple(pairs), bye))
    return tuple(rounds)
