"""Whole-History Rating (Rémi Coulom, "Whole-History Rating: A Bayesian Rating System for
Players of Time-Varying Strength", Computers and Games 2008), through the `whr` package
(PyPI ``whr``: a C++ implementation of the paper's algorithm, MIT licence).

Model (paper, sections 2-3): each player's strength is a Wiener process in time,
``r(t2) - r(t1) ~ N(0, w^2 |t2 - t1|)``, with Bradley-Terry games
``P(i beats j at t) = 1 / (1 + 10^(-(R_i(t) - R_j(t)) / 400))`` (draws count as half a win
and half a loss) and `virtual_games` draws against a virtual 0-rated player on each player's
first day as prior. The maximum a posteriori history is found by Newton's method, one player
at a time, each step solving the tridiagonal system of that player's days (paper, section 3.3).

Time steps here are calendar months (``w^2`` in Elo^2 per month, `w2`). A rating as of a
date is the player's rating at their latest month (the Wiener process keeps its mean); its
deviation grows by ``w^2`` per month since.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import whr as whr_library
from numpy.typing import NDArray

from ratinglist.errors import RatingError
from ratinglist.rating.games import GameArrays, month_index
from ratinglist.rating.systems.base import SystemList, check_order, logistic

NAME = "whr"
_WINNER = {1.0: "B", 0.0: "W", 0.5: "D"}
"""The library's winner letter for the first player's score (the first player plays "B")."""


@dataclass(frozen=True, slots=True)
class WhrParams:
    """``w2`` (Elo^2 per month), the number of virtual draws of the prior, the Newton sweeps
    over all players (`iterations`) of a full rating and of each `WhrHistory.add`."""

    w2: float = 300.0
    virtual_games: int = 2
    iterations: int = 50
    iterations_per_update: int = 1

    def __post_init__(self) -> None:
        """Reject values the library cannot use."""
        if not (self.w2 > 0 and self.virtual_games >= 0):
            raise RatingError(
                f"expected w2 > 0 and virtual_games >= 0, got {self.w2}, {self.virtual_games}"
            )
        if self.iterations < 1 or self.iterations_per_update < 1:
            raise RatingError("expected at least one iteration")


class WhrHistory:
    """A growing game history and its WHR fit (the library's state; mutable on purpose: the
    harness adds a month and refits a few sweeps instead of refitting from scratch)."""

    def __init__(self, params: WhrParams) -> None:
        """An empty history."""
        self.params = params
        self._base = whr_library.Base(
            config={"w2": params.w2, "virtual_games": params.virtual_games}
        )
        self._games: dict[int, int] = {}
        self._last_day: dict[int, int] = {}
        self._last_month: int | None = None

    def add(self, games: GameArrays, iterations: int) -> None:
        """Add `games` (after every game added so far) and run `iterations` Newton sweeps.

        Raises:
            RatingError: games out of order or before the latest month added.
        """
        check_order(games)
        months = games.months()
        if len(games) == 0:
            return
        if self._last_month is not None and int(months[0]) < self._last_month:
            raise RatingError(
                f"expected games from month {self._last_month} on, got month {int(months[0])}"
            )
        rows = [
            [str(a), str(b), _WINNER[s], m]
            for a, b, s, m in zip(
                games.first.tolist(),
                games.second.tolist(),
                games.score.tolist(),
                months.tolist(),
                strict=True,
            )
        ]
        self._base.create_games(rows)
        for ids in (games.first.tolist(), games.second.tolist()):
            for pid, day in zip(ids, games.day.tolist(), strict=True):
                self._games[pid] = self._games.get(pid, 0) + 1
                self._last_day[pid] = day
        self._last_month = int(months[-1])
        self._base.iterate(iterations)

    def latest(self, ids: Iterable[int]) -> dict[int, tuple[int, float, float]]:
        """``(month, rating, deviation)`` of each known player at their latest month."""
        result: dict[int, tuple[int, float, float]] = {}
        for pid in ids:
            if pid in self._games:
                month, rating, deviation = self._base.ratings_for_player(str(pid))[-1]
                result[pid] = (int(month), float(rating), float(deviation))
        return result

    def ratings(self, ids: NDArray[np.int64]) -> NDArray[np.float64]:
        """The latest rating of each of `ids`, 0 (the prior's centre) for unknown players."""
        known = self.latest(set(ids.tolist()))
        return np.array([known[p][1] if p in known else 0.0 for p in ids.tolist()])

    def to_list(self, as_of: dt.date) -> SystemList:
        """Every player's latest rating; the deviation aged to `as_of`'s month."""
        now = month_index(as_of)
        ids = sorted(self._games)
        known = self.latest(ids)
        deviations = [
            math.sqrt(known[p][2] ** 2 + self.params.w2 * max(0, now - known[p][0])) for p in ids
        ]
        return SystemList(
            system=NAME,
            as_of=as_of,
            players=np.array(ids, dtype=np.int64),
            ratings=np.array([known[p][1] for p in ids], dtype=np.float64),
            deviations=np.array(deviations, dtype=np.float64),
            games=np.array([self._games[p] for p in ids], dtype=np.int64),
            last_day=np.array([self._last_day[p] for p in ids], dtype=np.int32),
        )


def rate(games: GameArrays, params: WhrParams, as_of: dt.date) -> SystemList:
    """The WHR list as of `as_of`: the whole history up to it fitted with `iterations` sweeps.

    Raises:
        RatingError: games out of order or after `as_of`.
    """
    check_order(games, as_of)
    history = WhrHistory(params)
    history.add(games, params.iterations)
    return history.to_list(as_of)


def expected(
    ratings: SystemList, first: NDArray[np.int64], second: NDArray[np.int64], params: WhrParams
) -> NDArray[np.float64]:
    """``P(first) = 1 / (1 + 10^(-(R_first - R_second) / 400))``, newcomers at 0."""
    del params
    ra, _ = ratings.lookup(first, 0.0, 0.0)
    rb, _ = ratings.lookup(second, 0.0, 0.0)
    return logistic(ra - rb, 10.0, 400.0)
