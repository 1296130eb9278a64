"""Round robin by Berger tables: the circle method with balanced colours (seed 004, II.4.2).

Players are numbered in seeding order: the first seed is number N (an odd field adds a BYE
as number N instead), the others 1..N-1. Number N stays fixed (the circle method's reference
player) and meets player p in round r, where p = (r + 1) / 2 for odd r and r / 2 + N / 2 for
even r; it has Black in odd rounds. The other tables pair p + k (White) with p - k (Black),
k = 1 .. N/2 - 1, numbers taken modulo N - 1 (FIDE's Berger tables). Every player then
alternates colours except once at most: with an odd field everybody has as many Blacks as
Whites and never two in a row; with an even field the difference is 1 and nobody has three
in a row. In repeated cycles every pairing repeats with colours swapped against the same
opponent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ratinglist.errors import N_, PairingError
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
            N_(
                "expected at least two distinct players and one cycle, got %(count)s "
                "players and %(cycles)s cycles"
            ),
            count=len(players),
            cycles=cycles,
        )
    seats: list[PlayerId | None] = list(players)
    if len(seats) % 2:
        seats.append(None)
    else:
        seats = [*seats[1:], seats[0]]
    n = len(seats)
    m = n - 1
    base: list[list[tuple[PlayerId | None, PlayerId | None]]] = []
    for r in range(1, m + 1):
        p = (r + 1) // 2 if r % 2 else r // 2 + n // 2
        fixed = (seats[n - 1], seats[p - 1])
        tables = [fixed if r % 2 else fixed[::-1]]
        for k in range(1, n // 2):
            white = seats[(p + k - 1) % m]
            black = seats[(p - k - 1) % m]
            tables.append((black, white))
        base.append(tables)
    rounds = []
    number = 0
    for c in range(cycles):
        for tables in base:
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
