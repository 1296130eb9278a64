"""Incremental Elo as in seed 002 (DOMAIN section 5), every number a parameter.

- ``P(A) = 1 / (1 + base^((N_B - N_A) / scale))`` (base 10, scale 500), ``N' = N + K (S - P)``;
  newcomers start at `start` (1000).
- ``K`` per player and game: `k_new` (50) below `new_games` (10) official rounds played
  before the game, else `k_top` (15) at `top_rating` (1400) or more, else `k_general` (30).
  Not zero-sum: each side uses its own K.
- "When the difference is more than 500 points the player with the upper level can't earn
  any points" (`favourite_gap`): the favourite's gain is set to 0; a loss still counts.
- `rounding` TRUNCATE cuts each change toward zero (the seed's example: +35.76 -> +35,
  +8.54 -> +8, so ratings stay whole numbers); NONE keeps the exact change.
- `mode` GAME applies the games one by one in their given order within a tournament (the
  store gives file order, i.e. round order); TOURNAMENT rates every game of a tournament
  against the ratings at its start and applies the sum at its end ("batch"). Either way a
  list as of a date holds whole tournaments ("the ELO overall is updated at the end of each
  tournament").
- Yearly downgrade: at the end of each season (`season_end`, 31 December), a player above
  `downgrade_above` (1000) who played no tournament in that season loses `downgrade` (100),
  never dropping below `downgrade_floor` (1000).
- Ranks: the highest rank whose rating threshold and match minimum the player meets; a rank
  with a `fallback` gives that title to a player who has its rating but not its matches
  (Master needs 10 matches, else Seneschal). The lowest rank covers every rating below the
  next one.
"""

from __future__ import annotations

import datetime as dt
import enum
import math
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
    logistic,
    rate_incrementally,
    tournament_keys,
)

NAME = "elo"


class Rounding(enum.Enum):
    """How a rating change is rounded before it is applied."""

    TRUNCATE = "truncate"
    NONE = "none"


class UpdateMode(enum.Enum):
    """When games of a tournament see the changes of earlier games of the same tournament."""

    GAME = "game"
    TOURNAMENT = "tournament"


@dataclass(frozen=True, slots=True)
class EloRank:
    """A rank: from `min_rating` points with at least `min_games` official matches; a player
    with the rating but fewer matches gets `fallback` when set (else the rank below)."""

    min_rating: float
    title: str
    min_games: int = 0
    fallback: str | None = None


DEFAULT_RANKS: tuple[EloRank, ...] = (
    EloRank(0.0, "Quartermaster"),
    EloRank(700.0, "Militiaman"),
    EloRank(800.0, "Reservist"),
    EloRank(900.0, "Soldier"),
    EloRank(1100.0, "Knight"),
    EloRank(1200.0, "Champion"),
    EloRank(1300.0, "Master", 10, "Seneschal"),
    EloRank(1400.0, "Great Master", 20),
    EloRank(1600.0, "Strategist", 30),
)


