"""The results intake queue: rows of ``intake_items`` in and out (persistence only).

A queue item is one results file waiting for the rating officer: its bytes as submitted and
as they stand after ID fixes, its diagnostics, and the decision once taken. A decision is
written only while the item is still queued (`decide_on` refuses otherwise), so two officers
deciding at once cannot both succeed.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Row, select, update
from sqlalchemy.engine import Connection

from ratinglist.errors import ConflictError, NotFoundError
from ratinglist.formats.diagnostics import Diagnostic, Severity
from ratinglist.store.bulk import insert_one
from ratinglist.store.database import Store, translate_errors
from ratinglist.store.schema import intake_items, tournaments

QUEUED = "queued"
ACCEPTED = "accepted"
REJECTED = "rejected"
STATUSES = (QUEUED, ACCEPTED, REJECTED)

TOURNAMENT = "tournament"
UPLOAD = "upload"
ORIGINS = (TOURNAMENT, UPLOAD)


@dataclass(frozen=True, slots=True)
class IntakeSummary:
    """One queue item without its bytes: what the queue listing shows."""

    id: int
    origin: str
    td_tournament_id: int | None
    file_name: str
    country: str
    submitted_by: str
    submitted_at: dt.datetime
    status: str
    decided_by: str | None
    decided_at: dt.datetime | None
    message: str | None
    errors: int
    warnings: int
    import_status: str | None
    tournament_id: int | None


@dataclass(frozen=True, slots=True)
class IntakeRecord:
    """One queue item in full: the summary, the bytes (as submitted and as fixed), the
    diagnostics read at submission and the ID fixes applied (old token, registry ID)."""

    summary: IntakeSummary
    original: bytes
    data: bytes
    diagnostics: tuple[Diagnostic, ...]
    fixes: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class NewItem:
    """What a submission stores."""

    origin: str
    td_tournament_id: int | None
    file_name: str
    data: bytes
    country: str
    submitted_by: str
    submitted_at: dt.datetime
    diagnostics: tuple[Diagnostic, ...]


def _count(items: Iterable[Diagnostic], severity: Severity) -> int:
    return sum(1 for d in items if d.severity is severity)


def _utc(value: dt.datetime | None) -> dt.datetime | None:
    if value is None:
        return None
    return value if value.tzinfo else value.replace(tzinfo=dt.UTC)


def _diagnostics_json(items: Iterable[Diagnostic]) -> str:
    return json.dumps([d.to_dict() for d in items], ensure_ascii=False)


def _diagnostics(text: str) -> tuple[Diagnostic, ...]:
    return tuple(
        Diagnostic(
            code=str(d["code"]),
            severity=Severity(d["severity"]),
            message=str(d["message"]),
            source=str(d["source"]),
            line=int(d["line"]),
            column=int(d["column"]),
            text=str(d["text"]),
        )
        for d in json.loads(text)
    )


_I = intake_items.c
_SUMMARY = (
    _I.id,
    _I.origin,
    _I.td_tournament_id,
    _I.file_name,
    _I.country,
    _I.submitted_by,
    _I.submitted_at,
    _I.status,
    _I.decided_by,
    _I.decided_at,
    _I.message,
    _I.errors,
    _I.warnings,
    _I.import_status,
    _I.tournament_id,
)


def _summary(row: Row[Any, *tuple[Any, ...]]) -> IntakeSummary:
    submitted = _utc(row.submitted_at)
    assert submitted is not None
    return IntakeSummary(
        id=int(row.id),
        origin=row.origin,
        td_tournament_id=row.td_tournament_id,
        file_name=row.file_name,
        country=row.country,
        submitted_by=row.submitted_by,
        submitted_at=submitted,
        status=row.status,
        decided_by=row.decided_by,
        decided_at=_utc(row.decided_at),
        message=row.message,
        errors=int(row.errors),
        warnings=int(row.warnings),
        import_status=row.import_status,
        tournament_id=row.tournament_id,
    )


def add_item_on(conn: Connection, item: NewItem) -> int:
    """Store a submitted file as a queued item inside the caller's transaction; its id."""
    return insert_one(
        conn,
        intake_items,
        {
            "origin": item.origin,
            "td_tournament_id": item.td_tournament_id,
            "file_name": item.file_name,
            "original": item.data,
            "data": item.data,
            "country": item.country,
            "submitted_by": item.submitted_by,
            "submitted_at": item.submitted_at.astimezone(dt.UTC),
            "status": QUEUED,
            "diagnostics": _diagnostics_json(item.diagnostics),
            "errors": _count(item.diagnostics, Severity.ERROR),
            "warnings": _count(item.diagnostics, Severity.WARNING),
            "fixes": "[]",
        },
    )


