"""Opening the database a service call works on: a URL, or a `Store` already open."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from ratinglist.store import Store, open_store


@contextmanager
def opened_store(db: str | Store) -> Iterator[Store]:
    """`db` itself when it is an open `Store` (left open), else the store at URL `db`,
    migrated to the newest schema and closed on exit.

    Raises:
        StoreError: the database could not be opened or migrated.
    """
    if isinstance(db, Store):
        yield db
        return
    store = open_store(db)
    try:
        yield store
    finally:
        store.close()
