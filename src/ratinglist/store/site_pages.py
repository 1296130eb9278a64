"""The public site's pages rendered in advance (``site_pages``): read one, save many, list.

A row holds a page as served (headers and gzip body) with the data version it was rendered
at; a row of another version is stale: never returned, replaced when saved again.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import and_, delete, select
from sqlalchemy.engine import Connection

from ratinglist.store.schema import rating_entries, site_pages, tournaments


@dataclass(frozen=True, slots=True)
class StoredPage:
    """A page as served: its key (path and query), headers and gzip body."""

    key: str
    headers: tuple[tuple[str, str], ...]
    body: bytes


def stored_page(conn: Connection, version: str, key: str) -> StoredPage | None:
    """The page stored under `key` at `version` (None when missing or stale)."""
    p = site_pages.c
    row = conn.execute(
        select(p.headers, p.body).where(and_(p.key == key, p.version == version))
    ).first()
    if row is None:
        return None
    headers = tuple((str(k), str(v)) for k, v in json.loads(row[0]))
    return StoredPage(key, headers, bytes(row[1]))


def stored_keys(conn: Connection, version: str, keys: Iterable[str]) -> set[str]:
    """Those of `keys` stored at `version`."""
    p = site_pages.c
    wanted = list(keys)
    if not wanted:
        return set()
    query = select(p.key).where(and_(p.version == version, p.key.in_(wanted)))
    return {str(k) for (k,) in conn.execute(query)}


def current_keys(conn: Connection, version: str) -> set[str]:
    """The keys of the pages stored at `version`."""
    p = site_pages.c
    return {str(k) for (k,) in conn.execute(select(p.key).where(p.version == version))}


def save_pages(conn: Connection, version: str, pages: Iterable[StoredPage]) -> int:
    """Store `pages` at `version` (replacing their older rows); how many were stored."""
    rows = [
        {
            "key": page.key,
            "version": version,
            "headers": json.dumps([list(h) for h in page.headers]),
            "body": page.body,
        }
        for page in pages
    ]
    if not rows:
        return 0
    conn.execute(delete(site_pages).where(site_pages.c.key.in_([r["key"] for r in rows])))
    conn.execute(site_pages.insert(), rows)
    return len(rows)


def drop_stale(conn: Connection, version: str) -> int:
    """Delete the pages of every other version; how many were deleted."""
    result = conn.execute(delete(site_pages).where(site_pages.c.version != version))
    return int(result.rowcount or 0)


def rated_players(conn: Connection, list_id: int) -> tuple[tuple[int, bool], ...]:
    """(ID, listed) of a list's entries, listed ones first, each part best rated first."""
    e = rating_entries.c
    query = (
        select(e.player_id, e.listed)
        .where(e.list_id == list_id)
        .order_by(e.listed.desc(), e.rating.desc(), e.player_id)
    )
    return tuple((int(pid), bool(listed)) for pid, listed in conn.execute(query))


def tournament_ids(conn: Connection) -> tuple[int, ...]:
    """Every stored tournament's id, newest first."""
    t = tournaments.c
    query = select(t.id).order_by(t.start_date.desc(), t.id.desc())
    return tuple(int(i) for (i,) in conn.execute(query))
