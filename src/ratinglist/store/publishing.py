"""Published rating lists: the flag, who set it when, and the log of every change.

A list is public once published (`ratinglist publish`); the website shows published lists
only. Each publish or unpublish that changes the flag sets ``published``, ``published_at`` and
``published_by`` on the list and appends a row to ``rating_list_publications``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.engine import Connection

from ratinglist.errors import NotFoundError
from ratinglist.store.bulk import insert_one
from ratinglist.store.database import Store, translate_errors
from ratinglist.store.rating_lists import entries_of, newest_list_ids
from ratinglist.store.schema import rating_list_publications, rating_lists

PUBLISHED = "published"
UNPUBLISHED = "unpublished"


@dataclass(frozen=True, slots=True)
class PublishedList:
    """A published list: id, date, label, when and by whom it was published, its counts
    (`game_count` games given to the engine; `rated`, `listed`, `official` players)."""

    id: int
    as_of: dt.date
    label: str | None
    published_at: dt.datetime
    published_by: str
    game_count: int
    rated: int
    listed: int
    official: int


@dataclass(frozen=True, slots=True)
class PublicationChange:
    """The outcome of a publish or unpublish: the list, its flag now, and whether it changed
    (False when the list already had that state; nothing was written then)."""

    list_id: int
    as_of: dt.date
    published: bool
    changed: bool


def _utc(value: dt.datetime) -> dt.datetime:
    return value if value.tzinfo else value.replace(tzinfo=dt.UTC)


def _set_in(
    conn: Connection, list_id: int, published: bool, actor: str, when: dt.datetime
) -> PublicationChange:
    c = rating_lists.c
    row = conn.execute(select(c.as_of, c.published).where(c.id == list_id)).first()
    if row is None:
        raise NotFoundError(f"expected the id of a stored rating list, got '{list_id}'")
    as_of, was = row[0], bool(row[1])
    if was == published:
        return PublicationChange(list_id, as_of, published, changed=False)
    values: dict[str, Any] = {
        "published": published,
        "published_at": when if published else None,
        "published_by": actor if published else None,
    }
    conn.execute(update(rating_lists).where(c.id == list_id).values(values))
    insert_one(
        conn,
        rating_list_publications,
        {
            "list_id": list_id,
            "action": PUBLISHED if published else UNPUBLISHED,
            "actor": actor,
            "at": when,
        },
    )
    return PublicationChange(list_id, as_of, published, changed=True)


def set_published(
    store: Store, list_id: int, published: bool, *, actor: str, at: dt.datetime
) -> PublicationChange:
    """Publish (or unpublish) list `list_id` as `actor` at time `at`, in one transaction.

    Raises:
        NotFoundError: no list has this id.
        StoreError: the database could not be written.
    """
    with translate_errors("publish a rating list"), store.begin() as conn:
        return _set_in(conn, list_id, published, actor, at.astimezone(dt.UTC))


@dataclass(frozen=True, slots=True)
class RangePublication:
    """The outcome of publishing (or unpublishing) the lists of several dates: one change per
    date that has a stored list, in date order, and the dates that have none."""

    changes: tuple[PublicationChange, ...]
    missing: tuple[dt.date, ...]


def set_published_on(
    store: Store,
    days: Sequence[dt.date],
    published: bool,
    *,
    actor: str,
    at: dt.datetime,
    require_all: bool,
) -> RangePublication:
    """Publish (or unpublish) the newest WOF list of each of `days`, all in one transaction.

    With `require_all`, a date without a stored list writes nothing and raises.

    Raises:
        NotFoundError: `require_all` and some date has no stored list.
        StoreError: the database could not be written.
    """
    when = at.astimezone(dt.UTC)
    with translate_errors("publish rating lists"), store.begin() as conn:
        ids = newest_list_ids(conn, days)
        missing = tuple(day for day in sorted(set(days)) if day not in ids)
        if missing and require_all:
            shown = ", ".join(day.isoformat() for day in missing[:6])
            more = f" and {len(missing) - 6} more" if len(missing) > 6 else ""
            raise NotFoundError(
                f"expected a stored rating list for every date, got none for {shown}{more} "
                "(compute them with `ratinglist rate --history --from YYYY-MM --to YYYY-MM`)"
            )
        changes = tuple(_set_in(conn, ids[day], published, actor, when) for day in sorted(ids))
    return RangePublication(changes, missing)


def published_lists(store: Store) -> tuple[PublishedList, ...]:
    """Every published list, oldest first (by date, then id).

    Raises:
        StoreError: the database could not be read.
    """
    c = rating_lists.c
    query = (
        select(
            c.id,
            c.as_of,
            c.label,
            c.published_at,
            c.published_by,
            c.game_count,
            c.rated,
            c.listed,
            c.official,
        )
        .where(c.published.is_(True))
        .order_by(c.as_of, c.id)
    )
    with translate_errors("read the published rating lists"), store.connect() as conn:
        rows = conn.execute(query).all()
    return tuple(
        PublishedList(
            id=int(r[0]),
            as_of=r[1],
            label=r[2],
            published_at=_utc(r[3]),
            published_by=str(r[4]),
            game_count=int(r[5]),
            rated=int(r[6]),
            listed=int(r[7]),
            official=int(r[8]),
        )
        for r in rows
    )


@dataclass(frozen=True, slots=True)
class PublicationEvent:
    """One row of the publication log."""

    list_id: int
    action: str
    actor: str
    at: dt.datetime


def publication_log(store: Store, list_id: int) -> tuple[PublicationEvent, ...]:
    """Every publish and unpublish of list `list_id`, oldest first.

    Raises:
        StoreError: the database could not be read.
    """
    p = rating_list_publications.c
    query = select(p.list_id, p.action, p.actor, p.at).where(p.list_id == list_id).order_by(p.id)
    with translate_errors("read the publication log"), store.connect() as conn:
        return tuple(
            PublicationEvent(int(r[0]), str(r[1]), str(r[2]), _utc(r[3]))
            for r in conn.execute(query)
        )


@dataclass(frozen=True, slots=True)
class ListInForce:
    """The published WOF list in force on a day: its id, as-of date and label."""

    id: int
    as_of: dt.date
    label: str | None


def published_list_as_of(conn: Connection, day: dt.date) -> ListInForce | None:
    """The latest published WOF list whose as-of date is on or before `day` (the newest
    computation of that date when several are published), None when there is none."""
    c = rating_lists.c
    query = (
        select(c.id, c.as_of, c.label)
        .where(c.published.is_(True), c.system == "wof", c.as_of <= day)
        .order_by(c.as_of.desc(), c.id.desc())
        .limit(1)
    )
    with translate_errors("read the published rating lists"):
        row = conn.execute(query).first()
    if row is None:
        return None
    as_of = row[1] if isinstance(row[1], dt.date) else dt.date.fromisoformat(str(row[1]))
    return ListInForce(int(row[0]), as_of, row[2])


def list_ratings(
    conn: Connection, day: dt.date, players: Iterable[int]
) -> tuple[str, dict[int, int]]:
    """The as-of date (ISO) of the latest published WOF list on or before `day` and the
    rounded ratings it gives `players` (a player it does not rate is left out); ``""`` and
    nothing when no list is published yet.

    Every rated player counts, listed or not (the WOF's players file carries the latest
    rating of every rated player), never the rating of an imported players list.
    """
    chosen = published_list_as_of(conn, day)
    if chosen is None:
        return "", {}
    found = entries_of(conn, chosen.id, players)
    return chosen.as_of.isoformat(), {pid: round(e.rating) for pid, e in found.items()}
