"""Backups: a consistent copy of a database in one file, and its restore into a new database.

A backup file is a ZIP archive of two members: ``database.sqlite``, an SQLite database at the
source's schema revision holding every row of every table, and ``manifest.json`` (format and
version, the schema revision, the row count of each table, the SHA-256 and size of the data
member, the source's backend and the time taken).

Consistency while the server writes:
- SQLite: SQLite's online backup API copies the whole file in one step, inside one read
  transaction: in WAL mode the writers go on, and the copy is the database as of one commit.
- PostgreSQL: a logical copy in one ``REPEATABLE READ READ ONLY`` transaction (one snapshot
  for every table); the SQLite file gets the same schema by running the same migrations up to
  the source's revision, then the rows.

A restore checks everything before it writes anything: a readable archive, the manifest, the
checksum and size, the data's own revision and row counts against the manifest, and a revision
this release knows (a newer one is refused). The target must be a new SQLite file or an empty
PostgreSQL database. SQLite: the copy is made under a temporary name beside the target, then
migrated to the newest schema and renamed into place. PostgreSQL: schema, rows and migrations
in one transaction. Either way a refused or failed restore leaves nothing behind.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import os
import shutil
import sqlite3
import tempfile
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Engine,
    MetaData,
    Table,
    bindparam,
    delete,
    func,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.engine import Connection

from ratinglist.errors import StoreError
from ratinglist.store.database import (
    WRITE_OPTION,
    _stored_revision,
    alembic_config,
    make_engine,
    shipped_head,
    translate_errors,
)
from ratinglist.store.schema import metadata as app_metadata

FORMAT = "ratinglist-backup"
FORMAT_VERSION = 1
MANIFEST = "manifest.json"
DATA = "database.sqlite"
VERSION_TABLE = "alembic_version"
BATCH = 2000
"""Rows copied per INSERT."""


@dataclass(frozen=True, slots=True)
class Manifest:
    """What a backup holds, as written in its ``manifest.json``."""

    revision: str
    counts: dict[str, int]
    sha256: str
    size: int
    source: str
    created_at: str

    @property
    def rows(self) -> int:
        """Rows in every table together."""
        return sum(self.counts.values())

    def to_json(self) -> str:
        """The manifest as written into the archive."""
        body = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "revision": self.revision,
            "counts": self.counts,
            "sha256": self.sha256,
            "size": self.size,
            "source": self.source,
            "created_at": self.created_at,
        }
        return json.dumps(body, indent=2, sort_keys=True)


def _sqlite_file(engine: Engine) -> Path | None:
    name = engine.url.database
    if engine.dialect.name != "sqlite" or not name or name == ":memory:":
        return None
    return Path(name)


def _revision_of(engine: Engine, what: str) -> str:
    with translate_errors(f"read {what}"), engine.connect() as conn:
        revision = _stored_revision(conn)
    if revision is None:
        raise StoreError(f"expected a ratinglist database at {what}, found no schema revision")
    return revision


def revision_number(revision: str) -> int | None:
    """The number of a revision (``0014`` -> 14); None for one this package cannot read."""
    return int(revision) if revision.isdigit() else None


def known_revision(revision: str) -> bool:
    """True when this release ships the migration `revision` (it can migrate from there)."""
    number = revision_number(revision)
    return number is not None and 1 <= number <= int(shipped_head())


# --- Taking a backup -------------------------------------------------------------------------


def backup_database(url: str, dest: Path) -> Manifest:
    """Write a backup of the database at `url` to the new file `dest` (see the module text).

    The archive is written under a temporary name beside `dest` and renamed when complete.

    Raises:
        StoreError: `dest` exists or cannot be written, or the database cannot be read.
    """
    if dest.exists():
        raise StoreError(f"expected a new backup file, but '{dest}' already exists")
    folder = dest.parent if str(dest.parent) else Path(".")
    if not folder.is_dir():
        raise StoreError(f"expected an existing folder for the backup, found none at '{folder}'")
    engine = make_engine(url)
    try:
        with _temporary_folder(folder) as tmp, translate_errors(f"back up {url}"), _os_errors():
            data = tmp / DATA
            source = _sqlite_file(engine)
            if source is not None:
                if not source.exists():
                    raise StoreError(f"expected an existing database file '{source}', found none")
                revision = _revision_of(engine, url)
                _sqlite_online_copy(source, data)
            else:
                revision = _logical_copy(engine, data)
            counts = _sqlite_counts(data)
            stored = _sqlite_revision(data)
            if stored != revision:
                raise StoreError(
                    f"the copy of {url} is at revision {stored}, expected {revision}: try again"
                )
            manifest = Manifest(
                revision=revision,
                counts=counts,
                sha256=_sha256(data),
                size=data.stat().st_size,
                source=engine.dialect.name,
                created_at=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            )
            archive = tmp / "backup.zip"
            _write_archive(archive, manifest, data)
            os.replace(archive, dest)
    finally:
        engine.dispose()
    return manifest


@contextlib.contextmanager
def _os_errors() -> Iterator[None]:
    try:
        yield
    except OSError as exc:
        raise StoreError(f"could not write the backup: {exc}") from exc


@contextlib.contextmanager
def _temporary_folder(folder: Path) -> Iterator[Path]:
    try:
        tmp = Path(tempfile.mkdtemp(prefix=".ratinglist-", dir=folder))
    except OSError as exc:
        raise StoreError(f"could not write in '{folder}': {exc}") from exc
    try:
        yield tmp
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _sqlite_online_copy(source: Path, data: Path) -> None:
    """SQLite's backup API, the whole file in one step (one read transaction)."""
    try:
        src = sqlite3.connect(source, timeout=60)
        try:
            dst = sqlite3.connect(data)
            try:
                src.backup(dst, pages=-1)
            finally:
                dst.close()
        finally:
            src.close()
    except sqlite3.Error as exc:
        raise StoreError(f"could not copy '{source}': {exc}") from exc


