"""Directed tournaments in the database: the tournament rows and their event logs.

A tournament is created with its first event (`Created`); every later action appends one
event, numbered after the last one, in one transaction (`append_event`). The unique
(tournament, seq) constraint makes two concurrent appends fail rather than interleave.
Events are stored as (kind, JSON payload) by `tournament.events.to_json`.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import asdict, dataclass

from sqlalchemy import func, insert, select, update
from sqlalchemy.engine import Connection

from ratinglist.errors import TournamentError
from ratinglist.store.database import Store
from ratinglist.store.schema import td_tournaments, tournament_events
from ratinglist.tournament.events import Created, Event, from_json, to_json

RUNNING = "running"
SUBMITTED = "submitted"


@dataclass(frozen=True, slots=True)
class TournamentInfo:
    """One directed tournament as listed: id, name, country, dates, status, event count."""

    id: int
    name: str
    country: str
    start_date: dt.date
    status: str
    events: int


def create_tournament(store: Store, created: Created, now: dt.datetime | None = None) -> int:
    """Store a new tournament with its creation event; return its id."""
    s = created.settings
    moment = now or dt.datetime.now(dt.UTC)
    with store.begin() as conn:
        tid = conn.execute(
            insert(td_tournaments).values(
                name=s.name,
                country=s.country,
                start_date=s.start_date,
                end_date=s.end_date,
                system=s.system,
                preset=s.preset,
                seed=s.seed,
                settings=json.dumps(asdict(s), sort_keys=True),
                status=RUNNING,
                created_at=moment,
            )
        ).inserted_primary_key
        assert tid is not None
        new_id = int(tid[0])
        _insert(conn, new_id, 1, created, moment)
    return new_id


def _insert(conn: Connection, tid: int, seq: int, event: Event, moment: dt.datetime) -> None:
    kind, payload = to_json(event)
    conn.execute(
        insert(tournament_events).values(
            tournament_id=tid, seq=seq, kind=kind, payload=payload, created_at=moment
        )
    )


def append_event(
    store: Store,
    tournament_id: int,
    event: Event,
    expected_seq: int | None = None,
    now: dt.datetime | None = None,
) -> int:
    """Append `event` to the log in one transaction; return its sequence number.

    `expected_seq` (the number the caller's fold saw last) guards against an event
    appended meanwhile by someone else.

    Raises:
        TournamentError: the tournament does not exist, or the log changed meanwhile.
    """
    with store.begin() as conn:
        last = conn.execute(
            select(func.max(tournament_events.c.seq)).where(
                tournament_events.c.tournament_id == tournament_id
            )
        ).scalar()
        if last is None:
            raise TournamentError(f"expected a stored tournament, got unknown id {tournament_id}")
        if expected_seq is not None and last != expected_seq:
            raise TournamentError(
                f"expected the log at event {expected_seq}, got {last}: it changed meanwhile"
            )
        _insert(conn, tournament_id, int(last) + 1, event, now or dt.datetime.now(dt.UTC))
    return int(last) + 1


def load_events(store: Store, tournament_id: int) -> tuple[Event, ...]:
    """The log of a tournament in order (empty for an unknown id)."""
    e = tournament_events.c
    query = select(e.kind, e.payload).where(e.tournament_id == tournament_id).order_by(e.seq)
    with store.connect() as conn:
        return tuple(from_json(kind, payload) for kind, payload in conn.execute(query))


def list_directed(store: Store) -> tuple[TournamentInfo, ...]:
    """Every directed tournament, most recent first."""
    t, e = td_tournaments.c, tournament_events.c
    counts = select(e.tournament_id, func.count().label("n")).group_by(e.tournament_id).subquery()
    query = (
        select(t.id, t.name, t.country, t.start_date, t.status, counts.c.n)
        .join(counts, counts.c.tournament_id == t.id)
        .order_by(t.id.desc())
    )
    with store.connect() as conn:
        return tuple(
            TournamentInfo(int(i), name, country, start, status, int(n))
            for i, name, country, start, status, n in conn.execute(query)
        )


def find_directed(store: Store, name_or_id: str | None) -> TournamentInfo:
    """The tournament named (exactly, case-insensitive) or numbered `name_or_id`;
    None: the most recent one.

    Raises:
        TournamentError: no tournament matches, or the name is ambiguous.
    """
    found = list_directed(store)
    if not found:
        raise TournamentError("expected a tournament in the database, got none (use new)")
    if name_or_id is None:
        return found[0]
    key = name_or_id.strip()
    if key.isdigit():
        for info in found:
            if info.id == int(key):
                return info
    named = [info for info in found if info.name.casefold() == key.casefold()]
    if len(named) == 1:
        return named[0]
    if len(named) > 1:
        ids = ", ".join(str(i.id) for i in named)
        raise TournamentError(f"expected one tournament named {key!r}, got several (ids {ids})")
    raise TournamentError(f"expected a tournament name or id, got unknown {key!r}")


def set_status(store: Store, tournament_id: int, status: str) -> None:
    """Mark a tournament (``running``, ``submitted``)."""
    with store.begin() as conn:
        conn.execute(
            update(td_tournaments).where(td_tournaments.c.id == tournament_id).values(status=status)
        )