@dataclass(frozen=True, slots=True)
class EloParams:
    """All numbers of seed 002's Elo (see the module docstring); defaults are the seed's."""

    start: float = 1000.0
    base: float = 10.0
    scale: float = 500.0
    k_new: float = 50.0
    k_general: float = 30.0
    k_top: float = 15.0
    new_games: int = 10
    top_rating: float = 1400.0
    favourite_gap: float | None = 500.0
    rounding: Rounding = Rounding.TRUNCATE
    mode: UpdateMode = UpdateMode.GAME
    downgrade: float = 100.0
    downgrade_above: float = 1000.0
    downgrade_floor: float = 1000.0
    season_end: tuple[int, int] = (12, 31)
    ranks: tuple[EloRank, ...] = DEFAULT_RANKS

    def __post_init__(self) -> None:
        """Reject numbers the update cannot use."""
        if not (self.base > 1 and self.scale > 0):
            raise RatingError(f"expected base > 1 and scale > 0, got {self.base}, {self.scale}")
        if min(self.k_new, self.k_general, self.k_top) < 0 or self.new_games < 0:
            raise RatingError(
                f"expected non-negative K factors and new_games, got {self.k_new}, "
                f"{self.k_general}, {self.k_top}, {self.new_games}"
            )
        if self.downgrade < 0:
            raise RatingError(f"expected a non-negative downgrade, got {self.downgrade}")
        try:
            dt.date(2001, *self.season_end)
        except (TypeError, ValueError) as exc:
            raise RatingError(
                f"expected the season end as (month, day) of a non-leap year, got "
                f"{self.season_end!r}"
            ) from exc
        thresholds = [r.min_rating for r in self.ranks]
        if not self.ranks or thresholds != sorted(thresholds):
            raise RatingError("expected at least one rank, in increasing rating order")

    def season(self, day: dt.date) -> int:
        """The season (the year it ends in) that `day` belongs to."""
        return day.year if (day.month, day.day) <= self.season_end else day.year + 1

    def seasons_ended(self, as_of: dt.date) -> int:
        """The latest season whose end is on or before `as_of`."""
        return as_of.year if (as_of.month, as_of.day) >= self.season_end else as_of.year - 1

    def title(self, rating: float, games: int) -> str:
        """The rank title of a player with `rating` after `games` official matches."""
        for rank in reversed(self.ranks):
            if rating >= rank.min_rating:
                if games >= rank.min_games:
                    return rank.title
                if rank.fallback is not None:
                    return rank.fallback
        return self.ranks[0].title


@dataclass(frozen=True, slots=True)
class EloState:
    """Ratings after the games applied so far (positions by `index`, ID -> position).

    `last_season` is each player's latest season with a tournament; `season` the season of
    the latest tournament applied (every earlier season's downgrade is done), None at first.
    """

    index: Mapping[int, int]
    ratings: NDArray[np.float64]
    games: NDArray[np.int64]
    last_day: NDArray[np.int32]
    last_season: NDArray[np.int64]
    season: int | None


def initial(params: EloParams) -> EloState:
    """Nobody rated yet."""
    del params
    return EloState(
        index={},
        ratings=np.zeros(0),
        games=np.zeros(0, dtype=np.int64),
        last_day=np.zeros(0, dtype=np.int32),
        last_season=np.zeros(0, dtype=np.int64),
        season=None,
    )


def downgrade(
    ratings: NDArray[np.float64],
    last_season: NDArray[np.int64],
    seasons: range,
    params: EloParams,
) -> NDArray[np.float64]:
    """Ratings after the yearly downgrade at the end of each of `seasons` (a new array)."""
    result = ratings.copy()
    if params.downgrade == 0:
        return result
    for season in seasons:
        hit = (result > params.downgrade_above) & (last_season < season)
        result[hit] = np.maximum(params.downgrade_floor, result[hit] - params.downgrade)
    return result


def change(k: float, score: float, expected: float, lead: float, params: EloParams) -> float:
    """One player's change ``K (S - P)`` after the favourite rule and the rounding; `lead` is
    the player's rating minus the opponent's."""
    delta = k * (score - expected)
    if params.favourite_gap is not None and lead > params.favourite_gap and delta > 0:
        delta = 0.0
    if params.rounding is Rounding.TRUNCATE:
        delta = float(math.trunc(delta))
    return delta


