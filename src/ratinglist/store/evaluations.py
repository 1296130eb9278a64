"""Stored evaluations of the rating systems (table ``evaluations``): the JSON report of one
run of `ratinglist evaluate --store` (or `evaluate --game go --store`), kept as text with
its game. Only plain values go in and out; reading
the report is `service.evidence`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import insert, select
from sqlalchemy.engine import Connection

from ratinglist.store.schema import evaluations


@dataclass(frozen=True, slots=True)
class EvaluationRow:
    """A stored evaluation: its id, when and by whom it was stored, the JSON text."""

    id: int
    stored_at: dt.datetime
    stored_by: str
    report: str


def save_evaluation(
    conn: Connection, stored_at: dt.datetime, stored_by: str, report: str, game: str = "othello"
) -> int:
    """Store one evaluation's JSON text of `game`'s games; its new id."""
    result = conn.execute(
        insert(evaluations).values(
            stored_at=stored_at, stored_by=stored_by, report=report, game=game
        )
    )
    key = result.inserted_primary_key
    assert key is not None
    return int(key[0])


def latest_evaluation(conn: Connection, game: str = "othello") -> EvaluationRow | None:
    """The newest stored evaluation of `game`'s games, or None when none is stored."""
    e = evaluations.c
    row = conn.execute(
        select(e.id, e.stored_at, e.stored_by, e.report)
        .where(e.game == game)
        .order_by(e.id.desc())
        .limit(1)
    ).first()
    if row is None:
        return None
    return EvaluationRow(int(row.id), row.stored_at, str(row.stored_by), str(row.report))
