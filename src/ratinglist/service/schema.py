"""Where a database's schema stands, read cheaply: the store's version table and the shipped
migrations' names, without Alembic or the site (`serve` checks it before anything else)."""

from __future__ import annotations

from ratinglist.errors import NotFoundError
from ratinglist.service.databases import sqlite_path
from ratinglist.store.database import SchemaState, schema_state


def require_existing(url: str) -> None:
    """Refuse an SQLite `url` whose file does not exist (a server URL passes).

    Raises:
        NotFoundError: the file is missing.
    """
    path = sqlite_path(url)
    if path is not None and not path.exists():
        raise NotFoundError(f"expected an existing database file '{path}', found none")


def schema_of(url: str) -> SchemaState:
    """Where the schema of the database at `url` stands (read only, nothing migrated).

    Raises:
        NotFoundError: `url` names an SQLite file that does not exist.
        StoreError: the database cannot be reached.
    """
    require_existing(url)
    return schema_state(url)
