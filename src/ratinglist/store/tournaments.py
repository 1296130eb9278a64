"""Stored tournaments: listing, duplicate groups, and the flags that decide what is rated."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import func, select, update

from ratinglist.errors import StoreError
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
    store: Store, *, limit: int | None = None, offset: int = 0
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
    with store.connect() as conn:
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


def _set(store: Store, file_name: str, **values: object) -> None:
    with store.begin() as conn:
        done = conn.execute(
            update(tournaments).where(tournaments.c.file_name == file_name).values(**values)
        )
        if done.rowcount != 1:
            raise StoreError(f"expected the file name of a stored tournament, got '{file_name}'")


def set_include_duplicate(store: Store, file_name: str, include: bool = True) -> None:
    """Rate (or stop rating) a tournament flagged as a duplicate.

    Raises:
        StoreError: no tournament has this file name.
    """
    _set(store, file_name, include_duplicate=include)


def set_excluded_from_ratings(store: Store, file_name: str, reason: str | None) -> None:
    """Keep a tournament out of ratings (`reason` given) or put it back (`reason` None).

    Raises:
        StoreError: no tournament has this file name.
    """
    _set(store, file_name, excluded_from_ratings=reason is not None, excluded_reason=reason)
