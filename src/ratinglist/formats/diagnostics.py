"""Compiler-style diagnostics for text formats.

A diagnostic prints as ``FILE:LINE:COL: severity[CODE]: message``; lines and columns are
1-based. Codes are stable: tools and golden tests rely on them (catalogue in `CODES`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Severity(enum.Enum):
    """How bad a problem is: the file cannot be used as is / a human should look / for info."""

    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a source text, with its position and the offending text."""

    code: str
    severity: Severity
    message: str
    source: str
    line: int
    column: int = 1
    text: str = ""

    def format(self) -> str:
        """``FILE:LINE:COL: severity[CODE]: message``."""
        return (
            f"{self.source}:{self.line}:{self.column}: "
            f"{self.severity.value}[{self.code}]: {self.message}"
        )

    def to_dict(self) -> dict[str, str | int]:
        """A JSON-ready mapping (for ``--json`` output)."""
        return {
            "source": self.source,
            "line": self.line,
            "column": self.column,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "text": self.text,
        }


def has_errors(diagnostics: tuple[Diagnostic, ...] | list[Diagnostic]) -> bool:
    """True if any diagnostic is an error."""
    return any(d.severity is Severity.ERROR for d in diagnostics)
