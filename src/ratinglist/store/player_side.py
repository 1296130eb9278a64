"""The players' side tables (issue 35): settings, online registrations, codes, check-ins and
players' result reports. Persistence only; the rules are `service.tournaments.players_side`'s.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Connection

from ratinglist.store.schema import (
    player_checkins,
    player_codes,
    player_registrations,
    player_reports,
    player_side,
)


def _utc(moment: dt.datetime | None) -> dt.datetime | None:
    """`moment` as an aware UTC time (SQLite gives back naive ones)."""
    if moment is None:
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


@dataclass(frozen=True, slots=True)
class SideRow:
    """A tournament's players' side settings (defaults when never set)."""

    registration_open: bool = False
    closes_at: dt.datetime | None = None
    cap: int | None = None
    reporting: bool = True
    checkin_until: dt.datetime | None = None


def side_row(conn: Connection, tournament: int) -> SideRow:
    """The stored settings, or the defaults (registration closed, reporting on)."""
    r = conn.execute(select(player_side).where(player_side.c.tournament_id == tournament)).first()
    if r is None:
        return SideRow()
    return SideRow(
        bool(r.registration_open),
        _utc(r.closes_at),
        r.cap,
        bool(r.reporting),
        _utc(r.checkin_until),
    )


def save_side(conn: Connection, tournament: int, row: SideRow) -> None:
    """Store the settings of `tournament` (insert or replace)."""
    values = {
        "registration_open": row.registration_open,
        "closes_at": row.closes_at,
        "cap": row.cap,
        "reporting": row.reporting,
        "checkin_until": row.checkin_until,
    }
    done = conn.execute(
        update(player_side).where(player_side.c.tournament_id == tournament).values(**values)
    )
    if done.rowcount == 0:
        conn.execute(insert(player_side).values(tournament_id=tournament, **values))


@dataclass(frozen=True, slots=True)
class RegistrationRow:
    """A registration sent online: the game's fields as sent, e-mail, status (pending,
    accepted, refused), when, the sender's address hash, the entrant once accepted."""

    id: int
    tournament: int
    fields: dict[str, str]
    email: str
    status: str
    created_at: dt.datetime
    address_hash: str
    player_id: int | None
    decided_by: str | None


def _registration(r: Any) -> RegistrationRow:
    created = _utc(r.created_at)
    assert created is not None
    return RegistrationRow(
        int(r.id),
        int(r.tournament_id),
        dict(json.loads(r.fields)),
        str(r.email),
        str(r.status),
        created,
        str(r.address_hash),
        r.player_id,
        r.decided_by,
    )


def add_registration(
    conn: Connection,
    tournament: int,
    fields: dict[str, str],
    email: str,
    at: dt.datetime,
    address_hash: str,
) -> RegistrationRow:
    """Store a pending registration; the stored row."""
    key = conn.execute(
        insert(player_registrations).values(
            tournament_id=tournament,
            fields=json.dumps(fields, sort_keys=True, ensure_ascii=False),
            email=email,
            status="pending",
            created_at=at,
            address_hash=address_hash,
        )
    ).inserted_primary_key
    assert key is not None
    found = registration_row(conn, int(key[0]))
    assert found is not None
    return found


def registration_row(conn: Connection, rid: int) -> RegistrationRow | None:
    """One registration by id."""
    r = conn.execute(select(player_registrations).where(player_registrations.c.id == rid)).first()
    return None if r is None else _registration(r)


def registration_rows(
    conn: Connection, tournament: int, status: str | None = None
) -> tuple[RegistrationRow, ...]:
    """The registrations of a tournament in the order sent (of one status when given)."""
    query = select(player_registrations).where(player_registrations.c.tournament_id == tournament)
    if status is not None:
        query = query.where(player_registrations.c.status == status)
    rows = conn.execute(query.order_by(player_registrations.c.id)).all()
    return tuple(_registration(r) for r in rows)


def count_registrations(
    conn: Connection, tournament: int, *, since: dt.datetime | None = None, address: str = ""
) -> int:
    """Registrations of a tournament not refused (all sent since `since` from `address`
    when given)."""
    query = select(func.count()).where(player_registrations.c.tournament_id == tournament)
    if since is not None:
        query = query.where(
            player_registrations.c.created_at >= since,
            player_registrations.c.address_hash == address,
        )
    else:
        query = query.where(player_registrations.c.status != "refused")
    return int(conn.execute(query).scalar_one())


