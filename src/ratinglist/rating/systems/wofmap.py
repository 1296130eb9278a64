"""`wof-map`: the WOF model (Bradley-Terry over all games) made maximum a posteriori.

One number per player, recomputed at each month end from every game before it. A player's
rating ``R`` is ``centre + ppu * r`` (``ppu`` the WOF's points per logit unit, 182.05), and the
ratings ``r`` maximise

    sum over games g of  w_g * (s_g * log p_g + (1 - s_g) * log(1 - p_g))
      - sum over players i of  r_i^2 / (2 * v),          p_g = 1 / (1 + exp(r_b - r_a)),

where ``s_g`` is the first player's score, ``w_g = 2^(-age_g / half_life)`` the weight of a
game played ``age_g`` whole calendar months before the list's month, and ``v =
(prior_deviation / ppu)^2`` the variance of the Gaussian prior every player starts from.

So a first-timer starts at `centre` (the prior's mean: no game, no evidence) and moves away
from it as games accumulate; established players sit where their games put them, the
regulars' mean above `centre` (first-timers score about 24% against established players); an
old game counts half after `half_life` months, so a player who stops playing slowly returns
towards `centre`. The prior fixes the scale (no anchor is needed). The posterior is strictly
concave: Newton's method from any start converges to the one maximum; the month-by-month
evaluation starts each month from the previous month's solution.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from ratinglist.errors import RatingError
from ratinglist.rating.games import GameArrays, month_index
from ratinglist.rating.params import EuropeanParams
from ratinglist.rating.systems.base import ExplainedGame, SystemList, check_order, lookup

if TYPE_CHECKING:
    import scipy.sparse as sp

# scipy is imported by the functions that fit (see `whr`): naming the systems does not load it.

NAME = "wof-map"
DIRECT_PLAYERS = 3000
"""Up to this many players a Newton step is solved directly (sparse LU), beyond by conjugate
gradients (the whole archive: 16,000 players)."""
MAX_STEP = 2.0
"""The largest change of a rating in one Newton step (logit units, 364 points): far from the
maximum, a full step could overshoot."""


ENTRY_OFFSETS = (-400.0, -300.0, -250.0, -200.0, -100.0)
"""The entries (offsets from `centre`, points) a yearly refit chooses among: the contest's
grid (`EvaluationConfig.wofmap_entry_offsets`)."""


@dataclass(frozen=True, slots=True)
class WofMapParams:
    """The model's numbers (see the module docstring): the prior's mean for a player with at
    least `newcomer_games` games (`centre`) and for one with fewer (`entry`, also the rating
    at which a player without a game is predicted), its deviation in rating points, the
    half-life of a game's weight in months, the `field_weight` (a newcomer's entry is
    ``entry + field_weight * (field - centre)``, see `field_entries`; 0: all at `entry`),
    the yearly refit of the entry (`refit_years`: None, `entry` always; N: the entry among
    ``centre + entry_offsets`` that predicted the N years before the list's year best, see
    `rolled_entry`), the points per logit unit, and Newton's stop
    (the largest change in points) and step bound. The defaults are the values the contest
    fitted on 2000-2004 (`evaluate --from 2005-01`: prior deviation 200, half-life 24 months,
    entry 1300 = centre - 200)."""

    centre: float = 1500.0
    entry: float = 1300.0
    newcomer_games: int = 10
    prior_deviation: float = 200.0
    newcomer_deviation: float | None = None
    half_life: float = 24.0
    field_weight: float = 0.0
    refit_years: int | None = None
    entry_offsets: tuple[float, ...] = ENTRY_OFFSETS
    entry_year: int | None = None
    """The year whose rolled entry `entry` is (set by `rolled_entry`; None: not rolled)."""
    points_per_unit: float = EuropeanParams().points_per_unit
    tolerance: float = 0.01
    max_steps: int = 50

    def __post_init__(self) -> None:
        """Reject values the model cannot use."""
        if not (math.isfinite(self.prior_deviation) and self.prior_deviation > 0):
            raise RatingError(f"expected a positive prior deviation, got {self.prior_deviation!r}")
        if not (self.half_life > 0):
            raise RatingError(f"expected a positive half-life in months, got {self.half_life!r}")
        if not (math.isfinite(self.points_per_unit) and self.points_per_unit > 0):
            raise RatingError(f"expected positive points per unit, got {self.points_per_unit!r}")
        if not (math.isfinite(self.entry) and self.newcomer_games >= 0):
            raise RatingError(
                f"expected a finite entry and newcomer_games >= 0, got {self.entry!r}, "
                f"{self.newcomer_games!r}"
            )
        if self.refit_years is not None and (self.refit_years < 1 or not self.entry_offsets):
            raise RatingError(
                f"expected refit_years >= 1 and entry offsets, got {self.refit_years!r}, "
                f"{self.entry_offsets!r}"
            )
        if not (math.isfinite(self.centre) and self.tolerance > 0 and self.max_steps >= 1):
            raise RatingError(
                "expected a finite centre, a positive tolerance and max_steps >= 1, got "
                f"{self.centre!r}, {self.tolerance!r}, {self.max_steps!r}"
            )

    def prior_means(
        self, played: NDArray[np.int64], entries: NDArray[np.float64] | None = None
    ) -> NDArray[np.float64]:
        """Each player's prior mean in logit units (relative to `centre`) from the number of
        games they played: their entry (`entries`, in points; `entry` for all without) below
        `newcomer_games` games, `centre` after."""
        points = np.full(len(played), self.entry) if entries is None else entries
        offset = (points - self.centre) / self.points_per_unit
        result: NDArray[np.float64] = np.where(played < self.newcomer_games, offset, 0.0)
        return result

    def prior_variances(self, played: NDArray[np.int64]) -> NDArray[np.float64]:
        """Each player's prior variance in logit units squared: `newcomer_deviation`'s (when
        set) below `newcomer_games` games, `prior_deviation`'s after."""
        newcomer = self.newcomer_deviation or self.prior_deviation
        deviation = np.where(played < self.newcomer_games, newcomer, self.prior_deviation)
        result: NDArray[np.float64] = (deviation / self.points_per_unit) ** 2
        return result

    @property
    def prior_variance(self) -> float:
        """The prior's variance in logit units squared."""
        return float((self.prior_deviation / self.points_per_unit) ** 2)


