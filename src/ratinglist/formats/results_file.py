"""The value a .ELO results file reads into: header, player lines, game lines, diagnostics.

This is the *syntax-level* view: player references are the raw tokens of the file (a real ID
such as ``"4875"`` or a temporary one such as ``"NEW1"``), every item keeps its source line.
`ResultsFile.to_tournament` turns it into the domain `Tournament` once temporary IDs are mapped.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ratinglist.errors import ResultsFileError
from ratinglist.formats.diagnostics import Diagnostic
from ratinglist.formats.numbers import whole_number
from ratinglist.model import (
    Colour,
    DateRange,
    Game,
    Outcome,
    PlayerId,
    Tournament,
    TournamentPlayer,
    shown_id,
)


@dataclass(frozen=True, slots=True)
class Header:
    """The ``%%`` header lines. Missing lines are None (and a diagnostic says so)."""

    tournament: str | None = None
    country: str | None = None
    dates: DateRange | None = None
    sender: str | None = None
    creator: str | None = None
    creation_date: str | None = None
    extra: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """A ``%_%`` player line. `token` is the ID as written (without the ``+``)."""

    token: str
    surname: str = ""
    firstname: str = ""
    country: str = ""
    new: bool = False
    score: float | None = None
    discs: float | None = None
    rating: int | None = None
    line: int = 0

    @classmethod
    def from_tournament_player(cls, p: TournamentPlayer) -> PlayerLine:
        """The player line declaring a tournament entry (token = the ID)."""
        return cls(
            token=shown_id(p.id),
            surname=p.surname,
            firstname=p.firstname,
            country=p.country,
            new=p.new,
            score=p.score,
            discs=p.discs,
            rating=p.rating,
        )

    def to_tournament_player(self, pid: PlayerId) -> TournamentPlayer:
        """The tournament entry of this line, under the (mapped) ID `pid`."""
        return TournamentPlayer(
            id=pid,
            surname=self.surname,
            firstname=self.firstname,
            country=self.country,
            new=self.new,
            score=self.score,
            discs=self.discs,
            rating=self.rating,
        )


@dataclass(frozen=True, slots=True)
class GameLine:
    """One game as written in the file.

    `excluded` is None for a usable game, else the code of the diagnostic that keeps it out of
    ratings (self-game, unknown ID, ...). `added` is True for games after ``%%Added results``.
    """

    first: str
    second: str
    outcome: Outcome
    first_discs: int | None = None
    second_discs: int | None = None
    first_colour: Colour | None = None
    round: int | None = None
    added: bool = False
    excluded: str | None = None
    line: int = 0
    column: int = 1


@dataclass(frozen=True, slots=True)
class RoundMarker:
    """A recognised round comment such as ``%Round 3`` (number) or ``%Finals`` (number None)."""

    number: int | None
    text: str
    line: int


@dataclass(frozen=True, slots=True)
class ResultsFile:
    """Everything read from one .ELO file."""

    source: str
    header: Header
    players: tuple[PlayerLine, ...] = ()
    games: tuple[GameLine, ...] = ()
    rounds: tuple[RoundMarker, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = field(default=())
    encoding: str = "ascii"

    def to_tournament(self, id_map: Mapping[str, PlayerId] | None = None) -> Tournament:
        """The domain tournament: usable games only, tokens mapped to IDs.

        A token found in `id_map` (temporary IDs) is replaced; any other token must be
        numeric. Games whose `excluded` is set, or with an unmappable token, are left out.
        """
        mapping = id_map or {}

        def to_id(token: str) -> PlayerId | None:
            if token in mapping:
                return mapping[token]
            number = whole_number(token) if token.isdigit() else None
            return None if number is None else PlayerId(number)

        players = []
        for p in self.players:
            pid = to_id(p.token)
            if pid is None:
                continue
            players.append(p.to_tournament_player(pid))
        games = []
        for g in self.games:
            a, b = to_id(g.first), to_id(g.second)
            if g.excluded is not None or a is None or b is None:
                continue
            games.append(
                Game(
                    first=a,
                    second=b,
                    outcome=g.outcome,
                    first_discs=g.first_discs,
                    second_discs=g.second_discs,
                    first_colour=g.first_colour,
                    round=g.round,
                )
            )
        h = self.header
        if h.dates is None:
            raise ResultsFileError(f"{self.source}: no tournament date in the header")
        return Tournament(
            name=h.tournament or "",
            country=h.country or "",
            dates=h.dates,
            sender=h.sender or "",
            players=tuple(players),
            games=tuple(games),
        )
