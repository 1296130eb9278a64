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


CODES: dict[str, tuple[Severity, str]] = {
    # Header (E0xx / W0xx): the four ``%%`` lines.
    "E001": (Severity.ERROR, "missing-header"),
    "E002": (Severity.ERROR, "bad-date"),
    "W003": (Severity.WARNING, "empty-header"),
    "W004": (Severity.WARNING, "header-out-of-place"),
    "W005": (Severity.WARNING, "reversed-date-range"),
    # Game lines (E1xx): the game cannot be used for ratings.
    "E100": (Severity.ERROR, "game-syntax"),
    "E101": (Severity.ERROR, "unknown-player"),
    "E102": (Severity.ERROR, "self-game"),
    "E103": (Severity.ERROR, "zero-id"),
    "E104": (Severity.ERROR, "unknown-id"),
    # Suspicious but usable (W2xx).
    "W201": (Severity.WARNING, "discs-contradict-sign"),
    "W202": (Severity.WARNING, "equal-discs-not-draw"),
    "W203": (Severity.WARNING, "discs-out-of-range"),
    "W204": (Severity.WARNING, "stray-characters"),
    "W205": (Severity.WARNING, "not-a-player-line"),
    "W206": (Severity.WARNING, "bad-player-field"),
    "W207": (Severity.WARNING, "duplicate-player"),
    "W208": (Severity.WARNING, "player-without-id"),
    "W209": (Severity.WARNING, "latin1-fallback"),
    "W210": (Severity.WARNING, "macroman-fallback"),
    "W211": (Severity.WARNING, "repeated-pair"),
    "W212": (Severity.WARNING, "more-games-than-rounds"),
    "W213": (Severity.WARNING, "unfinished-tournament"),
    # For information (N3xx).
    "N301": (Severity.NOTE, "no-player-list"),
    "N302": (Severity.NOTE, "nonstandard-filename"),
    "N303": (Severity.NOTE, "declared-score-mismatch"),
    "N304": (Severity.NOTE, "problems-not-listed"),
    "N305": (Severity.NOTE, "forfeit"),
    # Go rating lists (E4xx / W4xx / N4xx): EGF, FFG and AGA list lines.
    "E401": (Severity.ERROR, "bad-list-line"),
    "W402": (Severity.WARNING, "list-name-incomplete"),
    "W403": (Severity.WARNING, "duplicate-list-number"),
    "N404": (Severity.NOTE, "list-without-date"),
    "W405": (Severity.WARNING, "unknown-list-value"),
    # OpenGotha XML (E5xx / W5xx / N5xx).
    "E501": (Severity.ERROR, "bad-xml"),
    "W502": (Severity.WARNING, "bad-xml-value"),
    "W503": (Severity.WARNING, "unknown-xml-player"),
    "N504": (Severity.NOTE, "legacy-xml"),
    "N505": (Severity.NOTE, "locale-player-key"),
    "N506": (Severity.NOTE, "pairgoth-xml"),
    "W507": (Severity.WARNING, "ignored-xml-element"),
    # Results files .h9 / .tou (E6xx / W6xx).
    "E601": (Severity.ERROR, "bad-results-line"),
    "W602": (Severity.WARNING, "bad-half-game"),
}
"""Every diagnostic code: its severity and a short stable name (``E101 unknown-player``)."""


def diagnostic(
    code: str, message: str, source: str, line: int, column: int = 1, text: str = ""
) -> Diagnostic:
    """A diagnostic whose severity comes from the `CODES` catalogue.

    Raises:
        KeyError: `code` is not in the catalogue (a bug in the caller).
    """
    return Diagnostic(
        code=code,
        severity=CODES[code][0],
        message=message,
        source=source,
        line=line,
        column=column,
        text=text,
    )


MAX_LISTED = 5_000
"""The most problems a reader lists for one file; the rest are counted in one N304 note, so
a file of half a million bad lines costs neither the time nor the memory of as many
diagnostics (compilers stop listing the same way)."""


class Listing:
    """The problems of one file as a reader finds them: the first `MAX_LISTED` kept, the
    rest counted. `add` takes a function making the diagnostic, called only if it is kept."""

    __slots__ = ("first_unlisted", "found", "unlisted")

    def __init__(self) -> None:
        self.found: list[Diagnostic] = []
        self.unlisted = 0
        self.first_unlisted = 0

    def full(self, line: int) -> bool:
        """True (and the problem on `line` counted) when no more problems are listed."""
        if len(self.found) < MAX_LISTED:
            return False
        if not self.unlisted:
            self.first_unlisted = line
        self.unlisted += 1
        return True

    def add(self, found: Diagnostic | None) -> None:
        """List `found` (after `full` said there is room); None is nothing."""
        if found is not None:
            self.found.append(found)

    def done(self, source: str) -> list[Diagnostic]:
        """The listed problems and, if some were not listed, the N304 note counting them."""
        if not self.unlisted:
            return self.found
        return [*self.found, not_listed(self.unlisted, source, self.first_unlisted)]


def not_listed(count: int, source: str, line: int) -> Diagnostic:
    """The N304 note: `count` more problems from `line` on, past the first `MAX_LISTED`."""
    return diagnostic(
        "N304",
        f"{count} more problems from this line on are not listed (the first {MAX_LISTED} are)",
        source,
        line,
    )
