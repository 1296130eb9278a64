"""`/check`: read a pasted or uploaded results file and return its diagnostics; nothing stored."""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ratinglist.errors import FormatError
from ratinglist.formats.diagnostics import Diagnostic, Severity
from ratinglist.formats.elo import read_elo
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


def check_file(data: bytes, name: str = "pasted.ELO") -> CheckResult:
    """Check a results file given as bytes, exactly as `ratinglist check` would.

    The file name matters (``YYYYMMDD[a]_NAME.ELO``): it is checked too.

    Raises:
        FormatError: the file is larger than `MAX_BYTES`.
    """
    if len(data) > MAX_BYTES:
        raise FormatError(
            f"expected a results file of at most {MAX_BYTES:,} bytes, got {len(data):,}"
        )
    clean = _SAFE_NAME.sub("_", Path(name or "pasted.ELO").name)[:100] or "pasted.ELO"
    with tempfile.TemporaryDirectory(prefix="ratinglist-check-") as folder:
        path = Path(folder) / clean
        path.write_bytes(data)
        result = read_elo(path, source=clean)
    text = data.decode("utf-8", errors="replace")
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