def update(state: EloState, games: GameArrays, params: EloParams) -> EloState:
    """The state after `games` (in time order; whole tournaments), as a new value.

    Raises:
        RatingError: games out of order or starting before the latest applied tournament.
    """
    check_order(games)
    index, a, b = index_players(state.index, games.first.tolist(), games.second.tolist())
    grow = len(index) - len(state.index)
    ratings = np.concatenate([state.ratings, np.full(grow, params.start)])
    played = np.concatenate([state.games, np.zeros(grow, dtype=np.int64)]).tolist()
    last_day = np.concatenate([state.last_day, np.zeros(grow, dtype=np.int32)])
    last_season = np.concatenate([state.last_season, np.zeros(grow, dtype=np.int64)])
    season = state.season
    r: list[float] = ratings.tolist()
    score = games.score.tolist()
    for start, stop in blocks(tournament_keys(games)):
        day = dt.date.fromordinal(int(games.day[start]))
        now = params.season(day)
        if season is not None and now < season:
            raise RatingError(
                f"expected tournaments in time order, got one on {day.isoformat()} after a "
                f"later season"
            )
        if season is not None and now > season:
            r = downgrade(np.array(r), last_season, range(season, now), params).tolist()
        season = now
        _tournament(r, played, a[start:stop], b[start:stop], score[start:stop], params)
        who = np.array(a[start:stop] + b[start:stop], dtype=np.int64)
        last_day[who] = day.toordinal()
        last_season[who] = now
    return EloState(
        index=index,
        ratings=np.array(r, dtype=np.float64),
        games=np.array(played, dtype=np.int64),
        last_day=last_day,
        last_season=last_season,
        season=season,
    )


def _tournament(
    r: list[float],
    played: list[int],
    a: list[int],
    b: list[int],
    score: list[float],
    params: EloParams,
) -> None:
    """Apply one tournament's games to `r` and `played` in place (the one mutable step)."""
    batch = params.mode is UpdateMode.TOURNAMENT
    base_r, base_n = (list(r), list(played)) if batch else (r, played)
    deltas: list[tuple[int, float]] = []
    for i, j, s in zip(a, b, score, strict=True):
        ri, rj = base_r[i], base_r[j]
        p = 1.0 / (1.0 + params.base ** ((rj - ri) / params.scale))
        di = change(_k(ri, base_n[i], params), s, p, ri - rj, params)
        dj = change(_k(rj, base_n[j], params), 1.0 - s, 1.0 - p, rj - ri, params)
        if batch:
            deltas.append((i, di))
            deltas.append((j, dj))
        else:
            r[i] += di
            r[j] += dj
            played[i] += 1
            played[j] += 1
    if batch:
        for k, d in deltas:
            r[k] += d
            played[k] += 1


def _k(rating: float, games: int, params: EloParams) -> float:
    if games < params.new_games:
        return params.k_new
    return params.k_top if rating >= params.top_rating else params.k_general


def to_list(
    state: EloState, params: EloParams, as_of: dt.date, *, titles: bool = True
) -> SystemList:
    """The list as of `as_of`: the state after every season end up to `as_of`, with titles
    (left out with ``titles=False``, which the evaluation's monthly lists do not need)."""
    ratings = state.ratings
    if state.season is not None:
        ended = range(state.season, params.seasons_ended(as_of) + 1)
        ratings = downgrade(ratings, state.last_season, ended, params)
    ids, positions = by_id(state.index)
    rated = ratings[positions]
    played = state.games[positions]
    return SystemList(
        system=NAME,
        as_of=as_of,
        players=ids,
        ratings=rated,
        deviations=np.zeros(len(ids)),
        games=played,
        last_day=state.last_day[positions],
        titles=tuple(
            params.title(x, n) for x, n in zip(rated.tolist(), played.tolist(), strict=True)
        )
        if titles
        else (),
    )


def rate(games: GameArrays, params: EloParams, as_of: dt.date) -> SystemList:
    """The Elo list as of `as_of` from every game (in time order) up to it."""
    return rate_incrementally(initial, update, to_list, games, params, as_of)


def expected(
    ratings: SystemList, first: NDArray[np.int64], second: NDArray[np.int64], params: EloParams
) -> NDArray[np.float64]:
    """``P(first)`` of each game; players not in the list at `start`."""
    ra, _ = ratings.lookup(first, params.start, 0.0)
    rb, _ = ratings.lookup(second, params.start, 0.0)
    return logistic(ra - rb, params.base, params.scale)
