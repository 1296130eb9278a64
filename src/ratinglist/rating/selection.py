"""Which results files a rating list is computed from: pure rules over file metadata.

The exact list takes every file whose tournament started on or before the list date. The WOF
computes a list from the files it had *received* by then (a federation sending late, a single
late file), leaves out generated collections by their ``%%Sender:``, counts both copies of a
duplicate as they sit in the archive, and makes explicit per-list exceptions (issue 14).
`decide` gives one file's fate with its reason, so a list can say why a file is out.
"""

from __future__ import annotations

import datetime as dt
import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass

from ratinglist.errors import RatingError
from ratinglist.model.results_file import ResultsFile, add_months

__all__ = [
    "Duplicates",
    "Fate",
    "FileDate",
    "ListOverride",
    "ResultsFile",
    "Selection",
    "add_months",
]


class FileDate(enum.Enum):
    """Which date of a file must be on or before the list date.

    ``STARTED``: the tournament's first day (the exact list). ``RECEIVED``: the day the
    federation received the file (the WOF's lists); the tournament must also have started.
    """

    STARTED = "started"
    RECEIVED = "received"


class Duplicates(enum.Enum):
    """How flagged duplicate files count.

    ``ORIGINAL``: only the first copy, unless the duplicate's include flag is set.
    ``BOTH``: every copy, as it sits in the archive (the WOF's program has no duplicate
    check); a copy is still left out when excluded by hand.
    """

    ORIGINAL = "original"
    BOTH = "both"


class Fate(enum.Enum):
    """Why a file is in or out of a list."""

    RATED = "rated"
    INCLUDED_FOR_LIST = "included for this list"
    NOT_STARTED = "not started by the list date"
    NOT_RECEIVED = "not received by the list date"
    EXCLUDED = "excluded by hand"
    DUPLICATE = "duplicate"
    SENDER = "generated (sender)"
    EXCLUDED_FOR_LIST = "excluded for this list"

    @property
    def rated(self) -> bool:
        """True when the file's games enter the list."""
        return self in (Fate.RATED, Fate.INCLUDED_FOR_LIST)


_MONTH = re.compile(r"\d{4}-\d{2}")


@dataclass(frozen=True, slots=True)
class ListOverride:
    """Files put in or left out by name for the lists of one calendar month (``YYYY-MM``),
    whatever the other rules say; a file must still have started by the list date."""

    month: str
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """Check the month and that no file is both included and excluded."""
        if not _MONTH.fullmatch(self.month):
            raise RatingError(f"expected a list month YYYY-MM, got {self.month!r}")
        both = sorted(set(self.include) & set(self.exclude))
        if both:
            raise RatingError(f"expected a file either included or excluded, got both: {both}")

    def applies(self, as_of: dt.date) -> bool:
        """True for a list as of a day of this month."""
        return as_of.strftime("%Y-%m") == self.month


def _pattern(text: str | None, what: str) -> re.Pattern[str] | None:
    if text is None:
        return None
    try:
        return re.compile(text, re.IGNORECASE)
    except re.error as exc:
        raise RatingError(
            f"expected a regular expression for {what}, got {text!r} ({exc})"
        ) from exc


@dataclass(frozen=True, slots=True)
class Selection:
    """The file rules of a profile.

    - `by`: the date that must be on or before the list date (`FileDate`).
    - `exclude_senders`: files whose ``%%Sender:`` matches this regular expression
      (case-insensitive search) are generated collections and left out, except those whose
      sender also matches `keep_senders` (a generated file that stands in for official ones).
    - `duplicates`: `Duplicates`.
    - `overrides`: per-list inclusions and exclusions by file name (`ListOverride`).

    Raises:
        RatingError: a pattern that is not a regular expression.
    """

    by: FileDate = FileDate.STARTED
    exclude_senders: str | None = None
    keep_senders: str | None = None
    duplicates: Duplicates = Duplicates.ORIGINAL
    overrides: tuple[ListOverride, ...] = ()

    def __post_init__(self) -> None:
        """Check both patterns once."""
        _pattern(self.exclude_senders, "the senders to exclude")
        _pattern(self.keep_senders, "the senders to keep")

    def generated(self, sender: str) -> bool:
        """True when a file of `sender` is a generated collection left out."""
        exclude = _pattern(self.exclude_senders, "the senders to exclude")
        if exclude is None or not exclude.search(sender):
            return False
        keep = _pattern(self.keep_senders, "the senders to keep")
        return keep is None or not keep.search(sender)

    def decide(self, file: ResultsFile, as_of: dt.date) -> Fate:
        """The fate of `file` in the list as of `as_of` (first rule that applies wins:
        start date, per-list override, hand exclusion, received date, sender, duplicate)."""
        if file.start > as_of:
            return Fate.NOT_STARTED
        for override in self.overrides:
            if override.applies(as_of):
                if file.file_name in override.exclude:
                    return Fate.EXCLUDED_FOR_LIST
                if file.file_name in override.include:
                    return Fate.INCLUDED_FOR_LIST
        if file.excluded:
            return Fate.EXCLUDED
        if self.by is FileDate.RECEIVED and file.received > as_of:
            return Fate.NOT_RECEIVED
        if self.generated(file.sender):
            return Fate.SENDER
        if file.duplicate and self.duplicates is Duplicates.ORIGINAL and not file.include_duplicate:
            return Fate.DUPLICATE
        return Fate.RATED

    def fates(
        self, files: Iterable[ResultsFile], as_of: dt.date
    ) -> tuple[tuple[ResultsFile, Fate], ...]:
        """Every file with its fate in the list as of `as_of`."""
        return tuple((f, self.decide(f, as_of)) for f in files)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready values (stored with a list)."""
        return {
            "by": self.by.value,
            "exclude_senders": self.exclude_senders,
            "keep_senders": self.keep_senders,
            "duplicates": self.duplicates.value,
            "overrides": [
                {"month": o.month, "include": list(o.include), "exclude": list(o.exclude)}
                for o in self.overrides
            ],
        }
