"""Papp's players list, the values: its lines as items, the layout, the whole list.

`playerlist_reader` parses a file into these values, `playerlist_writer` writes them back;
`playerlist` is the public entry point (the file format is described there).
"""

from __future__ import annotations

import collections
import enum
from collections.abc import Iterable
from dataclasses import dataclass, field

from ratinglist.formats.diagnostics import Diagnostic
from ratinglist.model import Player, PlayerId

HEADER = "% Liste des joueurs par pays"
PROGRAMS_BLOCK = "PG"
ID_WIDTH = 6
DEFAULT_NAME_WIDTH = 36

CODES: dict[str, str] = {
    "P101": "unreadable-line",
    "P102": "missing-name",
    "P103": "player-number-zero",
    "P104": "bad-rating",
    "P105": "duplicate-id",
    "P106": "player-outside-block",
    "P107": "unusual-country-code",
    "P108": "no-comma-in-name",
    "P109": "not-utf8",
    "P110": "unknown-player-country-change",
}


class NameStyle(enum.Enum):
    """How the name is written: ``SURNAME, First``, ``PROGRAM (programmer)``, ``SURNAME First``."""

    COMMA = "comma"
    PROGRAM = "program"
    PLAIN = "plain"


class LineKind(enum.Enum):
    """A line that holds no player: blank, ``%`` comment (or ``federation``), or unreadable."""

    BLANK = "blank"
    COMMENT = "comment"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class TextLine:
    """A line kept verbatim; a run of identical blank lines is one item, `repeat` lines long
    (a file of a million empty lines reads as one item, in linear time: issue 31)."""

    text: str
    kind: LineKind
    line: int = 0
    repeat: int = 1


@dataclass(frozen=True, slots=True)
class CountryLine:
    """``pays = ARG``: the players below belong to this country block."""

    code: str
    line: int = 0
    raw: str | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    """One player line.

    For `NameStyle.PROGRAM` the `firstname` holds the programmer (``EDAX (Delorme)``).
    `country` is the block code, or the ``{CTRY}`` override when `country_override` is set.
    `raw` is the original text when the canonical layout would not give it back.
    """

    id: PlayerId
    surname: str
    firstname: str
    country: str
    rating: int | None = None
    style: NameStyle = NameStyle.COMMA
    country_override: str | None = None
    comment: str | None = None
    line: int = 0
    raw: str | None = field(default=None, compare=False)

    @property
    def name(self) -> str:
        """The name as the list writes it (``ACUNA, Ricardo``, ``HAJKOVA,``, ``AIDA ()``)."""
        if self.style is NameStyle.PROGRAM:
            return f"{self.surname} ({self.firstname})"
        if self.style is NameStyle.PLAIN:
            return f"{self.surname} {self.firstname}".strip()
        return f"{self.surname}, {self.firstname}" if self.firstname else f"{self.surname},"

    def to_player(self) -> Player:
        """The registry view; a program keeps ``NAME (programmer)`` as its surname."""
        if self.style is NameStyle.PROGRAM:
            return Player(self.id, self.name, "", self.country, self.rating)
        return Player(self.id, self.surname, self.firstname, self.country, self.rating)

    @classmethod
    def from_player(cls, player: Player) -> PlayerEntry:
        """The canonical entry for a player (inverse of `to_player`)."""
        program = split_program_name(player.surname) if not player.firstname else None
        if program:
            return cls(
                player.id,
                program[0],
                program[1],
                player.country,
                player.rating,
                NameStyle.PROGRAM,
            )
        return cls(player.id, player.surname, player.firstname, player.country, player.rating)


@dataclass(frozen=True, slots=True)
class CountryChange:
    """``ID {CTRY}``: Papp moves the already listed player ID to country CTRY."""

    id: PlayerId
    country: str
    comment: str | None = None
    line: int = 0
    raw: str | None = field(default=None, compare=False)


ListItem = TextLine | CountryLine | PlayerEntry | CountryChange


@dataclass(frozen=True, slots=True)
class Layout:
    """What writing needs beyond the players: column width, line ends, encoding, BOM."""

    name_width: int = DEFAULT_NAME_WIDTH
    newline: str = "\n"
    final_newline: bool = True
    encoding: str = "utf-8"
    bom: bool = False


@dataclass(frozen=True, slots=True)
class PlayersList:
    """A players list: its lines in order, the layout to write them back, and diagnostics."""

    items: tuple[ListItem, ...] = ()
    layout: Layout = Layout()
    source: str = "<string>"
    diagnostics: tuple[Diagnostic, ...] = ()

    def entries(self) -> tuple[PlayerEntry, ...]:
        """The player lines in file order."""
        return tuple(i for i in self.items if isinstance(i, PlayerEntry))

    def players(self) -> tuple[Player, ...]:
        """The players in file order; country is the ``pays`` block (or ``{CTRY}``) code."""
        return tuple(e.to_player() for e in self.entries())

    def countries(self) -> tuple[str, ...]:
        """The ``pays =`` block codes in file order."""
        return tuple(i.code for i in self.items if isinstance(i, CountryLine))

    @classmethod
    def from_players(
        cls, players: Iterable[Player], name_width: int = DEFAULT_NAME_WIDTH
    ) -> PlayersList:
        """The canonical list Papp's maintainer publishes.

        Blocks sorted by country code, players by (surname, firstname) within a block (a
        stable sort: ties, such as programs of the same name, keep the given order), a blank
        line before and after each ``pays`` line, no blank line at the end. Rebuilding the real
        lists from their own players gives them back byte for byte.
        """
        by_country: dict[str, list[Player]] = collections.defaultdict(list)
        for p in players:
            by_country[p.country].append(p)
        items: list[ListItem] = [TextLine(HEADER, LineKind.COMMENT)]
        for code in sorted(by_country):
            items += [TextLine("", LineKind.BLANK), CountryLine(code), TextLine("", LineKind.BLANK)]
            block = sorted(map(PlayerEntry.from_player, by_country[code]), key=_sort_key)
            items += block
        return cls(tuple(items), Layout(name_width=name_width))


def _sort_key(entry: PlayerEntry) -> tuple[str, str]:
    """Papp's order: surname, then first name (programs have none, so ties keep input order)."""
    return (entry.surname, "" if entry.style is NameStyle.PROGRAM else entry.firstname)


def split_program_name(name: str) -> tuple[str, str] | None:
    """``("NAME", "programmer")`` for ``NAME (programmer)``, a program's name as the list
    writes it (split at the first `` (``, up to the final ``)``); None for other names.

    Linear in `name` (a pattern ``(.*?) \\((.*)\\)`` backtracked on many `` (``).
    """
    at = name.find(" (")
    if at < 0 or not name.endswith(")") or "\n" in name:
        return None
    return name[:at], name[at + 2 : -1]