def field_entries(
    games: GameArrays,
    players: NDArray[np.int64],
    ratings: NDArray[np.float64],
    params: WofMapParams,
    entry: float | None = None,
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Both players' ratings in `games` from the list (`players` increasing, `ratings`), a
    player not in it at their entry: ``entry + field_weight * (field - centre)``, where
    ``field`` is the mean rating of the tournament's listed players (each counted once);
    a tournament without a listed player, or games without tournaments, give `entry`.
    `entry` defaults to the parameters'."""
    base = params.entry if entry is None else entry
    ra = lookup(players, ratings, games.first, np.nan)
    rb = lookup(players, ratings, games.second, np.nan)
    if params.field_weight == 0.0 or games.tournament is None or len(games) == 0:
        return np.where(np.isnan(ra), base, ra), np.where(np.isnan(rb), base, rb)
    tournaments = np.concatenate([games.tournament, games.tournament]).astype(np.int64)
    ids = np.concatenate([games.first, games.second])
    both = np.concatenate([ra, rb])
    listed = ~np.isnan(both)
    keys, first = np.unique(tournaments[listed] * (1 << 32) + ids[listed], return_index=True)
    events, inverse = np.unique(tournaments, return_inverse=True)
    owner = np.searchsorted(events, keys >> 32)
    total = np.bincount(owner, both[listed][first], len(events))
    count = np.bincount(owner, minlength=len(events))
    field = np.where(count > 0, total / np.maximum(count, 1), params.centre)
    entered = base + params.field_weight * (field[inverse] - params.centre)
    result = np.where(listed, both, entered)
    m = len(games)
    return result[:m], result[m:]


def new_entries(
    games: GameArrays,
    players: NDArray[np.int64],
    ratings: NDArray[np.float64],
    params: WofMapParams,
) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    """The players of `games` not in the list (`players`, `ratings`), increasing, and each
    one's entry (`field_entries`) from their first game in `games`."""
    ra, rb = field_entries(games, players, ratings, params)
    ids = np.column_stack([games.first, games.second]).ravel()
    values = np.column_stack([ra, rb]).ravel()
    fresh = lookup(players, ratings, ids, np.nan)
    unlisted = np.isnan(fresh)
    found, first = np.unique(ids[unlisted], return_index=True)
    result: NDArray[np.float64] = values[unlisted][first]
    return found.astype(np.int64), result


def _fit_before(
    games: GameArrays,
    first: NDArray[np.int64],
    second: NDArray[np.int64],
    lo: int,
    month: int,
    played: NDArray[np.int64],
    entry: NDArray[np.float64],
    start: NDArray[np.float64],
    params: WofMapParams,
) -> NDArray[np.float64]:
    """The list (natural units, dense positions) at the end of the month before `month`,
    fitted from the first `lo` games (`first`, `second`: their players' positions; `played`:
    each player's games among them), warm-started from `start`."""
    w = weights(games.months()[:lo], month - 1, params.half_life)
    a, b, won, weight = pairs(first[:lo], second[:lo], games.score[:lo], w)
    r, _ = solve(
        a,
        b,
        won,
        weight,
        len(start),
        params.prior_variances(played),
        start=start,
        tolerance=params.tolerance / params.points_per_unit,
        max_steps=params.max_steps,
        mean=params.prior_means(played, entry),
        deviations=False,
    )
    return r


def replayed_entries(
    games: GameArrays, players: NDArray[np.int64], dense: NDArray[np.int64], params: WofMapParams
) -> NDArray[np.float64]:
    """Each player's entry (points; `players` increasing, `dense` both players' positions in
    `games`): with a `field_weight`, from the list at the end of the month before their first
    game (`field_entries`), each month's list fitted from the games before it; without, all
    at `entry`."""
    n, m = len(players), len(games)
    entry = np.full(n, params.entry)
    if params.field_weight == 0.0 or games.tournament is None or m == 0:
        return entry
    months = games.months()
    seen = np.zeros(n, dtype=np.bool_)
    r = np.zeros(n)
    first, second = dense[:m], dense[m:]
    for month in np.unique(months).tolist():
        lo = int(np.searchsorted(months, month, side="left"))
        hi = int(np.searchsorted(months, month, side="right"))
        if lo:
            played = np.bincount(np.concatenate([first[:lo], second[:lo]]), minlength=n)
            r = _fit_before(games, first, second, lo, month, played, entry, r, params)
        listed = np.flatnonzero(seen)
        index = np.arange(m)
        chunk = games.select((index >= lo) & (index < hi))
        ratings = params.centre + params.points_per_unit * r[listed]
        found, values = new_entries(chunk, players[listed], ratings, params)
        where = np.searchsorted(players, found)
        entry[where] = values
        r[where] = (values - params.centre) / params.points_per_unit
        seen[where] = True
    return entry


def weights(game_months: NDArray[np.int64], month: int, half_life: float) -> NDArray[np.float64]:
    """``2^(-age / half_life)`` of games played in `game_months` seen from `month`."""
    age = (month - game_months).astype(np.float64)
    if bool(np.any(age < 0)):
        raise RatingError("expected games on or before the list's month")
    result: NDArray[np.float64] = np.exp2(-age / half_life)
    return result


def pairs(
    a: NDArray[np.int64],
    b: NDArray[np.int64],
    score: NDArray[np.float64],
    weight: NDArray[np.float64],
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.float64], NDArray[np.float64]]:
    """The games summed per pair of players ``a < b``: the pairs, the weighted score of `a`
    and the total weight (the posterior depends on the games only through these sums)."""
    low, high = np.minimum(a, b), np.maximum(a, b)
    oriented = np.where(a == low, score, 1.0 - score)
    keys, inverse = np.unique(low * (1 << 32) + high, return_inverse=True)
    first: NDArray[np.int64] = (keys >> 32).astype(np.int64)
    second: NDArray[np.int64] = (keys & ((1 << 32) - 1)).astype(np.int64)
    won: NDArray[np.float64] = np.bincount(inverse, weight * oriented, len(keys)).astype(np.float64)
    total: NDArray[np.float64] = np.bincount(inverse, weight, len(keys)).astype(np.float64)
    return first, second, won, total


