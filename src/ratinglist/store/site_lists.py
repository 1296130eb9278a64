"""Read-side queries of the public site over stored rating lists (paged, filtered in SQL).

The site shows published lists only (`service.publishing`), one per as-of date.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, case, func, select
from sqlalchemy.engine import Connection

from ratinglist.store.schema import (
    evaluations,
    id_history,
    players,
    rating_entries,
    rating_list_publications,
    rating_lists,
    registry_revision,
    source_files,
    tournaments,
)


@dataclass(frozen=True, slots=True)
class ListRef:
    """A published list: id and as-of date."""

    id: int
    as_of: dt.date


@dataclass(frozen=True, slots=True)
class ListRow:
    """One listed player of a list with the previous list's rating (None when not listed).

    `rank` is the place in the whole list (1 = best), whatever the filter.
    """

    rank: int
    player_id: int
    surname: str
    firstname: str
    country: str
    rating: float
    margin: float
    official: bool
    games: int
    last_played: dt.date
    previous: float | None


def _date(value: object) -> dt.date:
    if isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(str(value))


def data_version(conn: Connection) -> str:
    """A token that changes whenever data the site shows changes (lists, files, players,
    registry edits, the rated/excluded/duplicate flags of tournaments, stored evaluations)."""
    parts = []
    for table in (rating_lists, rating_list_publications, source_files, id_history, tournaments):
        parts.append(conn.execute(select(func.max(table.c.id))).scalar_one())
    parts.append(conn.execute(select(func.count()).select_from(players)).scalar_one())
    parts.append(conn.execute(select(func.count()).select_from(rating_lists)).scalar_one())
    published = select(func.count()).where(rating_lists.c.published.is_(True))
    parts.append(conn.execute(published).scalar_one())
    parts.append(conn.execute(select(func.max(registry_revision.c.revision))).scalar_one())
    t = tournaments.c
    flags = select(
        func.count(),
        func.sum(case((t.excluded_from_ratings.is_(True), 1), else_=0)),
        func.sum(case((t.include_duplicate.is_(True), 1), else_=0)),
        func.count(t.duplicate_of),
    )
    parts.extend(conn.execute(flags).one())
    parts.append(conn.execute(select(func.max(evaluations.c.id))).scalar_one())
    return "-".join(str(p or 0) for p in parts)


def country_spellings(conn: Connection) -> tuple[str, ...]:
    """Every distinct country spelling of the registry."""
    query = select(players.c.country).distinct().order_by(players.c.country)
    return tuple(str(c) for (c,) in conn.execute(query))


def _ranked(list_id: int) -> Any:
    """The listed entries of a list with their place, as a subquery."""
    e = rating_entries.c
    rank = func.row_number().over(order_by=(e.rating.desc(), e.player_id)).label("rank")
    return (
        select(
            rank,
            e.player_id,
            e.rating,
            e.margin,
            e.official,
            e.games,
            e.last_played,
        )
        .where(and_(e.list_id == list_id, e.listed.is_(True)))
        .subquery("ranked")
    )


def list_rows(
    conn: Connection,
    list_id: int,
    previous_id: int | None,
    *,
    spellings: Collection[str] | None = None,
    official_only: bool = False,
    player_ids: Collection[int] | None = None,
    limit: int | None = None,
    offset: int = 0,
) -> tuple[tuple[ListRow, ...], int]:
    """One page of a list's listed players by place, and how many match the filter.

    `spellings` keeps players whose country is written one of these ways (None: all);
    `player_ids` keeps only these players.
    """
    ranked = _ranked(list_id)
    p = players.c
    prev = rating_entries.alias("prev")
    prev_rating = prev.c.rating if previous_id is not None else None
    columns: list[Any] = [
        ranked.c.rank,
        ranked.c.player_id,
        func.coalesce(p.surname, ""),
        func.coalesce(p.firstname, ""),
        func.coalesce(p.country, ""),
        ranked.c.rating,
        ranked.c.margin,
        ranked.c.official,
        ranked.c.games,
        ranked.c.last_played,
    ]
    query = select(*columns).select_from(
        ranked.outerjoin(players, players.c.id == ranked.c.player_id)
    )
    if previous_id is not None and prev_rating is not None:
        query = query.add_columns(prev_rating).outerjoin(
            prev,
            and_(
                prev.c.list_id == previous_id,
                prev.c.player_id == ranked.c.player_id,
                prev.c.listed.is_(True),
            ),
        )
    conditions: list[Any] = []
    if spellings is not None:
        conditions.append(p.country.in_(sorted(spellings)))
    if official_only:
        conditions.append(ranked.c.official.is_(True))
    if player_ids is not None:
        conditions.append(ranked.c.player_id.in_(sorted(player_ids)))
    if conditions:
        query = query.where(and_(*conditions))
    query = query.order_by(ranked.c.rank).offset(offset)
    if limit is not None:
        query = query.limit(limit)
    rows = tuple(_list_row(row, previous_id is not None) for row in conn.execute(query))
    if limit is None and offset == 0:
        return rows, len(rows)
    return rows, _count(conn, list_id, spellings, official_only, player_ids)


def _count(
    conn: Connection,
    list_id: int,
    spellings: Collection[str] | None,
    official_only: bool,
    player_ids: Collection[int] | None,
) -> int:
    """How many listed players of a list match the filter (no ranking needed)."""
    e = rating_entries.c
    conditions: list[Any] = [e.list_id == list_id, e.listed.is_(True)]
    source: Any = rating_entries
    if spellings is not None:
        source = rating_entries.join(players, players.c.id == e.player_id)
        conditions.append(players.c.country.in_(sorted(spellings)))
    if official_only:
        conditions.append(e.official.is_(True))
    if player_ids is not None:
        conditions.append(e.player_id.in_(sorted(player_ids)))
    query = select(func.count()).select_from(source).where(and_(*conditions))
    return int(conn.execute(query).scalar_one())


def _list_row(row: Sequence[Any], with_previous: bool) -> ListRow:
    return ListRow(
        rank=int(row[0]),
        player_id=int(row[1]),
        surname=str(row[2]),
        firstname=str(row[3]),
        country=str(row[4]),
        rating=float(row[5]),
        margin=float(row[6]),
        official=bool(row[7]),
        games=int(row[8]),
        last_played=_date(row[9]),
        previous=None if not with_previous or row[10] is None else float(row[10]),
    )


def listed_countries(conn: Connection, list_id: int) -> tuple[tuple[str, int], ...]:
    """(country spelling, listed players) of a list, by spelling."""
    e = rating_entries.c
    query = (
        select(players.c.country, func.count())
        .select_from(rating_entries.join(players, players.c.id == e.player_id))
        .where(and_(e.list_id == list_id, e.listed.is_(True)))
        .group_by(players.c.country)
        .order_by(players.c.country)
    )
    return tuple((str(c), int(n)) for c, n in conn.execute(query))
