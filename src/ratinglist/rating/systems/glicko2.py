"""Glicko-2 with calendar months as rating periods.

Mark E. Glickman, "Example of the Glicko-2 system" (glicko.net, 2013), steps 1-8: on the
Glicko-2 scale ``mu = (r - 1500) / 173.7178``, ``phi = RD / 173.7178``,
``g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2)``, ``E = 1 / (1 + exp(-g(phi_j) (mu - mu_j)))``,
``v = 1 / sum g(phi_j)^2 E (1 - E)``, ``Delta = v sum g(phi_j) (s - E)``; the new volatility
``sigma'`` solves ``f(x) = e^x (Delta^2 - phi^2 - v - e^x) / (2 (phi^2 + v + e^x)^2)
- (x - ln sigma^2) / tau^2 = 0`` by the Illinois algorithm (step 5); then
``phi* = sqrt(phi^2 + sigma'^2)``, ``phi' = 1 / sqrt(1 / phi*^2 + 1 / v)``,
``mu' = mu + phi'^2 sum g(phi_j) (s - E)``. A player without games in a period keeps
``mu`` and ``sigma`` and gets ``phi' = sqrt(phi^2 + sigma^2)``.

All games of a month are one period and see the ratings at its start. The whole period is
computed for all its players at once (numpy); the volatility iteration is vectorised over them.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ratinglist.errors import RatingError
from ratinglist.rating.games import GameArrays, month_index
from ratinglist.rating.systems.base import (
    SystemList,
    blocks,
    by_id,
    check_order,
    index_players,
    rate_incrementally,
)

NAME = "glicko2"
GLICKO2_SCALE = 173.7178
"""Rating points per Glicko-2 unit (``400 / ln 10``, as Glickman rounds it)."""


@dataclass(frozen=True, slots=True)
class Glicko2Params:
    """Start values (rating 1500, RD 350, volatility 0.06), the system constant `tau` (0.5),
    the convergence tolerance of the volatility iteration (1e-6)."""

    start: float = 1500.0
    start_deviation: float = 350.0
    start_volatility: float = 0.06
    tau: float = 0.5
    tolerance: float = 1e-6
    max_iterations: int = 100

    def __post_init__(self) -> None:
        """Reject values the update cannot use."""
        if not (self.start_deviation > 0 and self.start_volatility > 0 and self.tau > 0):
            raise RatingError(
                f"expected positive start deviation, volatility and tau, got "
                f"{self.start_deviation}, {self.start_volatility}, {self.tau}"
            )


@dataclass(frozen=True, slots=True)
class Glicko2State:
    """Players (ID -> position) with ``mu``, ``phi``, ``sigma`` on the Glicko-2 scale after
    the latest period applied (`period`, a month index; None before any game)."""

    index: Mapping[int, int]
    mu: NDArray[np.float64]
    phi: NDArray[np.float64]
    sigma: NDArray[np.float64]
    games: NDArray[np.int64]
    last_day: NDArray[np.int32]
    period: int | None


def initial(params: Glicko2Params) -> Glicko2State:
    """Nobody rated yet."""
    del params
    return Glicko2State(
        index={},
        mu=np.zeros(0),
        phi=np.zeros(0),
        sigma=np.zeros(0),
        games=np.zeros(0, dtype=np.int64),
        last_day=np.zeros(0, dtype=np.int32),
        period=None,
    )


def g(phi: NDArray[np.float64]) -> NDArray[np.float64]:
    """Glickman's ``g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2)``."""
    result: NDArray[np.float64] = 1.0 / np.sqrt(1.0 + 3.0 * phi**2 / math.pi**2)
    return result


def volatility(
    phi: NDArray[np.float64],
    sigma: NDArray[np.float64],
    v: NDArray[np.float64],
    delta: NDArray[np.float64],
    params: Glicko2Params,
) -> NDArray[np.float64]:
    """Step 5: the new volatility of each player by the Illinois algorithm (vectorised)."""
    a = np.log(sigma**2)
    tau2 = params.tau**2

    def f(x: NDArray[np.float64]) -> NDArray[np.float64]:
        ex = np.exp(x)
        d = phi**2 + v + ex
        result: NDArray[np.float64] = (
            ex * (delta**2 - phi**2 - v - ex) / (2 * d**2) - (x - a) / tau2
        )
        return result

    big_a = a.copy()
    big = delta**2 > phi**2 + v
    big_b = np.where(big, np.log(np.maximum(delta**2 - phi**2 - v, 1e-300)), 0.0)
    small = ~big
    if small.any():
        k = np.ones(len(a))
        below = small & (f(a - k * params.tau) < 0)
        while below.any():
            k = np.where(below, k + 1, k)
            below = small & (f(a - k * params.tau) < 0)
        big_b = np.where(small, a - k * params.tau, big_b)
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(params.max_iterations):
        active = np.abs(big_b - big_a) > params.tolerance
        if not active.any():
            break
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        cross = f_c * f_b <= 0
        new_a = np.where(cross, big_b, big_a)
        new_fa = np.where(cross, f_b, f_a / 2)
        big_a = np.where(active, new_a, big_a)
        f_a = np.where(active, new_fa, f_a)
        big_b = np.where(active, c, big_b)
        f_b = np.where(active, f_c, f_b)
    else:
        raise RatingError("expected the Glicko-2 volatility iteration to converge, it did not")
    result: NDArray[np.float64] = np.exp(big_a / 2)
    return result


