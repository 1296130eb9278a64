"""The rating engine's input: games as columnar numpy arrays.

A real history holds about 430,000 games, so the fit takes arrays rather than objects. Build
them from domain values with `GameArrays.from_games`, or hand over arrays directly with
`GameArrays.from_arrays` (the store does that).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ratinglist.errors import RatingError
from ratinglist.model import Game

_EPOCH_ORDINAL = dt.date(1970, 1, 1).toordinal()


def month_index(day: dt.date) -> int:
    """The calendar month of `day` as one integer: ``12 * year + (month - 1)``."""
    return 12 * day.year + day.month - 1


def month_indices(days: NDArray[np.int32]) -> NDArray[np.int64]:
    """`month_index` of each date ordinal (``date.toordinal()``) in `days`, vectorised."""
    since_epoch = (days.astype(np.int64) - _EPOCH_ORDINAL).astype("datetime64[D]")
    months: NDArray[np.int64] = since_epoch.astype("datetime64[M]").astype(np.int64) + 12 * 1970
    return months


def _frozen(values: ArrayLike, dtype: type[np.generic], name: str) -> NDArray[np.generic]:
    array = np.array(values, dtype=dtype, copy=True)
    if array.ndim != 1:
        raise RatingError(f"expected a one-dimensional {name} array, got shape {array.shape}")
    array.flags.writeable = False
    return array


@dataclass(frozen=True, slots=True)
class GameArrays:
    """Games as parallel arrays, one entry per game (read-only copies of what was given).

    - `first`, `second`: player IDs (int64), never equal within a game;
    - `score`: the first player's score (float64), 1 win, 0.5 draw, 0 loss;
    - `day`: the tournament's first day as a date ordinal (int32, ``date.toordinal()``),
      which sets the game's age weight;
    - `tournament`: an optional tournament index per game (int32), carried along, unused by
      the fit.

    Raises:
        RatingError: arrays of different lengths, a score outside {0, 0.5, 1}, a self-game.
    """

    first: NDArray[np.int64]
    second: NDArray[np.int64]
    score: NDArray[np.float64]
    day: NDArray[np.int32]
    tournament: NDArray[np.int32] | None = None

    def __post_init__(self) -> None:
        """Copy every array read-only and check the contract."""
        object.__setattr__(self, "first", _frozen(self.first, np.int64, "first"))
        object.__setattr__(self, "second", _frozen(self.second, np.int64, "second"))
        object.__setattr__(self, "score", _frozen(self.score, np.float64, "score"))
        object.__setattr__(self, "day", _frozen(self.day, np.int32, "day"))
        if self.tournament is not None:
            object.__setattr__(self, "tournament", _frozen(self.tournament, np.int32, "tournament"))
        n = len(self.first)
        lengths = {
            "first": n,
            "second": len(self.second),
            "score": len(self.score),
            "day": len(self.day),
        }
        if self.tournament is not None:
            lengths["tournament"] = len(self.tournament)
        if len(set(lengths.values())) != 1:
            raise RatingError(f"expected arrays of one length, got {lengths}")
        bad = ~((self.score == 0.0) | (self.score == 0.5) | (self.score == 1.0))
        if bad.any():
            k = int(np.flatnonzero(bad)[0])
            raise RatingError(
                f"expected scores 0, 0.5 or 1, got {float(self.score[k])!r} at game {k}"
            )
        same = self.first == self.second
        if same.any():
            k = int(np.flatnonzero(same)[0])
            raise RatingError(
                f"expected two different players per game, got '{int(self.first[k])}' "
                f"against itself at game {k}"
            )

    @classmethod
    def from_arrays(
        cls,
        first: ArrayLike,
        second: ArrayLike,
        score: ArrayLike,
        day: ArrayLike,
        tournament: ArrayLike | None = None,
    ) -> GameArrays:
        """Games from parallel arrays (copied; the caller's arrays are left untouched)."""
        return cls(
            first=np.asarray(first),
            second=np.asarray(second),
            score=np.asarray(score),
            day=np.asarray(day),
            tournament=None if tournament is None else np.asarray(tournament),
        )

    @classmethod
    def from_half_points(
        cls,
        first: ArrayLike,
        second: ArrayLike,
        half_points: ArrayLike,
        day: ArrayLike,
        tournament: ArrayLike | None = None,
    ) -> GameArrays:
        """Games whose first-player score is in half points (2 win, 1 draw, 0 loss), as the
        store's `RatingGames` columns hold them (any buffer, e.g. ``array('q')``)."""
        return cls.from_arrays(
            first, second, np.asarray(half_points, dtype=np.float64) / 2.0, day, tournament
        )

    @classmethod
    def from_games(cls, games: Iterable[tuple[Game, dt.date]]) -> GameArrays:
        """Games from ``(game, tournament first day)`` pairs; only the outcome sign counts."""
        first: list[int] = []
        second: list[int] = []
        score: list[float] = []
        day: list[int] = []
        for game, start in games:
            first.append(int(game.first))
            second.append(int(game.second))
            score.append(game.outcome.score)
            day.append(start.toordinal())
        return cls(
            first=np.array(first, dtype=np.int64),
            second=np.array(second, dtype=np.int64),
            score=np.array(score, dtype=np.float64),
            day=np.array(day, dtype=np.int32),
        )

    def __len__(self) -> int:
        """The number of games."""
        return len(self.first)

    def months(self) -> NDArray[np.int64]:
        """Each game's tournament month as ``12 * year + (month - 1)``."""
        return month_indices(self.day)

    def until(self, as_of: dt.date) -> GameArrays:
        """The games whose tournament started on or before `as_of` (a new value)."""
        return self.select(self.day <= as_of.toordinal())

    def select(self, keep: NDArray[np.bool_]) -> GameArrays:
        """The games where `keep` is true (a new value)."""
        return GameArrays(
            first=self.first[keep],
            second=self.second[keep],
            score=self.score[keep],
            day=self.day[keep],
            tournament=None if self.tournament is None else self.tournament[keep],
        )
