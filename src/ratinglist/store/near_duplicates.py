"""Reading every unflagged file's games for the near-duplicate rule
(`archive.duplicates.near_duplicates`) and flagging the copies it finds."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from sqlalchemy import select, update
from sqlalchemy.engine import Connection

from ratinglist.archive.duplicates import FileGames, GameKey, game_key
from ratinglist.store.schema import games, tournaments


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
    rows = conn.execute(
        select(
            g.tournament_id, g.first_id, g.second_id, g.outcome, g.first_discs, g.second_discs
        ).where(g.excluded.is_(None), g.first_id.is_not(None), g.second_id.is_not(None))
    ).all()  # one fetch, not a row at a time
    for tid, first, second, outcome, first_discs, second_discs in rows:
        found = keys.get(int(tid))
        if found is not None:
            found.append(game_key(first, second, outcome, first_discs, second_discs))
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
