"""Use cases of Go rating lists: read a list file and report its bad lines, search it.

Lists are read from their files each time (the full AGA list of 22,000 players loads in
about half a second): nothing is stored, so these calls take no `Actor`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from ratinglist.formats.diagnostics import Diagnostic, has_errors
from ratinglist.formats.go_lists import read_go_list_file
from ratinglist.model.go_list import GoRatingList, ListOrigin
from ratinglist.registry.go_search import GoListIndex, GoMatch


@dataclass(frozen=True, slots=True)
class ListCheck:
    """A list read from a file: the list, its bad lines, the time the read took."""

    rating_list: GoRatingList
    diagnostics: tuple[Diagnostic, ...]
    seconds: float

    @property
    def has_errors(self) -> bool:
        """True if a line could not be used at all (an error diagnostic)."""
        return has_errors(self.diagnostics)


@dataclass(frozen=True, slots=True)
class ListSearch:
    """The players of a list file that best match a query, best first."""

    rating_list: GoRatingList
    query: str
    matches: tuple[GoMatch, ...]


def check_list(path: Path, origin: ListOrigin | None = None) -> ListCheck:
    """Read the rating list at `path` (layout recognised when `origin` is None).

    Raises:
        FormatError: the file cannot be read or is not a rating list.
    """
    start = time.perf_counter()
    read = read_go_list_file(path, origin)
    return ListCheck(read.rating_list, read.diagnostics, time.perf_counter() - start)


def search_list(
    path: Path, query: str, limit: int = 10, origin: ListOrigin | None = None
) -> ListSearch:
    """The players of the list at `path` nearest to `query` (name in either order, or number).

    Raises:
        FormatError: the file cannot be read or is not a rating list.
    """
    rating_list = read_go_list_file(path, origin).rating_list
    matches = GoListIndex(rating_list.players).search(query, limit)
    return ListSearch(rating_list, query, matches)
