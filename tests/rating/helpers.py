"""Small builders for rating tests: games from ``(first, second, score, count, day)`` rows."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from ratinglist.rating import GameArrays

AS_OF = dt.date(2026, 5, 12)


def months_before(months: int, as_of: dt.date = AS_OF, day: int = 1) -> dt.date:
    """A date in the calendar month `months` whole months before `as_of`'s month."""
    index = 12 * as_of.year + as_of.month - 1 - months
    return dt.date(index // 12, index % 12 + 1, day)


def games(rows: Iterable[tuple[int, int, float, int, dt.date]]) -> GameArrays:
    """Repeat each ``(first, second, score, count, day)`` row `count` times."""
    first: list[int] = []
    second: list[int] = []
    score: list[float] = []
    day: list[int] = []
    for a, b, s, count, when in rows:
        for _ in range(count):
            first.append(a)
            second.append(b)
            score.append(s)
            day.append(when.toordinal())
    return GameArrays.from_arrays(first, second, score, day)
