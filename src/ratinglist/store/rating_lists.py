"""Stored rating lists: rows of ``rating_lists`` and ``rating_entries``, written and read.

A list is one row of ``rating_lists`` (as-of date, parameters as JSON, the sender pattern
whose files were left out, counts, fit statistics, label) and one row of ``rating_entries``
per rated player (unrounded rating and margin, flags, plain game count, last tournament, the
player's country code and continent when the list was computed). Lists are never changed
once stored; computing again adds a new list. Computing lists is the service's
(`service.rating_lists`); this module only persists plain values.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select, func, select
from sqlalchemy.engine import Connection

from ratinglist.errors import NotFoundError
from ratinglist.store.bulk import bulk_insert, insert_one
from ratinglist.store.database import Store, translate_errors
from ratinglist.store.rating_games import sender_pattern
from ratinglist.store.schema import rating_entries, rating_lists, tournaments

ENTRY_COLUMNS = (
    "list_id",
    "player_id",
    "rating",
    "margin",
    "official",
    "listed",
    "games",
    "last_played",
    "country",
    "continent",
)
"""The columns of an entry row given to `save_list` (``list_id`` is filled in)."""


@dataclass(frozen=True, slots=True)
class ListRow:
    """A stored list without its entries; `parameters` is the stored JSON object."""

    id: int
    as_of: dt.date
    computed_at: dt.datetime
    label: str | None
    parameters: dict[str, Any]
    exclude_sender: str | None
    game_count: int
    rated: int
    listed: int
    official: int
    unrated: int
    iterations: int
    max_residual: float


@dataclass(frozen=True, slots=True)
class EntryRow:
    """One stored entry (player, unrounded rating and margin, flags, games, last played)."""

    player_id: int
    rating: float
    margin: float
    official: bool
    listed: bool
    games: int
    last_played: dt.date
    country: str | None
    continent: str | None


@dataclass(frozen=True, slots=True)
class SenderMatch:
    """A stored tournament whose ``%%Sender:`` matches a pattern."""

    file_name: str
    sender: str
    start_date: dt.date
    game_count: int


_INFO_COLUMNS = (
    rating_lists.c.id,
    rating_lists.c.as_of,
    rating_lists.c.computed_at,
    rating_lists.c.label,
    rating_lists.c.parameters,
    rating_lists.c.exclude_sender,
    rating_lists.c.game_count,
    rating_lists.c.rated,
    rating_lists.c.listed,
    rating_lists.c.official,
    rating_lists.c.unrated,
    rating_lists.c.iterations,
    rating_lists.c.max_residual,
)


def save_list(
    conn: Connection, values: dict[str, Any], entries: Iterable[Sequence[Any]]
) -> ListRow:
    """Insert a list row (`values`: the ``rating_lists`` columns but ``id``; ``parameters``
    a dict) and its entries (tuples of `ENTRY_COLUMNS` without ``list_id``)."""
    stored = values | {"parameters": json.dumps(values["parameters"], sort_keys=True)}
    list_id = insert_list(conn, stored, ENTRY_COLUMNS[1:], entries)
    return _info((list_id, *(stored[c.name] for c in _INFO_COLUMNS[1:])))


def insert_list(
    conn: Connection,
    values: dict[str, Any],
    columns: Sequence[str],
    entries: Iterable[Sequence[Any]],
) -> int:
    """Insert a ``rating_lists`` row (`values`, ``parameters`` as JSON text) and its entries
    (tuples of the ``rating_entries`` `columns` after ``list_id``); the new list's id."""
    list_id = insert_one(conn, rating_lists, values)
    bulk_insert(conn, rating_entries, ("list_id", *columns), [(list_id, *e) for e in entries])
    return list_id


def _info(row: Sequence[Any]) -> ListRow:
    params = row[4]
    return ListRow(
        id=int(row[0]),
        as_of=_as_date(row[1]),
        computed_at=row[2] if row[2].tzinfo else row[2].replace(tzinfo=dt.UTC),
        label=row[3],
        parameters=json.loads(params) if isinstance(params, str) else {},
        exclude_sender=row[5],
        game_count=int(row[6]),
        rated=int(row[7]),
        listed=int(row[8]),
        official=int(row[9]),
        unrated=int(row[10]),
        iterations=int(row[11]),
        max_residual=float(row[12]),
    )


_WOF = rating_lists.c.system == "wof"
"""WOF lists only: the other systems' lists (`store.system_lists`) share the table."""


def list_rows(conn: Connection) -> tuple[ListRow, ...]:
    """Every stored WOF list, oldest first (by id)."""
    rows = conn.execute(select(*_INFO_COLUMNS).where(_WOF).order_by(rating_lists.c.id))
    return tuple(_info(row) for row in rows)


def list_row(conn: Connection, list_id: int) -> ListRow:
    """The stored list `list_id`.

    Raises:
        NotFoundError: no list has this id.
    """
    row = conn.execute(select(*_INFO_COLUMNS).where(_WOF, rating_lists.c.id == list_id)).first()
    if row is None:
        raise NotFoundError(f"expected the id of a stored rating list, got '{list_id}'")
    return _info(row)


