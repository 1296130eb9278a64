"""The Go rating archive's values: a rated tournament with its players' entries and games.

A player is known by an identity: ``pin:<EGD PIN>`` when the file gives a PIN, else
``name:<SURNAME>|<First name>|<country>|<club>`` (exact, never a fuzzy match: near names are
offered as candidates, not merged).
"""

from __future__ import annotations

import datetime as dt
import enum
import hashlib
from dataclasses import dataclass


class GoOutcome(enum.StrEnum):
    """A decided game's result as stored: White wins, Black wins, jigo."""

    WHITE = "W"
    BLACK = "B"
    JIGO = "J"


def player_identity(pin: str, surname: str, first_name: str, country: str, club: str) -> str:
    """The archive identity of a player (see the module docstring)."""
    if pin.strip():
        return f"pin:{pin.strip()}"
    return f"name:{surname.strip().upper()}|{first_name.strip()}|{country.upper()}|{club.strip()}"


@dataclass(frozen=True, slots=True)
class GoEntry:
    """A player of a tournament: who, the rank declared, the rating the file carries and its
    origin (the rating body: ``EGF``, ``FFG``, ``AGA``; ``INI``/``MAN``/``""``: from the
    rank or typed by hand)."""

    identity: str
    egf_pin: str
    surname: str
    first_name: str
    country: str
    club: str
    rank: str
    rating: int
    origin: str


@dataclass(frozen=True, slots=True)
class GoArchiveGame:
    """A decided game: (0-based) round, White and Black by identity, stones, komi, result."""

    round: int
    white: str
    black: str
    handicap: int
    komi: float
    outcome: GoOutcome


@dataclass(frozen=True, slots=True)
class GoArchiveTournament:
    """A rated Go tournament as the archive keeps it."""

    source: str
    short_name: str
    name: str
    location: str
    begin: dt.date
    end: dt.date
    size: int
    komi: float
    egf_class: str
    entries: tuple[GoEntry, ...]
    games: tuple[GoArchiveGame, ...]

    @property
    def games_hash(self) -> str:
        """The sha256 of the first day and the games (players by name, colours, handicaps,
        results): the same tournament sent twice, or as XML and as ``.h9``, has one hash."""
        names = {
            e.identity: f"{e.surname}{e.first_name}".upper().replace(" ", "") for e in self.entries
        }
        lines = sorted(
            f"{g.round}|{names.get(g.white, g.white)}|{names.get(g.black, g.black)}|"
            f"{g.handicap}|{g.outcome.value}"
            for g in self.games
        )
        text = "\n".join([self.begin.isoformat(), *lines])
        return hashlib.sha256(text.encode()).hexdigest()
