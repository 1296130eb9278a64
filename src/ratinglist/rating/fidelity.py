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


@dataclass(frozen=True, slots=True)
class HeldOut:
    """One published list's fidelity with rules chosen on the other lists only: the rules
    chosen, their mean score on the others, and their score on this list; beside it the
    rules this list itself would choose (in sample) and that score. `tied`: every rule
    with the chosen one's mean on the others (the chosen one first), `worst_tied`: the
    least score on this list among them (the choice among tied rules is by order only)."""

    held_out: str
    chosen: str
    others_mean: float
    score: float
    in_sample: str
    in_sample_score: float
    tied: tuple[str, ...] = ()
    worst_tied: float = float("nan")


def leave_one_out(
    scores: Mapping[str, Mapping[str, float]], *, reproduced: float = 0.0
) -> tuple[HeldOut, ...]:
    """For each list, the rules with the best mean score over every other list (`scores`:
    rules -> list -> score, higher is better; ties go to the rules named first), and the
    score those rules get on the held-out list.

    With `reproduced` above 0 the rules are chosen on the other lists that some rules
    reproduce at all (best score at least `reproduced`), so that lists no rule reproduces
    do not choose by their noise; a held-out list with no such other list is chosen on
    every other list.

    Raises:
        RatingError: fewer than two lists, or rules not scored on every list.
    """
    if not scores:
        raise RatingError("expected scores of at least one set of rules, got none")
    names = list(next(iter(scores.values())))
    if len(names) < 2:
        raise RatingError(f"expected at least two lists to leave one out, got {len(names)}")
    for rules, by_list in scores.items():
        if set(by_list) != set(names):
            raise RatingError(f"expected rules {rules!r} scored on every list {names}")
    order = list(scores)
    useful = {name for name in names if max(s[name] for s in scores.values()) >= reproduced}
    out = []
    for held in names:
        others = [name for name in names if name != held and name in useful] or [
            name for name in names if name != held
        ]
        means = {r: statistics.fmean(s[name] for name in others) for r, s in scores.items()}
        chosen = max(means, key=lambda r: (means[r], -order.index(r)))
        tied = tuple(r for r in order if means[r] == means[chosen])
        tied = (chosen, *(r for r in tied if r != chosen))
        own = max(scores, key=lambda r: (scores[r][held], -order.index(r)))
        out.append(
            HeldOut(
                held,
                chosen,
                means[chosen],
                scores[chosen][held],
                own,
                scores[own][held],
                tied,
                min(scores[r][held] for r in tied),
            )
        )
    return tuple(out)