def get_item_on(conn: Connection, item_id: int) -> IntakeRecord:
    """Queue item `item_id` in full.

    Raises:
        NotFoundError: no queue item has this id.
    """
    query = select(*_SUMMARY, _I.original, _I.data, _I.diagnostics, _I.fixes).where(
        _I.id == item_id
    )
    row = conn.execute(query).first()
    if row is None:
        raise NotFoundError(f"expected the number of a queue item, got {item_id}")
    fixes = tuple((str(old), int(new)) for old, new in json.loads(row.fixes))
    return IntakeRecord(
        summary=_summary(row),
        original=bytes(row.original),
        data=bytes(row.data),
        diagnostics=_diagnostics(row.diagnostics),
        fixes=fixes,
    )


def get_item(store: Store, item_id: int) -> IntakeRecord:
    """`get_item_on` in its own read."""
    with translate_errors("read the intake queue"), store.connect() as conn:
        return get_item_on(conn, item_id)


def list_items(
    store: Store,
    *,
    status: str | None = None,
    country: str | None = None,
    td_tournament_id: int | None = None,
) -> tuple[IntakeSummary, ...]:
    """Queue items, oldest first, of one status, country and/or directed tournament."""
    query = select(*_SUMMARY).order_by(_I.id)
    if status is not None:
        query = query.where(_I.status == status)
    if country is not None:
        query = query.where(_I.country == country)
    if td_tournament_id is not None:
        query = query.where(_I.td_tournament_id == td_tournament_id)
    with translate_errors("read the intake queue"), store.connect() as conn:
        return tuple(_summary(row) for row in conn.execute(query))


def set_data_on(
    conn: Connection,
    item_id: int,
    data: bytes,
    found: tuple[Diagnostic, ...],
    fixes: tuple[tuple[str, int], ...],
) -> None:
    """Replace a queued item's bytes (after an ID fix), its counts and its fixes.

    Raises:
        ConflictError: the item is no longer queued.
    """
    values = {
        "data": data,
        "errors": _count(found, Severity.ERROR),
        "warnings": _count(found, Severity.WARNING),
        "fixes": json.dumps([[old, new] for old, new in fixes]),
    }
    _update_queued(conn, item_id, values)


def decide_on(
    conn: Connection,
    item_id: int,
    status: str,
    *,
    by: str,
    at: dt.datetime,
    message: str | None,
    import_status: str | None = None,
    tournament_id: int | None = None,
) -> None:
    """Record the decision on a queued item (``accepted`` or ``rejected``).

    Raises:
        ConflictError: the item is no longer queued (decided meanwhile).
    """
    values = {
        "status": status,
        "decided_by": by,
        "decided_at": at.astimezone(dt.UTC),
        "message": message,
        "import_status": import_status,
        "tournament_id": tournament_id,
    }
    _update_queued(conn, item_id, values)


def _update_queued(conn: Connection, item_id: int, values: dict[str, Any]) -> None:
    done = conn.execute(
        update(intake_items).where(_I.id == item_id, _I.status == QUEUED).values(values)
    )
    if done.rowcount != 1:
        status = conn.execute(select(_I.status).where(_I.id == item_id)).scalar()
        if status is None:
            raise NotFoundError(f"expected the number of a queue item, got {item_id}")
        raise ConflictError(f"expected a queued item, got item {item_id} {status}")


def tournament_of_file(conn: Connection, file_name: str) -> int | None:
    """The id of the archive's tournament read from `file_name`, if any."""
    query = select(tournaments.c.id).where(tournaments.c.file_name == file_name)
    found = conn.execute(query).scalar()
    return None if found is None else int(found)
