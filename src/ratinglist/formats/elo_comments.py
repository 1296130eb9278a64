"""The ``%`` lines of a .ELO file that carry structure: header, round markers, added results.

Header lines are ``%%Key: value``; the date is ``DD/MM/YYYY`` or ``DD/MM/YYYY - DD/MM/YYYY``,
optionally with a same-day order letter (``04/05/2008a``; also read after the day,
``04a/05/2008``, or after the whole field). Round markers come in about 30 spellings
(``%Round 1``, ``%Round: 1``, ``% Round 1``, ``%roundN:``, ``%%Round 1``, ``%Ronde 2``,
``%Day 1 - Round 3`` ...); ``%Finals``, ``%Semi-finals``, ``%Playoff`` ... are markers without
a number.
"""

from __future__ import annotations

import datetime as dt
import re

from ratinglist.model import DateRange

HEADER_KEYS: dict[str, str] = {
    "tournament": "tournament",
    "country": "country",
    "date": "date",
    "sender": "sender",
    "creator": "creator",
    "creationdate": "creation_date",
}
"""Lower-cased ``%%Key`` (blanks removed) to the `Header` field it fills."""

REQUIRED_KEYS = ("tournament", "country", "date", "sender")
"""The four lines every file must begin with, in this order (seed 000)."""

_KEY = re.compile(r"[A-Za-z][A-Za-z ]*+")
_ONE_DATE = r"(\d{1,2})([a-z]?)/(\d{1,2})/(\d{4})([a-z]?)"
# Possessive blanks (here and below): a long run of blanks is not tried at every split.
_DATE = re.compile(
    rf"{_ONE_DATE}(?:[ \t]*+-[ \t]*+{_ONE_DATE})?[ \t]*+([a-z]?)[ \t]*+", re.IGNORECASE
)
_ROUND = re.compile(
    r"%++[ \t]*+(?:[^%]{0,40}?[^A-Za-z])?r+(?:ou|o)nde?[ \t]*(?:no\.?|n°|#)?[ \t]*:?[ \t]*"
    r"(\d{1,3})(?![\d/])",
    re.IGNORECASE,
)
# Possessive quantifiers: the ``%`` run, the blanks and the leading word are taken whole, so a
# long line of ``%`` (or of any one character) is matched in linear time (issue 31).
_UNNUMBERED = re.compile(
    r"%++[ \t]*+(?:\S++[ \t]++)?(?:semi|demi|quarter|1/2|1/4)?[ \t-]*"
    r"(?:finals?|finales?|play[ -]?offs?|semis|other games)\b",
    re.IGNORECASE,
)
OTHER_GAMES_MARKER = "%Other games"
"""What the writer puts before games without a round number that follow numbered rounds."""

_ADDED = re.compile(r"%+[ \t]*added[ \t]+results\b", re.IGNORECASE)


def header_field(line: str) -> tuple[str, str] | None:
    """``("Tournament", "Nordic Champ.")`` for a ``%%Tournament: ...`` line; None otherwise.

    Any ``%%Key: value`` line matches, the key as written; `header_key` normalises it and
    the caller decides which keys it knows.
    """
    colon = line.find(":")
    if not line.startswith("%%") or colon < 0 or "\n" in line:
        return None
    key = line[2:colon].strip(" \t")
    if _KEY.fullmatch(key) is None:
        return None
    return key, line[colon + 1 :].strip(" \t")


def header_key(key: str) -> str:
    """The `HEADER_KEYS` form of a key: lower case, blanks removed (``Creation Date``)."""
    return key.replace(" ", "").lower()


def parse_date(value: str) -> DateRange | str:
    """The `DateRange` of a ``%%Date`` value, or the reason it cannot be read.

    Returns a string starting lower case (what was expected and what was found) on failure.
    A reversed range (``25/03/2007 - 24/03/2007``) is read as the two days in calendar order;
    `is_reversed_range` tells the reader to warn about it.
    """
    m = _DATE.fullmatch(value.strip())
    if m is None:
        return f"expected a date 'DD/MM/YYYY' or 'DD/MM/YYYY - DD/MM/YYYY', got {value!r}"
    g = m.groups()
    letters = [x.lower() for x in (g[1], g[4], g[6], g[9], g[10]) if x]
    if len(letters) > 1:
        return f"expected at most one order letter in the date, got {value!r}"
    try:
        start = dt.date(int(g[3]), int(g[2]), int(g[0]))
        end = None if g[5] is None else dt.date(int(g[8]), int(g[7]), int(g[5]))
    except ValueError:
        return f"expected a valid calendar date, got {value!r}"
    if end is not None and end < start:
        start, end = end, start
    if end == start:
        end = None
    return DateRange(start=start, end=end, order=letters[0] if letters else None)


def is_reversed_range(value: str) -> bool:
    """True when a ``%%Date`` value is a range whose last date comes before its first."""
    m = _DATE.fullmatch(value.strip())
    if m is None or m.group(6) is None:
        return False
    g = m.groups()
    try:
        start = dt.date(int(g[3]), int(g[2]), int(g[0]))
        end = dt.date(int(g[8]), int(g[7]), int(g[5]))
    except ValueError:
        return False
    return end < start


def format_date(dates: DateRange) -> str:
    """The canonical ``%%Date`` value: ``DD/MM/YYYY[a][ - DD/MM/YYYY]``."""
    text = f"{dates.start:%d/%m/%Y}{dates.order or ''}"
    if dates.end is not None and dates.end != dates.start:
        text += f" - {dates.end:%d/%m/%Y}"
    return text


def round_marker(line: str) -> tuple[bool, int | None]:
    """``(True, 3)`` for ``%Round 3``, ``(True, None)`` for ``%Finals``, else ``(False, None)``.

    `line` is a comment line with its leading blanks removed.
    """
    m = _ROUND.match(line)
    if m is not None:
        return True, int(m.group(1))
    if _UNNUMBERED.match(line) is not None and _ADDED.match(line) is None:
        return True, None
    return False, None


def is_added_results(line: str) -> bool:
    """True for ``%%Added results`` (any case, any trailing text): games entered afterwards."""
    return _ADDED.match(line) is not None
