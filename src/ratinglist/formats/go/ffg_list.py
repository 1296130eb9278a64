"""The FFG rating list (``ech_ffg_V3.txt``): fixed columns, GO.md section b.

Header ``#Echelle au dd/mm/yyyy hh:mm:ss`` (the publication date). A data line is at least 60
characters and starts with a letter: ``SURNAME First names`` [0, 38) split at the first blank,
raw rating [38, 43) (GoR - 2050; -9999 unrated), licence status [44], licence [46, 53) (``-------``
when none), club [54, 58), country [59, 61). Blank lines and ``#`` comments are skipped; any
other line is reported.
"""

from __future__ import annotations

import datetime as dt

from ratinglist.formats.diagnostics import Diagnostic, Listing, diagnostic
from ratinglist.formats.go.list_text import ListRead, int_at, list_read, split_name
from ratinglist.model.go import rating_from_ffg
from ratinglist.model.go.lists import GoListPlayer, ListOrigin

HEADER = "#Echelle au "
NO_LICENCE = "-------"
STATUSES = frozenset("LCe-")
"""Licence status letters GO.md documents; another letter is kept and reported (W405)."""


def header_date(line: str) -> dt.date | None:
    """The date of ``#Echelle au 11/01/2021 07:09:39``, or None."""
    if not line.startswith(HEADER):
        return None
    try:
        return dt.datetime.strptime(line[len(HEADER) : len(HEADER) + 10], "%d/%m/%Y").date()
    except ValueError:
        return None


def parse_ffg_line(
    line: str, source: str, number: int
) -> tuple[GoListPlayer | None, Diagnostic | None]:
    """The record of one line (None if unusable) and the problem found on it, if any."""
    if not _is_player_line(line):
        return None, diagnostic(
            "E401",
            f"expected a player line (60+ characters, starting with a letter), found {line!r}",
            source,
            number,
            text=line,
        )
    raw, rating, bad = int_at(line, 38, 43, "a rating", source, number)
    if rating is None:
        return None, bad
    surname, _, first = line[0:38].strip().partition(" ")
    surname, first, problem = split_name(surname, first, source, number, line)
    if not surname:
        return None, problem
    if problem is None and line[44] not in STATUSES:
        problem = diagnostic(
            "W405",
            f"expected a licence status L, C, e or -, found {line[44]!r}; kept as is",
            source,
            number,
            45,
            line,
        )
    return GoListPlayer(
        origin=ListOrigin.FFG,
        number=line[46:53].strip(),
        surname=surname,
        first_name=first,
        country=line[59:61].strip(),
        club=line[54:58].strip(),
        rating=rating_from_ffg(rating),
        raw_rating=raw,
        licence_status=line[44],
        line=number,
    ), problem


def read_ffg_list(text: str, source: str) -> ListRead:
    """Every player of an FFG list, its date, and a diagnostic per bad line."""
    published: dt.date | None = None
    data: list[tuple[int, str]] = []
    refused = Listing()  # one test a line: a long file of short bad lines costs little
    for n, line in enumerate(text.splitlines(), start=1):
        if len(line) >= 60 and line[0].isalpha():  # _is_player_line, inline: once a line
            data.append((n, line))
        elif not line or line.isspace():
            continue
        elif line.startswith("#"):
            published = published or header_date(line)
        elif not refused.full(n):
            refused.add(parse_ffg_line(line, source, n)[1])
    missing = diagnostic("N404", f"no '{HEADER}dd/mm/yyyy' header line", source, 1)
    extra = () if published is not None else (missing,)
    return list_read(
        ListOrigin.FFG,
        published,
        source,
        data,
        parse_ffg_line,
        no_number=frozenset({NO_LICENCE}),
        extra=extra,
        listing=refused,
    )


def _is_player_line(line: str) -> bool:
    """The first test of `parse_ffg_line`: 60 characters or more, starting with a letter."""
    return len(line) >= 60 and line[0].isalpha()
