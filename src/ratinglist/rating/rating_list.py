"""The result of a rating calculation: an immutable, columnar rating list with an entries view."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ratinglist.errors import RatingError
from ratinglist.model import PlayerId
from ratinglist.rating.params import EuropeanParams


@dataclass(frozen=True, slots=True)
class RatingEntry:
    """One rated player. `rating` and `margin` are unrounded points (publish `round(rating)`).

    `games` counts the player's games that entered the fit (all dates); `last_played` is the
    first day of the latest tournament the player played in (rated opponents or not).
    """

    player: PlayerId
    rating: float
    margin: float
    official: bool
    listed: bool
    games: int
    last_played: dt.date

    @property
    def published(self) -> int:
        """The rating as published: rounded to the nearest integer (negatives kept)."""
        return round(self.rating)


def _read_only(array: NDArray[np.generic]) -> NDArray[np.generic]:
    array.flags.writeable = False
    return array


@dataclass(frozen=True, slots=True)
class RatingList:
    """A rating list as of a date: one row per rated player, in increasing player ID.

    Columns (read-only numpy arrays of equal length): `players`, `ratings`, `margins`,
    `official`, `listed`, `games`, `last_day` (date ordinals). `unrated` holds the IDs that
    played but are outside the rated set. `iterations` is the number of Newton steps and
    `max_residual` the final largest |weighted score - weighted expected score|.
    """

    as_of: dt.date
    params: EuropeanParams
    iterations: int
    max_residual: float
    players: NDArray[np.int64]
    ratings: NDArray[np.float64]
    margins: NDArray[np.float64]
    official: NDArray[np.bool_]
    listed: NDArray[np.bool_]
    games: NDArray[np.int64]
    last_day: NDArray[np.int32]
    unrated: NDArray[np.int64]

    def __post_init__(self) -> None:
        """Freeze the columns."""
        for name in ("players", "ratings", "margins", "official", "listed", "games", "last_day"):
            _read_only(getattr(self, name))
        _read_only(self.unrated)

    def __len__(self) -> int:
        """The number of rated players."""
        return len(self.players)

    def _entry(self, k: int) -> RatingEntry:
        return RatingEntry(
            player=PlayerId(int(self.players[k])),
            rating=float(self.ratings[k]),
            margin=float(self.margins[k]),
            official=bool(self.official[k]),
            listed=bool(self.listed[k]),
            games=int(self.games[k]),
            last_played=dt.date.fromordinal(int(self.last_day[k])),
        )

    @property
    def entries(self) -> tuple[RatingEntry, ...]:
        """Every rated player as a `RatingEntry`, in increasing player ID."""
        return tuple(self._entry(k) for k in range(len(self.players)))

    def ranked(self) -> tuple[RatingEntry, ...]:
        """The listed players by decreasing rating (ties by increasing ID): the published list."""
        rows = np.flatnonzero(self.listed)
        order = rows[np.lexsort((self.players[rows], -self.ratings[rows]))]
        return tuple(self._entry(int(k)) for k in order)

    def entry(self, player: PlayerId) -> RatingEntry:
        """The entry of `player`.

        Raises:
            RatingError: the player is not rated in this list.
        """
        k = int(np.searchsorted(self.players, player))
        if k == len(self.players) or int(self.players[k]) != player:
            raise RatingError(f"expected a rated player, got '{player}' (not in the rated set)")
        return self._entry(k)

    def __contains__(self, player: object) -> bool:
        """True when `player` (an ID) is rated in this list."""
        if not isinstance(player, int):
            return False
        k = int(np.searchsorted(self.players, player))
        return k < len(self.players) and int(self.players[k]) == player
