"""Stored tournaments: listing, duplicate groups, and the flags that decide what is rated."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import bindparam, func, select, update
from sqlalchemy.engine import Connection

from ratinglist.errors import NotFoundError, StoreError
from ratinglist.model.results_file import add_months
from ratinglist.store.database import Store
from ratinglist.store.schema import tournaments


@dataclass(frozen=True, slots=True)
class TournamentRow:
    """A stored tournament as listings show it."""

    id: int
    file_name: str
    name: str
    country: str
    start_date: dt.date
    game_count: int
    duplicate_of: int | None
    include_duplicate: bool
    excluded_from_ratings: bool

    @property
    def rated(self) -> bool:
        """True when its games go into ratings."""
        return not self.excluded_from_ratings and (
            self.duplicate_of is None or self.include_duplicate
        )


def list_tournaments(
    source: Store | Connection, *, limit: int | None = None, offset: int = 0
) -> tuple[TournamentRow, ...]:
    """Tournaments by start date then id, one page at a time when `limit` is given."""
    t = tournaments.c
    query = (
        select(
            t.id,
            t.file_name,
            t.name,
            t.country,
            t.start_date,
            t.game_count,
            t.duplicate_of,
            t.include_duplicate,
            t.excluded_from_ratings,
        )
        .order_by(t.start_date, t.id)
        .offset(offset)
    )
    if limit is not None:
        query = query.limit(limit)
    if isinstance(source, Connection):
        return tuple(TournamentRow(*row) for row in source.execute(query))
    with source.connect() as conn:
        return tuple(TournamentRow(*row) for row in conn.execute(query))


def count_tournaments(store: Store) -> int:
    """How many tournaments are stored."""
    with store.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(tournaments)).scalar_one())


def duplicate_groups(store: Store) -> dict[str, tuple[str, ...]]:
    """Original file name -> file names flagged as its duplicates (one entry per group)."""
    t = tournaments.c
    original = tournaments.alias("original")
    query = (
        select(original.c.file_name, t.file_name)
        .join(original, original.c.id == t.duplicate_of)
        .order_by(original.c.file_name, t.file_name)
    )
    groups: dict[str, list[str]] = {}
    with store.connect() as conn:
        for root, dup in conn.execute(query):
            groups.setdefault(root, []).append(dup)
    return {k: tuple(v) for k, v in groups.items()}


def _set(source: Store | Connection, file_name: str, **values: object) -> None:
    query = update(tournaments).where(tournaments.c.file_name == file_name).values(**values)
    if isinstance(source, Connection):
        done = source.execute(query)
    else:
        with source.begin() as conn:
            done = conn.execute(query)
    if done.rowcount != 1:
        raise NotFoundError(f"expected the file name of a stored tournament, got '{file_name}'")


def set_include_duplicate(source: Store | Connection, file_name: str, include: bool = True) -> None:
    """Rate (or stop rating) a tournament flagged as a duplicate.

    Raises:
        NotFoundError: no tournament has this file name.
    """
    _set(source, file_name, include_duplicate=include)


def set_excluded_from_ratings(
    source: Store | Connection, file_name: str, reason: str | None
) -> None:
    """Keep a tournament out of ratings (`reason` given) or put it back (`reason` None).

    Raises:
        NotFoundError: no tournament has this file name.
    """
    _set(source, file_name, excluded_from_ratings=reason is not None, excluded_reason=reason)


def set_received_date(store: Store, file_name: str, day: dt.date | None) -> None:
    """Record the day the federation received a file (`day` None: back to its import day).

    Raises:
        NotFoundError: no tournament has this file name.
    """
    _set(store, file_name, received_on=day)


def set_received_dates(store: Store | Connection, days: Mapping[str, dt.date | None]) -> int:
    """Set many files' received days at once (file name -> day, None for the import day),
    in one transaction (the caller's when given a connection); returns how many files were
    set.

    Raises:
        StoreError: a file name that is not stored (nothing is changed then).
    """
    if isinstance(store, Connection):
        return _set_received_dates(store, days)
    with store.begin() as conn:
        return _set_received_dates(conn, days)


def _set_received_dates(conn: Connection, days: Mapping[str, dt.date | None]) -> int:
    t = tournaments.c
    known = {
        name for (name,) in conn.execute(select(t.file_name).where(t.file_name.in_(list(days))))
    }
    missing = sorted(set(days) - known)
    if missing:
        shown = ", ".join(repr(name) for name in missing[:5])
        raise StoreError(
            f"expected file names of stored tournaments, got {len(missing)} unknown: {shown}"
        )
    if days:
        # one statement run for every file (the driver's executemany), not one per file
        query = (
            update(tournaments)
            .where(t.file_name == bindparam("b_name"))
            .values(received_on=bindparam("b_day"))
        )
        conn.execute(query, [{"b_name": name, "b_day": day} for name, day in days.items()])
    return len(days)


def received_by_lag(
    store: Store,
    months_by_country: Mapping[str, int],
    default_months: int | None = 0,
    *,
    started_from: dt.date | None = None,
    started_until: dt.date | None = None,
) -> dict[str, dt.date]:
    """Each stored file's received day estimated as its last day (end date, else start date)
    plus its federation's reporting lag in whole months: `months_by_country` keyed by the
    ``%%Country`` text (case ignored), `default_months` for other countries (None: leave
    them out). Only files whose tournament started within [`started_from`,
    `started_until`] (each bound optional). The value to give `set_received_dates` for an
    archive whose files' arrival days are unknown."""
    lags = {country.casefold(): months for country, months in months_by_country.items()}
    t = tournaments.c
    query = select(t.file_name, t.country, t.start_date, t.end_date)
    if started_from is not None:
        query = query.where(t.start_date >= started_from)
    if started_until is not None:
        query = query.where(t.start_date <= started_until)
    with store.connect() as conn:
        rows = conn.execute(query).all()
    days: dict[str, dt.date] = {}
    for name, country, start, end in rows:
        months = lags.get(country.casefold(), default_months)
        if months is not None:
            days[name] = add_months(end or start, months)
    return days