def _sqlite_counts(data: Path) -> dict[str, int]:
    conn = sqlite3.connect(data)
    try:
        names = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        return {
            name: int(conn.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0])
            for name in names
        }
    finally:
        conn.close()


def _sqlite_revision(data: Path) -> str | None:
    conn = sqlite3.connect(data)
    try:
        row = conn.execute(f"SELECT version_num FROM {VERSION_TABLE}").fetchone()
        return None if row is None else str(row[0])
    finally:
        conn.close()


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _write_archive(archive: Path, manifest: Manifest, data: Path) -> None:
    try:
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
            zf.writestr(MANIFEST, manifest.to_json())
            zf.write(data, DATA)
        with archive.open("rb") as handle:
            os.fsync(handle.fileno())
    except OSError as exc:
        raise StoreError(f"could not write the backup: {exc}") from exc


def _light_table(name: str, reflected: Table, into: MetaData) -> Table:
    """`reflected`'s columns, typed as the application's schema types them where it knows the
    column (dates, times and flags read and written the same way on every backend)."""
    known = app_metadata.tables.get(name)
    columns = []
    for column in reflected.columns:
        typed = known.columns.get(column.name) if known is not None else None
        kind = typed.type if typed is not None else column.type
        columns.append(Column(column.name, kind, primary_key=column.primary_key))
    return Table(name, into, *columns)


def _copy_rows(source: Connection, target: Connection, reflected: MetaData) -> None:
    """Every row of every table but the migrations' own, parents first; a table's references
    to itself are set after its rows (any order of rows is then valid)."""
    light = MetaData()
    tables = [t for t in reflected.sorted_tables if t.name != VERSION_TABLE]
    for table in reversed(tables):  # rows the migrations themselves insert (seed rows)
        target.execute(delete(_light_table(table.name, table, MetaData())))
    for table in tables:
        typed = _light_table(table.name, table, light)
        self_refs = sorted(
            {
                fk.parent.name
                for fk in table.foreign_keys
                if fk.column.table.name == table.name and not fk.parent.primary_key
            }
        )
        keys = [c for c in typed.columns if c.primary_key]
        order = keys or list(typed.columns)
        later: list[dict[str, Any]] = []
        result = source.execution_options(yield_per=BATCH).execute(select(typed).order_by(*order))
        for rows in result.mappings().partitions():
            batch = [dict(row) for row in rows]
            if self_refs:
                for row in batch:
                    if any(row[name] is not None for name in self_refs):
                        later.append(
                            {f"k_{c.name}": row[c.name] for c in keys}
                            | {name: row[name] for name in self_refs}
                        )
                        for name in self_refs:
                            row[name] = None
            _insert(target, typed, batch)
        if later:
            where = [c == bindparam(f"k_{c.name}") for c in keys]
            target.execute(update(typed).where(*where), later)


def _insert(target: Connection, table: Table, batch: list[dict[str, Any]]) -> None:
    """Insert `batch`; into PostgreSQL by ``COPY`` (several times faster than INSERTs), the
    values as the application's types give them (psycopg adapts dates, times, bytes)."""
    if target.dialect.name != "postgresql" or not batch:
        target.execute(insert(table), batch)
        return
    names = [c.name for c in table.columns]
    columns = ", ".join(f'"{name}"' for name in names)
    raw: Any = target.connection.dbapi_connection
    with raw.cursor() as cursor, cursor.copy(f'COPY "{table.name}" ({columns}) FROM STDIN') as copy:
        for row in batch:
            copy.write_row([row[name] for name in names])