def decide_registration(
    conn: Connection, rid: int, status: str, by: str, player: int | None
) -> None:
    """Mark a pending registration accepted (with its entrant) or refused."""
    conn.execute(
        update(player_registrations)
        .where(player_registrations.c.id == rid)
        .values(status=status, decided_by=by, player_id=player)
    )


def add_code(conn: Connection, tournament: int, player: int, code: str, at: dt.datetime) -> None:
    """Store an entrant's code."""
    conn.execute(
        insert(player_codes).values(
            tournament_id=tournament, player_id=player, code=code, created_at=at
        )
    )


def codes_of(conn: Connection, tournament: int) -> dict[int, str]:
    """Each entrant's code, by player."""
    rows = conn.execute(
        select(player_codes.c.player_id, player_codes.c.code).where(
            player_codes.c.tournament_id == tournament
        )
    ).all()
    return {int(r.player_id): str(r.code) for r in rows}


def player_of_code(conn: Connection, tournament: int, code: str) -> int | None:
    """The entrant holding `code` in `tournament`, None for no such code."""
    found = conn.execute(
        select(player_codes.c.player_id).where(
            player_codes.c.tournament_id == tournament, player_codes.c.code == code
        )
    ).scalar()
    return None if found is None else int(found)


def check_in(conn: Connection, tournament: int, player: int, at: dt.datetime, by: str) -> bool:
    """Mark an entrant present; False when they already were (nothing changed)."""
    seen = conn.execute(
        select(player_checkins.c.player_id).where(
            player_checkins.c.tournament_id == tournament, player_checkins.c.player_id == player
        )
    ).first()
    if seen is not None:
        return False
    conn.execute(
        insert(player_checkins).values(
            tournament_id=tournament, player_id=player, checked_at=at, checked_by=by
        )
    )
    return True


def undo_check_in(conn: Connection, tournament: int, player: int) -> None:
    """Take an entrant's check-in back."""
    conn.execute(
        delete(player_checkins).where(
            player_checkins.c.tournament_id == tournament, player_checkins.c.player_id == player
        )
    )


def checked_in(conn: Connection, tournament: int) -> dict[int, tuple[dt.datetime, str]]:
    """The entrants checked in: when and by whom."""
    rows = conn.execute(
        select(player_checkins).where(player_checkins.c.tournament_id == tournament)
    ).all()
    out = {}
    for r in rows:
        at = _utc(r.checked_at)
        assert at is not None
        out[int(r.player_id)] = (at, str(r.checked_by))
    return out


@dataclass(frozen=True, slots=True)
class ReportRow:
    """A result a player reported: game (round, table), reporter, the score as typed, the
    result it stands for (the event's stored form, to compare two reports), the log's
    sequence number it was made at, and when."""

    id: int
    round: int
    table: int
    player_id: int
    score: str
    result: str
    seq: int
    created_at: dt.datetime


def add_report(
    conn: Connection,
    tournament: int,
    report: tuple[int, int, int],
    score: str,
    result: str,
    seq: int,
    at: dt.datetime,
) -> None:
    """Store one report (`report`: round, table, reporting player), replacing the reporter's
    earlier one of the same game."""
    number, table, player = report
    drop_reports(conn, tournament, number, table, player)
    conn.execute(
        insert(player_reports).values(
            tournament_id=tournament,
            round=number,
            table_number=table,
            player_id=player,
            score=score,
            result=result,
            seq=seq,
            created_at=at,
        )
    )


def reports_of(
    conn: Connection, tournament: int, number: int | None = None, table: int | None = None
) -> tuple[ReportRow, ...]:
    """The stored reports of a tournament (of one round, one table), oldest first."""
    query = select(player_reports).where(player_reports.c.tournament_id == tournament)
    if number is not None:
        query = query.where(player_reports.c.round == number)
    if table is not None:
        query = query.where(player_reports.c.table_number == table)
    rows = conn.execute(query.order_by(player_reports.c.id)).all()
    out = []
    for r in rows:
        at = _utc(r.created_at)
        assert at is not None
        out.append(
            ReportRow(
                int(r.id),
                int(r.round),
                int(r.table_number),
                int(r.player_id),
                str(r.score),
                str(r.result),
                int(r.seq),
                at,
            )
        )
    return tuple(out)


def drop_reports(
    conn: Connection, tournament: int, number: int, table: int, player: int | None = None
) -> None:
    """Remove the reports of a game (of one reporter when given)."""
    query = delete(player_reports).where(
        player_reports.c.tournament_id == tournament,
        player_reports.c.round == number,
        player_reports.c.table_number == table,
    )
    if player is not None:
        query = query.where(player_reports.c.player_id == player)
    conn.execute(query)
