"""The ID history in the database: the log read as a `Registry`, new events written back.

The rules for IDs live in `registry.history` only. A store operation loads the log
(`load_registry`), applies the operation to the `Registry` (which checks it) and saves the
events it added (`save_events`) in the same transaction.

Rows and events: ``assigned`` / ``split`` / ``renamed`` rows carry the person the ID denotes
from the row's date (``surname``, ``firstname``, ``country``; null on results-file and
pre-0004 rows); ``merged`` / ``unmerged`` rows have the removed ID in ``player_id`` and the
kept one in ``other_id``. The ``players`` row is the ID's latest record: it stands for the
latest record's names (so corrections of a players list apply to it), and before a split or
rename supersedes that record, its row gets the players row's names. A player without an
``assigned`` row (registered before the history was kept) is assigned at `BEGINNING`.
``players.merged_into`` mirrors the merges in force (rated games read it).
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.engine import Connection

from ratinglist.errors import StoreError
from ratinglist.model import Player, PlayerId
from ratinglist.registry.history import (
    BEGINNING,
    Assigned,
    IdEvent,
    Merged,
    Registry,
    Renamed,
    Split,
    Unmerged,
)
from ratinglist.store.schema import id_history, players, registry_revision


class IdEventKind(enum.Enum):
    """What happened to an ID (the ``event`` column of ``id_history``)."""

    ASSIGNED = "assigned"
    MERGED = "merged"
    UNMERGED = "unmerged"
    SPLIT = "split"
    RENAMED = "renamed"


_KINDS: dict[type[IdEvent], IdEventKind] = {
    Assigned: IdEventKind.ASSIGNED,
    Split: IdEventKind.SPLIT,
    Renamed: IdEventKind.RENAMED,
    Merged: IdEventKind.MERGED,
    Unmerged: IdEventKind.UNMERGED,
}

UNRECORDED = "registered before the ID history was kept"
"""The reason of the assignment made up for a player without an ``assigned`` row."""


def event_kind(event: IdEvent) -> IdEventKind:
    """The stored kind of an event (``assigned``, ``split``, ...)."""
    return _KINDS[type(event)]


@dataclass(frozen=True, slots=True)
class StoredRegistry:
    """The registry of a database and, for each event, its ``id_history`` row id.

    `rows[i]` is None for an assignment made up for a player without an ``assigned`` row.
    """

    registry: Registry
    rows: tuple[int | None, ...]


_PLAYER_COLUMNS = (
    players.c.id,
    players.c.surname,
    players.c.firstname,
    players.c.country,
    players.c.rating,
)
_HISTORY_COLUMNS = (
    id_history.c.id,
    id_history.c.player_id,
    id_history.c.event,
    id_history.c.other_id,
    id_history.c.date,
    id_history.c.reason,
    id_history.c.surname,
    id_history.c.firstname,
    id_history.c.country,
)

HistoryRow = tuple[int, int, str, int | None, dt.date, str, str | None, str | None, str | None]


def _event(row: HistoryRow, people: dict[int, Player]) -> IdEvent:
    _, pid, kind, other, day, reason, surname, firstname, country = row
    try:
        kind_ = IdEventKind(kind)
    except ValueError:
        raise StoreError(f"expected an ID event kind in id_history, got {kind!r}") from None
    if kind_ in (IdEventKind.MERGED, IdEventKind.UNMERGED):
        if other is None:
            raise StoreError(f"expected the kept ID of the {kind} row of {pid}, got none")
        cls = Merged if kind_ is IdEventKind.MERGED else Unmerged
        return cls(PlayerId(other), PlayerId(pid), day, reason)
    if surname is None:
        person = people.get(pid)
        if person is None:
            raise StoreError(f"expected a players row for ID {pid} of the ID history, got none")
    else:
        person = Player(PlayerId(pid), surname, firstname or "", country or "")
    if kind_ is IdEventKind.ASSIGNED:
        return Assigned(person, day, reason)
    return (Split if kind_ is IdEventKind.SPLIT else Renamed)(person, day, reason)


def load_registry(conn: Connection, ids: Collection[int] | None = None) -> StoredRegistry:
    """The database's ID history as a `Registry` (the log is taken as stored, unchecked).

    Each ID's latest record is the players row (name, country and rating). With `ids`, only
    the assignments, splits and renames of these IDs are read (no merges): enough for the
    rules of adding, splitting and renaming them, without reading the whole registry.

    Raises:
        StoreError: a row the log cannot hold (unknown kind, no person for an ID).
    """
    player_query = select(*_PLAYER_COLUMNS)
    history_query = select(*_HISTORY_COLUMNS).order_by(id_history.c.id)
    if ids is not None:
        wanted = sorted({int(i) for i in ids})
        player_query = player_query.where(players.c.id.in_(wanted))
        history_query = history_query.where(
            id_history.c.player_id.in_(wanted),
            id_history.c.event.in_(
                [IdEventKind.ASSIGNED.value, IdEventKind.SPLIT.value, IdEventKind.RENAMED.value]
            ),
        )
    people = {
        int(r[0]): Player(PlayerId(int(r[0])), r[1], r[2], r[3], r[4])
        for r in conn.execute(player_query)
    }
    rows: list[HistoryRow] = [
        (int(r[0]), int(r[1]), r[2], r[3], r[4], r[5], r[6], r[7], r[8])
        for r in conn.execute(history_query)
    ]
    assigned = {r[1] for r in rows if r[2] == IdEventKind.ASSIGNED.value}
    events: list[IdEvent] = [
        Assigned(p, BEGINNING, UNRECORDED)
        for pid, p in sorted(people.items())
        if pid not in assigned
    ]
    row_ids: list[int | None] = [None] * len(events)
    events.extend(_event(r, people) for r in rows)
    row_ids.extend(r[0] for r in rows)
    registry = Registry(tuple(events))
    for pid, person in people.items():
        index = registry.source(pid)
        record = events[index]
        if isinstance(record, Assigned | Split | Renamed) and record.player != person:
            events[index] = replace(record, player=person)
    return StoredRegistry(Registry(tuple(events)), tuple(row_ids))


def _names(player: Player) -> dict[str, object]:
    return {"surname": player.surname, "firstname": player.firstname, "country": player.country}


def _row(event: IdEvent, now: dt.datetime, actor: str | None = None) -> dict[str, object]:
    values: dict[str, object] = {
        "event": event_kind(event).value,
        "date": event.when,
        "reason": event.reason,
        "recorded_at": now,
        "actor": actor,
    }
    if isinstance(event, Merged | Unmerged):
        return values | {"player_id": event.removed, "other_id": event.kept}
    return values | {"player_id": event.player.id, "other_id": None} | _names(event.player)


def _keep_superseded(conn: Connection, before: StoredRegistry, pids: list[int]) -> None:
    """Write the names of each ID's latest record into its row before it is superseded."""
    fills: list[dict[str, object]] = []
    made_up: list[dict[str, object]] = []
    now = dt.datetime.now(dt.UTC)
    for pid in pids:
        index = before.registry.source(pid)
        person = before.registry.owner(pid)
        row = before.rows[index]
        if row is None:
            made_up.append(_row(Assigned(person, BEGINNING, UNRECORDED), now))
        else:
            fills.append(
                {
                    "row": row,
                    "new_surname": person.surname,
                    "new_firstname": person.firstname,
                    "new_country": person.country,
                }
            )
    if made_up:
        conn.execute(insert(id_history), made_up)
    if fills:
        conn.execute(
            update(id_history)
            .where(id_history.c.id == bindparam("row"))
            .values(
                surname=bindparam("new_surname"),
                firstname=bindparam("new_firstname"),
                country=bindparam("new_country"),
            ),
            fills,
        )


