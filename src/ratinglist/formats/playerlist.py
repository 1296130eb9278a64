"""Papp's players list (the "joueurs" file): read it, write it back byte for byte.

The file is ``% Liste des joueurs par pays``, then blocks opened by ``pays = ARG``; each player
line is ``ID NAME, Firstname   %_<rating>`` with the ID right-aligned on 6 columns and the name
left-aligned on a fixed width (31 columns in 2018 lists, 36 since 2019), the rating optional
and possibly negative. Papp also accepts a ``{CTRY}`` country override, a back-quoted comment,
``NAME (programmer)`` for programs, names without a comma, ``% comment`` lines and a line
``ID {CTRY}`` that changes a known player's country (Papp's ``pap.y`` grammar).

Every line is kept as an item in file order. A player line that the canonical layout does not
reproduce keeps its original text in `PlayerEntry.raw`, which is written back as long as the
entry's fields still match it; so writing what was read gives back the same bytes.
"""

from __future__ import annotations

import collections
import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from ratinglist.errors import PlayersListError
from ratinglist.formats.diagnostics import Diagnostic, Severity
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
    """A line kept verbatim."""

    text: str
    kind: LineKind
    line: int = 0


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
        program = _PROGRAM_NAME.fullmatch(player.surname) if not player.firstname else None
        if program:
            return cls(
                player.id,
                program.group(1),
                program.group(2),
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


_PROGRAM_NAME = re.compile(r"(.*?) \((.*)\)")
_PLAYER = re.compile(r"(\s*)(\d+)(?=\s|\{|$)(.*)")
_COUNTRY = re.compile(r"\s*[Pp]ays\s*=\s*(\S*)\s*")
_RATING = re.compile(r"(?:%_)?\s*<\s*(-?\d+)\s*>\s*$")
_OVERRIDE = re.compile(r"\{\s*([^{}]*?)\s*\}")


def format_entry(entry: PlayerEntry, name_width: int = DEFAULT_NAME_WIDTH) -> str:
    """One player line; the original text when it still matches the entry's fields."""
    if entry.raw is not None:
        parsed = _parse_player(entry.raw, entry.line, entry.country, "", [])
        if isinstance(parsed, PlayerEntry) and parsed == replace(entry, country=parsed.country):
            return entry.raw
    text = f"{entry.id:>{ID_WIDTH}} {entry.name:<{name_width}}"
    if entry.country_override is not None:
        text += f" {{{entry.country_override}}}"
    if entry.rating is not None:
        text += f" %_<{entry.rating}>"
    if entry.comment is not None:
        text += f" `{entry.comment}"
    return text


def _format_item(item: ListItem, layout: Layout) -> str:
    if isinstance(item, TextLine):
        return item.text
    if isinstance(item, CountryLine):
        if item.raw is not None and _COUNTRY.fullmatch(item.raw):
            match = _COUNTRY.fullmatch(item.raw)
            if match and match.group(1) == item.code:
                return item.raw
        return f"pays = {item.code}"
    if isinstance(item, CountryChange):
        if item.raw is not None:
            parsed = _parse_player(item.raw, item.line, "", "", [])
            if parsed == item:
                return item.raw
        text = f"{item.id:>{ID_WIDTH}} {{{item.country}}}"
        return text + (f" `{item.comment}" if item.comment is not None else "")
    return format_entry(item, layout.name_width)


def format_players_list(pl: PlayersList) -> str:
    """The text of the list (`parse_players_list` of it gives the same items)."""
    lines = [_format_item(item, pl.layout) for item in pl.items]
    text = pl.layout.newline.join(lines)
    if pl.layout.final_newline and lines:
        text += pl.layout.newline
    return ("\ufeff" if pl.layout.bom else "") + text


def write_players_list(pl: PlayersList, path: str | Path) -> None:
    """Write the list with its layout's encoding.

    Raises:
        PlayersListError: the file cannot be written or a name does not fit the encoding.
    """
    try:
        Path(path).write_bytes(format_players_list(pl).encode(pl.layout.encoding))
    except UnicodeEncodeError as exc:
        bad = exc.object[exc.start : exc.end]
        raise PlayersListError(
            f"cannot write {path}: expected text that fits {pl.layout.encoding}, got {bad!r}"
        ) from exc
    except OSError as exc:
        raise PlayersListError(f"cannot write {path}: {exc.strerror or exc}") from exc


def read_players_list(path: str | Path, strict: bool = False) -> PlayersList:
    """Read a players list file: UTF-8 (BOM allowed), Latin-1 fallback with a warning.

    Raises:
        PlayersListError: the file cannot be read or is not a players list.
    """
    source = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise PlayersListError(f"cannot read {source}: {exc.strerror or exc}") from exc
    extra: list[Diagnostic] = []
    encoding = "utf-8"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        encoding = "latin-1"
        text = data.decode("latin-1")
        line = data[: exc.start].count(b"\n") + 1
        extra.append(
            Diagnostic(
                "P109",
                Severity.WARNING,
                "expected UTF-8 text, read the file as Latin-1",
                source,
                line,
                exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1,
                repr(data[exc.start : exc.end]),
            )
        )
    pl = parse_players_list(text, source, strict=strict)
    return replace(
        pl,
        layout=replace(pl.layout, encoding=encoding),
        diagnostics=tuple(extra) + pl.diagnostics,
    )


def parse_players_list(text: str, source: str = "<string>", strict: bool = False) -> PlayersList:
    """Parse the text of a players list; bad lines give ``P1xx`` diagnostics, never a crash.

    With `strict`, the first error diagnostic raises instead.

    Raises:
        PlayersListError: the text holds binary data, or lines but neither a ``pays`` line
            nor a player line (not a players list).
    """
    bom = text.startswith("\ufeff")
    if bom:
        text = text[1:]
    if "\x00" in text:
        at = text.count("\n", 0, text.index("\x00")) + 1
        raise PlayersListError(f"{source}:{at}: expected text, got binary data (NUL byte)")
    raw_lines = text.split("\n")
    final_newline = raw_lines[-1] == ""
    if final_newline:
        raw_lines.pop()
    ended = len(raw_lines) if final_newline else len(raw_lines) - 1
    crlf = ended > 0 and all(line.endswith("\r") for line in raw_lines[:ended])
    if crlf:
        raw_lines = [line[:-1] for line in raw_lines[:ended]] + raw_lines[ended:]

    diags: list[Diagnostic] = []
    items: list[ListItem] = []
    country = ""
    seen: dict[int, int] = {}
    for n, line in enumerate(raw_lines, 1):
        before = len(diags)
        item = _parse_line(line, n, country, source, diags)
        if isinstance(item, CountryLine):
            country = item.code
        elif isinstance(item, PlayerEntry):
            if item.id in seen:
                diags.append(
                    _diag(
                        "P105",
                        Severity.ERROR,
                        f"player {item.id} already listed on line {seen[item.id]}",
                        source,
                        n,
                        line,
                        str(item.id),
                    )
                )
            else:
                seen[item.id] = n
        elif isinstance(item, CountryChange) and item.id not in seen:
            diags.append(
                _diag(
                    "P110",
                    Severity.WARNING,
                    f"expected a listed player before this country "
                    f"change, got unknown player {item.id}",
                    source,
                    n,
                    line,
                    str(item.id),
                )
            )
        items.append(item)
        errors = [d for d in diags[before:] if d.severity is Severity.ERROR]
        if strict and errors:
            raise PlayersListError(errors[0].format())

    unknown = any(isinstance(i, TextLine) and i.kind is LineKind.UNKNOWN for i in items)
    if unknown and not any(isinstance(i, CountryLine | PlayerEntry) for i in items):
        raise PlayersListError(
            f"{source}: expected a players list ('pays = CODE' and 'ID NAME, Firstname' "
            f"lines), got none in {len(items)} lines"
        )
    layout = Layout(
        name_width=_name_width(items, raw_lines),
        newline="\r\n" if crlf else "\n",
        final_newline=final_newline,
        bom=bom,
    )
    kept = tuple(_keep_raw(item, raw_lines, layout.name_width) for item in items)
    return PlayersList(kept, layout, source, tuple(diags))


def _keep_raw(item: ListItem, lines: list[str], width: int) -> ListItem:
    """The item with its original text attached when the canonical layout differs from it."""
    text = lines[item.line - 1]
    if isinstance(item, PlayerEntry) and format_entry(item, width) != text:
        return replace(item, raw=text)
    if isinstance(item, CountryLine | CountryChange) and _format_item(item, Layout()) != text:
        return replace(item, raw=text)
    return item


def _name_width(items: list[ListItem], lines: list[str]) -> int:
    """The most common padded name width among entries whose name is shorter than the pad."""
    widths: collections.Counter[int] = collections.Counter()
    for item in items:
        if not isinstance(item, PlayerEntry):
            continue
        raw = lines[item.line - 1]
        cut = raw.find(" %_<")
        body = raw if cut < 0 else raw[:cut]
        name_part = body[ID_WIDTH + 1 :]
        if len(name_part) > len(item.name) and name_part.startswith(item.name):
            widths[len(name_part)] += 1
    return widths.most_common(1)[0][0] if widths else DEFAULT_NAME_WIDTH


def _diag(
    code: str, severity: Severity, message: str, source: str, line: int, text: str, token: str
) -> Diagnostic:
    """A diagnostic pointing at `token` inside the line `text`."""
    column = text.find(token) + 1 if token and token in text else 1
    return Diagnostic(code, severity, message, source, line, column, text)


def _parse_line(line: str, n: int, country: str, source: str, diags: list[Diagnostic]) -> ListItem:
    stripped = line.strip()
    if not stripped:
        return TextLine(line, LineKind.BLANK, n)
    if stripped.startswith("%") or stripped[:10].lower() == "federation":
        return TextLine(line, LineKind.COMMENT, n)
    match = _COUNTRY.fullmatch(line)
    if match:
        code = match.group(1)
        if not code:
            diags.append(
                _diag(
                    "P101",
                    Severity.ERROR,
                    "expected a country code after 'pays =', got nothing",
                    source,
                    n,
                    line,
                    "",
                )
            )
            return TextLine(line, LineKind.UNKNOWN, n)
        if not (len(code) == 3 and code.isascii() and code.isalpha() and code.isupper()) and (
            code != PROGRAMS_BLOCK
        ):
            diags.append(
                _diag(
                    "P107",
                    Severity.NOTE,
                    f"expected a 3-letter country code, got {code!r}",
                    source,
                    n,
                    line,
                    code,
                )
            )
        return CountryLine(code, n)
    if _PLAYER.match(line):
        parsed = _parse_player(line, n, country, source, diags)
        if parsed is not None:
            return parsed
        return TextLine(line, LineKind.UNKNOWN, n)
    diags.append(
        _diag(
            "P101",
            Severity.WARNING,
            f"expected 'pays = CODE', a player line "
            f"'ID NAME, Firstname' or a '%' comment, got {stripped[:40]!r}",
            source,
            n,
            line,
            stripped[:1],
        )
    )
    return TextLine(line, LineKind.UNKNOWN, n)


def _parse_player(
    line: str, n: int, country: str, source: str, diags: list[Diagnostic]
) -> PlayerEntry | CountryChange | None:
    """Parse a line that starts with an ID; None (with a diagnostic) when it is unusable."""
    match = _PLAYER.match(line)
    if match is None:
        return None
    pid = PlayerId(int(match.group(2)))
    rest = match.group(3)
    comment: str | None = None
    tick = rest.find("`")
    if tick >= 0:
        rest, comment = rest[:tick], rest[tick + 1 :]
    rating: int | None = None
    rmatch = _RATING.search(rest)
    if rmatch:
        rating = int(rmatch.group(1))
        rest = rest[: rmatch.start()]
    elif "%_" in rest:
        at = rest.index("%_")
        diags.append(
            _diag(
                "P104",
                Severity.WARNING,
                f"expected a rating '%_<number>', got {rest[at:].strip()!r}",
                source,
                n,
                line,
                rest[at:].strip(),
            )
        )
        rest = rest[:at]
    if "%" in rest:  # Papp: '%' starts a comment up to the end of the line
        rest = rest[: rest.index("%")]
    override: str | None = None
    omatch = _OVERRIDE.search(rest)
    if omatch:
        override = omatch.group(1)
        rest = rest[: omatch.start()] + rest[omatch.end() :]
    name = " ".join(rest.split())
    if pid == 0:
        diags.append(
            _diag(
                "P103",
                Severity.ERROR,
                f"expected a player number above 0, got {match.group(2)!r}",
                source,
                n,
                line,
                match.group(2),
            )
        )
        return None
    if not name:
        if override is not None:
            return CountryChange(pid, override, comment, n)
        diags.append(
            _diag(
                "P102",
                Severity.ERROR,
                f"expected a name after player number {pid}, got nothing",
                source,
                n,
                line,
                match.group(2),
            )
        )
        return None
    if not country and override is None:
        diags.append(
            _diag(
                "P106",
                Severity.WARNING,
                f"expected a 'pays = CODE' line before player {pid}, got none",
                source,
                n,
                line,
                match.group(2),
            )
        )
    program = _PROGRAM_NAME.fullmatch(name)
    if program and "," not in name:
        surname, firstname, style = program.group(1), program.group(2), NameStyle.PROGRAM
    elif "," in name:
        surname, _, firstname = name.partition(",")
        surname, firstname, style = surname.strip(), firstname.strip(), NameStyle.COMMA
    else:
        surname, _, firstname = name.rpartition(" ")
        if not surname:
            surname, firstname = firstname, ""
        style = NameStyle.PLAIN
        diags.append(
            _diag(
                "P108",
                Severity.NOTE,
                f"expected 'SURNAME, Firstname', got {name!r}; read {surname!r} as the surname",
                source,
                n,
                line,
                name,
            )
        )
    return PlayerEntry(
        id=pid,
        surname=surname,
        firstname=firstname,
        country=override if override is not None else country,
        rating=rating,
        style=style,
        country_override=override,
        comment=comment,
        line=n,
    )
