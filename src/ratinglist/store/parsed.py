"""A results file reduced to plain values for the import, so it can cross process boundaries.

`parse_for_import(path)` reads, hashes and parses one file and keeps only what the import
stores, as tuples of str/int/None: pickling these between a parsing worker process and the
writing process is cheap (pickling the reader's dataclasses costs as much as parsing).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import zlib
from dataclasses import dataclass
from pathlib import Path

from ratinglist.errors import ResultsFileError
from ratinglist.formats.diagnostics import Diagnostic, Severity
from ratinglist.formats.elo_reader import read_elo_bytes
from ratinglist.formats.elo_totals import totals_notes

PlayerRow = tuple[str, str, str, str]
"""token, surname, firstname, country of a ``%_%`` line."""

GameRow = tuple[
    str, str, str, int | None, int | None, str | None, int | None, bool, str | None, int, int
]
"""first token, second token, sign, first discs, second discs, first colour, round, added,
excluded code, line, column."""

DiagnosticRow = tuple[str, str, int, int, str, str]
"""code, severity, line, column, message, text."""

UNREADABLE = "S001"


@dataclass(frozen=True, slots=True)
class ParsedFile:
    """One file as the import stores it; `start` is None when the file cannot be used."""

    path: str
    name: str
    sha256: str
    size: int
    encoding: str
    tournament: str
    country: str
    start: dt.date | None
    end: dt.date | None
    order: str | None
    sender: str
    creator: str | None
    players: tuple[PlayerRow, ...]
    games: tuple[GameRow, ...]
    diagnostics: tuple[DiagnosticRow, ...]
    warnings: int
    errors: int
    first_error: str | None
    content: bytes | None = None
    """The file's bytes, zlib-compressed (None: the file could not be read)."""


def pack(data: bytes) -> bytes:
    """The stored form of a file's bytes (zlib, level 9; `unpack` reverses it)."""
    return zlib.compress(data, 9)


def unpack(stored: bytes) -> bytes:
    """The file's bytes from their stored form (`pack`)."""
    return zlib.decompress(stored)


def file_sha256(path: Path) -> tuple[str, int] | None:
    """The sha256 (hex) and size of a file, None when it cannot be read."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return hashlib.sha256(data).hexdigest(), len(data)


def _diagnostic_rows(items: tuple[Diagnostic, ...]) -> tuple[DiagnosticRow, ...]:
    return tuple((d.code, d.severity.value, d.line, d.column, d.message, d.text) for d in items)


def _unreadable(path: str, name: str, reason: str) -> ParsedFile:
    message = f"expected a readable results file, got: {reason}"
    return ParsedFile(
        path=path,
        name=name,
        sha256=hashlib.sha256(b"").hexdigest(),
        size=0,
        encoding="unknown",
        tournament="",
        country="",
        start=None,
        end=None,
        order=None,
        sender="",
        creator=None,
        players=(),
        games=(),
        diagnostics=((UNREADABLE, Severity.ERROR.value, 1, 1, message, ""),),
        warnings=0,
        errors=1,
        first_error=f"{name}:1:1: error[{UNREADABLE}]: {message}",
    )


def parse_for_import(path: str) -> ParsedFile:
    """Read, hash and parse one results file (lenient); never raises for a bad file."""
    source = Path(path)
    try:
        data = source.read_bytes()
    except OSError as exc:
        return _unreadable(path, source.name, str(exc.strerror or exc))
    return parse_bytes(data, source.name, path)


def parse_bytes(data: bytes, name: str, path: str | None = None) -> ParsedFile:
    """Hash and parse the bytes of a results file named `name` (lenient); never raises.

    `path` (default `name`) is where the file came from, as recorded.
    """
    path = name if path is None else path
    try:
        results = read_elo_bytes(data, name)
    except ResultsFileError as exc:
        return _unreadable(path, name, str(exc))
    h = results.header
    errors = [d for d in results.diagnostics if d.severity is Severity.ERROR]
    return ParsedFile(
        path=path,
        name=name,
        sha256=hashlib.sha256(data).hexdigest(),
        size=len(data),
        encoding=results.encoding,
        tournament=h.tournament or "",
        country=h.country or "",
        start=None if h.dates is None else h.dates.start,
        end=None if h.dates is None else h.dates.end,
        order=None if h.dates is None else h.dates.order,
        sender=h.sender or "",
        creator=h.creator,
        players=tuple((p.token, p.surname, p.firstname, p.country) for p in results.players),
        games=tuple(
            (
                g.first,
                g.second,
                g.outcome._value_,  # `_value_`: the enum's plain attribute (`value` is slower)
                g.first_discs,
                g.second_discs,
                None if g.first_colour is None else g.first_colour._value_,
                g.round,
                g.added,
                g.excluded,
                g.line,
                g.column,
            )
            for g in results.games
        ),
        diagnostics=_diagnostic_rows(
            (*results.diagnostics, *totals_notes(results.players, results.games, name))
        ),
        warnings=sum(1 for d in results.diagnostics if d.severity is Severity.WARNING),
        errors=len(errors),
        first_error=errors[0].format() if errors else None,
        content=pack(data),
    )
