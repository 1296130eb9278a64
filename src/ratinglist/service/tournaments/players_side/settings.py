"""A tournament's settings of the players' side: registration open (closing time, cap),
player reporting on or off, check-in deadline."""

from __future__ import annotations

import datetime as dt

from ratinglist.errors import N_, TournamentInputError
from ratinglist.service.actor import Actor
from ratinglist.service.tournaments.log import loaded
from ratinglist.store import Store
from ratinglist.store.player_side import SideRow, save_side, side_row
from ratinglist.tournament.fold import require_open


def now() -> dt.datetime:
    """The time now, in UTC."""
    return dt.datetime.now(dt.UTC)


def parse_moment(text: str) -> dt.datetime:
    """``2026-12-01`` (the end of that day, UTC) or ``2026-12-01T09:30`` (UTC unless an
    offset is given) as an aware time.

    Raises:
        TournamentInputError: not such a date or time.
    """
    value = text.strip()
    try:
        if len(value) == 10:
            day = dt.date.fromisoformat(value)
            return dt.datetime.combine(day, dt.time(23, 59, 59), dt.UTC)
        moment = dt.datetime.fromisoformat(value)
    except ValueError as exc:
        raise TournamentInputError(
            N_("expected a date YYYY-MM-DD or a time YYYY-MM-DDTHH:MM, got %(text)r"), text=text
        ) from exc
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


def side_settings(db: Store, tournament: int) -> SideRow:
    """The settings now (defaults: registration closed, player reporting on)."""
    with db.connect() as conn:
        return side_row(conn, tournament)


def set_registration(
    db: Store,
    tournament: int,
    actor: Actor,
    *,
    open_: bool,
    closes: dt.datetime | None = None,
    cap: int | None = None,
) -> SideRow:
    """Open (with an optional closing time and cap) or close online registration.

    Raises:
        TournamentInputError: a cap below 1, or a closing time already past.
        ClosedError: the tournament is closed.
    """
    require_open(loaded(db, tournament).folded, N_("a registration"))
    if cap is not None and cap < 1:
        raise TournamentInputError(N_("expected a cap of at least 1 player, got %(cap)s"), cap=cap)
    if open_ and closes is not None and closes <= now():
        raise TournamentInputError(
            N_("expected a closing time to come, got %(closes)s"),
            closes=format(closes, "%Y-%m-%d %H:%M"),
        )
    with db.begin() as conn:
        row = side_row(conn, tournament)
        if open_:
            row = SideRow(True, closes, cap, row.reporting, row.checkin_until)
        else:
            row = SideRow(False, row.closes_at, row.cap, row.reporting, row.checkin_until)
        save_side(conn, tournament, row)
    return row


def set_reporting(db: Store, tournament: int, on: bool, actor: Actor) -> SideRow:
    """Switch results reported by players on or off (the director's entry always works)."""
    loaded(db, tournament)
    with db.begin() as conn:
        r = side_row(conn, tournament)
        row = SideRow(r.registration_open, r.closes_at, r.cap, on, r.checkin_until)
        save_side(conn, tournament, row)
    return row


def set_checkin_deadline(
    db: Store, tournament: int, until: dt.datetime | None, actor: Actor
) -> SideRow:
    """Set (or with None clear) the time by which players check in: those not checked in
    then are absent from round 1 when it is paired (`checkin.absences`)."""
    loaded(db, tournament)
    with db.begin() as conn:
        r = side_row(conn, tournament)
        row = SideRow(r.registration_open, r.closes_at, r.cap, r.reporting, until)
        save_side(conn, tournament, row)
    return row
