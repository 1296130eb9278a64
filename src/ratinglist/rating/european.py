"""The WOF rating list by the "European algorithm" (DOMAIN section 4, seed 001).

1. Weights: a game of a tournament that started ``m = 12*(Yc - Y) + (Mc - M)`` whole calendar
   months before the calculation month gets ``w(m)`` (150/100/60/30/1 by default).
2. Rated set: the largest strongly connected component of the digraph with an edge
   ``i -> j`` when i scored at least a draw against j, over all given games. Games with anyone
   outside it are dropped entirely.
3. Fit: weighted maximum likelihood of the Bradley-Terry model
   ``P(A beats B) = 1 / (1 + base^(-(R_A - R_B)/scale))`` (draws score 1/2), where every rated
   player's weighted score equals their weighted expected score (see `newton.fit`), or, with
   `Solver.ASCENT`, the WOF's early-stopped gradient ascent towards it (see `ascent.ascend`).
4. Anchor: ``R_i = anchor + s (theta_i - sum_k n_k theta_k / sum_k n_k)`` with
   ``s = scale / ln(base)`` and ``n_k`` the plain number of fitted games of player k.
5. Listed: rated and played within ``m <= listing_months``.
6. Margin: ``margin_sigmas * s * sigma_i`` from the Fisher information (see `margins`);
   official when below `official_margin`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ratinglist.errors import RatingError
from ratinglist.rating import margins
from ratinglist.rating.ascent import ascend
from ratinglist.rating.games import GameArrays, month_index, month_indices
from ratinglist.rating.newton import Pairs, fit, information, probabilities
from ratinglist.rating.params import EuropeanParams, MarginMethod, Solver
from ratinglist.rating.rating_list import RatingList


def weights_by_month(params: EuropeanParams, months: NDArray[np.int64]) -> NDArray[np.float64]:
    """``w(m)`` for each game age `months` (all >= 0), vectorised over a lookup table."""
    last = params.weight_buckets[-1][0] if params.weight_buckets else -1
    table = np.array([params.weight(m) for m in range(last + 2)], dtype=np.float64)
    result: NDArray[np.float64] = table[np.minimum(months, last + 1)]
    return result


def player_indices(
    first: NDArray[np.int64], second: NDArray[np.int64]
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """Distinct IDs (sorted) and each game's two player indices into them."""
    both = np.concatenate([first, second])
    low, high = int(both.min()), int(both.max())
    if low >= 0 and high < 4 * len(both) + 1024:
        present = np.zeros(high + 1, dtype=bool)
        present[both] = True
        ids = np.flatnonzero(present).astype(np.int64)
        lookup = np.cumsum(present, dtype=np.int64) - 1
        return ids, lookup[first], lookup[second]
    ids, inverse = np.unique(both, return_inverse=True)
    return ids.astype(np.int64), inverse[: len(first)], inverse[len(first) :]


def largest_component(
    n: int, a: NDArray[np.int64], b: NDArray[np.int64], score: NDArray[np.float64]
) -> NDArray[np.bool_] | None:
    """Membership of the largest strongly connected component of "scored at least a draw",
    or None when no component holds two players.

    Ties between equally large components go to the one holding the smallest index.
    """
    import scipy.sparse as sp  # scipy is imported at the first rating, not with the site
    from scipy.sparse.csgraph import connected_components

    a_edge = score >= 0.5
    b_edge = score <= 0.5
    rows = np.concatenate([a[a_edge], b[b_edge]])
    cols = np.concatenate([b[a_edge], a[b_edge]])
    graph = sp.csr_matrix((np.ones(len(rows), dtype=np.int8), (rows, cols)), shape=(n, n))
    _, labels = connected_components(graph, directed=True, connection="strong")
    sizes = np.bincount(labels)
    if sizes.max() < 2:
        return None
    first_of_label = np.full(len(sizes), n, dtype=np.int64)
    np.minimum.at(first_of_label, labels, np.arange(n, dtype=np.int64))
    candidates = np.flatnonzero(sizes == sizes.max())
    best = int(candidates[np.argmin(first_of_label[candidates])])
    member: NDArray[np.bool_] = labels == best
    return member


def rated_component(
    n: int, a: NDArray[np.int64], b: NDArray[np.int64], score: NDArray[np.float64]
) -> NDArray[np.bool_]:
    """`largest_component`, required to exist.

    Raises:
        RatingError: no group of two or more players is strongly connected.
    """
    member = largest_component(n, a, b, score)
    if member is None:
        raise RatingError(
            "expected a group of at least two players who each scored at least a draw against "
            "one another directly or in a cycle, got none (nobody can be rated)"
        )
    return member


