"""The shared vocabulary of output and input: numbers, names and dates, written one way.

Every layer formats a count with `format_count`, a person with `format_name` and reads a
date typed by a user with `parse_day`; countries are in `registry.countries`
(`country_code`, `get_country`).
"""

from __future__ import annotations

import datetime as dt

from ratinglist.errors import InputError


def format_count(value: int) -> str:
    """A count with thousands separators: ``12345`` -> ``12,345``."""
    return f"{value:,}"


def format_name(surname: str, firstname: str) -> str:
    """``SURNAME, First`` as players lists and results files write it; ``SURNAME`` alone
    when there is no first name."""
    return f"{surname}, {firstname}" if firstname else surname


def parse_day(text: str, what: str = "date") -> dt.date:
    """A day written ``YYYY-MM-DD`` (blanks around it ignored).

    Raises:
        InputError: anything else, e.g. ``expected a date YYYY-MM-DD, got '12/05/2026'``.
    """
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise InputError(f"expected a {what} YYYY-MM-DD, got '{text}'") from None


def optional_day(text: str | None, what: str = "date") -> dt.date | None:
    """`parse_day`, with None for None."""
    return None if text is None else parse_day(text, what)
