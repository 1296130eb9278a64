"""Use cases of Go rating lists: check a list file, import it, search a file or the store.

`check_list` and `search_list` read a file and store nothing (no `Actor`); `import_list`
stores a list (recording who imported it) and `search_stored` searches the latest stored
list of a federation.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from pathlib import Path

from ratinglist.errors import N_, FormatError, Phrase
from ratinglist.formats.diagnostics import Diagnostic, has_errors
from ratinglist.formats.go.lists import read_go_list_file
from ratinglist.model.go.lists import GoListPlayer, GoRatingList, ListOrigin
from ratinglist.registry.go.search import GoListIndex, GoMatch
from ratinglist.service.actor import Actor
from ratinglist.store import Store
from ratinglist.store.go.lists import (
    GoListInfo,
    go_list_infos,
    latest_go_list,
    latest_go_list_id,
    save_go_list,
)


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


@dataclass(frozen=True, slots=True)
class ListImport:
    """A list file stored: its row, the problems of its lines, the time the import took."""

    info: GoListInfo
    diagnostics: tuple[Diagnostic, ...]
    seconds: float


def import_list(
    db: Store, path: Path, actor: Actor, origin: ListOrigin | None = None
) -> ListImport:
    """Read the list at `path` and store it as the latest list of its federation.

    Raises:
        FormatError: the file cannot be read, is not a rating list, or lists no player.
        StoreError: the database cannot be opened or written.
    """
    start = time.perf_counter()
    read = read_go_list_file(path, origin)
    if not read.rating_list.players:
        first = next((d.format() for d in read.diagnostics), None)
        raise FormatError(
            N_(
                "%(file)s: expected a rating list with at least one player, found none"
                "%(first)s; nothing stored"
            ),
            file=path.name,
            first=Phrase(N_(" (first problem: %(problem)s)"), problem=first) if first else "",
        )
    info = save_go_list(db, read.rating_list, len(read.diagnostics), actor.label)
    return ListImport(info, read.diagnostics, time.perf_counter() - start)


def stored_lists(db: Store) -> tuple[GoListInfo, ...]:
    """Every stored Go rating list, oldest import first.

    Raises:
        StoreError: the database cannot be opened or read.
    """
    return go_list_infos(db)


def search_stored(db: Store, origin: ListOrigin, query: str, limit: int = 10) -> ListSearch:
    """The players of the latest stored `origin` list nearest to `query`.

    Raises:
        NotFoundError: no list of that federation was imported.
        StoreError: the database cannot be opened or read.
    """
    rating_list = latest_go_list(db, origin)
    return ListSearch(rating_list, query, GoListIndex(rating_list.players).search(query, limit))


def suggest_stored(
    db: Store, origin: ListOrigin, query: str, limit: int = 10
) -> tuple[GoListPlayer, ...]:
    """Candidates of the latest stored `origin` list for a director typing part of a name
    or number (`GoListIndex.suggest`).

    Raises:
        NotFoundError: no list of that federation was imported.
        StoreError: the database cannot be opened or read.
    """
    return list_index(db, origin).suggest(query, limit)


class _ListIndexes:
    """The search index of each federation's latest stored list, by list id (kept on the
    database handle: a director's every keystroke searches the same list)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.built: dict[ListOrigin, tuple[int, GoListIndex]] = {}


def list_index(db: Store, origin: ListOrigin) -> GoListIndex:
    """The search index of the latest stored `origin` list, rebuilt only when a newer list
    was imported.

    Raises:
        NotFoundError: no list of that federation was imported.
    """
    kept = db.attached("go.list-indexes", _ListIndexes)
    latest = latest_go_list_id(db, origin)
    with kept.lock:
        cached = kept.built.get(origin)
    if latest is not None and cached is not None and cached[0] == latest:
        return cached[1]
    index = GoListIndex(latest_go_list(db, origin).players)
    if latest is not None:
        with kept.lock:
            kept.built[origin] = (latest, index)
    return index
