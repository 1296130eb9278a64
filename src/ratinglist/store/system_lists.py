"""Stored lists of the other rating systems (Elo, Glicko-2, WHR, EGF): rows of
``rating_lists`` with their `system` and of ``rating_entries`` with the Elo `title`.

An entry's ``margin`` column holds the system's deviation (0 when it has none); every entry is
stored as official and listed (these systems have no such cut). Only plain values go in and
out; computing is `service.rating_systems`.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Connection

from ratinglist.store.rating_lists import insert_list
from ratinglist.store.schema import rating_entries, rating_lists


@dataclass(frozen=True, slots=True)
class SystemListRow:
    """A stored list of another system, without its entries."""

    id: int
    system: str
    as_of: dt.date
    computed_at: dt.datetime
    label: str | None
    parameters: dict[str, Any]
    game_count: int
    rated: int


@dataclass(frozen=True, slots=True)
class SystemEntryRow:
    """One player of a stored list: rating, deviation, games, latest tournament, title."""

    player: int
    rating: float
    deviation: float
    games: int
    last_played: dt.date
    title: str | None


_COLUMNS = (
    rating_lists.c.id,
    rating_lists.c.system,
    rating_lists.c.as_of,
    rating_lists.c.computed_at,
    rating_lists.c.label,
    rating_lists.c.parameters,
    rating_lists.c.game_count,
    rating_lists.c.rated,
)


def _row(values: Any) -> SystemListRow:
    computed = values[3]
    if computed.tzinfo is None:
        computed = computed.replace(tzinfo=dt.UTC)
    return SystemListRow(
        id=int(values[0]),
        system=str(values[1]),
        as_of=values[2],
        computed_at=computed,
        label=values[4],
        parameters=json.loads(values[5]),
        game_count=int(values[6]),
        rated=int(values[7]),
    )


def save_system_list(
    conn: Connection,
    *,
    system: str,
    as_of: dt.date,
    label: str | None,
    parameters: dict[str, Any],
    game_count: int,
    entries: Sequence[tuple[int, float, float, int, dt.date, str | None]],
    computed_at: dt.datetime | None = None,
) -> SystemListRow:
    """Store a list: ``(player, rating, deviation, games, last played, title)`` per entry."""
    values: dict[str, Any] = {
        "system": system,
        "as_of": as_of,
        "computed_at": (computed_at or dt.datetime.now(dt.UTC)).astimezone(dt.UTC),
        "label": label,
        "parameters": json.dumps(parameters, sort_keys=True),
        "exclude_sender": None,
        "game_count": game_count,
        "rated": len(entries),
        "listed": len(entries),
        "official": len(entries),
        "unrated": 0,
        "iterations": 0,
        "max_residual": 0.0,
    }
    list_id = insert_list(
        conn,
        values,
        ("player_id", "rating", "margin", "official", "listed", "games", "last_played", "title"),
        [(p, r, d, True, True, n, day, t) for p, r, d, n, day, t in entries],
    )
    found = system_list_row(conn, system, list_id)
    if found is None:
        raise LookupError(f"list {list_id} vanished after it was written")
    return found


def system_list_row(
    conn: Connection, system: str, list_id: int | None = None
) -> SystemListRow | None:
    """List `list_id` of `system` (the newest of `system` when None); None if there is none."""
    query = select(*_COLUMNS).where(rating_lists.c.system == system)
    if list_id is None:
        newest = select(func.max(rating_lists.c.id)).where(rating_lists.c.system == system)
        query = query.where(rating_lists.c.id == newest.scalar_subquery())
    else:
        query = query.where(rating_lists.c.id == list_id)
    row = conn.execute(query).first()
    return None if row is None else _row(row)


def system_entry_rows(conn: Connection, list_id: int) -> list[SystemEntryRow]:
    """The entries of list `list_id` by decreasing rating (ties by increasing ID)."""
    e = rating_entries.c
    rows = conn.execute(
        select(e.player_id, e.rating, e.margin, e.games, e.last_played, e.title)
        .where(e.list_id == list_id)
        .order_by(e.rating.desc(), e.player_id)
    )
    return [
        SystemEntryRow(int(p), float(r), float(d), int(n), day, t) for p, r, d, n, day, t in rows
    ]


def system_list_before(conn: Connection, system: str, day: dt.date) -> SystemListRow | None:
    """The newest list of `system` as of a day before `day`; None if there is none."""
    query = (
        select(*_COLUMNS)
        .where(rating_lists.c.system == system, rating_lists.c.as_of < day)
        .order_by(rating_lists.c.as_of.desc(), rating_lists.c.id.desc())
        .limit(1)
    )
    row = conn.execute(query).first()
    return None if row is None else _row(row)
