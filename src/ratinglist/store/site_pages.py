"""The public site's pages rendered in advance (``site_pages``): read one, save many, list.

A row holds a page as served (headers and gzip body) with the data version it was rendered
at; a row of another version is stale: never returned, replaced when saved again.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import and_, delete, func, select, update
from sqlalchemy.engine import Connection

from ratinglist.store.schema import games, id_history, rating_entries, site_pages, tournaments


@dataclass(frozen=True, slots=True)
class StoredPage:
    """A page as served: its key (path and query), headers and gzip body."""

    key: str
    headers: tuple[tuple[str, str], ...]
    body: bytes


def stored_page(conn: Connection, version: str, key: str) -> StoredPage | None:
    """The page stored under `key` at `version` (None when missing or stale)."""
    if "\x00" in key:  # none is stored under it, and PostgreSQL refuses NUL in a text
        return None
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


# --- Carrying pages over an import (`service.site_pages.carry_over`) ---

VERSION_PARTS = 14
"""The parts of `store.site_lists.data_version`, in its order: 0 lists max id, 1 publications
max id, 2 source files max id, 3 ID events max id, 4 tournaments max id, 5 players, 6 lists,
7 published lists, 8 registry revision, 9 tournaments, 10 excluded, 11 duplicates included,
12 duplicates, 13 stored evaluations max id. A version of another shape is never carried
over."""
IMPORT_PARTS = frozenset({2, 3, 4, 5, 9})
"""The parts an import of new results files changes (files, new players and their
``assigned`` ID events, tournaments)."""


@dataclass(frozen=True, slots=True)
class ImportChange:
    """What an import added between two data versions: the tournaments (ids above
    `after_tournament`; there were `tournaments_before`) and the ID events (ids above
    `after_event`)."""

    after_tournament: int
    after_event: int
    tournaments_before: int


def import_change(old: str, new: str) -> ImportChange | None:
    """The import that leads from version `old` to `new`, or None when something else
    changed (a list, a publication, the registry, a tournament's flags, a deletion)."""
    try:
        before = [int(p) for p in old.split("-")]
        after = [int(p) for p in new.split("-")]
    except ValueError:
        return None
    if len(before) != VERSION_PARTS or len(after) != VERSION_PARTS:
        return None
    if any(
        b != a for k, (b, a) in enumerate(zip(before, after, strict=True)) if k not in IMPORT_PARTS
    ):
        return None
    if any(a < b for b, a in zip(before, after, strict=True)):
        return None
    return ImportChange(
        after_tournament=before[4], after_event=before[3], tournaments_before=before[9]
    )


def stored_versions(conn: Connection) -> set[str]:
    """The versions of the stored pages."""
    return {str(v) for (v,) in conn.execute(select(site_pages.c.version).distinct())}


def touched_by(conn: Connection, change: ImportChange) -> tuple[set[int], set[int], bool]:
    """(new tournaments, players in their games or given an ID since, whether only new
    players' ``assigned`` events were recorded)."""
    t, g, h = tournaments.c, games.c, id_history.c
    new_tournaments = {
        int(i) for (i,) in conn.execute(select(t.id).where(t.id > change.after_tournament))
    }
    players: set[int] = set()
    if new_tournaments:
        rows = conn.execute(
            select(g.first_id, g.second_id).where(g.tournament_id > change.after_tournament)
        )
        for first, second in rows:
            players.update(p for p in (first, second) if p is not None)
    events = conn.execute(select(h.player_id, h.event).where(h.id > change.after_event)).all()
    players.update(int(p) for p, _ in events)
    return new_tournaments, players, all(e == "assigned" for _, e in events)


def tournament_count(conn: Connection) -> int:
    """How many tournaments are stored."""
    return int(conn.execute(select(func.count()).select_from(tournaments)).scalar_one())


def retag(conn: Connection, old: str, new: str, keys: Iterable[str]) -> int:
    """Move the pages `keys` stored at `old` to `new` (their content is the same at both);
    how many moved."""
    moved = 0
    wanted = list(keys)
    p = site_pages.c
    for first in range(0, len(wanted), 500):
        chunk = wanted[first : first + 500]
        result = conn.execute(
            update(site_pages).where(and_(p.version == old, p.key.in_(chunk))).values(version=new)
        )
        moved += int(result.rowcount or 0)
    return moved