def newest_list_id(conn: Connection, as_of: dt.date | None = None) -> int | None:
    """The highest list id (computed for `as_of` when given), or None."""
    query = select(func.max(rating_lists.c.id)).where(_WOF)
    if as_of is not None:
        query = query.where(rating_lists.c.as_of == as_of)
    newest = conn.execute(query).scalar_one()
    return None if newest is None else int(newest)


def newest_list_ids(conn: Connection, days: Sequence[dt.date]) -> dict[dt.date, int]:
    """The highest WOF list id of each of `days` that has a stored list (one query)."""
    if not days:
        return {}
    c = rating_lists.c
    query = (
        select(c.as_of, func.max(c.id))
        .where(_WOF, c.as_of >= min(days), c.as_of <= max(days))
        .group_by(c.as_of)
    )
    wanted = set(days)
    return {row[0]: int(row[1]) for row in conn.execute(query) if row[0] in wanted}


_ENTRY = rating_entries.c
_ENTRY_SELECT = (
    _ENTRY.player_id,
    _ENTRY.rating,
    _ENTRY.margin,
    _ENTRY.official,
    _ENTRY.listed,
    _ENTRY.games,
    _ENTRY.last_played,
    _ENTRY.country,
    _ENTRY.continent,
)


def _entry(row: Sequence[Any]) -> EntryRow:
    pid, rating, margin, official, listed, games, last, country, continent = row
    return EntryRow(
        int(pid),
        float(rating),
        float(margin),
        bool(official),
        bool(listed),
        int(games),
        _as_date(last),
        country,
        continent,
    )


def entry_rows(conn: Connection, list_id: int) -> tuple[EntryRow, ...]:
    """Every entry of list `list_id`, in increasing player ID."""
    query = select(*_ENTRY_SELECT).where(_ENTRY.list_id == list_id).order_by(_ENTRY.player_id)
    with translate_errors("read a rating list"):
        return tuple(_entry(r) for r in conn.execute(query))


def entries_of(conn: Connection, list_id: int, players: Iterable[int]) -> dict[int, EntryRow]:
    """The entries of list `list_id` of the given players (absent players left out)."""
    wanted = sorted(set(players))
    found: dict[int, EntryRow] = {}
    for start in range(0, len(wanted), 500):
        chunk = wanted[start : start + 500]
        query = select(*_ENTRY_SELECT).where(_ENTRY.list_id == list_id, _ENTRY.player_id.in_(chunk))
        found.update((e.player_id, e) for e in map(_entry, conn.execute(query)))
    return found


def _filtered(
    query: Select[Any],
    list_id: int,
    country: str | None,
    continent: str | None,
    official_only: bool,
) -> Select[Any]:
    query = query.where(_ENTRY.list_id == list_id, _ENTRY.listed.is_(True))
    if country is not None:
        query = query.where(_ENTRY.country == country)
    if continent is not None:
        query = query.where(_ENTRY.continent == continent)
    if official_only:
        query = query.where(_ENTRY.official.is_(True))
    return query


def entry_page(
    conn: Connection,
    list_id: int,
    *,
    country: str | None = None,
    continent: str | None = None,
    official_only: bool = False,
    limit: int | None = None,
    offset: int = 0,
) -> tuple[int, tuple[EntryRow, ...]]:
    """The listed entries of a list by decreasing rating (ties by ID), filtered by country
    code, continent and official flag, one page (`limit` rows from `offset`; all when None);
    and how many entries the filter selects. Read through the (list, country/continent,
    rating) indexes."""
    total = conn.execute(
        _filtered(
            select(func.count()).select_from(rating_entries),
            list_id,
            country,
            continent,
            official_only,
        )
    ).scalar_one()
    query = _filtered(select(*_ENTRY_SELECT), list_id, country, continent, official_only)
    query = query.order_by(_ENTRY.rating.desc(), _ENTRY.player_id).offset(offset)
    if limit is not None:
        query = query.limit(limit)
    return int(total), tuple(_entry(r) for r in conn.execute(query))


def _as_date(value: object) -> dt.date:
    """A date column read straight from the driver (SQLite gives ISO text)."""
    if isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(str(value))


def tournaments_by_sender(source: Store | Connection, pattern: str) -> tuple[SenderMatch, ...]:
    """Stored tournaments whose ``%%Sender:`` matches `pattern` (case-insensitive search),
    by start date.

    Raises:
        StoreError: `pattern` is not a regular expression.
    """
    compiled = sender_pattern(pattern)
    t = tournaments.c
    query = select(t.file_name, t.sender, t.start_date, t.game_count).order_by(
        t.start_date, t.file_name
    )
    if isinstance(source, Connection):
        rows = list(source.execute(query))
    else:
        with source.connect() as conn:
            rows = list(conn.execute(query))
    return tuple(
        SenderMatch(name, sender, start, int(count))
        for name, sender, start, count in rows
        if compiled.search(sender)
    )
