"""Opening a store: engine, SQLite pragmas, migrations on open, foreign errors translated.

`open_store(url)` returns a `Store` whose schema is at the newest migration. Alembic's
``alembic_version`` table is the migrations registry recorded in the database. The
migrations ship in the package (``store/migrations``) and run with a `Config` built here.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import (
    ArgumentError,
    DisconnectionError,
    OperationalError,
    ProgrammingError,
    SQLAlchemyError,
)
from sqlalchemy.pool import StaticPool

if TYPE_CHECKING:
    from alembic.config import Config

from ratinglist.errors import N_, StoreError
from ratinglist.store.write_lock import WriteLock, release_write_lock, shared_write_lock

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
BUSY_TIMEOUT_S = 60.0
"""How long an SQLite connection waits for another writer's lock before giving up."""
WRITE_OPTION = "ratinglist_write"
"""The execution option `Store.begin` sets: start the transaction with the write lock."""


@contextmanager
def translate_errors(action: str) -> Iterator[None]:
    """Turn SQLAlchemy and sqlite3 errors into `StoreError` ("could not <action>")."""
    try:
        yield
    except (SQLAlchemyError, sqlite3.Error) as exc:
        detail = getattr(exc, "orig", None) or exc
        raise StoreError(f"could not {action}: {detail}") from exc


_write_wait_observers: list[Callable[[int], None]] = []


def observe_write_waits(observer: Callable[[int], None]) -> Callable[[], None]:
    """Call `observer(+1)` when a write transaction starts waiting for the write lock and
    `observer(-1)` when it has it (or gave up): the writes waiting, for a server's metrics.
    Returns the function that stops the calls."""
    if observer not in _write_wait_observers:
        _write_wait_observers.append(observer)

    def stop() -> None:
        if observer in _write_wait_observers:
            _write_wait_observers.remove(observer)

    return stop


def _note_write_wait(change: int) -> None:
    for observer in _write_wait_observers:
        observer(change)


T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Store:
    """An open, migrated database: the one handle a process (a CLI invocation, a server
    worker) makes and passes to every use case. Use `begin()` for a transaction; `close()`
    when done. What a process keeps per database (the registry's search index, the sessions
    it looked up...) hangs off the handle: `attached`."""

    url: str
    engine: Engine
    write_lock: WriteLock | None = field(default=None, compare=False)
    """SQLite files: the queue of writers (`store.write_lock`); None elsewhere."""
    _attached: dict[str, object] = field(default_factory=dict, compare=False, repr=False)
    _attached_lock: threading.Lock = field(
        default_factory=threading.Lock, compare=False, repr=False
    )

    def attached(self, key: str, make: Callable[[], T]) -> T:
        """The object kept on this handle under `key`, made by `make()` the first time
        (a per-database cache of a use case: it lives and dies with the handle)."""
        with self._attached_lock:
            found = self._attached.get(key)
            if found is None:
                found = self._attached[key] = make()
        return cast(T, found)

    @contextmanager
    def begin(self) -> Iterator[Connection]:
        """A connection inside one write transaction: committed on success, rolled back on error.

        On SQLite the transaction starts with ``BEGIN IMMEDIATE``: it takes the write lock
        first (waiting up to `BUSY_TIMEOUT_S` for another writer), so two writers queue
        instead of failing with ``database is locked`` when a read turns into a write. On
        PostgreSQL it takes an advisory lock first, with the same effect. On an SQLite file
        the writers queue on `write_lock` before that, so the next one starts as soon as
        the previous one commits instead of when SQLite's busy handler next retries.
        """
        held = nullcontext() if self.write_lock is None else self.write_lock.held()
        _note_write_wait(1)
        waiting = True
        try:
            with held, translate_errors("write to the database"), self.engine.connect() as conn:
                conn.execution_options(**{WRITE_OPTION: True})
                with conn.begin():
                    _note_write_wait(-1)
                    waiting = False
                    yield conn
        finally:
            if waiting:
                _note_write_wait(-1)

    @contextmanager
    def connect(self) -> Iterator[Connection]:
        """A connection for reading (no transaction committed)."""
        with translate_errors("read the database"), self.engine.connect() as conn:
            yield conn

    def close(self) -> None:
        """Release the engine's connections."""
        self.engine.dispose()
        if self.write_lock is not None:
            release_write_lock(self.write_lock)

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def _is_memory(url: str) -> bool:
    return url in ("sqlite://", "sqlite:///:memory:") or "mode=memory" in url


def _sqlite_events(engine: Engine, *, memory: bool) -> None:
    """Pragmas, and real BEGIN/SAVEPOINT handling for pysqlite (SQLAlchemy's documented fix)."""

    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        if not memory:
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA cache_size=-65536")
        cursor.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_S * 1000)}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(conn: Connection) -> None:
        write = conn.get_execution_options().get(WRITE_OPTION, False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write and not memory else "BEGIN")


