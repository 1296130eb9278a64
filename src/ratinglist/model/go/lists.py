"""Go federation rating lists (EGF, FFG, AGA) as values: one record per listed player.

Every list's rating is kept twice: as printed (`raw_rating`, the text of the list) and on the
internal EGF GoR scale (`rating`, GO.md section b), so a player from any list is compared with
players from the others. A list record is not a registered player: registration copies it.
"""

from __future__ import annotations

import datetime as dt
import enum
from dataclasses import dataclass

from ratinglist.model.go import clamp_rating, ffg_from_rating, format_aga


class ListOrigin(enum.StrEnum):
    """The federation that publishes a rating list (OpenGotha's `ratingOrigin` prefixes)."""

    EGF = "EGF"
    FFG = "FFG"
    AGA = "AGA"


@dataclass(frozen=True, slots=True)
class GoListPlayer:
    """One player of a rating list.

    `number` is the list's identifier as printed: EGF PIN, FFG licence (``-------`` when the
    player has none), AGA id. `grade` is the rank the player declared (EGF only, e.g. ``6k``),
    `licence_status` the FFG status letter (``L`` licensed this season, ``C``, ``e`` foreign,
    ``-`` not licensed), `expiry` the AGA membership expiration date as printed. `line` is the
    1-based line of the list file the record was read from.
    """

    origin: ListOrigin
    number: str
    surname: str
    first_name: str
    country: str
    club: str
    rating: int
    raw_rating: str
    grade: str = ""
    licence_status: str = ""
    expiry: str = ""
    line: int = 0

    @property
    def key(self) -> str:
        """OpenGotha's identity key: upper-case surname and first name without blanks."""
        return player_key(self.surname, self.first_name)

    @property
    def full_name(self) -> str:
        """``Surname First`` as a person reads it."""
        return f"{self.surname} {self.first_name}".strip()


@dataclass(frozen=True, slots=True)
class GoRatingList:
    """A whole rating list: its federation, its publication date if the file says it."""

    origin: ListOrigin
    published: dt.date | None
    source: str
    players: tuple[GoListPlayer, ...]


def player_key(surname: str, first_name: str) -> str:
    """``upper(surname + first_name)`` with every blank removed (OpenGotha's `getKeyString`)."""
    return "".join((surname + first_name).upper().split())


AGA_UNRATED_RAW = -2850
"""The raw AGA rating (x 100) OpenGotha gives a player whose list rating is empty."""


def aga_unrated_rating() -> int:
    """The internal rating of an AGA player without a rating: raw -2850 -> -700."""
    return clamp_rating(AGA_UNRATED_RAW + 2150)


def list_rating_text(origin: ListOrigin, rating: int) -> str:
    """An internal rating as `origin`'s list prints it: EGF GoR, FFG raw, AGA ``e.ff``.

    FFG raw = rating - 2050; AGA: r = rating - 2050, moved 100 away from zero (r >= 0 -> r +
    100, else r - 100), printed with two decimals (999 -> ``-11.51``, 2050 -> ``1.00``).
    """
    if origin is ListOrigin.EGF:
        return str(rating)
    if origin is ListOrigin.FFG:
        return str(ffg_from_rating(rating))
    return format_aga(rating)


def rating_origin(origin: ListOrigin, rating: int) -> str:
    """OpenGotha's `ratingOrigin` for a rating taken from a list: ``FFG : -1774``."""
    return f"{origin.value} : {list_rating_text(origin, rating)}"
