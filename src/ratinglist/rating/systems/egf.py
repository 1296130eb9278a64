"""The European Go Federation's GoR formula (EGF rating system since 2021), every number a
parameter.

For a game of A (rating ``R_A``) against B:

- ``beta(R) = -beta_factor * ln(ceiling - R)`` (7 and 3300);
- ``Se(A) = 1 / (1 + exp(beta(R_B) - beta(R_A)))``, A's expected result;
- ``con(R) = ((ceiling - R) / con_divisor) ^ con_exponent`` (200 and 1.6);
- ``bonus(R) = ln(1 + exp((bonus_center - R) / bonus_width)) / bonus_divisor`` (2300, 80, 5);
- ``R_A' = R_A + con(R_A) (S_A - Se(A)) + bonus(R_A)``, never below `floor` (-900).

Published cases (EGF, "GoR calculator"): 2100 losing to 1500 changes by -16.093; 1500 beating
1500 by +18.817. Every game of a tournament uses the ratings at its start and the changes are
added at its end, as the EGF rates a tournament. Newcomers start at `start` (the EGF uses the
declared grade; results files carry none, so one value for all, 1500 = 6 kyu by default).
Handicap games are out of scope (results files record even games).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ratinglist.errors import RatingError
from ratinglist.rating.games import GameArrays
from ratinglist.rating.systems.base import (
    SystemList,
    blocks,
    by_id,
    check_order,
    index_players,
    rate_incrementally,
    tournament_keys,
)

NAME = "egf"


@dataclass(frozen=True, slots=True)
class EgfParams:
    """The numbers of the GoR formula (see the module docstring)."""

    start: float = 1500.0
    ceiling: float = 3300.0
    beta_factor: float = 7.0
    con_divisor: float = 200.0
    con_exponent: float = 1.6
    bonus_center: float = 2300.0
    bonus_width: float = 80.0
    bonus_divisor: float = 5.0
    floor: float = -900.0

    def __post_init__(self) -> None:
        """Reject values the formula cannot use."""
        if not (self.floor < self.start < self.ceiling):
            raise RatingError(
                f"expected floor < start < ceiling, got {self.floor}, {self.start}, {self.ceiling}"
            )
        if min(self.beta_factor, self.con_divisor, self.bonus_width, self.bonus_divisor) <= 0:
            raise RatingError("expected positive beta_factor, con_divisor, bonus_width and divisor")

    def gap(self, rating: NDArray[np.float64]) -> NDArray[np.float64]:
        """``ceiling - R``, kept positive (a rating can only approach the ceiling)."""
        result: NDArray[np.float64] = np.maximum(self.ceiling - rating, 1e-9)
        return result

    def beta(self, rating: NDArray[np.float64]) -> NDArray[np.float64]:
        """``beta(R) = -beta_factor ln(ceiling - R)``."""
        result: NDArray[np.float64] = -self.beta_factor * np.log(self.gap(rating))
        return result

    def con(self, rating: NDArray[np.float64]) -> NDArray[np.float64]:
        """``con(R) = ((ceiling - R) / con_divisor) ^ con_exponent``."""
        result: NDArray[np.float64] = (self.gap(rating) / self.con_divisor) ** self.con_exponent
        return result

    def bonus(self, rating: NDArray[np.float64]) -> NDArray[np.float64]:
        """``bonus(R) = ln(1 + exp((bonus_center - R) / bonus_width)) / bonus_divisor``."""
        x = (self.bonus_center - rating) / self.bonus_width
        result: NDArray[np.float64] = np.logaddexp(0.0, x) / self.bonus_divisor
        return result

    def expected(
        self, rating: NDArray[np.float64], opponent: NDArray[np.float64]
    ) -> NDArray[np.float64]:
        """``Se = 1 / (1 + exp(beta(R_opponent) - beta(R)))``."""
        result: NDArray[np.float64] = 1.0 / (1.0 + np.exp(self.beta(opponent) - self.beta(rating)))
        return result

    def changes(
        self,
        rating: NDArray[np.float64],
        opponent: NDArray[np.float64],
        score: NDArray[np.float64],
    ) -> NDArray[np.float64]:
        """Each game's change of the player rated `rating`: ``con (S - Se) + bonus``."""
        result: NDArray[np.float64] = self.con(rating) * (
            score - self.expected(rating, opponent)
        ) + self.bonus(rating)
        return result


@dataclass(frozen=True, slots=True)
class EgfState:
    """Players (ID -> position) with their ratings after the tournaments applied so far."""

    index: Mapping[int, int]
    ratings: NDArray[np.float64]
    games: NDArray[np.int64]
    last_day: NDArray[np.int32]


def initial(params: EgfParams) -> EgfState:
    """Nobody rated yet."""
    del params
    return EgfState({}, np.zeros(0), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int32))


def update(state: EgfState, games: GameArrays, params: EgfParams) -> EgfState:
    """The state after `games` (time order), tournament by tournament, as a new value.

    Raises:
        RatingError: games out of order.
    """
    check_order(games)
    index, a_list, b_list = index_players(state.index, games.first.tolist(), games.second.tolist())
    grow = len(index) - len(state.index)
    r = np.concatenate([state.ratings, np.full(grow, params.start)])
    a = np.array(a_list, dtype=np.int64)
    b = np.array(b_list, dtype=np.int64)
    n = len(index)
    for start, stop in blocks(tournament_keys(games)):
        i, j, s = a[start:stop], b[start:stop], games.score[start:stop]
        who, at = np.unique(np.concatenate([i, j]), return_inverse=True)
        change = np.concatenate([params.changes(r[i], r[j], s), params.changes(r[j], r[i], 1 - s)])
        delta = np.bincount(at, change, minlength=len(who))
        r[who] = np.maximum(params.floor, r[who] + delta)
    counts = np.concatenate([state.games, np.zeros(grow, dtype=np.int64)])
    counts += np.bincount(a, minlength=n) + np.bincount(b, minlength=n)
    last_day = np.concatenate([state.last_day, np.zeros(grow, dtype=np.int32)])
    np.maximum.at(last_day, a, games.day)
    np.maximum.at(last_day, b, games.day)
    return EgfState(index, r, counts, last_day)


def to_list(state: EgfState, params: EgfParams, as_of: dt.date) -> SystemList:
    """The ratings as a list as of `as_of` (the state holds no date-dependent part)."""
    del params
    ids, positions = by_id(state.index)
    return SystemList(
        system=NAME,
        as_of=as_of,
        players=ids,
        ratings=state.ratings[positions],
        deviations=np.zeros(len(ids)),
        games=state.games[positions],
        last_day=state.last_day[positions],
    )


def rate(games: GameArrays, params: EgfParams, as_of: dt.date) -> SystemList:
    """The GoR list as of `as_of` from every game (in time order) up to it."""
    return rate_incrementally(initial, update, to_list, games, params, as_of)


def expected(
    ratings: SystemList, first: NDArray[np.int64], second: NDArray[np.int64], params: EgfParams
) -> NDArray[np.float64]:
    """``Se`` of each game's first player; newcomers at `start`."""
    ra, _ = ratings.lookup(first, params.start, 0.0)
    rb, _ = ratings.lookup(second, params.start, 0.0)
    return params.expected(ra, rb)
