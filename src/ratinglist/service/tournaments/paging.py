"""Which rows of a long director's page to draw: a congress's round has 380 tables and 760
players, a phone draws 50 rows in well under a second (issue 34, item 2).

Rows are found by a query (a table number, a player's number, or part of a name, accents
and case ignored), optionally only those whose result is due, then cut into pages of
`PAGE_ROWS` in their own order. A page names its rows by their first and last number
("tables 51-100"), so a director goes to the part of the hall a slip comes from.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

PAGE_ROWS = 50
"""Rows a page draws at most: 50 result forms are about 60 KB of HTML."""


@dataclass(frozen=True, slots=True)
class Row:
    """What a row is found by: its `number` (table or player), the names on it, whether its
    result is still due, and what a page link calls it (default: its number)."""

    number: int
    names: str
    due: bool = False
    label: str = ""


@dataclass(frozen=True, slots=True)
class RowFilter:
    """What the director asked for: a query, only the rows due, the page (1-based)."""

    query: str = ""
    due_only: bool = False
    page: int = 1

    @property
    def narrowed(self) -> bool:
        """Whether a query or the due filter narrows the rows."""
        return bool(self.query.strip()) or self.due_only


@dataclass(frozen=True, slots=True)
class PageLink:
    """A page of rows: its number and what the first and last rows on it are called."""

    page: int
    first: str
    last: str


@dataclass(frozen=True, slots=True)
class Paged:
    """The rows to draw (`indices` into the whole list, in order), how many rows there are
    and how many the filter found, the page shown and the links to every page."""

    indices: tuple[int, ...]
    total: int
    found: int
    page: int
    pages: tuple[PageLink, ...]
    chosen: RowFilter

    @property
    def cut(self) -> bool:
        """Whether some rows are not drawn (a filter or a page leaves them out)."""
        return len(self.indices) < self.total


PLAIN_LETTERS = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "æ": "ae", "œ": "oe", "þ": "th",
                               "ı": "i", "ð": "d"})  # fmt: skip
"""Letters with no accent to drop (Unicode gives them no decomposition), as typed without."""


def _folded(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return plain.translate(PLAIN_LETTERS)


def matches(row: Row, query: str) -> bool:
    """Whether `row` is found by `query`: a number equal to the row's number, or every word
    of it in the row's names (accents and case ignored); an empty query finds every row."""
    words = _folded(query).split()
    if not words:
        return True
    if len(words) == 1 and words[0].isdigit():
        return int(words[0]) == row.number
    names = _folded(row.names)
    return all(word in names for word in words)


def _label(row: Row) -> str:
    return row.label or str(row.number)


def page_rows(rows: Sequence[Row], chosen: RowFilter, size: int = PAGE_ROWS) -> Paged:
    """The rows of `rows` that `chosen` finds, cut into pages of `size`; the page asked for
    (the last one when it asks past the end, the first when below 1)."""
    found = [
        i
        for i, row in enumerate(rows)
        if (row.due or not chosen.due_only) and matches(row, chosen.query)
    ]
    chunks = [found[k : k + size] for k in range(0, len(found), size)] or [[]]
    page = min(max(chosen.page, 1), len(chunks))
    links = tuple(
        PageLink(k, _label(rows[chunk[0]]), _label(rows[chunk[-1]]))
        for k, chunk in enumerate(chunks, start=1)
        if chunk
    )
    return Paged(tuple(chunks[page - 1]), len(rows), len(found), page, links, chosen)
