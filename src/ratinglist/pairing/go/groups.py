"""Score groups of a round (OpenGotha's ``fillPairingInfo``, GO.md section d).

Groups run category by category, and inside a category from the highest main score down;
every score of the range counts as a group, even an empty one, so the number of groups is
categories * (max - min + 1). Inside a group players are ordered by the placement criteria
then the additional seeding criterion (descending), then name and first name.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ratinglist.model.go.tournament import Criterion
from ratinglist.pairing.go.input import GothaRound
from ratinglist.pairing.go.names import utf16_units

I64 = NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class ScoreGroups:
    """Per player of the round: group number, group size and 0-based place in the group."""

    group_number: I64
    group_size: I64
    inner: I64
    number_of_groups: int


def score_range(rnd: GothaRound, main: Criterion) -> tuple[int, int]:
    """The lowest and highest main score (undoubled) a player can have before round r."""
    r, gen = rnd.round, rnd.general
    if main is Criterion.MMS:
        return gen.floor.value - 1 + 30, gen.bar.value + 2 + 30 + r
    if main is Criterion.CPS:
        return 0, 2**r
    return 0, r


def score_groups(rnd: GothaRound, main: Criterion | None = None) -> ScoreGroups:
    """The score groups of `rnd` (main: the score the groups are made of)."""
    crit = main or rnd.main
    low, high = score_range(rnd, crit)
    span = high - low + 1
    n_cat = rnd.general.number_of_categories
    ps = rnd.players
    number = np.zeros(len(ps), dtype=np.int64)
    for k, p in enumerate(ps):
        s = min(high, max(low, p.main_x2 // 2))
        number[k] = min(p.category, n_cat - 1) * span + (high - s)
    size = np.zeros(len(ps), dtype=np.int64)
    inner = np.zeros(len(ps), dtype=np.int64)
    members: dict[int, list[int]] = {}
    for k in range(len(ps)):
        members.setdefault(int(number[k]), []).append(k)
    for group in members.values():
        group.sort(
            key=lambda k: (
                tuple(-v for v in ps[k].order),
                utf16_units(ps[k].name),
                utf16_units(ps[k].first_name),
            )
        )
        for place, k in enumerate(group):
            size[k] = len(group)
            inner[k] = place
    return ScoreGroups(number, size, inner, n_cat * span)
