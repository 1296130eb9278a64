"""Opening the database a use case works on: refuse a missing file, reuse an open store.

A read (or a change to existing data) on a database file that does not exist is refused
instead of silently creating an empty database; only commands that create (`import`,
`players import-list --apply`, `demo`) pass ``create=True``. Stores stay open for the
process (a web server or a test run calls many use cases), keyed by URL, and are reopened
when the file was replaced (e.g. by `demo`).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.engine import Connection

from ratinglist.errors import NotFoundError
from ratinglist.store import Store, open_store

_LOCK = threading.Lock()
_OPEN: dict[str, tuple[Store, tuple[int, int] | None]] = {}


def sqlite_path(url: str) -> Path | None:
    """The file of an SQLite URL (None for in-memory databases and other servers)."""
    if not url.startswith("sqlite:///"):
        return None
    text = url.removeprefix("sqlite:///").split("?", 1)[0]
    return None if text in ("", ":memory:") else Path(text)


def _identity(path: Path | None) -> tuple[int, int] | None:
    if path is None:
        return None
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def open_database(url: str | Store, *, create: bool = False) -> Store:
    """The open, migrated store of `url` (shared within the process; do not close it); a
    `Store` given instead of a URL is used as it is (tests, and callers holding one).

    Raises:
        NotFoundError: `url` names an SQLite file that does not exist and `create` is False.
        StoreError: the database cannot be opened or migrated.
    """
    if isinstance(url, Store):
        return url
    path = sqlite_path(url)
    if path is not None and not create and not path.exists():
        raise NotFoundError(
            f"expected an existing database file '{path}', found none (create one with "
            f"`ratinglist import`, `ratinglist players import-list --apply` or "
            f"`ratinglist demo`, or give --db)"
        )
    with _LOCK:
        cached = _OPEN.get(url)
        if cached is not None:
            store, identity = cached
            if path is None or identity == _identity(path):
                return store
            store.close()
            del _OPEN[url]
        store = open_store(url)
        _OPEN[url] = (store, _identity(path))
        return store


def forget_database(url: str) -> None:
    """Close the shared store of `url`, if open (before its file is deleted or replaced)."""
    with _LOCK:
        cached = _OPEN.pop(url, None)
    if cached is not None:
        cached[0].close()


@contextmanager
def opened_store(db: str | Store) -> Iterator[Store]:
    """`open_database(db)` as a context manager, for use cases written as ``with`` blocks
    (the store stays open and shared; a missing SQLite file is refused the same way).

    Raises:
        NotFoundError: `db` names an SQLite file that does not exist.
        StoreError: the database cannot be opened or migrated.
    """
    yield open_database(db)


@contextmanager
def reading(source: Store | Connection) -> Iterator[Connection]:
    """A connection to read from: `source` itself when it is one (the caller's transaction),
    else a new connection of the store `source`, closed on leaving."""
    if isinstance(source, Connection):
        yield source
    else:
        with source.connect() as conn:
            yield conn