def _period(
    mu: NDArray[np.float64],
    phi: NDArray[np.float64],
    sigma: NDArray[np.float64],
    a: NDArray[np.int64],
    b: NDArray[np.int64],
    score: NDArray[np.float64],
    params: Glicko2Params,
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """One rating period for everyone (`a`, `b`: player positions of its games)."""
    n = len(mu)
    players = np.concatenate([a, b])
    opponents = np.concatenate([b, a])
    scores = np.concatenate([score, 1.0 - score])
    gj = g(phi[opponents])
    e = 1.0 / (1.0 + np.exp(-gj * (mu[players] - mu[opponents])))
    info = np.bincount(players, gj**2 * e * (1 - e), minlength=n)
    gain = np.bincount(players, gj * (scores - e), minlength=n)
    played = np.bincount(players, minlength=n) > 0
    new_mu, new_phi, new_sigma = mu.copy(), np.sqrt(phi**2 + sigma**2), sigma.copy()
    k = np.flatnonzero(played)
    v = 1.0 / info[k]
    sigma_k = volatility(phi[k], sigma[k], v, v * gain[k], params)
    phi_star = np.sqrt(phi[k] ** 2 + sigma_k**2)
    phi_k = 1.0 / np.sqrt(1.0 / phi_star**2 + 1.0 / v)
    new_mu[k] = mu[k] + phi_k**2 * gain[k]
    new_phi[k] = phi_k
    new_sigma[k] = sigma_k
    return new_mu, new_phi, new_sigma


def update(state: Glicko2State, games: GameArrays, params: Glicko2Params) -> Glicko2State:
    """The state after `games` (time order), one period per calendar month, as a new value.

    A player enters at the first period they play in, with the start values (RD 350 by
    default): no earlier period ages them. Months without any game between two periods age
    every player already entered.

    Raises:
        RatingError: games out of order, or in a month before the latest period applied.
    """
    check_order(games)
    index, a_list, b_list = index_players(state.index, games.first.tolist(), games.second.tolist())
    grow = len(index) - len(state.index)
    mu = np.concatenate([state.mu, np.full(grow, (params.start - 1500.0) / GLICKO2_SCALE)])
    phi = np.concatenate([state.phi, np.full(grow, params.start_deviation / GLICKO2_SCALE)])
    sigma = np.concatenate([state.sigma, np.full(grow, params.start_volatility)])
    a = np.array(a_list, dtype=np.int64)
    b = np.array(b_list, dtype=np.int64)
    counts = np.concatenate([state.games, np.zeros(grow, dtype=np.int64)])
    counts += np.bincount(a, minlength=len(index)) + np.bincount(b, minlength=len(index))
    last_day = np.concatenate([state.last_day, np.zeros(grow, dtype=np.int32)])
    np.maximum.at(last_day, a, games.day)
    np.maximum.at(last_day, b, games.day)
    period = state.period
    months = games.months()
    # A player enters at their first rating period: until then they are not aged.
    first_month = np.full(len(index), np.iinfo(np.int64).max, dtype=np.int64)
    first_month[: len(state.index)] = np.iinfo(np.int64).min
    np.minimum.at(first_month, a, months)
    np.minimum.at(first_month, b, months)
    for start, stop in blocks(months):
        month = int(months[start])
        if period is not None and month <= period:
            raise RatingError(
                f"expected games after the latest rating period (month {period}), got month {month}"
            )
        if period is not None and month > period + 1:
            aged = np.sqrt(phi**2 + (month - period - 1) * sigma**2)
            phi = np.where(first_month < month, aged, phi)
        sl = slice(start, stop)
        mu, rated, sigma = _period(mu, phi, sigma, a[sl], b[sl], games.score[sl], params)
        phi = np.where(first_month <= month, rated, phi)
        period = month
    return Glicko2State(index, mu, phi, sigma, counts, last_day, period)


def to_list(state: Glicko2State, params: Glicko2Params, as_of: dt.date) -> SystemList:
    """Ratings and RDs as of `as_of`: deviations aged by the months after the latest period
    up to `as_of`'s month."""
    del params
    idle = 0 if state.period is None else max(0, month_index(as_of) - state.period)
    phi = np.sqrt(state.phi**2 + idle * state.sigma**2)
    ids, positions = by_id(state.index)
    return SystemList(
        system=NAME,
        as_of=as_of,
        players=ids,
        ratings=1500.0 + GLICKO2_SCALE * state.mu[positions],
        deviations=GLICKO2_SCALE * phi[positions],
        games=state.games[positions],
        last_day=state.last_day[positions],
    )


def rate(games: GameArrays, params: Glicko2Params, as_of: dt.date) -> SystemList:
    """The Glicko-2 list as of `as_of` from every game (in time order) up to it."""
    return rate_incrementally(initial, update, to_list, games, params, as_of)


def expected(
    ratings: SystemList,
    first: NDArray[np.int64],
    second: NDArray[np.int64],
    params: Glicko2Params,
) -> NDArray[np.float64]:
    """``P(first) = 1 / (1 + exp(-g(sqrt(phi_a^2 + phi_b^2)) (mu_a - mu_b)))``: both
    ratings' uncertainty shrinks the prediction; newcomers at the start values."""
    ra, da = ratings.lookup(first, params.start, params.start_deviation)
    rb, db = ratings.lookup(second, params.start, params.start_deviation)
    combined = np.sqrt(da**2 + db**2) / GLICKO2_SCALE
    result: NDArray[np.float64] = 1.0 / (1.0 + np.exp(-g(combined) * (ra - rb) / GLICKO2_SCALE))
    return result