POSTGRES_SCHEMES = ("postgresql://", "postgres://")
"""URL schemes taken to mean PostgreSQL through psycopg 3 (the driver we ship)."""


def engine_url(url: str) -> str:
    """`url` with a plain ``postgresql://`` (or ``postgres://``) mapped to psycopg 3."""
    for scheme in POSTGRES_SCHEMES:
        if url.startswith(scheme):
            return "postgresql+psycopg://" + url.removeprefix(scheme)
    return url


def _forked_pool_guard(engine: Engine) -> None:
    """Never hand a connection inherited across ``fork`` to the child (SQLAlchemy's recipe).

    `ratinglist serve --workers N` starts its workers by spawning, but a caller that forks
    after opening a store must not share the parent's sockets: a connection checked out in
    another process than the one that opened it is discarded and a new one made.
    """

    @event.listens_for(engine, "connect")
    def on_connect(_dbapi_connection: Any, record: Any) -> None:
        record.info["pid"] = os.getpid()

    @event.listens_for(engine, "checkout")
    def on_checkout(_dbapi_connection: Any, record: Any, proxy: Any) -> None:
        pid = os.getpid()
        if record.info.get("pid") != pid:
            record.dbapi_connection = proxy.dbapi_connection = None
            raise DisconnectionError(
                f"connection made in process {record.info.get('pid')}, used in {pid}"
            )


WRITE_LOCK_KEY = 0x52_61_74_69_6E_67  # "Rating"
"""The PostgreSQL advisory lock every write transaction takes (see `_postgres_events`)."""


def _postgres_events(engine: Engine) -> None:
    """Write transactions take one database-wide advisory lock, so writers queue as on SQLite.

    The store's writes read and then write in one transaction (the next event number, the
    lowest unused player ID, an import's duplicate check): under PostgreSQL's READ COMMITTED
    two such writers could both read the same state. Holding ``pg_advisory_xact_lock`` from
    the first statement to commit gives them SQLite's ``BEGIN IMMEDIATE`` order; readers
    never wait. See docs/decisions.md, "Issue 10".
    """

    @event.listens_for(engine, "begin")
    def on_begin(conn: Connection) -> None:
        if conn.get_execution_options().get(WRITE_OPTION, False):
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({WRITE_LOCK_KEY})")


def make_engine(url: str) -> Engine:
    """An engine for `url`; in-memory SQLite shares one connection so every session sees it.

    PostgreSQL (``postgresql://`` means psycopg 3) gets a connection pool per process, with
    connections checked before use (a restarted server does not break the next request).

    Raises:
        StoreError: the URL is malformed or names a driver that is not installed.
    """
    try:
        if _is_sqlite(url):
            memory = _is_memory(url)
            if memory:
                engine = create_engine(
                    url, poolclass=StaticPool, connect_args={"check_same_thread": False}
                )
            else:
                engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_S})
            _sqlite_events(engine, memory=memory)
            return engine
        engine = create_engine(engine_url(url), pool_pre_ping=True)
        _forked_pool_guard(engine)
        if engine.dialect.name == "postgresql":
            _postgres_events(engine)
        return engine
    except (ArgumentError, ImportError) as exc:
        raise StoreError(f"expected a database path or URL, got {url!r} ({exc})") from exc


def alembic_config(connection: Connection | None = None) -> Config:
    """The Alembic configuration, built in code (no ini file needed)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("path_separator", "os")
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    """The newest migration shipped with the package (as Alembic reads the scripts)."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    if head is None:
        raise StoreError(f"no migrations found in {MIGRATIONS}")
    return head


def shipped_head() -> str:
    """The newest migration by file name (``NNNN_*.py``), read without importing Alembic.

    Migrations are numbered in order and each revises the one before (a test checks that
    this equals `head_revision`), so an up-to-date database is recognised cheaply.
    """
    names = sorted(p.name for p in (MIGRATIONS / "versions").glob("[0-9][0-9][0-9][0-9]_*.py"))
    if not names:
        raise StoreError(f"no migrations found in {MIGRATIONS}")
    return names[-1][:4]


def _stored_revision(conn: Connection) -> str | None:
    try:
        return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    except (OperationalError, ProgrammingError):  # no such table: SQLite, PostgreSQL
        conn.rollback()
        return None


def current_revision(store: Store) -> str | None:
    """The migration the database is at (None for an empty database)."""
    with store.connect() as conn:
        return _stored_revision(conn)


def _database_name(engine: Engine) -> str:
    """The database as a message names it: an SQLite file's path, else the URL (no password)."""
    if engine.dialect.name == "sqlite" and engine.url.database:
        return engine.url.database
    return engine.url.render_as_string(hide_password=True)


