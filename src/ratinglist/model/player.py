"""Players as the registry knows them."""

from __future__ import annotations

from dataclasses import dataclass

from ratinglist.errors import N_, ConflictError
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


class NamesakeConflict(ConflictError):
    """A new player has the name of registered players: the director chooses one of them
    (enter that ID) or registers the new player anyway; nothing was written."""

    def __init__(self, namesakes: tuple[Player, ...], name: str) -> None:
        listed = ", ".join(f"{p.name} ({p.id}, {p.country})" for p in namesakes)
        super().__init__(
            N_(
                "expected a new player, got %(name)s with the same name as registered "
                "%(listed)s: enter that ID if it is the same person, or register the new "
                "player anyway"
            ),
            name=name,
            listed=listed,
        )
        self.namesakes = namesakes
        self.name = name
