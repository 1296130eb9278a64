"""How closely a computed list reproduces a published one (the fidelity benchmark's maths).

Published WOF ratings are integers relative to an anchor that depends on the whole game set,
so a list computed from a slightly different archive is shifted by a constant. The comparison
therefore removes the median offset ``median(ours - published)`` of the compared group first
and then counts players within 1 and 2 points: ``|ours - published - offset| <= k``.

``ours`` is our unrounded rating by default. With ``as_published=True`` it is our rating as our
list publishes it (`RatingEntry.published`, rounded to an integer like the WOF's), so that two
published lists are compared as they are printed: comparing an unrounded value with a rounded
one adds the WOF's rounding error (up to half a point) to every difference.
"""

from __future__ import annotations

import statistics
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from ratinglist.errors import RatingError
from ratinglist.model import PlayerId
from ratinglist.rating.rating_list import RatingEntry


@dataclass(frozen=True, slots=True)
class Difference:
    """One compared player: our unrounded rating, the published one, and
    ``ours - published - offset``."""

    player: PlayerId
    ours: float
    published: int
    difference: float


@dataclass(frozen=True, slots=True)
class Fidelity:
    """A group's comparison: players compared, the median offset removed, the shares within
    1 and 2 points after removing it, and every difference by decreasing size."""

    players: int
    median_offset: float
    within_1: float
    within_2: float
    differences: tuple[Difference, ...]


def compare_lists(
    ours: Iterable[RatingEntry],
    published: Mapping[int, int],
    *,
    members: Collection[int] | None = None,
    offset: float | None = None,
    as_published: bool = False,
) -> Fidelity:
    """Compare our listed players that also have a published rating (restricted to
    `members` when given), removing `offset` or, by default, the group's median offset;
    with `as_published`, our ratings rounded as our list prints them.

    Raises:
        RatingError: no player is in both lists.
    """
    pairs = [
        (e.player, float(e.published) if as_published else e.rating, published[e.player])
        for e in ours
        if e.listed and e.player in published and (members is None or e.player in members)
    ]
    if not pairs:
        raise RatingError("expected players listed in both lists, got none in common")
    shift = (
        statistics.median(rating - pub for _, rating, pub in pairs) if offset is None else offset
    )
    diffs = sorted(
        (Difference(pid, rating, pub, rating - pub - shift) for pid, rating, pub in pairs),
        key=lambda d: (-abs(d.difference), d.player),
    )
    n = len(diffs)
    return Fidelity(
        players=n,
        median_offset=shift,
        within_1=sum(abs(d.difference) <= 1.0 for d in diffs) / n,
        within_2=sum(abs(d.difference) <= 2.0 for d in diffs) / n,
        differences=tuple(diffs),
    )
