"""Directed tournaments in the database: the tournament rows and their event logs.

A tournament is created with its first event (`Created`); every later action appends
events, numbered after the last one, in one write transaction (`log_writer`, which takes
the database's write lock first, so concurrent writers queue). Each event records its
actor (``kind:name``). The unique (tournament, seq) constraint is the last guard against
two appends with the same number. Events are stored as (kind, JSON payload) by
`tournament.codec.to_json`.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import asdict, dataclass, field

from sqlalchemy import case, delete, func, insert, select, update
from sqlalchemy.engine import Connection

from ratinglist.errors import ConflictError, NotFoundError, TournamentInputError
from ratinglist.model.account import Grant, Role
from ratinglist.model.ids import fits_a_key
from ratinglist.store.accounts import add_grant
from ratinglist.store.database import Store
from ratinglist.store.schema import td_tournaments, tournament_events
from ratinglist.tournament.codec import from_json, to_json
from ratinglist.tournament.events import Created, Event

SYSTEM_ACTOR = "system:ratinglist"
"""The actor label of writes that name none (tests, migrations of old data)."""

RUNNING = "running"
SUBMITTED = "submitted"
DELETED = "deleted"


@dataclass(frozen=True, slots=True)
class TournamentInfo:
    """One directed tournament as listed: id, name, country, dates, status, event count."""

    id: int
    name: str
    country: str
    start_date: dt.date
    status: str
    events: int


def create_tournament(
    store: Store,
    created: Created,
    now: dt.datetime | None = None,
    *,
    actor: str = SYSTEM_ACTOR,
    director: str | None = None,
) -> int:
    """Store a new tournament with its creation event; return its id.

    `director` names an account that becomes the tournament's director (its ``td`` grant
    is written in the same transaction).
    """
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
        _insert(conn, new_id, 1, created, moment, actor)
        if director is not None:
            add_grant(conn, director, Grant(Role.TD, str(new_id)), moment, actor)
    return new_id


def _insert(
    conn: Connection, tid: int, seq: int, event: Event, moment: dt.datetime, actor: str
) -> None:
    kind, payload = to_json(event)
    conn.execute(
        insert(tournament_events).values(
            tournament_id=tid, seq=seq, kind=kind, payload=payload, created_at=moment, actor=actor
        )
    )


def _last_seq(conn: Connection, tournament_id: int) -> int:
    last = conn.execute(
        select(func.max(tournament_events.c.seq)).where(
            tournament_events.c.tournament_id == tournament_id
        )
    ).scalar()
    if last is None:
        raise NotFoundError(f"expected a stored tournament, got unknown id {tournament_id}")
    return int(last)


def _events(conn: Connection, tournament_id: int, after: int = 0) -> tuple[Event, ...]:
    e = tournament_events.c
    query = (
        select(e.kind, e.payload)
        .where(e.tournament_id == tournament_id, e.seq > after)
        .order_by(e.seq)
    )
    return tuple(from_json(kind, payload) for kind, payload in conn.execute(query))


def kinds_with(store: Store, tournament_id: int, kind: str) -> tuple[tuple[str, str | None], ...]:
    """Every event's kind of a tournament's log in order, with the payload of those of `kind`
    (None for the others): what a lookup of one setting reads without folding the log."""
    e = tournament_events.c
    query = (
        select(e.kind, case((e.kind == kind, e.payload), else_=None))
        .where(e.tournament_id == tournament_id)
        .order_by(e.seq)
    )
    with store.connect() as conn:
        return tuple((str(k), None if p is None else str(p)) for k, p in conn.execute(query))


@dataclass(slots=True)
class LogWriter:
    """An open write transaction on one tournament's log (see `log_writer`).

    `based_on` is the sequence number the caller's state was folded from; `newer` the
    events appended since then by others. `append` numbers each event after the last.
    """

    conn: Connection
    tournament_id: int
    based_on: int
    newer: tuple[Event, ...]
    actor: str
    moment: dt.datetime
    appended: list[int] = field(default_factory=list)

    @property
    def last(self) -> int:
        """The sequence number of the newest event, the appended ones included."""
        return self.based_on + len(self.newer) + len(self.appended)

    def append(self, event: Event) -> int:
        """Add `event` to the log (inside the transaction); its sequence number."""
        seq = self.last + 1
        _insert(self.conn, self.tournament_id, seq, event, self.moment, self.actor)
        self.appended.append(seq)
        return seq


@contextmanager
def log_writer(
    store: Store,
    tournament_id: int,
    based_on: int,
    *,
    actor: str,
    now: dt.datetime | None = None,
    conn: Connection | None = None,
    last: int | None = None,
) -> Iterator[LogWriter]:
    """One write transaction on a log, holding the write lock; committed when the block ends.

    The writer carries the events appended after `based_on` so the caller can decide
    whether its action still holds (and raise to write nothing). With `conn` (a
    transaction the caller opened with `Store.begin`) the writer works inside it and the
    caller commits; `last` is then the log's newest event number as the caller read it in
    that transaction (not read again).

    Raises:
        NotFoundError: the tournament does not exist.
        ConflictError: `based_on` is beyond the stored log.
    """
    with nullcontext(conn) if conn is not None else store.begin() as tx:
        if conn is None or last is None:
            last = _last_seq(tx, tournament_id)
        if based_on > last:
            raise ConflictError(
                f"expected a log of at least {based_on} events, got {last}: it was rolled back"
            )
        newer = _events(tx, tournament_id, after=based_on) if last > based_on else ()
        yield LogWriter(tx, tournament_id, based_on, newer, actor, now or dt.datetime.now(dt.UTC))


def append_event(
    store: Store,
    tournament_id: int,
    event: Event,
    expected_seq: int | None = None,
    now: dt.datetime | None = None,
    *,
    actor: str = SYSTEM_ACTOR,
) -> int:
    """Append `event` to the log in one transaction; return its sequence number.

    `expected_seq` (the number the caller's fold saw last) refuses the append when any
    event was appended meanwhile (services rebase instead, see `log_writer`).

    Raises:
        NotFoundError: the tournament does not exist.
        ConflictError: the log changed meanwhile.
    """
    with store.begin() as conn:
        last = _last_seq(conn, tournament_id)
        if expected_seq is not None and last != expected_seq:
            raise ConflictError(
                f"expected the log at event {expected_seq}, got {last}: it changed meanwhile"
            )
        _insert(conn, tournament_id, last + 1, event, now or dt.datetime.now(dt.UTC), actor)
    return last + 1


def last_seq(store: Store, tournament_id: int) -> int:
    """The number of the newest event of a tournament's log (0 for an unknown id)."""
    e = tournament_events.c
    with store.connect() as conn:
        last = conn.execute(select(func.max(e.seq)).where(e.tournament_id == tournament_id))
        return int(last.scalar() or 0)


def load_events(
    store: Store, tournament_id: int, after: int = 0, conn: Connection | None = None
) -> tuple[Event, ...]:
    """The log of a tournament in order, from event `after` + 1 (empty for an unknown id),
    read on `conn` when given."""
    if conn is not None:
        return _events(conn, tournament_id, after)
    with store.connect() as own:
        return _events(own, tournament_id, after)


@dataclass(frozen=True, slots=True)
class LoggedEvent:
    """One stored event with its number, time and actor."""

    seq: int
    event: Event
    actor: str
    created_at: dt.datetime


def load_log(store: Store, tournament_id: int) -> tuple[LoggedEvent, ...]:
    """The log of a tournament with sequence numbers, times and actors."""
    e = tournament_events.c
    query = (
        select(e.seq, e.kind, e.payload, e.actor, e.created_at)
        .where(e.tournament_id == tournament_id)
        .order_by(e.seq)
    )
    with store.connect() as conn:
        return tuple(
            LoggedEvent(int(seq), from_json(kind, payload), actor, created)
            for seq, kind, payload, actor, created in conn.execute(query)
        )


def actor_of(store: Store, tournament_id: int, seq: int) -> str:
    """The actor label stored with event `seq` of a tournament's log ("" when none)."""
    e = tournament_events.c
    query = select(e.actor).where(e.tournament_id == tournament_id, e.seq == seq)
    with store.connect() as conn:
        found = conn.execute(query).scalar_one_or_none()
    return "" if found is None else str(found)


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


def _directed_by_id(conn: Connection, tournament_id: int) -> TournamentInfo | None:
    """The tournament numbered `tournament_id` (None: no such one), by its key alone.

    The event count is the newest event number (the log has events 1..N): one lookup in
    the (tournament, seq) index, where `list_directed` counts every log (a result entry
    asks for its tournament on every request).
    """
    if not fits_a_key(tournament_id):  # no column holds it (and the database refuses it)
        return None
    t, e = td_tournaments.c, tournament_events.c
    newest = select(func.max(e.seq)).where(e.tournament_id == t.id).scalar_subquery()
    query = select(t.id, t.name, t.country, t.start_date, t.status, newest).where(
        t.id == tournament_id
    )
    row = conn.execute(query).first()
    if row is None or row[5] is None:
        return None
    i, name, country, start, status, n = row
    return TournamentInfo(int(i), name, country, start, status, int(n))


def find_directed(
    store: Store, name_or_id: str | None, conn: Connection | None = None
) -> TournamentInfo:
    """The tournament named (exactly, case-insensitive) or numbered `name_or_id`;
    None: the most recent one. A number is looked up on `conn` when given (the caller's
    transaction), else on a connection of its own.

    Raises:
        NotFoundError: no tournament matches.
        TournamentError: the name is ambiguous.
    """
    key = "" if name_or_id is None else name_or_id.strip()
    if key.isdigit():
        if conn is None:
            with store.connect() as own:
                numbered = _directed_by_id(own, int(key))
        else:
            numbered = _directed_by_id(conn, int(key))
        if numbered is not None:
            return numbered
    found = list_directed(store)
    if not found:
        raise NotFoundError("expected a tournament in the database, got none (use new)")
    if name_or_id is None:
        return found[0]
    named = [info for info in found if info.name.casefold() == key.casefold()]
    if len(named) == 1:
        return named[0]
    if len(named) > 1:
        ids = ", ".join(str(i.id) for i in named)
        raise TournamentInputError(
            f"expected one tournament named {key!r}, got several (ids {ids})"
        )
    raise NotFoundError(f"expected a tournament name or id, got unknown {key!r}")


def directed_by_id(
    store: Store, tournament_id: int, conn: Connection | None = None
) -> TournamentInfo:
    """Directed tournament number `tournament_id` (read on `conn` when given).

    Raises:
        NotFoundError: there is no such tournament.
    """
    if conn is None:
        with store.connect() as own:
            found = _directed_by_id(own, tournament_id)
    else:
        found = _directed_by_id(conn, tournament_id)
    if found is None:
        raise NotFoundError(f"expected a tournament number, got unknown {tournament_id}")
    return found


def set_status(store: Store, tournament_id: int, status: str) -> None:
    """Mark a tournament (``running``, ``submitted``)."""
    with store.begin() as conn:
        set_status_on(conn, tournament_id, status)


def set_status_on(conn: Connection, tournament_id: int, status: str) -> None:
    """Mark a tournament inside the caller's transaction."""
    conn.execute(
        update(td_tournaments).where(td_tournaments.c.id == tournament_id).values(status=status)
    )


def delete_tournament_on(conn: Connection, tournament_id: int) -> None:
    """Remove a tournament for good inside the caller's transaction: its log, its snapshot,
    its director's and assistants' grants (the caller checks it is a draft). Its row stays,
    marked ``deleted`` with no log (no tournament is found under its number), so that the
    number is never given to another tournament (SQLite reuses the highest number freed)."""
    from ratinglist.store.schema import account_grants, tournament_snapshots

    g = account_grants.c
    conn.execute(
        delete(account_grants).where(
            g.scope == str(tournament_id), g.role.in_((Role.TD.value, Role.ASSISTANT.value))
        )
    )
    conn.execute(
        delete(tournament_snapshots).where(tournament_snapshots.c.tournament_id == tournament_id)
    )
    conn.execute(
        delete(tournament_events).where(tournament_events.c.tournament_id == tournament_id)
    )
    set_status_on(conn, tournament_id, DELETED)
