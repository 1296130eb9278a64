"""Fast inserts: compiled once by SQLAlchemy, executed by the driver on positional tuples.

SQLAlchemy's per-statement and per-row overhead costs more than SQLite's insert itself for
the archive's 8,000 files and 430,000 games. For drivers with a positional paramstyle
(SQLite's ``qmark``, ``format``, ``numeric``) each INSERT is compiled once per dialect and
run by the driver after the columns' own bind processors (dates, booleans) are applied, so
stored values are exactly what Core would store; on SQLite, inside a transaction, straight on
the sqlite3 connection (its errors raised as SQLAlchemy's). Other drivers (PostgreSQL's
``pyformat``) take the ordinary Core path. Savepoints are plain SQL (standard, PostgreSQL
too) without SQLAlchemy's transaction objects.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Boolean, Table, bindparam, insert
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.types import TypeEngine

_POSITIONAL = {"qmark", "format", "numeric"}

Processor = Callable[[Any], Any] | None


def _sqlite_driver(conn: Connection) -> Any | None:
    """The sqlite3 connection under `conn` when a statement may go to it directly: SQLite,
    inside a transaction SQLAlchemy began (the statement then runs in it). SQLAlchemy's own
    per-statement work costs more than a SAVEPOINT or a one-row insert in SQLite."""
    if conn.dialect.name != "sqlite" or not conn.in_transaction():
        return None
    return conn.connection.driver_connection


@contextmanager
def _driver_errors(sql: str, params: Any) -> Iterator[None]:
    """sqlite3's errors as SQLAlchemy raises them (`IntegrityError`, `OperationalError`...)."""
    try:
        yield
    except sqlite3.Error as exc:
        raise DBAPIError.instance(sql, params, exc, sqlite3.Error) from exc


@dataclass(frozen=True, slots=True)
class _Prepared:
    """An INSERT compiled for one dialect: SQL, where each parameter comes from, processors."""

    sql: str
    order: tuple[int, ...]
    processors: tuple[Processor, ...]
    processed: tuple[tuple[int, Callable[[Any], Any]], ...]
    """The positions of `processors` that are not None, with their processor."""

    @property
    def is_plain(self) -> bool:
        """True when rows can go to the driver as they are."""
        return self.order == tuple(range(len(self.order))) and not any(self.processors)

    def row(self, values: Sequence[Any]) -> tuple[Any, ...]:
        """The driver's parameters for one row in the caller's column order."""
        out = [values[index] for index in self.order]
        for position, process in self.processed:
            value = out[position]
            if value is not None:
                out[position] = process(value)
        return tuple(out)


_prepared: dict[tuple[str, str, tuple[str, ...]], _Prepared] = {}


def _processor(column_type: TypeEngine[Any], conn: Connection) -> Processor:
    """The column type's bind processor; none for booleans, which sqlite3 stores as 0/1."""
    if isinstance(column_type, Boolean) and conn.dialect.name == "sqlite":
        return None
    return column_type._cached_bind_processor(conn.dialect)


def _prepare(conn: Connection, table: Table, columns: tuple[str, ...]) -> _Prepared:
    key = (conn.dialect.name, table.name, columns)
    found = _prepared.get(key)
    if found is None:
        statement = insert(table).values({c: bindparam(c) for c in columns})
        compiled = statement.compile(dialect=conn.dialect)
        names = tuple(compiled.positiontup or ())
        if sorted(names) != sorted(columns):
            raise ValueError(f"expected parameters {columns}, got {names}")
        processors = tuple(_processor(table.c[n].type, conn) for n in names)
        found = _Prepared(
            sql=str(compiled),
            order=tuple(columns.index(n) for n in names),
            processors=processors,
            processed=tuple((i, p) for i, p in enumerate(processors) if p is not None),
        )
        _prepared[key] = found
    return found


def is_positional(conn: Connection) -> bool:
    """True when the fast driver path is used for this connection."""
    return conn.dialect.paramstyle in _POSITIONAL


def bulk_insert(
    conn: Connection, table: Table, columns: Sequence[str], rows: Sequence[tuple[Any, ...]]
) -> None:
    """Insert `rows` (tuples in the order of `columns`) into `table` in one executemany."""
    if not rows:
        return
    names = tuple(columns)
    if is_positional(conn):
        prepared = _prepare(conn, table, names)
        params = list(rows) if prepared.is_plain else [prepared.row(r) for r in rows]
        driver = _sqlite_driver(conn)
        if driver is None:
            conn.exec_driver_sql(prepared.sql, params)
        else:
            with _driver_errors(prepared.sql, params):
                driver.executemany(prepared.sql, params)
    else:
        conn.execute(insert(table), [dict(zip(names, row, strict=True)) for row in rows])


def insert_one(conn: Connection, table: Table, values: Mapping[str, Any]) -> int:
    """Insert one row and return its integer primary key."""
    names = tuple(values)
    if is_positional(conn) and conn.dialect.name == "sqlite":
        prepared = _prepare(conn, table, names)
        params = prepared.row(tuple(values.values()))
        driver = _sqlite_driver(conn)
        if driver is None:
            row_id = conn.exec_driver_sql(prepared.sql, params).lastrowid
        else:
            with _driver_errors(prepared.sql, params):
                row_id = driver.execute(prepared.sql, params).lastrowid
        if row_id is None:
            raise ValueError(f"the driver returned no row id for an insert into {table.name}")
        return int(row_id)
    key = conn.execute(insert(table), dict(values)).inserted_primary_key
    if key is None:
        raise ValueError(f"the database returned no primary key for {table.name}")
    return int(key[0])


@contextmanager
def savepoint(conn: Connection, name: str = "ratinglist_file") -> Iterator[None]:
    """A SAVEPOINT inside the current transaction: released on success, rolled back on error."""
    driver = _sqlite_driver(conn)

    def run(sql: str) -> None:
        if driver is None:
            conn.exec_driver_sql(sql)
        else:
            with _driver_errors(sql, ()):
                driver.execute(sql)

    run(f"SAVEPOINT {name}")
    try:
        yield
    except BaseException:
        run(f"ROLLBACK TO SAVEPOINT {name}")
        run(f"RELEASE SAVEPOINT {name}")
        raise
    run(f"RELEASE SAVEPOINT {name}")
