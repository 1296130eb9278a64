"""Read-side queries of the public site about one player: list entries, games, ratings.

Every query uses an index (``rating_entries`` by list and player, ``games.first_id`` and
``games.second_id`` of migration 0005), so a player page costs milliseconds on the real
archive.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection
from dataclasses import dataclass

from sqlalchemy import and_, or_, select
from sqlalchemy.engine import Connection

from ratinglist.store.schema import (
    games,
    id_history,
    list_imports,
    players,
    rating_entries,
    tournaments,
)
from ratinglist.store.site_lists import _date
from ratinglist.store.site_tournaments import (
    GAME_COLUMNS,
    SUMMARY_COLUMNS,
    GameRow,
    TournamentSummary,
    game_row,
    summary_row,
)

CHUNK = 500
"""Rows of parameters per query when looking up many (list, player) pairs."""


@dataclass(frozen=True, slots=True)
class EntryRow:
    """A player's entry in one list."""

    list_id: int
    rating: float
    margin: float
    official: bool
    listed: bool
    games: int


@dataclass(frozen=True, slots=True)
class PlayerGameRow:
    """A stored game of a player and its tournament (IDs as written, merges not applied)."""

    tournament: TournamentSummary
    game: GameRow


@dataclass(frozen=True, slots=True)
class ListedRating:
    """A listed player of a list: ID, rating and country spelling (for the ranks)."""

    player_id: int
    rating: float
    country: str


def player_entries(
    conn: Connection, player_ids: Collection[int], list_ids: Collection[int]
) -> tuple[tuple[int, EntryRow], ...]:
    """(player ID, entry) of these players in these lists."""
    e = rating_entries.c
    query = select(e.player_id, e.list_id, e.rating, e.margin, e.official, e.listed, e.games).where(
        and_(e.player_id.in_(sorted(player_ids)), e.list_id.in_(sorted(list_ids)))
    )
    return tuple(
        (
            int(pid),
            EntryRow(int(lid), float(r), float(m), bool(o), bool(li), int(g)),
        )
        for pid, lid, r, m, o, li, g in conn.execute(query)
    )


def listed_ratings(conn: Connection, list_id: int) -> tuple[ListedRating, ...]:
    """Every listed player of a list, best first (ties by ID)."""
    e = rating_entries.c
    query = (
        select(e.player_id, e.rating, players.c.country)
        .select_from(rating_entries.outerjoin(players, players.c.id == e.player_id))
        .where(and_(e.list_id == list_id, e.listed.is_(True)))
        .order_by(e.rating.desc(), e.player_id)
    )
    return tuple(ListedRating(int(p), float(r), str(c or "")) for p, r, c in conn.execute(query))


def merged_ids(conn: Connection, player_id: int) -> tuple[int, ...]:
    """IDs merged into `player_id` (directly or through a chain), sorted."""
    found: set[int] = set()
    frontier = {player_id}
    while frontier:
        query = select(players.c.id).where(players.c.merged_into.in_(sorted(frontier)))
        frontier = {int(pid) for (pid,) in conn.execute(query)} - found - {player_id}
        found |= frontier
    return tuple(sorted(found))


def player_games(conn: Connection, player_ids: Collection[int]) -> tuple[PlayerGameRow, ...]:
    """Every stored game of these IDs (either side), by tournament date, tournament, order.

    Games with an unknown ID on either side are left out; duplicates and excluded
    tournaments too (the site shows what is rated).
    """
    g = games.c
    t = tournaments.c
    ids = sorted(player_ids)
    query = (
        select(*SUMMARY_COLUMNS, *GAME_COLUMNS)
        .select_from(games.join(tournaments, tournaments.c.id == g.tournament_id))
        .where(
            and_(
                or_(g.first_id.in_(ids), g.second_id.in_(ids)),
                g.first_id.is_not(None),
                g.second_id.is_not(None),
                t.excluded_from_ratings.is_(False),
                or_(t.duplicate_of.is_(None), t.include_duplicate.is_(True)),
            )
        )
        .order_by(t.start_date, t.id, g.seq)
    )
    width = len(SUMMARY_COLUMNS)
    return tuple(
        PlayerGameRow(summary_row(row[:width]), game_row(row[width:]))
        for row in conn.execute(query)
    )