def aggregate(
    n: int,
    a: NDArray[np.int64],
    b: NDArray[np.int64],
    score: NDArray[np.float64],
    weight: NDArray[np.float64],
) -> Pairs:
    """Sum the games' weights and weighted scores per unordered pair (lower index first).

    One sparse conversion sums both at once: the value ``W + i S`` is complex.
    """
    import scipy.sparse as sp

    swap = a > b
    low = np.where(swap, b, a)
    high = np.where(swap, a, b)
    low_score = np.where(swap, 1.0 - score, score)
    packed = sp.csr_matrix((weight + 1j * (weight * low_score), (low, high)), shape=(n, n))
    packed.sum_duplicates()
    indptr = packed.indptr.astype(np.int64)
    return Pairs(
        n=n,
        i=np.repeat(np.arange(n, dtype=np.int64), np.diff(indptr)),
        j=packed.indices.astype(np.int64),
        indptr=indptr,
        weight=np.ascontiguousarray(packed.data.real),
        score=np.ascontiguousarray(packed.data.imag),
    )


@dataclass(frozen=True, slots=True)
class Problem:
    """One list's fit, ready to solve: the rated players and their aggregated games.

    `ids`: the rated IDs, increasing (index k of `pairs` is player ``ids[k]``); `pairs`: their
    games' weights and weighted scores per pair; `counts`: each rated player's plain number of
    fitted games (all dates); `last_day`: the first day of each rated player's latest
    tournament (any opponent); `unrated`: the IDs that played but are outside the rated set.
    """

    ids: NDArray[np.int64]
    pairs: Pairs
    counts: NDArray[np.int64]
    last_day: NDArray[np.int32]
    unrated: NDArray[np.int64]


def problem(games: GameArrays, params: EuropeanParams, as_of: dt.date) -> Problem:
    """The fit of `games` as of `as_of` (steps 1, 2 and the aggregation of step 3).

    Raises:
        RatingError: no games, a game after `as_of`, or nobody ratable.
    """
    if len(games) == 0:
        raise RatingError("expected at least one game to rate, got none")
    latest = int(games.day.max())
    if latest > as_of.toordinal():
        raise RatingError(
            f"expected games on or before the calculation date {as_of.isoformat()}, got a "
            f"tournament starting {dt.date.fromordinal(latest).isoformat()}"
        )
    ages = params.ages(games.months(), month_index(as_of))
    ids, a_all, b_all = player_indices(games.first, games.second)
    member = rated_component(len(ids), a_all, b_all, games.score)
    kept = member[a_all] & member[b_all]
    new_index = np.cumsum(member, dtype=np.int64) - 1
    n = int(member.sum())
    a, b = new_index[a_all[kept]], new_index[b_all[kept]]
    weight = weights_by_month(params, ages[kept])
    last_day = np.full(len(ids), np.iinfo(np.int32).min, dtype=np.int32)
    np.maximum.at(last_day, a_all, games.day)
    np.maximum.at(last_day, b_all, games.day)
    return Problem(
        ids=ids[member],
        pairs=aggregate(n, a, b, games.score[kept], weight),
        counts=(np.bincount(a, minlength=n) + np.bincount(b, minlength=n)).astype(np.int64),
        last_day=last_day[member],
        unrated=ids[~member],
    )


def solve(
    fitted: Problem,
    params: EuropeanParams,
    as_of: dt.date,
    start: NDArray[np.float64] | None = None,
) -> RatingList:
    """Steps 3 to 6 for `fitted`: fit (Newton from `start` strengths when given; the ascent
    always starts from equal ratings, its stopping point depends on the start), anchor,
    listed flags and margins.

    Raises:
        RatingError: no convergence, or a non-finite result.
    """
    pairs, counts = fitted.pairs, fitted.counts
    if params.solver is Solver.ASCENT:
        result = ascend(pairs, params.stop_fraction, params.max_ascent_steps)
    else:
        result = fit(pairs, params.tolerance, params.max_iterations, start)
    shares = counts / counts.sum()
    s = params.points_per_unit
    theta = result.theta - float(shares @ result.theta)
    ratings = params.anchor + s * theta
    ages = params.ages(month_indices(fitted.last_day), month_index(as_of))
    listed = ages <= params.listing_months

    c = information(pairs, probabilities(pairs, result.theta)) / params.margin_weight_scale
    if params.margin_method is MarginMethod.DIAGONAL:
        variances = margins.diagonal_variances(pairs, c)
    else:
        variances = margins.full_variances(pairs, c, shares)
    margin = params.margin_sigmas * s * np.sqrt(variances)
    if not (np.isfinite(ratings).all() and np.isfinite(margin).all()):
        raise RatingError("expected finite ratings and margins, got a non-finite value")
    return RatingList(
        as_of=as_of,
        params=params,
        iterations=result.iterations,
        max_residual=result.max_residual,
        players=fitted.ids,
        ratings=ratings,
        margins=margin,
        official=margin < params.official_margin,
        listed=listed,
        games=counts,
        last_day=fitted.last_day,
        unrated=fitted.unrated,
    )


def rate(games: GameArrays, params: EuropeanParams, as_of: dt.date) -> RatingList:
    """The rating list as of `as_of` from all `games` (none may start after `as_of`).

    Never mutates `games`; deterministic; the result holds no NaN.

    Raises:
        RatingError: no games, a game after `as_of`, nobody ratable, or no convergence.
    """
    return solve(problem(games, params, as_of), params, as_of)
