"""A tournament: where, when, who played and the games."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ratinglist.model.game import Game
from ratinglist.model.ids import PlayerId


@dataclass(frozen=True, slots=True)
class DateRange:
    """First and last day of a tournament; `order` is the same-day letter (``a``, ``b``, ...)."""

    start: dt.date
    end: dt.date | None = None
    order: str | None = None

    @property
    def last(self) -> dt.date:
        """The last day (the first day for a one-day tournament)."""
        return self.end or self.start


@dataclass(frozen=True, slots=True)
class TournamentPlayer:
    """A player's entry in one tournament, as the `%_%` player lines declare it."""

    id: PlayerId
    surname: str
    firstname: str
    country: str
    new: bool = False
    score: float | None = None
    discs: float | None = None
    rating: int | None = None


@dataclass(frozen=True, slots=True)
class Tournament:
    """A played tournament with its players and games in order."""

    name: str
    country: str
    dates: DateRange
    sender: str
    players: tuple[TournamentPlayer, ...] = ()
    games: tuple[Game, ...] = ()
