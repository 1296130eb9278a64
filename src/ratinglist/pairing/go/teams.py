"""Automatic team pairing for Go team tournaments: which team meets which in a round.

OpenGotha pairs teams by hand only; Pairgoth pairs them "like players" (GO.md h). Our rule
(docs/decisions.md, "Issue 12: teams"): the teams come in their team standings order before
the round (the team criteria, then team number), best first; a group is the teams with the
same team points (TEAMP).
With an odd count the bye goes to the team with the fewest earlier byes, the lowest placed
among them (OpenGotha's player rule: least score, 1000 per earlier bye, ties to the last).
The others are paired by a minimum-cost perfect matching (`pairing.matching`, rustworkx),
the cost of a pair being, in this order of importance (each term outweighs every sum of
the terms after it):

1. the number of times the two teams met already (no repeated match while one can be
   avoided);
2. the squared difference of their team points (TEAMP): teams with equal points meet;
3. within a group of m teams, split and slip as OpenGotha's default seeding of players: the
   k-th team meets the (k + m//2)-th, the cost being the squared distance from that; across
   groups, the squared distance of the two places (the last of a group floats to the first
   of the next).

The pairs come back best first (by the better placed team), the better placed team first:
its board 1 is White when the board-1 players' colour balance is equal (`pair_teams`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ratinglist.errors import N_, PairingError
from ratinglist.pairing.matching import min_cost_perfect_matching


@dataclass(frozen=True, slots=True)
class TeamSeed:
    """A team to pair: its number, team points (TEAMP) and earlier byes.

    Seeds are given in their order before the round, best first.
    """

    number: int
    points: int
    byes: int = 0


@dataclass(frozen=True, slots=True)
class TeamPairing:
    """The matches of a round (better placed team first, best match first) and the bye."""

    matches: tuple[tuple[int, int], ...]
    bye: int | None


def team_bye(seeds: Sequence[TeamSeed]) -> int | None:
    """The team that sits out when the count is odd: fewest earlier byes, lowest placed."""
    if len(seeds) % 2 == 0:
        return None
    least = min(s.byes for s in seeds)
    return [s for s in seeds if s.byes == least][-1].number


def pair_team_round(seeds: Sequence[TeamSeed], met: Iterable[tuple[int, int]]) -> TeamPairing:
    """Pair the teams `seeds` (best first); `met` lists the earlier matches (one per meeting).

    Raises:
        PairingError: a team is listed twice.
    """
    numbers = [s.number for s in seeds]
    if len(set(numbers)) != len(numbers):
        raise PairingError(N_("expected each team once, got %(numbers)s"), numbers=sorted(numbers))
    bye = team_bye(seeds)
    playing = [s for s in seeds if s.number != bye]
    n = len(playing)
    if n == 0:
        return TeamPairing((), bye)
    times: dict[frozenset[int], int] = {}
    for a, b in met:
        key = frozenset((a, b))
        times[key] = times.get(key, 0) + 1
    spread = max(s.points for s in playing) - min(s.points for s in playing)
    points_weight = n**3  # > n/2 pairs x (n-1)^2, the largest sum of place terms
    repeat_weight = points_weight * (n * spread * spread + 1)
    group: dict[int, list[int]] = {}
    for a, seed in enumerate(playing):
        group.setdefault(seed.points, []).append(a)
    inner = {a: (members.index(a), len(members)) for members in group.values() for a in members}
    i: list[int] = []
    j: list[int] = []
    cost: list[int] = []
    for a in range(n):
        for b in range(a + 1, n):
            pair = frozenset((playing[a].number, playing[b].number))
            d = playing[a].points - playing[b].points
            if d == 0:
                (ka, m), (kb, _) = inner[a], inner[b]
                place = (kb - ka - m // 2) ** 2
            else:
                place = (b - a) ** 2
            i.append(a)
            j.append(b)
            cost.append(repeat_weight * times.get(pair, 0) + points_weight * d * d + place)
    found = min_cost_perfect_matching(n, i, j, cost)
    if found is None:  # every pair is an edge: an even complete graph has a perfect matching
        raise PairingError(N_("expected a pairing of %(n)s teams, found none"), n=n)
    matches = tuple((playing[a].number, playing[b].number) for a, b in sorted(found))
    return TeamPairing(matches, bye)
