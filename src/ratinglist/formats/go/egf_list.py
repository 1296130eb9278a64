"""The EGF rating list (``allworld_lp``, ``egf_db.txt``): fixed columns, GO.md section b.

A data line has 8 digits in columns [1, 9) (0-based, end excluded): PIN [1, 9), ``Surname
Firstnames`` [11, 48) split at the first blank, country [49, 52), club [53, 57), grade
[60, 63), GoR [71, 75). Every other line is page furniture (HTML, notation, headings) and is
skipped silently. The publication date is on the line holding ``(`` whose third blank-separated
token starts with ``20``: ``(22 Feb 2018)``.
"""

from __future__ import annotations

import datetime as dt

from ratinglist.formats.diagnostics import Diagnostic, diagnostic
from ratinglist.formats.go.list_text import ListRead, int_at, list_read, split_name
from ratinglist.model.go import clamp_rating
from ratinglist.model.go.lists import GoListPlayer, ListOrigin


def is_egf_data_line(line: str) -> bool:
    """True for a player line: columns [1, 9) are all digits."""
    return len(line) >= 9 and line[1:9].isdigit()


def publication_date(line: str) -> dt.date | None:
    """The date of a ``(22 Feb 2018)`` line, or None if `line` is not one."""
    start = line.find("(")
    if start < 0:
        return None
    tokens = line.split()
    if len(tokens) < 3 or not tokens[2].startswith("20"):
        return None
    try:
        return dt.datetime.strptime(line[start + 1 : start + 12], "%d %b %Y").date()
    except ValueError:
        return None


def parse_egf_line(
    line: str, source: str, number: int
) -> tuple[GoListPlayer | None, Diagnostic | None]:
    """The record of one data line (None if unusable) and the problem found on it, if any."""
    gor, rating, bad = int_at(line, 71, 75, "a GoR", source, number)
    if rating is None:
        return None, bad
    name = line[11:48].strip()
    surname, _, first = name.partition(" ")
    surname, first, problem = split_name(surname, first, source, number, line)
    if not surname:
        return None, problem
    return GoListPlayer(
        origin=ListOrigin.EGF,
        number=line[1:9],
        surname=surname,
        first_name=first,
        country=line[49:52].strip(),
        club=line[53:57].strip(),
        rating=clamp_rating(rating),
        raw_rating=gor,
        grade=line[60:63].strip(),
        line=number,
    ), problem


def read_egf_list(text: str, source: str) -> ListRead:
    """Every player of an EGF list, its date, and a diagnostic per bad data line."""
    published: dt.date | None = None
    data: list[tuple[int, str]] = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line:
            continue
        if len(line) >= 9 and line[1:9].isdigit():  # is_egf_data_line, inline: once a line
            data.append((n, line))
        elif published is None and "(" in line:
            published = publication_date(line)
    missing = diagnostic("N404", "no '(dd Mon yyyy)' publication date line", source, 1)
    extra = () if published is not None else (missing,)
    return list_read(ListOrigin.EGF, published, source, data, parse_egf_line, extra=extra)