def solve(
    a: NDArray[np.int64],
    b: NDArray[np.int64],
    score: NDArray[np.float64],
    weight: NDArray[np.float64],
    n: int,
    variance: float | NDArray[np.float64],
    start: NDArray[np.float64] | None = None,
    tolerance: float = 1e-5,
    max_steps: int = 50,
    *,
    mean: NDArray[np.float64] | None = None,
    deviations: bool = True,
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The posterior's maximum ``r`` (logit units) of `n` players from games between dense
    players `a` and `b` (`score`: the weighted score of `a`, `weight`: the games' weight; one
    row per game or per pair, see `pairs`) under Gaussian priors of variance `variance` and
    means `mean` (zeros), and each player's posterior deviation (the
    diagonal of the inverse Hessian, approximated by its inverse diagonal beyond
    `DIRECT_PLAYERS`; empty without `deviations`). Newton steps from `start` (zeros) until
    no rating moves by more than `tolerance` units.

    Raises:
        RatingError: no convergence within `max_steps`.
    """
    r = np.zeros(n) if start is None else start.astype(np.float64, copy=True)
    if n == 0:
        return r, r.copy()
    precision = 1.0 / variance
    centre = np.zeros(n) if mean is None else mean
    for _ in range(max_steps):
        matrix, gradient = _newton_system(a, b, score, weight, r - centre, r, n, precision)
        step = _solve_linear(matrix, gradient)
        largest = float(np.max(np.abs(step)))
        if largest > MAX_STEP:
            step *= MAX_STEP / largest
        r += step
        if float(np.max(np.abs(step))) <= tolerance:
            if not deviations:
                return r, np.zeros(0)
            matrix, _ = _newton_system(a, b, score, weight, r - centre, r, n, precision)
            return r, _deviations(matrix)
    raise RatingError(f"expected the MAP fit to converge within {max_steps} Newton steps")


def _newton_system(
    a: NDArray[np.int64],
    b: NDArray[np.int64],
    score: NDArray[np.float64],
    weight: NDArray[np.float64],
    offset: NDArray[np.float64],
    r: NDArray[np.float64],
    n: int,
    precision: float | NDArray[np.float64],
) -> tuple[sp.csr_matrix, NDArray[np.float64]]:
    """The negative Hessian (sparse) and the gradient of the log-posterior at `r`
    (`offset`: each rating minus its prior's mean)."""
    p = 1.0 / (1.0 + np.exp(r[b] - r[a]))
    residual = score - weight * p
    gradient = (
        np.bincount(a, residual, minlength=n) - np.bincount(b, residual, minlength=n)
    ) - precision * offset
    h = weight * p * (1.0 - p)
    diagonal = np.bincount(a, h, minlength=n) + np.bincount(b, h, minlength=n) + precision
    rows = np.concatenate([a, b, np.arange(n)])
    cols = np.concatenate([b, a, np.arange(n)])
    values = np.concatenate([-h, -h, diagonal])
    import scipy.sparse as sp

    matrix = sp.csr_matrix((values, (rows, cols)), shape=(n, n))
    return matrix, gradient


def _solve_linear(matrix: sp.csr_matrix, gradient: NDArray[np.float64]) -> NDArray[np.float64]:
    n = matrix.shape[0]
    if n <= DIRECT_PLAYERS:
        from scipy.sparse.linalg import spsolve

        direct: NDArray[np.float64] = np.asarray(spsolve(matrix.tocsc(), gradient))
        return direct
    return _pcg(matrix, gradient)


def _pcg(
    matrix: sp.csr_matrix, rhs: NDArray[np.float64], rtol: float = 1e-10, max_iterations: int = 2000
) -> NDArray[np.float64]:
    """Conjugate gradients with the diagonal as preconditioner, from zero, until the residual
    is `rtol` of the right-hand side's norm. Dot products are summed products, not BLAS
    calls: on a busy machine BLAS's threads spin and cost a hundred times more."""
    inverse = 1.0 / matrix.diagonal()
    x = np.zeros_like(rhs)
    residual = rhs.copy()
    z = inverse * residual
    direction = z.copy()
    rz = float((residual * z).sum())
    stop = rtol * float(np.sqrt((rhs * rhs).sum()))
    for _ in range(max_iterations):
        if float(np.sqrt((residual * residual).sum())) <= stop:
            break
        product = matrix @ direction
        alpha = rz / float((direction * product).sum())
        x += alpha * direction
        residual -= alpha * product
        z = inverse * residual
        next_rz = float((residual * z).sum())
        direction = z + (next_rz / rz) * direction
        rz = next_rz
    return x


def _deviations(matrix: sp.csr_matrix) -> NDArray[np.float64]:
    n = matrix.shape[0]
    if n <= DIRECT_PLAYERS:
        inverse = np.linalg.inv(matrix.toarray())
        exact: NDArray[np.float64] = np.sqrt(np.diag(inverse))
        return exact
    approximate: NDArray[np.float64] = 1.0 / np.sqrt(matrix.diagonal())
    return approximate


def rolled_entry(games: GameArrays, params: WofMapParams, as_of: dt.date) -> WofMapParams:
    """`params` with the entry of the list's year: the list as of `as_of` predicts the month
    after it, of year ``Y``; among ``centre + entry_offsets``, the entry whose lists (each
    month end, from every game before, as `rate` makes them) predicted the games of the
    `refit_years` years before January of ``Y`` with the least log-loss (ties: the first;
    no game in those years: `entry`), as the contest refits it (`evaluation.search.refit`),
    with `entry_year` ``Y``. Without `refit_years`, or already rolled for ``Y``: `params`.

    Raises:
        RatingError: games out of order or after `as_of`, no convergence.
    """
    year = (as_of + dt.timedelta(days=1)).year
    if params.refit_years is None or params.entry_year == year:
        return params
    check_order(games, as_of)
    january = 12 * year
    months = games.months()
    cut = int(np.searchsorted(months, january, side="left"))
    begin = int(np.searchsorted(months, january - 12 * params.refit_years, side="left"))
    if begin == cut:
        return replace(params, entry_year=year)
    before = games.select(np.arange(len(games)) < cut)
    players, dense = np.unique(np.concatenate([before.first, before.second]), return_inverse=True)
    losses = [
        _window_log_loss(before, players, dense, begin, replace(params, entry=params.centre + o))
        for o in params.entry_offsets
    ]
    best = params.entry_offsets[int(np.argmin(losses))]
    return replace(params, entry=params.centre + best, entry_year=year)


def _window_log_loss(
    games: GameArrays,
    players: NDArray[np.int64],
    dense: NDArray[np.int64],
    begin: int,
    params: WofMapParams,
) -> float:
    """The log-loss of the month-end lists' predictions of games `begin`.. (each month's
    games from the list as of the end of the month before)."""
    n, m = len(players), len(games)
    entry = replayed_entries(games, players, dense, params)
    months = games.months()
    first, second = dense[:m], dense[m:]
    r = (entry - params.centre) / params.points_per_unit
    total = 0.0
    index = np.arange(m)
    for month in np.unique(months[begin:]).tolist():
        lo = int(np.searchsorted(months, month, side="left"))
        hi = int(np.searchsorted(months, month, side="right"))
        seen = np.bincount(np.concatenate([first[:lo], second[:lo]]), minlength=n)
        if lo:
            r = _fit_before(games, first, second, lo, month, seen, entry, r, params)
        listed = np.flatnonzero(seen > 0)
        chunk = games.select((index >= lo) & (index < hi))
        ratings = params.centre + params.points_per_unit * r[listed]
        ra, rb = field_entries(chunk, players[listed], ratings, params)
        p = 1.0 / (1.0 + np.exp(-(ra - rb) / params.points_per_unit))
        s = chunk.score
        total -= float((s * np.log(p) + (1.0 - s) * np.log1p(-p)).sum())
    return total / (m - begin)


def rate(games: GameArrays, params: WofMapParams, as_of: dt.date) -> SystemList:
    """The list as of `as_of` from every game that started on or before it (under
    `refit_years`, with the entry of the list's year, `rolled_entry`).

    Raises:
        RatingError: games out of order or after `as_of`, no convergence.
    """
    check_order(games, as_of)
    params = rolled_entry(games, params, as_of)
    players, dense = np.unique(np.concatenate([games.first, games.second]), return_inverse=True)
    n, m = len(players), len(games)
    w = weights(games.months(), month_index(as_of), params.half_life)
    a, b, won, weight = pairs(dense[:m], dense[m:], games.score, w)
    entry = replayed_entries(games, players, dense, params)
    r, deviation = solve(
        a,
        b,
        won,
        weight,
        n,
        params.prior_variances(np.bincount(dense, minlength=n)),
        tolerance=params.tolerance / params.points_per_unit,
        max_steps=params.max_steps,
        mean=params.prior_means(np.bincount(dense, minlength=n), entry),
    )
    return to_list(players, r, deviation, games, dense, params, as_of)


def to_list(
    players: NDArray[np.int64],
    r: NDArray[np.float64],
    deviation: NDArray[np.float64],
    games: GameArrays,
    dense: NDArray[np.int64],
    params: WofMapParams,
    as_of: dt.date,
) -> SystemList:
    """The list of `players` (increasing IDs) at logit ratings `r`: points, deviations in
    points, games played and last day from `games` (`dense`: both players' positions)."""
    n, m = len(players), len(games)
    played = np.bincount(dense, minlength=n).astype(np.int64)
    last = np.zeros(n, dtype=np.int32)
    if m:
        days = np.concatenate([games.day, games.day])
        np.maximum.at(last, dense, days)
    return SystemList(
        system=NAME,
        as_of=as_of,
        players=players,
        ratings=params.centre + params.points_per_unit * r,
        deviations=params.points_per_unit * deviation,
        games=played,
        last_day=last,
    )


def expected(
    ratings: SystemList,
    first: NDArray[np.int64],
    second: NDArray[np.int64],
    params: WofMapParams,
) -> NDArray[np.float64]:
    """``1 / (1 + exp(-(R_a - R_b) / ppu))``; a player not in the list is at `entry`."""
    ra = lookup(ratings.players, ratings.ratings, first, params.entry)
    rb = lookup(ratings.players, ratings.ratings, second, params.entry)
    result: NDArray[np.float64] = 1.0 / (1.0 + np.exp(-(ra - rb) / params.points_per_unit))
    return result


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why a player has their `wof-map` rating: at the posterior's maximum,

        rating - prior_mean = prior_deviation^2 / ppu * (weighted score - weighted expected),

    the prior's pull balancing the games' (`gap` is the right-hand side, equal to the left
    up to Newton's stop). `games` newest first."""

    player: int
    as_of: dt.date
    rating: float
    deviation: float
    prior_mean: float
    prior_deviation: float
    half_life: float
    points_per_unit: float
    weighted_score: float
    weighted_expected: float
    games: tuple[ExplainedGame, ...]

    @property
    def gap(self) -> float:
        """The games' pull in points: ``prior_deviation^2 / ppu * (score - expected)``."""
        return (
            self.prior_deviation**2
            / self.points_per_unit
            * (self.weighted_score - self.weighted_expected)
        )


def explain(games: GameArrays, params: WofMapParams, as_of: dt.date, player: int) -> Explanation:
    """The list as of `as_of` and why `player` has their rating in it.

    Raises:
        RatingError: games out of order or after `as_of`, or `player` without a game.
    """
    params = rolled_entry(games, params, as_of)
    listed = rate(games, params, as_of)
    _, dense = np.unique(np.concatenate([games.first, games.second]), return_inverse=True)
    entry = replayed_entries(games, listed.players, dense, params)
    k = int(np.searchsorted(listed.players, player))
    if k >= len(listed) or int(listed.players[k]) != player:
        raise RatingError(
            f"expected a player with a game on or before {as_of.isoformat()}, got {player} "
            "(a player without a game is predicted at the entry rating "
            f"{params.entry:.0f})"
        )
    mine = (games.first == player) | (games.second == player)
    first = games.first[mine]
    opponents = np.where(first == player, games.second[mine], first)
    scores = np.where(first == player, games.score[mine], 1.0 - games.score[mine])
    w = weights(games.months()[mine], month_index(as_of), params.half_life)
    theirs = lookup(listed.players, listed.ratings, opponents, params.entry)
    rating = float(listed.ratings[k])
    p = 1.0 / (1.0 + np.exp(-(rating - theirs) / params.points_per_unit))
    rows = tuple(
        ExplainedGame(dt.date.fromordinal(int(d)), int(o), float(r), float(s), float(e), float(x))
        for d, o, r, s, e, x in zip(games.day[mine], opponents, theirs, scores, p, w, strict=True)
    )[::-1]
    return Explanation(
        player=player,
        as_of=as_of,
        rating=rating,
        deviation=float(listed.deviations[k]),
        prior_mean=float(params.prior_means(listed.games[k : k + 1], entry[k : k + 1])[0])
        * params.points_per_unit
        + params.centre,
        prior_deviation=float(np.sqrt(params.prior_variances(listed.games[k : k + 1])[0]))
        * params.points_per_unit,
        half_life=params.half_life,
        points_per_unit=params.points_per_unit,
        weighted_score=float((w * scores).sum()),
        weighted_expected=float((w * p).sum()),
        games=rows,
    )
