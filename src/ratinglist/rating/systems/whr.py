"""Whole-History Rating (Rémi Coulom, "Whole-History Rating: A Bayesian Rating System for
Players of Time-Varying Strength", Computers and Games 2008), on numpy/scipy.

Model (paper, section 2): each player's strength is a Wiener process in time,
``r(t2) - r(t1) ~ N(0, w^2 |t2 - t1|)``; games follow Bradley-Terry,
``P(i beats j at t) = 1 / (1 + 10^(-(R_i(t) - R_j(t)) / 400))`` (a draw counts as half a win
and half a loss); each player's first time step holds `virtual_games` draws against a virtual
player rated 0, which keeps every rating finite (section 2.3). Time steps are calendar months
(``w^2`` = `w2` Elo^2 per month).

The maximum a posteriori ratings of all (player, month) pairs maximise, in natural units
(``r = R ln 10 / 400``),

    ``f(r) = sum_games [s ln sigma(r_a - r_b) + (1 - s) ln sigma(r_b - r_a)]
    + V/2 sum_first [ln sigma(r) + ln sigma(-r)] - sum_chain (r_k+1 - r_k)^2 / (2 w^2 dt_k)``,

a strictly concave function. The paper applies Newton's method one player at a time, each step
solving that player's tridiagonal system (section 3.3). Here Newton's method runs on all
ratings at once (the `whr` package's per-player sweeps, undamped, diverged to NaN on the WOF
archive): the step solves ``A d = g`` (``A`` = minus the Hessian: the game Laplacian with
weights ``p (1 - p)``, the Wiener chains with weights ``1 / (w^2 dt)``, the virtual games'
diagonal) by conjugate gradients preconditioned with exactly the paper's per-player
tridiagonal blocks (factored once per step by LAPACK's ``pttrf``), with a backtracking line
search on ``f``. The games' part of ``A`` keeps its sparse pattern between fits (a new month
only appends rows), and dot products avoid BLAS (a threaded BLAS call on a busy machine
took milliseconds): a monthly refit of the whole archive costs about 0.5 s of CPU. A rating's
deviation is the paper's section 4 approximation: the inverse of the player's own Hessian
block, at their latest month, grown by ``w^2`` per month since.
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
from ratinglist.rating.systems.base import ExplainedGame, SystemList, check_order, logistic

if TYPE_CHECKING:
    import scipy.sparse as sp

# scipy (about 0.1 s to import) is imported by the functions that fit: a server or a command
# that only names the systems (the registry, the evidence page) does not load it.

NAME = "whr"
BAYES_NAME = "whr-bayes"
"""WHR's list, its games predicted through each rating's deviation (`expected_bayes`)."""
NATURAL = math.log(10) / 400
"""Natural units per Elo point."""


@dataclass(frozen=True, slots=True)
class WhrParams:
    """``w2`` (Elo^2 per month), the virtual draws of the prior, the fit's stopping rule
    (max |gradient| below `tolerance`, in natural units, at most `max_steps` Newton steps for
    a full rating, each solved by conjugate gradients until the residual is `cg_tolerance`
    times the gradient, at most `cg_steps` steps). The evaluation's monthly update first takes
    `steps_per_update` steps on the new month's ratings only (then, for `whr`, steps on all
    ratings to the stopping rule); `whr-incremental` instead takes, every `refit_months`
    months, `refit_steps` steps on all ratings (`refit_cg_steps` each).

    With a `prior_deviation` above 0 (`whr-map`), each player's first node has wof-map's
    Gaussian prior instead of the virtual draws: that deviation (Elo points), mean `entry`
    (Elo points, or the player's own entry given to `WhrHistory.add`) while the player has
    fewer than `newcomer_games` games, 0 (the centre) after; a player without a game is
    predicted at `entry`. (With one mean for everyone the fit would only shift with `entry`:
    the games see differences.)"""

    w2: float = 300.0
    virtual_games: float = 2.0
    tolerance: float = 1e-6
    max_steps: int = 50
    cg_steps: int = 300
    cg_tolerance: float = 1e-6
    steps_per_update: int = 2
    refit_months: int = 12
    refit_steps: int = 3
    refit_cg_steps: int = 30
    prior_deviation: float = 0.0
    entry: float = 0.0
    newcomer_games: int = 10
    entry_deviation: float = 0.0
    """`whr-bayes`: the deviation (Elo points) of a player without a game, predicted at
    `entry` (`expected_bayes`)."""
    variance_scale: float = 1.0
    """`whr-bayes`: the factor on each listed player's variance in `expected_bayes` (the
    deviation of the player's own Hessian block leaves out their opponents' uncertainty)."""

    def __post_init__(self) -> None:
        """Reject values the fit cannot use."""
        if not (self.w2 > 0 and self.virtual_games > 0 and self.prior_deviation >= 0):
            raise RatingError(
                f"expected w2 > 0, virtual_games > 0 and prior_deviation >= 0, got {self.w2}, "
                f"{self.virtual_games}, {self.prior_deviation}"
            )
        if not (self.entry_deviation >= 0 and self.variance_scale >= 0):
            raise RatingError(
                f"expected entry_deviation >= 0 and variance_scale >= 0, got "
                f"{self.entry_deviation}, {self.variance_scale}"
            )
        counts = (self.max_steps, self.cg_steps, self.steps_per_update, self.refit_months)
        if min(counts) < 1 or self.refit_steps < 0 or not self.tolerance > 0:
            raise RatingError("expected at least one Newton step and a positive tolerance")


@dataclass(frozen=True, slots=True)
class _Chains:
    """The (player, month) nodes ordered by player then month, the Wiener links between a
    player's consecutive nodes (`a` -> `b` with weight ``1 / (w^2 dt)``), first nodes."""

    order: NDArray[np.int64]
    linked: NDArray[np.bool_]
    a: NDArray[np.int64]
    b: NDArray[np.int64]
    weight: NDArray[np.float64]
    first: NDArray[np.int64]


