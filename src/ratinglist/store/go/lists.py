"""Stored Go rating lists: save an imported EGF/FFG/AGA list, find lists, load one back.

A list is never changed once stored: importing a newer file adds a list; searches and
rating updates use the latest list of a federation.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Row

from ratinglist.errors import NotFoundError
from ratinglist.model.go.lists import GoListPlayer, GoRatingList, ListOrigin
from ratinglist.store.bulk import bulk_insert, insert_one
from ratinglist.store.database import Store
from ratinglist.store.schema import go_list_players, go_rating_lists

PLAYER_COLUMNS = (
    "list_id",
    "line",
    "number",
    "surname",
    "first_name",
    "country",
    "club",
    "rating",
    "raw_rating",
    "grade",
    "licence_status",
    "expiry",
)


@dataclass(frozen=True, slots=True)
class GoListInfo:
    """A stored list without its players."""

    id: int
    origin: ListOrigin
    published: dt.date | None
    source: str
    imported_at: dt.datetime
    imported_by: str
    players: int
    diagnostics: int


def save_go_list(
    store: Store, rating_list: GoRatingList, diagnostics: int, imported_by: str
) -> GoListInfo:
    """Store `rating_list` (one transaction) and return its row."""
    now = dt.datetime.now(dt.UTC)
    with store.begin() as conn:
        list_id = insert_one(
            conn,
            go_rating_lists,
            {
                "origin": rating_list.origin.value,
                "published": rating_list.published,
                "source": rating_list.source,
                "imported_at": now,
                "imported_by": imported_by,
                "players": len(rating_list.players),
                "diagnostics": diagnostics,
            },
        )
        bulk_insert(
            conn,
            go_list_players,
            PLAYER_COLUMNS,
            [
                (
                    list_id,
                    p.line,
                    p.number,
                    p.surname,
                    p.first_name,
                    p.country,
                    p.club,
                    p.rating,
                    p.raw_rating,
                    p.grade,
                    p.licence_status,
                    p.expiry,
                )
                for p in rating_list.players
            ],
        )
    return GoListInfo(
        list_id,
        rating_list.origin,
        rating_list.published,
        rating_list.source,
        now,
        imported_by,
        len(rating_list.players),
        diagnostics,
    )


def _info(row: Row[Any]) -> GoListInfo:
    r = row._mapping
    imported = r["imported_at"]
    if imported.tzinfo is None:
        imported = imported.replace(tzinfo=dt.UTC)
    return GoListInfo(
        r["id"],
        ListOrigin(r["origin"]),
        r["published"],
        r["source"],
        imported,
        r["imported_by"],
        r["players"],
        r["diagnostics"],
    )


def go_list_infos(store: Store) -> tuple[GoListInfo, ...]:
    """Every stored list, oldest import first."""
    with store.connect() as conn:
        rows = conn.execute(select(go_rating_lists).order_by(go_rating_lists.c.id)).all()
    return tuple(_info(row) for row in rows)


def latest_go_list_id(store: Store, origin: ListOrigin) -> int | None:
    """The id of the latest imported list of `origin` (None: none imported)."""
    with store.connect() as conn:
        found = conn.execute(
            select(func.max(go_rating_lists.c.id)).where(go_rating_lists.c.origin == origin.value)
        ).scalar()
    return None if found is None else int(found)


def latest_go_list(store: Store, origin: ListOrigin) -> GoRatingList:
    """The latest imported list of `origin` with its players.

    Raises:
        NotFoundError: no list of that federation was imported.
    """
    with store.connect() as conn:
        latest = conn.execute(
            select(func.max(go_rating_lists.c.id)).where(go_rating_lists.c.origin == origin.value)
        ).scalar()
        if latest is None:
            raise NotFoundError(f"no {origin.value} rating list imported (go-list import FILE)")
        head = conn.execute(select(go_rating_lists).where(go_rating_lists.c.id == latest)).one()
        rows = conn.execute(
            select(go_list_players)
            .where(go_list_players.c.list_id == latest)
            .order_by(go_list_players.c.line)
        ).all()
    info = _info(head)
    players = tuple(
        GoListPlayer(
            origin=origin,
            number=r.number,
            surname=r.surname,
            first_name=r.first_name,
            country=r.country,
            club=r.club,
            rating=r.rating,
            raw_rating=r.raw_rating,
            grade=r.grade,
            licence_status=r.licence_status,
            expiry=r.expiry,
            line=r.line,
        )
        for r in rows
    )
    return GoRatingList(origin, info.published, info.source, players)
