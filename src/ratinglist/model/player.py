"""Players as the registry knows them."""

from __future__ import annotations

from dataclasses import dataclass

from ratinglist.model.ids import PlayerId
from ratinglist.model.text import format_name


@dataclass(frozen=True, slots=True)
class Player:
    """A registered player. `country` is the code used in the players list (``FRA``, ``NLD``)."""

    id: PlayerId
    surname: str
    firstname: str
    country: str
    rating: int | None = None

    @property
    def name(self) -> str:
        """``SURNAME, Firstname`` as the players list and results files write it."""
        return format_name(self.surname, self.firstname)
