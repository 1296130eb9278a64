"""Reading every unflagged file's games for the near-duplicate rule
(`archive.duplicates.near_duplicates`) and flagging the copies it finds."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from sqlalchemy import case, select, update
from sqlalchemy.engine import Connection

from ratinglist.archive.duplicates import FileGames, GameKey
from ratinglist.store.rating_games import fetch_all
from ratinglist.store.schema import games, tournaments

_FLIP = {">": "<", "<": ">"}
"""The result sign seen from the other player (a draw stays one), as `game_key` turns it."""


def unflagged_file_games(conn: Connection) -> tuple[FileGames, ...]:
    """Every file that is neither flagged as a duplicate nor excluded by hand, with its
    rated games (both players known, not kept out by the reader), by start date."""
    t, g = tournaments.c, games.c
    files = conn.execute(
        select(t.id, t.file_name, t.start_date)
        .where(t.duplicate_of.is_(None), t.excluded_from_ratings.is_(False))
        .order_by(t.start_date, t.id)
    ).all()
    keys: dict[int, list[GameKey]] = {int(row.id): [] for row in files}
    # Each game comes as its `game_key` already (written from the lower ID's side by the
    # database), in one fetch straight from the driver: no Python call per game.
    low_first = g.first_id <= g.second_id
    flipped = case(*((g.outcome == sign, flip) for sign, flip in _FLIP.items()), else_=g.outcome)
    query = select(
        g.tournament_id,
        case((low_first, g.first_id), else_=g.second_id),
        case((low_first, g.second_id), else_=g.first_id),
        case((low_first, g.outcome), else_=flipped),
        case((low_first, g.first_discs), else_=g.second_discs),
        case((low_first, g.second_discs), else_=g.first_discs),
    ).where(g.excluded.is_(None), g.first_id.is_not(None), g.second_id.is_not(None))
    for row in fetch_all(conn, query):
        found = keys.get(row[0])
        if found is not None:
            found.append(row[1:])
    return tuple(
        FileGames(int(row.id), str(row.file_name), _date(row.start_date), tuple(keys[int(row.id)]))
        for row in files
        if keys[int(row.id)]
    )


def _date(value: object) -> dt.date:
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(str(value))


def flag_copies(conn: Connection, copies: Iterable[tuple[int, int]]) -> int:
    """Flag each (copy, original) tournament pair: the copy becomes a duplicate of the
    original (left out of lists and evaluations like every flagged duplicate); how many."""
    count = 0
    for copy, original in copies:
        conn.execute(
            update(tournaments).where(tournaments.c.id == copy).values(duplicate_of=original)
        )
        count += 1
    return count