def _logical_copy(engine: Engine, data: Path) -> str:
    """Copy a database server's tables into the new SQLite file `data` (one snapshot)."""
    target_engine = make_engine(f"sqlite:///{data}")
    try:
        with translate_errors("back up the database"), engine.connect() as conn:
            snap = conn.execution_options(isolation_level="REPEATABLE READ")
            with snap.begin():
                if engine.dialect.name == "postgresql":
                    snap.exec_driver_sql("SET TRANSACTION READ ONLY")
                    snap.exec_driver_sql("SET LOCAL TIME ZONE 'UTC'")
                revision = _stored_revision(snap)
                if revision is None:
                    raise StoreError(
                        f"expected a ratinglist database at {engine.url!r}, found no schema"
                    )
                if not known_revision(revision):
                    raise StoreError(
                        f"the database is at schema revision {revision}, which this release "
                        f"(newest {shipped_head()}) does not know: back it up with a newer release"
                    )
                reflected = MetaData()
                reflected.reflect(snap)
                _migrate_to(target_engine, revision)
                with target_engine.begin() as target:
                    _copy_rows(snap, target, reflected)
        return revision
    finally:
        target_engine.dispose()


def _migrate_to(engine: Engine, revision: str) -> None:
    from alembic import command

    with engine.connect() as conn:
        conn.execution_options(**{WRITE_OPTION: True})
        with conn.begin():
            command.upgrade(alembic_config(conn), revision)


# --- Reading and checking a backup -----------------------------------------------------------


def _refuse(src: Path, what: str) -> StoreError:
    return StoreError(f"refused the backup '{src}': {what}; nothing was written")


def read_manifest(src: Path) -> Manifest:
    """The manifest of the backup file `src`, checked for shape (not yet against the data).

    Raises:
        StoreError: `src` is missing, not a ZIP archive, or its manifest is not one we wrote.
    """
    if not src.is_file():
        raise StoreError(f"expected a backup file, found none at '{src}'")
    try:
        with zipfile.ZipFile(src) as zf:
            names = set(zf.namelist())
            if names != {MANIFEST, DATA}:
                raise _refuse(
                    src, f"expected the members {MANIFEST} and {DATA}, found {sorted(names)}"
                )
            raw = zf.read(MANIFEST)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError) as exc:
        raise _refuse(src, f"not a readable backup archive (ZIP): {exc}") from exc
    try:
        body = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise _refuse(src, f"{MANIFEST} is not JSON ({exc})") from exc
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise _refuse(src, f"{MANIFEST} does not say format {FORMAT!r}")
    if body.get("format_version") != FORMAT_VERSION:
        raise _refuse(
            src,
            f"expected backup format version {FORMAT_VERSION}, found "
            f"{body.get('format_version')!r} (made by another release)",
        )
    try:
        counts = body["counts"]
        manifest = Manifest(
            revision=str(body["revision"]),
            counts={str(k): int(v) for k, v in counts.items()},
            sha256=str(body["sha256"]),
            size=int(body["size"]),
            source=str(body["source"]),
            created_at=str(body["created_at"]),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise _refuse(src, f"{MANIFEST} lacks or garbles a field ({exc})") from exc
    return manifest


def _extract_checked(src: Path, manifest: Manifest, folder: Path) -> Path:
    """The data member extracted into `folder`, its checksum, size, revision and counts
    checked against the manifest, and the revision one this release can restore."""
    data = folder / DATA
    digest = hashlib.sha256()
    try:
        with zipfile.ZipFile(src) as zf, zf.open(DATA) as member, data.open("wb") as out:
            for block in iter(lambda: member.read(1 << 20), b""):
                digest.update(block)
                out.write(block)
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError) as exc:
        raise _refuse(src, f"{DATA} cannot be read back ({exc})") from exc
    if digest.hexdigest() != manifest.sha256 or data.stat().st_size != manifest.size:
        raise _refuse(
            src,
            f"{DATA} does not match the checksum in {MANIFEST} "
            f"(expected sha256 {manifest.sha256[:16]}..., got {digest.hexdigest()[:16]}...)",
        )
    if not known_revision(manifest.revision):
        raise _refuse(
            src,
            f"its schema revision {manifest.revision} is newer than this release's "
            f"{shipped_head()}: restore it with the release that made it, or a newer one",
        )
    try:
        stored = _sqlite_revision(data)
        counts = _sqlite_counts(data)
    except sqlite3.Error as exc:
        raise _refuse(src, f"{DATA} is not a readable SQLite database ({exc})") from exc
    if stored != manifest.revision:
        raise _refuse(src, f"{DATA} is at revision {stored}, the manifest says {manifest.revision}")
    if counts != manifest.counts:
        wrong = sorted(
            k for k in set(counts) | set(manifest.counts) if counts.get(k) != manifest.counts.get(k)
        )
        raise _refuse(src, f"the row counts of {', '.join(wrong)} differ from the manifest")
    return data


