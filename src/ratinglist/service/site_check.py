"""`/check`: read a pasted or uploaded results file and return its diagnostics; nothing stored."""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ratinglist.errors import FormatError
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
            f"expected a results file of at most {MAX_BYTES:,} bytes, got {len(data):,}"
        )
    kind = binary_kind(data)
    if kind is not None:
        raise FormatError(
            f"expected a results file (.ELO text), got {kind}: "
            + ("unzip it and check the .ELO files inside" if "zip" in kind or "gzip" in kind
               else "export the results as a text file first")
        )  # fmt: skip
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
