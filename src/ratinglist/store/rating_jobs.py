"""Rating jobs (table ``rating_jobs``): a list the rating officer asked the web to compute,
its phase and, when done, the stored list. Persistence only; the rules are
`service.rating_jobs`'s.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection

from ratinglist.store.schema import rating_jobs


@dataclass(frozen=True, slots=True)
class JobRow:
    """A stored rating job: who asked for which date when, its phase, when it last changed,
    the list it stored (None until done) and why it failed (None unless failed)."""

    id: int
    as_of: dt.date
    requested_by: str
    requested_at: dt.datetime
    phase: str
    updated_at: dt.datetime
    list_id: int | None
    message: str | None


_COLUMNS = (
    rating_jobs.c.id,
    rating_jobs.c.as_of,
    rating_jobs.c.requested_by,
    rating_jobs.c.requested_at,
    rating_jobs.c.phase,
    rating_jobs.c.updated_at,
    rating_jobs.c.list_id,
    rating_jobs.c.message,
)


def _utc(moment: dt.datetime) -> dt.datetime:
    """`moment` as an aware UTC time (SQLite gives back naive ones)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


def _row(r: Any) -> JobRow:
    return JobRow(
        int(r.id),
        r.as_of,
        str(r.requested_by),
        _utc(r.requested_at),
        str(r.phase),
        _utc(r.updated_at),
        None if r.list_id is None else int(r.list_id),
        r.message,
    )


def add_job(conn: Connection, as_of: dt.date, requested_by: str, at: dt.datetime) -> JobRow:
    """Store a new job in phase ``queued``; the stored row."""
    key = conn.execute(
        insert(rating_jobs).values(
            as_of=as_of,
            requested_by=requested_by,
            requested_at=at,
            phase="queued",
            updated_at=at,
        )
    ).inserted_primary_key
    assert key is not None
    found = job_row(conn, int(key[0]))
    assert found is not None
    return found


def set_phase(
    conn: Connection,
    job_id: int,
    phase: str,
    at: dt.datetime,
    *,
    list_id: int | None = None,
    message: str | None = None,
) -> None:
    """Move job `job_id` to `phase` at `at` (with the list stored or the failure's text)."""
    conn.execute(
        update(rating_jobs)
        .where(rating_jobs.c.id == job_id)
        .values(phase=phase, updated_at=at, list_id=list_id, message=message)
    )


def job_row(conn: Connection, job_id: int) -> JobRow | None:
    """Job `job_id`, or None."""
    r = conn.execute(select(*_COLUMNS).where(rating_jobs.c.id == job_id)).first()
    return None if r is None else _row(r)


def job_rows(
    conn: Connection, phases: tuple[str, ...] | None = None, limit: int = 10
) -> list[JobRow]:
    """The newest jobs first (only those in `phases` when given), at most `limit`."""
    query = select(*_COLUMNS).order_by(rating_jobs.c.id.desc()).limit(limit)
    if phases is not None:
        query = query.where(rating_jobs.c.phase.in_(phases))
    return [_row(r) for r in conn.execute(query)]