def _log_sigma(x: NDArray[np.float64]) -> NDArray[np.float64]:
    result: NDArray[np.float64] = -np.logaddexp(0.0, -x)
    return result


def _sigma(x: NDArray[np.float64]) -> NDArray[np.float64]:
    result: NDArray[np.float64] = 1.0 / (1.0 + np.exp(-np.clip(x, -500, 500)))
    return result


class WhrHistory:
    """A growing game history and its MAP fit (mutable on purpose: the evaluation adds a
    month and refits from the previous optimum, a warm start, instead of from nothing)."""

    def __init__(self, params: WhrParams) -> None:
        """An empty history."""
        self.params = params
        self._node: dict[tuple[int, int], int] = {}
        self._player: list[int] = []
        self._month: list[int] = []
        self._r = np.zeros(0)
        self._a: list[NDArray[np.int64]] = []
        self._b: list[NDArray[np.int64]] = []
        self._s: list[NDArray[np.float64]] = []
        self._latest: dict[int, int] = {}
        self._games: dict[int, int] = {}
        self._last_day: dict[int, int] = {}
        self._entry: dict[int, float] = {}
        self._means = np.zeros(0)
        self._pattern = _GamePattern()

    def add(
        self,
        games: GameArrays,
        steps: int,
        *,
        local: bool = False,
        entries: dict[int, float] | None = None,
    ) -> None:
        """Add `games` (none before a month already added) and take up to `steps` Newton
        steps: on every rating, or with `local` on the ratings of the added months only
        (everything else held fixed; the paper's incremental update, section 3.4). Under a
        Gaussian prior a new player's prior mean is their value in `entries` (Elo points),
        else the parameters' `entry`; their first rating starts there.

        Raises:
            RatingError: games out of order, before the latest month, or no convergence.
        """
        check_order(games)
        if len(games) == 0:
            return
        months = games.months().tolist()
        if self._month and months[0] < max(self._month):
            raise RatingError(
                f"expected games from month {max(self._month)} on, got month {months[0]}"
            )
        grown: list[float] = []
        columns: list[list[int]] = [[], []]
        for side, ids in enumerate((games.first.tolist(), games.second.tolist())):
            for pid, month, day in zip(ids, months, games.day.tolist(), strict=True):
                key = (pid, month)
                node = self._node.get(key)
                if node is None:
                    node = len(self._player)
                    self._node[key] = node
                    self._player.append(pid)
                    self._month.append(month)
                    before = self._latest.get(pid)
                    mean = self._entry.get(pid)
                    if mean is None:
                        mean = self._entry[pid] = (
                            (entries or {}).get(pid, self.params.entry) * NATURAL
                            if self.params.prior_deviation > 0
                            else 0.0
                        )
                    if before is None:
                        grown.append(mean)
                    elif before < len(self._r):
                        grown.append(float(self._r[before]))
                    else:
                        grown.append(grown[before - len(self._r)])
                    # The latest node is the largest month's, not the last one created
                    # (every first player's games come before every second player's).
                    if before is None or month > self._month[before]:
                        self._latest[pid] = node
                columns[side].append(node)
                self._games[pid] = self._games.get(pid, 0) + 1
                self._last_day[pid] = max(day, self._last_day.get(pid, day))
        self._r = np.concatenate([self._r, np.array(grown)])
        self._means = self._prior_means()
        self._a.append(np.array(columns[0], dtype=np.int64))
        self._b.append(np.array(columns[1], dtype=np.int64))
        self._s.append(games.score.copy())
        touched = np.unique(np.concatenate([self._a[-1], self._b[-1]]))
        self.refit(steps, touched if local else None)

    def _chains(self) -> _Chains:
        player = np.array(self._player, dtype=np.int64)
        month = np.array(self._month, dtype=np.int64)
        order = np.lexsort((month, player))
        linked = player[order][1:] == player[order][:-1]
        a, b = order[:-1][linked], order[1:][linked]
        w2 = self.params.w2 * NATURAL**2
        first = order[np.concatenate([[True], ~linked])]
        weight = 1.0 / (w2 * (month[b] - month[a]))
        return _Chains(order, linked, a, b, weight, first)

    def _objective(
        self,
        r: NDArray[np.float64],
        ga: NDArray[np.int64],
        gb: NDArray[np.int64],
        s: NDArray[np.float64],
        chains: _Chains,
    ) -> float:
        d = r[ga] - r[gb]
        gap = r[chains.b] - r[chains.a]
        prior, _, _ = self._prior(r, chains.first)
        return float(
            (s * _log_sigma(d) + (1 - s) * _log_sigma(-d)).sum()
            + prior
            - (chains.weight * gap**2).sum() / 2
        )

    def _prior_means(self) -> NDArray[np.float64]:
        """Per node, its player's prior mean (natural units; used at first nodes): their
        entry while they have fewer than `newcomer_games` games, 0 after. Every node holds
        it: a player's first node (their earliest month) may be made after a later one."""
        if self.params.prior_deviation <= 0:
            return np.zeros(len(self._player))
        limit = self.params.newcomer_games
        means = {p: self._entry[p] if n < limit else 0.0 for p, n in self._games.items()}
        return np.array([means[p] for p in self._player], dtype=np.float64)

    def _prior(
        self, r: NDArray[np.float64], first: NDArray[np.int64]
    ) -> tuple[float, NDArray[np.float64], NDArray[np.float64]]:
        """The prior on the first nodes `first`: its log-density (up to a constant), its
        gradient and minus its second derivative at each of them. The virtual draws
        ``V/2 [ln sigma(r) + ln sigma(-r)]``, or with a `prior_deviation` the Gaussian
        ``-(r - mean)^2 / (2 deviation^2)``."""
        rv = r[first]
        if self.params.prior_deviation > 0:
            precision = 1.0 / (self.params.prior_deviation * NATURAL) ** 2
            gap = rv - self._means[first]
            value = -precision * float((gap**2).sum()) / 2
            return value, -precision * gap, np.full(len(rv), precision)
        v = self.params.virtual_games
        pv = _sigma(rv)
        value = v / 2 * float((_log_sigma(rv) + _log_sigma(-rv)).sum())
        return value, v * (0.5 - pv), v * pv * (1 - pv)

    def refit(
        self, steps: int, nodes: NDArray[np.int64] | None = None, cg_steps: int | None = None
    ) -> int:
        """Up to `steps` damped Newton steps on all ratings (each solved by at most `cg_steps`
        conjugate-gradient steps, default the parameters'), or on `nodes` only; stops early
        once max |gradient| is below the tolerance. Returns the Newton steps taken.

        Raises:
            RatingError: a non-finite rating.
        """
        ga, gb, s = np.concatenate(self._a), np.concatenate(self._b), np.concatenate(self._s)
        self._a, self._b, self._s = [ga], [gb], [s]
        chains = self._chains()
        n = len(self._r)
        inside = np.ones(n, dtype=bool)
        if nodes is not None:
            # Only the terms holding one of `nodes` change: keep those games and links.
            inside = np.zeros(n, dtype=bool)
            inside[nodes] = True
            games = inside[ga] | inside[gb]
            ga, gb, s = ga[games], gb[games], s[games]
            links = inside[chains.a] | inside[chains.b]
            chains = replace(
                chains,
                a=chains.a[links],
                b=chains.b[links],
                weight=chains.weight[links],
                first=chains.first[inside[chains.first]],
            )
        r = self._r
        f = self._objective(r, ga, gb, s, chains)
        taken = 0
        for _ in range(steps):
            p = _sigma(r[ga] - r[gb])
            residual = s - p
            g = _sums(ga, gb, residual, n, -1.0)
            _, prior_gradient, prior_curvature = self._prior(r, chains.first)
            g[chains.first] += prior_gradient
            gap = chains.weight * (r[chains.b] - r[chains.a])
            g += _sums(chains.a, chains.b, gap, n, -1.0)
            g[~inside] = 0.0
            if float(np.abs(g).max(initial=0.0)) < self.params.tolerance:
                break
            w = p * (1 - p)
            diagonal = np.zeros(n)
            diagonal[chains.first] += prior_curvature
            if nodes is not None:
                step = _local_step(n, nodes, ga, gb, w, chains, diagonal, g)
            else:
                self._pattern.cover(ga, gb, n)
                diagonal += _sums(ga, gb, w, n, 1.0)
                diagonal += _sums(chains.a, chains.b, chains.weight, n, 1.0)
                step = _pcg(
                    self._pattern.matrix(w),
                    diagonal,
                    g,
                    chains,
                    cg_steps or self.params.cg_steps,
                    self.params.cg_tolerance,
                )
            alpha = 1.0
            while True:
                trial = r + alpha * step
                f_trial = self._objective(trial, ga, gb, s, chains)
                if f_trial >= f - 1e-12 * abs(f) or alpha < 1e-8:
                    break
                alpha /= 2
            r, f = trial, f_trial
            taken += 1
        if not np.isfinite(r).all():
            raise RatingError("expected finite WHR ratings, got a non-finite value")
        self._r = r
        return taken

    def size(self) -> int:
        """The number of (player, month) ratings."""
        return len(self._player)

    def nodes(self) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.float64]]:
        """Every (player, month) rating of the history: players, month indices and ratings
        (Elo points), in the order the nodes were made."""
        return (
            np.array(self._player, dtype=np.int64),
            np.array(self._month, dtype=np.int64),
            self._r / NATURAL,
        )

    def ratings(self, ids: NDArray[np.int64], default: float = 0.0) -> NDArray[np.float64]:
        """The latest rating (Elo points) of each of `ids`, `default` for unknown players."""
        known = np.array([self._latest.get(p, -1) for p in ids.tolist()], dtype=np.int64)
        result = np.full(len(known), default)
        found = known >= 0
        result[found] = self._r[known[found]] / NATURAL
        return result

    def to_list(self, as_of: dt.date) -> SystemList:
        """Every player's latest rating; its deviation from the player's own Hessian block,
        grown by ``w^2`` per month up to `as_of`'s month."""
        ids = sorted(self._latest)
        nodes = np.array([self._latest[p] for p in ids], dtype=np.int64)
        variance = self._latest_variances()
        months = np.array(self._month, dtype=np.int64)[nodes] if len(nodes) else nodes
        elapsed = np.maximum(0, month_index(as_of) - months)
        deviation = np.sqrt(variance[nodes] / NATURAL**2 + self.params.w2 * elapsed)
        return SystemList(
            system=NAME,
            as_of=as_of,
            players=np.array(ids, dtype=np.int64),
            ratings=self._r[nodes] / NATURAL,
            deviations=deviation.astype(np.float64),
            games=np.array([self._games[p] for p in ids], dtype=np.int64),
            last_day=np.array([self._last_day[p] for p in ids], dtype=np.int32),
        )

    def explain(self, player: int, as_of: dt.date, games: GameArrays) -> WhrExplanation:
        """Why `player` has their rating in the list as of `as_of` (see `WhrExplanation`);
        `games` are those added, for the list of the player's games.

        Raises:
            RatingError: `player` without a game.
        """
        if player not in self._latest:
            raise RatingError(
                f"expected a player with a game on or before {as_of.isoformat()}, got "
                f"{player} (a player without a game is predicted at the entry rating "
                f"{self.params.entry:.0f})"
            )
        ga, gb, s = np.concatenate(self._a), np.concatenate(self._b), np.concatenate(self._s)
        chains = self._chains()
        n = len(self._r)
        r = self._r
        p = _sigma(r[ga] - r[gb])
        pull = _sums(chains.a, chains.b, chains.weight * (r[chains.b] - r[chains.a]), n, -1.0)
        pull[chains.first] += self._prior(r, chains.first)[1]
        played = np.bincount(ga, minlength=n) + np.bincount(gb, minlength=n)
        won = np.bincount(ga, s, n) + np.bincount(gb, 1 - s, n)
        expected = np.bincount(ga, p, n) + np.bincount(gb, 1 - p, n)
        variance = self._latest_variances()
        months = np.array(self._month, dtype=np.int64)
        mine = np.flatnonzero(np.array(self._player, dtype=np.int64) == player)
        mine = mine[np.argsort(months[mine])]
        rows = tuple(
            ExplainedMonth(
                month=dt.date(int(months[k]) // 12, int(months[k]) % 12 + 1, 1),
                rating=float(r[k] / NATURAL),
                deviation=float(np.sqrt(variance[k]) / NATURAL),
                games=int(played[k]),
                score=float(won[k]),
                expected=float(expected[k]),
                balance=float(-pull[k]),
            )
            for k in mine.tolist()
        )
        first = games.first == player
        theirs = first | (games.second == player)
        opponents = np.where(first, games.second, games.first)[theirs]
        game_months = games.months()[theirs].tolist()
        own = [self._node[(player, m)] for m in game_months]
        other = [self._node[(o, m)] for o, m in zip(opponents.tolist(), game_months, strict=True)]
        own_r, other_r = r[np.array(own, dtype=np.int64)], r[np.array(other, dtype=np.int64)]
        score = np.where(first, games.score, 1.0 - games.score)[theirs]
        chance = _sigma(own_r - other_r)
        listed = self.to_list(as_of)
        at = int(np.searchsorted(listed.players, player))
        return WhrExplanation(
            player=player,
            as_of=as_of,
            rating=float(listed.ratings[at]),
            deviation=float(listed.deviations[at]),
            w2=self.params.w2,
            months=rows,
            games=tuple(
                ExplainedGame(
                    dt.date.fromordinal(int(d)), int(o), float(x), float(y), float(e), 1.0
                )
                for d, o, x, y, e in zip(
                    games.day[theirs], opponents, other_r / NATURAL, score, chance, strict=True
                )
            )[::-1],
        )

    def _latest_variances(self) -> NDArray[np.float64]:
        """Per node: ``1 / s_k``, the pivots of the forward elimination ``s_k = d_k - e_k^2 /
        s_k-1`` along the player's chain (LAPACK's ``pttrf`` factors the chains, ordered by
        player then month, as one tridiagonal matrix, the chains cut by zero links), which
        is ``(T^-1)_kk`` at the chain's last node."""
        if not self._player:
            return np.zeros(0)
        ga, gb = np.concatenate(self._a), np.concatenate(self._b)
        chains = self._chains()
        n = len(self._r)
        p = _sigma(self._r[ga] - self._r[gb])
        d = _sums(ga, gb, p * (1 - p), n, 1.0)
        d[chains.first] += self._prior(self._r, chains.first)[2]
        d += _sums(chains.a, chains.b, chains.weight, n, 1.0)
        pivots, _ = _factor_chains(d, chains)
        result = np.empty(n)
        result[chains.order] = 1.0 / pivots
        return result


def _sums(
    a: NDArray[np.int64], b: NDArray[np.int64], w: NDArray[np.float64], n: int, sign: float
) -> NDArray[np.float64]:
    """``sum of w over a`` plus `sign` times ``sum of w over b``, per node."""
    result: NDArray[np.float64] = np.bincount(a, w, n).astype(np.float64) + sign * np.bincount(
        b, w, n
    ).astype(np.float64)
    return result


def _laplacian(
    n: int, a: NDArray[np.int64], b: NDArray[np.int64], w: NDArray[np.float64]
) -> sp.csr_matrix:
    rows = np.concatenate([a, b, a, b])
    cols = np.concatenate([a, b, b, a])
    data = np.concatenate([w, w, -w, -w])
    import scipy.sparse as sp

    return sp.csr_matrix((data, (rows, cols)), shape=(n, n))


def _local_step(
    n: int,
    nodes: NDArray[np.int64],
    ga: NDArray[np.int64],
    gb: NDArray[np.int64],
    w: NDArray[np.float64],
    chains: _Chains,
    diagonal: NDArray[np.float64],
    g: NDArray[np.float64],
) -> NDArray[np.float64]:
    """The Newton step on `nodes` only (the rest held fixed), by a direct sparse solve; the
    games and links given are those that hold one of `nodes`."""
    import scipy.sparse as sp
    from scipy.sparse.linalg import spsolve

    matrix = _laplacian(n, ga, gb, w) + _laplacian(n, chains.a, chains.b, chains.weight)
    matrix = (matrix + sp.diags(diagonal)).tocsr()[nodes][:, nodes]
    step = np.zeros(n)
    step[nodes] = spsolve(matrix.tocsc(), g[nodes])
    return step


def _dot(x: NDArray[np.float64], y: NDArray[np.float64]) -> float:
    """``x . y`` without BLAS (a threaded BLAS call on a busy machine costs milliseconds)."""
    return float(np.einsum("i,i->", x, y))


class _GamePattern:
    """The games' off-diagonal entries of minus the Hessian as a sparse (CSR) pattern, and
    where each game's two entries sit in it. Kept between fits: a month added after the
    others only appends rows (its games join only its own new nodes), so each monthly fit
    extends the pattern instead of sorting every game again."""

    def __init__(self) -> None:
        """An empty pattern."""
        self.reset()

    def reset(self) -> None:
        """Forget every game."""
        self.nodes = 0
        self.games = 0
        self.indptr = np.zeros(1, dtype=np.int64)
        self.indices = np.zeros(0, dtype=np.int64)
        self.forward = np.zeros(0, dtype=np.int64)
        self.backward = np.zeros(0, dtype=np.int64)

    def cover(self, ga: NDArray[np.int64], gb: NDArray[np.int64], n: int) -> None:
        """Take in the games after those already covered (all of them again when a new game
        holds an old node)."""
        new_a, new_b = ga[self.games :], gb[self.games :]
        if len(new_a) and min(int(new_a.min()), int(new_b.min())) < self.nodes:
            self.reset()
            new_a, new_b = ga, gb
        base = self.nodes
        keys = np.concatenate([(new_a << 32) | new_b, (new_b << 32) | new_a])
        unique, inverse = np.unique(keys, return_inverse=True)
        rows = (unique >> 32) - base
        counts = np.bincount(rows, minlength=n - base) if n > base else np.zeros(0, np.int64)
        size = len(self.indices)
        self.indptr = np.concatenate([self.indptr, size + np.cumsum(counts)])
        self.indices = np.concatenate([self.indices, unique & 0xFFFFFFFF])
        half = len(new_a)
        self.forward = np.concatenate([self.forward, size + inverse[:half]])
        self.backward = np.concatenate([self.backward, size + inverse[half:]])
        self.nodes, self.games = n, len(ga)

    def matrix(self, w: NDArray[np.float64]) -> sp.csr_matrix:
        """The games' part off the diagonal, ``-w`` for each game's two entries."""
        size = len(self.indices)
        data = np.bincount(self.forward, w, size) + np.bincount(self.backward, w, size)
        import scipy.sparse as sp

        return sp.csr_matrix((-data, self.indices, self.indptr), shape=(self.nodes, self.nodes))


def _factor_chains(
    diagonal: NDArray[np.float64], chains: _Chains
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """LAPACK's ``pttrf`` ``L D L^T`` factors of the per-player tridiagonal blocks (the
    `diagonal`, minus the Wiener links' weights off it), ordered by player then month as one
    matrix cut by zero links: ``D``, the pivots of each chain's forward elimination, and
    ``L``'s subdiagonal.

    Raises:
        RatingError: a block not positive definite.
    """
    from scipy.linalg.lapack import dpttrf as pttrf

    off = np.zeros(max(len(chains.order) - 1, 0))
    off[chains.linked] = -chains.weight
    pivots, lower, info = pttrf(diagonal[chains.order], off)
    if info != 0:
        raise RatingError(f"expected a positive definite WHR Hessian, got LAPACK info {info}")
    return pivots, lower


def _pcg(
    games: sp.csr_matrix,
    diagonal: NDArray[np.float64],
    g: NDArray[np.float64],
    chains: _Chains,
    limit: int,
    tolerance: float,
) -> NDArray[np.float64]:
    """Solve ``A x = g`` (``A`` = the games' off-diagonal part `games`, the Wiener links of
    `chains`, `diagonal`) by conjugate gradients preconditioned with the per-player
    tridiagonal blocks (the paper's one-player Newton systems, factored once), until the
    residual is `tolerance` times ``|g|`` or after `limit` steps."""
    from scipy.linalg.lapack import dpttrs as pttrs

    order = chains.order
    factor_d, factor_e = _factor_chains(diagonal, chains)

    def precondition(x: NDArray[np.float64]) -> NDArray[np.float64]:
        result = np.empty_like(x)
        solved, _ = pttrs(factor_d, factor_e, x[order])
        result[order] = solved
        return result

    def apply(x: NDArray[np.float64]) -> NDArray[np.float64]:
        result: NDArray[np.float64] = games @ x + diagonal * x
        # Each node has at most one link forward and one back: no index repeats.
        result[chains.a] -= chains.weight * x[chains.b]
        result[chains.b] -= chains.weight * x[chains.a]
        return result

    x = np.zeros_like(g)
    r = g.copy()
    z = precondition(r)
    d = z.copy()
    rz = _dot(r, z)
    target = tolerance**2 * _dot(g, g)
    for _ in range(limit):
        if _dot(r, r) <= target:
            break
        q = apply(d)
        alpha = rz / _dot(d, q)
        x += alpha * d
        r -= alpha * q
        z = precondition(r)
        rz_next = _dot(r, z)
        d = z + (rz_next / rz) * d
        rz = rz_next
    return x


def rate(games: GameArrays, params: WhrParams, as_of: dt.date) -> SystemList:
    """The WHR list as of `as_of`: the whole history up to it fitted to convergence.

    Raises:
        RatingError: games out of order or after `as_of`.
    """
    check_order(games, as_of)
    history = WhrHistory(params)
    history.add(games, params.max_steps)
    return history.to_list(as_of)


def expected(
    ratings: SystemList, first: NDArray[np.int64], second: NDArray[np.int64], params: WhrParams
) -> NDArray[np.float64]:
    """``P(first) = 1 / (1 + 10^(-(R_first - R_second) / 400))``, newcomers at 0."""
    del params
    ra, _ = ratings.lookup(first, 0.0, 0.0)
    rb, _ = ratings.lookup(second, 0.0, 0.0)
    return logistic(ra - rb, 10.0, 400.0)


def rate_bayes(games: GameArrays, params: WhrParams, as_of: dt.date) -> SystemList:
    """`whr-bayes`'s list as of `as_of`: WHR's (`rate`), under its own name.

    Raises:
        RatingError: games out of order or after `as_of`.
    """
    return replace(rate(games, params, as_of), system=BAYES_NAME)


def predictive(
    difference: NDArray[np.float64], variance: NDArray[np.float64]
) -> NDArray[np.float64]:
    """The probability that a player `difference` Elo points above their opponent wins, when
    that difference is uncertain with `variance` (Elo^2): the logistic curve averaged over a
    normal distribution of the difference, in MacKay's closed form (Neural Computation 4,
    1992): ``1 / (1 + 10^(-d / (400 sqrt(1 + pi v' / 8))))``, ``v'`` the variance in natural
    units. With no variance it is WHR's own curve."""
    spread = np.sqrt(1.0 + math.pi * NATURAL**2 * variance / 8.0)
    return logistic(difference / spread, 10.0, 400.0)


def expected_bayes(
    ratings: SystemList, first: NDArray[np.int64], second: NDArray[np.int64], params: WhrParams
) -> NDArray[np.float64]:
    """`whr-bayes`'s prediction: `predictive` of the rating difference, with the players'
    variances added (each listed deviation squared times `variance_scale`); a player not in
    the list is at `entry` with `entry_deviation`."""
    ra, da = ratings.lookup(first, params.entry, np.nan)
    rb, db = ratings.lookup(second, params.entry, np.nan)

    def variance(d: NDArray[np.float64]) -> NDArray[np.float64]:
        known: NDArray[np.float64] = params.variance_scale * d**2
        return np.where(np.isnan(d), params.entry_deviation**2, known)

    return predictive(ra - rb, variance(da) + variance(db))


@dataclass(frozen=True, slots=True)
class ExplainedMonth:
    """One month of a player's WHR history: the rating, the games (count, score, expected
    score at the fitted ratings) and `balance`, the pull of the neighbouring months and the
    prior in games (``(R_k - R_k-1) / (w^2 dt q) - (R_k+1 - R_k) / (w^2 dt' q)`` plus the
    prior's, ``q = ln 10 / 400``): at the optimum it equals ``score - expected``."""

    month: dt.date
    rating: float
    deviation: float
    games: int
    score: float
    expected: float
    balance: float


@dataclass(frozen=True, slots=True)
class WhrExplanation:
    """Why a player has their WHR rating as of `as_of`: their rating of each month with
    games (oldest first), each month's surplus (score minus expected) balanced by the pull
    of the months around it, the Wiener step allowed per month (`w2`) and the games (newest
    first; the opponent's rating that month, the expected score at the fitted ratings, weight
    1). The listed rating is the latest month's; `deviation` grows by `w2` per month since."""

    player: int
    as_of: dt.date
    rating: float
    deviation: float
    w2: float
    months: tuple[ExplainedMonth, ...]
    games: tuple[ExplainedGame, ...]


def explain(games: GameArrays, params: WhrParams, as_of: dt.date, player: int) -> WhrExplanation:
    """The WHR fit of `games` as of `as_of` and why `player` has their rating in it.

    Raises:
        RatingError: games out of order or after `as_of`, or `player` without a game.
    """
    check_order(games, as_of)
    history = WhrHistory(params)
    history.add(games, params.max_steps)
    return history.explain(player, as_of, games)