def current_revision(conn: Connection) -> int:
    """The registry's revision: a counter every registry write increases."""
    value = conn.execute(select(registry_revision.c.revision)).scalar()
    return 0 if value is None else int(value)


def bump_revision(conn: Connection) -> int:
    """Increase the registry's revision (in the caller's transaction); return the new one."""
    done = conn.execute(
        update(registry_revision)
        .where(registry_revision.c.id == 1)
        .values(revision=registry_revision.c.revision + 1)
    )
    if done.rowcount != 1:
        conn.execute(insert(registry_revision).values(id=1, revision=1))
    return current_revision(conn)


def update_player_rows(conn: Connection, people: Iterable[Player]) -> None:
    """Set name, country and rating of each person's players row (by `Player.id`)."""
    rows = [
        {
            "pid": int(p.id),
            "new_surname": p.surname,
            "new_firstname": p.firstname,
            "new_country": p.country,
            "new_rating": p.rating,
        }
        for p in people
    ]
    if rows:
        conn.execute(
            update(players)
            .where(players.c.id == bindparam("pid"))
            .values(
                surname=bindparam("new_surname"),
                firstname=bindparam("new_firstname"),
                country=bindparam("new_country"),
                rating=bindparam("new_rating"),
            ),
            rows,
        )
        bump_revision(conn)


def save_events(
    conn: Connection, before: StoredRegistry, after: Registry, *, origin: str, actor: str
) -> tuple[IdEvent, ...]:
    """Write the events `after` logged since `before` and update the players rows to match.

    New IDs get a players row (`origin` says where they came from); a split or rename puts
    the ID's latest record in the players row; a merge or its undoing sets ``merged_into``.
    Every row records `actor` (``kind:name``). Returns the events written.
    """
    new = after.events[len(before.registry.events) :]
    if not new:
        return ()
    now = dt.datetime.now(dt.UTC)
    renamed = sorted(
        {
            int(e.player.id)
            for e in new
            if isinstance(e, Split | Renamed) and e.player.id in before.registry
        }
    )
    _keep_superseded(conn, before, renamed)
    conn.execute(insert(id_history), [_row(e, now, actor) for e in new])
    bump_revision(conn)
    fresh = sorted({int(e.player.id) for e in new if isinstance(e, Assigned)})
    if fresh:
        conn.execute(
            insert(players),
            [
                {"id": pid, "rating": p.rating, "origin": origin, "merged_into": None} | _names(p)
                for pid in fresh
                for p in (after.owner(pid),)
            ],
        )
    update_player_rows(conn, (after.owner(pid) for pid in renamed))
    for removed in sorted({int(e.removed) for e in new if isinstance(e, Merged | Unmerged)}):
        merge = after.merge_of(removed)
        into = None if merge is None else int(merge.kept)
        conn.execute(update(players).where(players.c.id == removed).values(merged_into=into))
    return new