def verify_backup(src: Path) -> Manifest:
    """Check the backup file `src` completely (as `restore_database` does before writing).

    Raises:
        StoreError: the file is missing, damaged, inconsistent or of a newer schema.
    """
    manifest = read_manifest(src)
    with tempfile.TemporaryDirectory(prefix="ratinglist-verify-") as tmp:
        _extract_checked(src, manifest, Path(tmp))
    return manifest


# --- Restoring -------------------------------------------------------------------------------


def restore_database(src: Path, url: str) -> Manifest:
    """Restore the backup `src` into the new database `url`, then migrate it to the newest
    schema (see the module text). Returns the backup's manifest.

    Raises:
        StoreError: the backup is refused, the target is not new and empty, or the copy
            fails (then nothing was written).
    """
    manifest = read_manifest(src)
    engine = make_engine(url)
    try:
        target_file = _sqlite_file(engine)
        if target_file is None and engine.dialect.name == "sqlite":
            raise StoreError("expected a database file or server to restore into, got memory")
        if target_file is not None:
            if target_file.exists():
                raise StoreError(
                    f"expected a new database file to restore into, but '{target_file}' "
                    "exists (restore into a new path, then move it into place)"
                )
            folder = target_file.parent if str(target_file.parent) else Path(".")
            if not folder.is_dir():
                raise StoreError(f"expected an existing folder, found none at '{folder}'")
        else:
            _require_empty(engine, url)
        with tempfile.TemporaryDirectory(prefix="ratinglist-restore-") as tmp:
            data = _extract_checked(src, manifest, Path(tmp))
            if target_file is not None:
                _restore_sqlite(data, target_file)
            else:
                _restore_server(data, engine, manifest)
    finally:
        engine.dispose()
    return manifest


def _require_empty(engine: Engine, url: str) -> None:
    with translate_errors(f"open {url}"), engine.connect() as conn:
        tables = inspect(conn).get_table_names()
    if tables:
        raise StoreError(
            f"expected an empty database to restore into, but {url} has {len(tables)} "
            "table(s): create a new database and restore into it"
        )


def _restore_sqlite(data: Path, target: Path) -> None:
    partial = target.with_name(f".{target.name}.restoring-{os.getpid()}")
    try:
        _sqlite_online_copy(data, partial)
        engine = make_engine(f"sqlite:///{partial}")
        try:
            _migrate_to(engine, "head")
        finally:
            engine.dispose()
        os.replace(partial, target)
    except BaseException:
        for leftover in (partial, *(partial.with_name(partial.name + s) for s in ("-wal", "-shm"))):
            leftover.unlink(missing_ok=True)
        raise


def _restore_server(data: Path, engine: Engine, manifest: Manifest) -> None:
    from alembic import command

    source_engine = make_engine(f"sqlite:///{data}")
    try:
        with (
            translate_errors("restore the database"),
            source_engine.connect() as source,
            engine.connect() as conn,
        ):
            conn.execution_options(**{WRITE_OPTION: True})
            with conn.begin():
                if conn.dialect.name == "postgresql":
                    conn.exec_driver_sql("SET LOCAL TIME ZONE 'UTC'")
                command.upgrade(alembic_config(conn), manifest.revision)
                reflected = MetaData()
                reflected.reflect(source)
                _copy_rows(source, conn, reflected)
                _reset_sequences(conn, reflected)
                counts = {
                    t.name: int(conn.execute(select(func.count()).select_from(t)).scalar_one())
                    for t in reflected.sorted_tables
                }
                if counts != manifest.counts:
                    raise StoreError(
                        "the restored row counts differ from the backup's manifest; "
                        "nothing was written"
                    )
                command.upgrade(alembic_config(conn), "head")
    finally:
        source_engine.dispose()


def _reset_sequences(conn: Connection, reflected: MetaData) -> None:
    """PostgreSQL: each serial key's sequence continues after the restored rows."""
    if conn.dialect.name != "postgresql":
        return
    for table in reflected.sorted_tables:
        keys = [c for c in table.columns if c.primary_key]
        if len(keys) != 1:
            continue
        key = keys[0].name
        sequence = conn.exec_driver_sql(
            "SELECT pg_get_serial_sequence(%(t)s, %(c)s)", {"t": table.name, "c": key}
        ).scalar()
        if sequence is None:
            continue
        conn.exec_driver_sql(
            f'SELECT setval(%(s)s, COALESCE((SELECT MAX("{key}") FROM "{table.name}"), 0) + 1, '
            "false)",
            {"s": sequence},
        )