def last_tournaments(conn: Connection, player_ids: Collection[int]) -> dict[int, TournamentSummary]:
    """ID -> the latest rated tournament the ID played a game in (by date, then id)."""
    g = games.c
    t = tournaments.c
    found: dict[int, TournamentSummary] = {}
    for pid in sorted(set(player_ids)):
        query = (
            select(*SUMMARY_COLUMNS)
            .where(
                and_(
                    t.excluded_from_ratings.is_(False),
                    or_(t.duplicate_of.is_(None), t.include_duplicate.is_(True)),
                    t.id.in_(
                        select(g.tournament_id).where(or_(g.first_id == pid, g.second_id == pid))
                    ),
                )
            )
            .order_by(t.start_date.desc(), t.id.desc())
            .limit(1)
        )
        row = conn.execute(query).first()
        if row is not None:
            found[pid] = summary_row(row)
    return found


def ratings_at(
    conn: Connection, pairs: Collection[tuple[int, int]]
) -> dict[tuple[int, int], float]:
    """(list id, player ID) -> rating, for the pairs that have an entry (listed or not).

    One primary-key range per list (``list_id = ? AND player_id IN (...)``): SQLite does not
    use the key for a row-value ``IN`` of many pairs and scans instead.
    """
    e = rating_entries.c
    by_list: dict[int, list[int]] = {}
    for list_id, player_id in pairs:
        by_list.setdefault(list_id, []).append(player_id)
    found: dict[tuple[int, int], float] = {}
    for list_id, ids in sorted(by_list.items()):
        wanted = sorted(set(ids))
        for start in range(0, len(wanted), CHUNK):
            query = select(e.player_id, e.rating).where(
                and_(e.list_id == list_id, e.player_id.in_(wanted[start : start + CHUNK]))
            )
            for pid, rating in conn.execute(query):
                found[(list_id, int(pid))] = float(rating)
    return found


@dataclass(frozen=True, slots=True)
class IdHistoryRow:
    """An ID event of a player (either side of a merge) and, when a players-list import
    wrote it, that list's date."""

    kind: str
    player_id: int
    other_id: int | None
    date: dt.date
    reason: str
    list_date: dt.date | None


def id_history_rows(conn: Connection, player_id: int) -> tuple[IdHistoryRow, ...]:
    """The ID events of a player by date then as recorded, each with the date of the
    players list whose import wrote it (None for the others)."""
    h = id_history.c
    li = list_imports.c
    query = (
        select(h.event, h.player_id, h.other_id, h.date, h.reason, li.list_date)
        .select_from(
            id_history.outerjoin(
                list_imports,
                and_(
                    h.id > li.history_before,
                    h.id <= li.history_after,
                    li.undone_at.is_(None),
                ),
            )
        )
        .where(or_(h.player_id == player_id, h.other_id == player_id))
        .order_by(h.date, h.id)
    )
    return tuple(
        IdHistoryRow(
            kind=str(kind),
            player_id=int(pid),
            other_id=None if other is None else int(other),
            date=_date(day),
            reason=str(reason),
            list_date=None if listed is None else _date(listed),
        )
        for kind, pid, other, day, reason, listed in conn.execute(query)
    )


def split_ids(conn: Connection, player_ids: Collection[int] | None = None) -> set[int]:
    """The IDs among these (default: all) that another person took over (a split in the ID
    history)."""
    h = id_history.c
    if player_ids is None:
        return {int(pid) for (pid,) in conn.execute(select(h.player_id).where(h.event == "split"))}
    wanted = sorted(set(player_ids))
    found: set[int] = set()
    for start in range(0, len(wanted), 900):
        query = select(h.player_id).where(
            h.event == "split", h.player_id.in_(wanted[start : start + 900])
        )
        found |= {int(pid) for (pid,) in conn.execute(query)}
    return found
