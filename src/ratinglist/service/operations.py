"""Running a server: backups and restores, schema upgrades, readiness (one function per use).

Each use case opens what it needs and closes it: a backup or a restore works on the database
as the server sees it, never through the process's shared stores (`service.databases`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ratinglist.errors import StoreError
from ratinglist.service.databases import forget_database
from ratinglist.service.schema import require_existing, schema_of
from ratinglist.service.site import Site
from ratinglist.store import Store
from ratinglist.store.backup import Manifest, backup_database, restore_database, verify_backup
from ratinglist.store.database import (
    SchemaState,
    observe_write_waits,
    upgrade_schema,
)
from ratinglist.store.site_pages import current_keys

__all__ = [
    "Manifest",
    "Readiness",
    "SchemaState",
    "backup",
    "check_backup",
    "prerendered_pages",
    "readiness",
    "restore",
    "schema_of",
    "upgrade",
    "watch_write_waits",
]


def backup(url: str, dest: Path) -> Manifest:
    """Write a consistent backup of the database at `url` to the new file `dest`, while
    other processes go on writing.

    Raises:
        NotFoundError: `url` names an SQLite file that does not exist.
        StoreError: `dest` exists or cannot be written, or the database cannot be read.
    """
    require_existing(url)
    return backup_database(url, dest)


def check_backup(src: Path) -> Manifest:
    """Check a backup file completely without restoring it.

    Raises:
        StoreError: the file is missing, damaged, inconsistent or of a newer schema.
    """
    return verify_backup(src)


def restore(src: Path, url: str) -> Manifest:
    """Restore the backup `src` into the new, empty database `url` (migrated to this
    release's schema); nothing is written when the backup or the target is refused.

    Raises:
        StoreError: the backup is refused or the target is not new and empty.
    """
    manifest = restore_database(src, url)
    forget_database(url)
    return manifest


def upgrade(url: str) -> tuple[SchemaState, SchemaState]:
    """Migrate the database at `url` to this release's schema, under the write lock.

    Raises:
        NotFoundError: `url` names an SQLite file that does not exist.
        StoreError: the database is of a newer release, or a migration failed.
    """
    require_existing(url)
    states = upgrade_schema(url)
    forget_database(url)
    return states


@dataclass(frozen=True, slots=True)
class Readiness:
    """Whether a served database can take requests, and why not."""

    ready: bool
    revision: str | None
    head: str
    problem: str


def readiness(store: Store) -> Readiness:
    """Reach the database of the open `store` and compare its schema with this release's."""
    from ratinglist.store.database import current_revision, shipped_head

    head = shipped_head()
    try:
        revision = current_revision(store)
    except StoreError as exc:
        return Readiness(False, None, head, f"database unreachable: {exc}")
    state = SchemaState(current=revision, head=head)
    if state.is_current:
        return Readiness(True, revision, head, "")
    side = "newer" if state.is_newer else "older"
    return Readiness(False, revision, head, f"schema {revision} is {side} than {head}")


def watch_write_waits(observer: Callable[[int], None]) -> Callable[[], None]:
    """Have `observer` told of each write that starts (+1) and stops (-1) waiting for the
    database's write lock, in this process; returns the function that stops it."""
    return observe_write_waits(observer)


def prerendered_pages(site: Site) -> int:
    """How many pages the background renderer has made at the site's current data version."""
    version = site.version()
    with site.store.connect() as conn:
        return len(current_keys(conn, version))