def check_sqlite_file(path: Path) -> None:
    """Refuse a file that is not an SQLite database, or is another program's, read without
    writing to it (an engine would migrate it and switch its journal to WAL; `migrate`
    refuses a foreign database by the same rule, for any backend).

    Raises:
        StoreError: `path` is not an SQLite database, or has tables but not ours.
    """
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as conn:
            tables = sorted(
                row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
            )
    except sqlite3.Error as exc:
        raise StoreError(
            N_("expected an SQLite database at '%(path)s', found a file that is not one (%(why)s)"),
            path=str(path),
            why=str(exc),
        ) from exc
    if tables and "alembic_version" not in tables:  # the migrations registry
        raise foreign_database(str(path), tables)


def _refuse_foreign(conn: Connection, name: str) -> None:
    """Refuse a database that has tables but no migrations registry: another program's
    database, which migrating would fill with our tables.

    Raises:
        StoreError: `conn`'s database holds tables and no ``alembic_version``.
    """
    from sqlalchemy import inspect

    tables = sorted(inspect(conn).get_table_names())
    if tables:
        raise foreign_database(name, tables)


def foreign_database(name: str, tables: list[str]) -> StoreError:
    """The refusal of database `name`, another program's: it holds `tables`, none ours."""
    shown = ", ".join(tables[:5]) + (", ..." if len(tables) > 5 else "")
    return StoreError(
        N_(
            "expected a ratinglist database or an empty one at '%(name)s', found a "
            "database with other tables (%(tables)s); nothing changed"
        ),
        name=name,
        tables=shown,
    )


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to `revision` (default: the newest); a no-op when already there.

    Raises:
        StoreError: the database is not one of ours (another program's tables, or not a
            database at all), or a migration fails.
    """
    name = _database_name(engine)
    with translate_errors(f"migrate the database '{name}'"):
        with engine.connect() as conn:
            at = _stored_revision(conn)
            if at is None:
                _refuse_foreign(conn, name)
        if revision == "head" and at == shipped_head():
            return
        from alembic import command
        from alembic.util.exc import CommandError

        with engine.connect() as conn:
            conn.execution_options(**{WRITE_OPTION: True})
            with conn.begin():
                try:
                    command.upgrade(alembic_config(conn), revision)
                except CommandError as exc:
                    raise StoreError(f"could not migrate the database: {exc}") from exc


def open_store(url: str, *, upgrade: bool = True) -> Store:
    """Open the database at `url` and migrate it to the newest schema.

    A plain SQLite path must be turned into a URL first (`cli.common.database_url`).

    Raises:
        StoreError: the database cannot be opened or migrated.
    """
    engine = make_engine(url)
    with translate_errors(f"open {url}"):
        if upgrade:
            migrate(engine)
        else:
            with engine.connect():
                pass
    return Store(url=url, engine=engine, write_lock=_write_lock(engine))


def _write_lock(engine: Engine) -> WriteLock | None:
    """The writers' queue of an SQLite file (None for in-memory SQLite and servers)."""
    if engine.dialect.name != "sqlite":
        return None
    name = engine.url.database
    if not name or name == ":memory:" or "mode=memory" in str(engine.url):
        return None
    return shared_write_lock(Path(name))


@dataclass(frozen=True, slots=True)
class SchemaState:
    """Where a database's schema stands against this release's migrations."""

    current: str | None
    """The database's revision (None: no schema at all)."""
    head: str
    """The newest revision this release ships."""

    @property
    def is_current(self) -> bool:
        """True when the database is at this release's newest revision."""
        return self.current == self.head

    @property
    def is_newer(self) -> bool:
        """True when the database was migrated by a newer release (a revision not shipped)."""
        if self.current is None:
            return False
        return not self.current.isdigit() or int(self.current) > int(self.head)

    @property
    def is_older(self) -> bool:
        """True when this release's migrations would bring the database forward."""
        return not self.is_current and not self.is_newer


def schema_state(url: str) -> SchemaState:
    """The schema revision of the database at `url`, read without migrating it.

    Raises:
        StoreError: the database cannot be reached.
    """
    engine = make_engine(url)
    try:
        with translate_errors(f"open {url}"), engine.connect() as conn:
            current = _stored_revision(conn)
    finally:
        engine.dispose()
    return SchemaState(current=current, head=shipped_head())


def upgrade_schema(url: str) -> tuple[SchemaState, SchemaState]:
    """Run the pending migrations of the database at `url` under the write lock (SQLite:
    ``BEGIN IMMEDIATE``; PostgreSQL: the writers' advisory lock), so two upgrades, or an
    upgrade and the writers, queue; the second upgrade finds nothing left to do. Returns the
    state before and after.

    Raises:
        StoreError: the database is of a newer release, or a migration fails (rolled back).
    """
    before = schema_state(url)
    if before.is_newer:
        raise StoreError(
            f"the database is at schema revision {before.current}, newer than this "
            f"release's {before.head}: run a release at least that new"
        )
    engine = make_engine(url)
    try:
        migrate(engine)
    finally:
        engine.dispose()
    return before, schema_state(url)
