"""Opening the database handle of a process: refuse a missing file, one handle per file.

A process opens its database once, at its edge (`cli.common.open_db` for a CLI invocation,
`web.app.create_app` for a server worker), and passes the `Store` to every use case: service
functions take ``db: Store`` and never a URL. A read (or a change to existing data) on a
database file that does not exist is refused instead of silently creating an empty database;
only commands that create (`import`, `players import-list --apply`, `demo`) pass
``create=True``.

`open_database` returns the process's handle of a URL, made on first use (and made again
when the file was replaced, e.g. by `demo`): the edge and the tournament services that still
take a URL (`service.tournament_log.opened`) get the same handle, so a served process holds
one store per database file. What is cached per database hangs off the handle
(`Store.attached`), not off a URL.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.engine import Connection

from ratinglist.errors import N_, NotFoundError, Phrase
from ratinglist.store import Store, open_store
from ratinglist.store.database import check_sqlite_file

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


def _has_data(path: Path) -> bool:
    """True if `path` is a file with something in it (SQLite takes an empty file for a new
    database: a read must not turn one into an empty schema)."""
    try:
        return path.stat().st_size > 0
    except OSError:
        return False


def check_database(url: str, *, create: bool = False) -> None:
    """Refuse an SQLite file that is not a database or is another program's, before any
    engine opens it (which would migrate it and switch its journal to WAL); without
    `create`, refuse a missing or empty file too. `open_database` checks first; the commands
    that take the database's URL (backup, db status) call it themselves.

    Raises:
        NotFoundError: the SQLite file does not exist or is empty, and `create` is False.
        StoreError: the file is not an SQLite database, or has tables but not ours.
    """
    path = sqlite_path(url)
    if path is None:
        return
    if not create:
        _refuse_missing(path)
    if _has_data(path):
        check_sqlite_file(path)


def open_database(url: str | Store, *, create: bool = False) -> Store:
    """The process's open, migrated handle of `url` (do not close it: `forget_database`);
    a `Store` given instead of a URL is used as it is (callers holding the handle).

    Raises:
        NotFoundError: `url` names an SQLite file that does not exist or is empty, and
            `create` is False.
        StoreError: the database cannot be opened or migrated, or the file is not an SQLite
            database or is another program's.
    """
    if isinstance(url, Store):
        return url
    path = sqlite_path(url)
    with _LOCK:
        cached = _OPEN.get(url)
        if cached is not None:
            store, identity = cached
            if path is None or identity == _identity(path):
                return store
            store.close()
            del _OPEN[url]
        check_database(url, create=create)
        store = open_store(url)
        _OPEN[url] = (store, _identity(path))
        return store


def _refuse_missing(path: Path) -> None:
    if not _has_data(path):
        raise NotFoundError(
            N_(
                "expected an existing database file '%(path)s', found %(found)s (create one "
                "with `ratinglist import`, `ratinglist tournament new`, `ratinglist players "
                "import-list --apply` or `ratinglist demo`, or give --db)"
            ),
            path=str(path),
            found=Phrase(N_("an empty file")) if path.is_file() else Phrase(N_("none")),
        )


__all__ = [
    "Store",
    "check_database",
    "forget_database",
    "open_database",
    "probe_database",
    "reading",
    "sqlite_path",
]


def probe_database(url: str) -> None:
    """Open (and migrate) the database at `url` and close it again: a server's parent checks
    it before forking its workers, which each make their own handle.

    Raises:
        StoreError: the database cannot be opened or migrated, or is not one of ours.
    """
    check_database(url, create=True)
    open_store(url).close()


def forget_database(url: str) -> None:
    """Close the shared store of `url`, if open (before its file is deleted or replaced)."""
    with _LOCK:
        cached = _OPEN.pop(url, None)
    if cached is not None:
        cached[0].close()


@contextmanager
def reading(source: Store | Connection) -> Iterator[Connection]:
    """A connection to read from: `source` itself when it is one (the caller's transaction),
    else a new connection of the store `source`, closed on leaving."""
    if isinstance(source, Connection):
        yield source
    else:
        with source.connect() as conn:
            yield conn
