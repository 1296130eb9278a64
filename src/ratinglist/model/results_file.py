"""A stored results file as the rating rules see it, and calendar-month arithmetic."""

from __future__ import annotations

import calendar
import datetime as dt
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ResultsFile:
    """What the file rules of a rating list need to know of one stored results file.

    `received` is the day the federation received the file (its import day unless set);
    `duplicate` is set when the file repeats an earlier file's games, `include_duplicate`
    when the rating officer asked to rate it anyway; `excluded` when kept out by hand.
    """

    tournament: int
    file_name: str
    country: str
    start: dt.date
    sender: str
    received: dt.date
    duplicate: bool = False
    include_duplicate: bool = False
    excluded: bool = False


def add_months(day: dt.date, months: int) -> dt.date:
    """`day` moved by whole calendar months, clamped to the month's last day (Oct 31 + 4 =
    Feb 28/29): a federation's reporting lag."""
    year, month0 = divmod(12 * day.year + day.month - 1 + months, 12)
    last = calendar.monthrange(year, month0 + 1)[1]
    return dt.date(year, month0 + 1, min(day.day, last))
