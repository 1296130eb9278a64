"""`/check`: read a pasted or uploaded results file and return its diagnostics; nothing stored."""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ratinglist.errors import N_, FormatError
from ratinglist.formats.diagnostics import Diagnostic, Severity
from ratinglist.formats.elo import read_elo
from ratinglist.formats.elo_decode import decode_elo
from ratinglist.service.intake import MAX_BYTES as INTAKE_MAX_BYTES

MAX_BYTES = INTAKE_MAX_BYTES
"""The largest file `/check` reads: the intake's bound (one limit for both)."""

_SAFE_NAME = re.compile(r"[^A-Za-z0-9_.\-]")


@dataclass(frozen=True, slots=True)
class CheckedLine:
    """A line of the file with the diagnostics pointing at it."""

    number: int
    text: str
    diagnostics: tuple[Diagnostic, ...]

    @property
    def worst(self) -> str:
        """``error``, ``warning``, ``note`` or empty."""
        for severity in Severity:
            if any(d.severity is severity for d in self.diagnostics):
                return severity.value
        return ""


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The diagnostics of a checked file and its lines (those with a diagnostic marked)."""

    name: str
    games: int
    players: int
    diagnostics: tuple[Diagnostic, ...]
    lines: tuple[CheckedLine, ...]

    def count(self, severity: str) -> int:
        """How many diagnostics have this severity."""
        return sum(1 for d in self.diagnostics if d.severity.value == severity)


ARCHIVES = (
    (b"PK\x03\x04", "a zip archive"),
    (b"PK\x05\x06", "an empty zip archive"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"Rar!", "a RAR archive"),
    (b"%PDF", "a PDF document"),
    (b"\xd0\xcf\x11\xe0", "an Office document"),
)
"""Files people send instead of a results file, by their first bytes."""


def binary_kind(data: bytes) -> str | None:
    """What a file is when it is not text: an archive or document by its first bytes, else
    ``a binary file`` when it holds NUL bytes outside a UTF-16 text; None for text."""
    for magic, kind in ARCHIVES:
        if data.startswith(magic):
            return kind
    if b"\x00" in data[:4096] and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "a binary file"
    return None


def check_file(data: bytes, name: str = "pasted.ELO") -> CheckResult:
    """Check a results file given as bytes, exactly as `ratinglist check` would.

    The file name matters (``YYYYMMDD[a]_NAME.ELO``): it is checked too.

    The lines are shown as the reader decoded them (a Latin-1 or MacRoman file too).

    Raises:
        FormatError: the file is larger than `MAX_BYTES`, or an archive or binary file
            (one message saying what it is).
    """
    if len(data) > MAX_BYTES:
        raise FormatError(
            N_("expected a results file of at most %(max_bytes)s bytes, got %(count)s"),
            max_bytes=format(MAX_BYTES, ","),
            count=format(len(data), ","),
        )
    kind = binary_kind(data)
    if kind is not None:
        if "zip" in kind or "gzip" in kind:
            raise FormatError(
                N_(
                    "expected a results file (.ELO text), got %(kind)s: unzip it and check "
                    "the .ELO files inside"
                ),
                kind=kind,
            )
        raise FormatError(
            N_(
                "expected a results file (.ELO text), got %(kind)s: export the results as a "
                "text file first"
            ),
            kind=kind,
        )
    clean = _SAFE_NAME.sub("_", Path(name or "pasted.ELO").name)[:100] or "pasted.ELO"
    with tempfile.TemporaryDirectory(prefix="ratinglist-check-") as folder:
        path = Path(folder) / clean
        path.write_bytes(data)
        result = read_elo(path, source=clean)
    text, _, _ = decode_elo(data, clean)  # as the reader decoded it (Latin-1, MacRoman...)
    by_line: dict[int, list[Diagnostic]] = {}
    for d in result.diagnostics:
        by_line.setdefault(d.line, []).append(d)
    lines = tuple(
        CheckedLine(n, line, tuple(by_line.get(n, ())))
        for n, line in enumerate(text.splitlines(), start=1)
    )
    return CheckResult(
        name=clean,
        games=len(result.games),
        players=len(result.players),
        diagnostics=result.diagnostics,
        lines=lines,
    )


SHOWN = 100
"""Diagnostics shown on the page; the others are counted."""
ALL_LINES = 500
"""A file of at most this many lines is shown whole; a longer one around its diagnostics."""
CONTEXT = 2
"""Lines shown before and after a line with a diagnostic (a longer file)."""
LINE_CHARS = 500
"""Characters shown of a line or a message; the rest is counted."""


def clip(text: str, limit: int = LINE_CHARS) -> str:
    """`text`, cut after `limit` characters with a count of the rest."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit:,} more characters)"


@dataclass(frozen=True, slots=True)
class ShownDiagnostic:
    """A diagnostic as the page shows it: its compiler-like line and its marker, clipped."""

    severity: str
    code: str
    column: int
    message: str
    formatted: str


@dataclass(frozen=True, slots=True)
class ShownLine:
    """A line of the file as shown (clipped), with the shown diagnostics pointing at it;
    `gap` when lines were left out before it."""

    number: int
    text: str
    worst: str
    diagnostics: tuple[ShownDiagnostic, ...]
    gap: bool


@dataclass(frozen=True, slots=True)
class CheckPage:
    """What `/check` shows of a checked file: the counts, the first diagnostics, their lines."""

    name: str
    games: int
    players: int
    counts: tuple[tuple[str, int], ...]
    diagnostics: tuple[ShownDiagnostic, ...]
    more: int
    lines: tuple[ShownLine, ...]

    def count(self, severity: str) -> int:
        """How many diagnostics of the file have this severity (shown or not)."""
        return dict(self.counts).get(severity, 0)


def _shown(d: Diagnostic) -> ShownDiagnostic:
    column = min(d.column, LINE_CHARS + 1)
    severity = str(d.severity.value)
    return ShownDiagnostic(severity, d.code, column, clip(d.message), clip(d.format()))


def _lines(lines: tuple[CheckedLine, ...], shown: tuple[Diagnostic, ...]) -> list[ShownLine]:
    marked = {id(d) for d in shown}
    if len(lines) <= ALL_LINES:
        wanted = set(range(1, len(lines) + 1))
    else:
        wanted = {n + k for d in shown for n in (d.line,) for k in range(-CONTEXT, CONTEXT + 1)}
    out: list[ShownLine] = []
    previous = 0
    for number in sorted(n for n in wanted if 1 <= n <= len(lines)):
        line = lines[number - 1]
        own = tuple(_shown(d) for d in line.diagnostics if id(d) in marked)
        worst = line.worst if own else ""
        gap = number != previous + 1
        out.append(ShownLine(number, clip(line.text), worst, own, gap))
        previous = number
    return out


def check_page(data: bytes, name: str) -> CheckPage:
    """Check the file (`check_file`) and keep what the ``/check`` page shows: the first
    `SHOWN` diagnostics, a count of the others, the lines they point at (every line of a
    file of at most `ALL_LINES` lines), each line or message cut at `LINE_CHARS`.

    Raises:
        FormatError: as `check_file`.
    """
    result = check_file(data, name)
    shown = result.diagnostics[:SHOWN]
    counts = tuple((s, result.count(s)) for s in ("error", "warning", "note"))
    return CheckPage(
        name=result.name,
        games=result.games,
        players=result.players,
        counts=counts,
        diagnostics=tuple(_shown(d) for d in shown),
        more=len(result.diagnostics) - len(shown),
        lines=tuple(_lines(result.lines, shown)),
    )
