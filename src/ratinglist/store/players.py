"""The player registry in the database: queries, new IDs, merges, splits, players lists.

Every change to IDs goes through `registry.history.Registry` (the one place of the rules):
the log is loaded (`store.id_history.load_registry`), the operation is applied there and the
new events are saved in the same transaction with the actor who made them. Names and
countries are checked by `registry.names.check_person`; new IDs follow `registry.ids`. Each
write takes a `Store` (its own transaction) or a `Connection` (the caller's transaction, as
the service layer does). Rated games count merged-away IDs for the kept ID
(``players.merged_into``).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

from sqlalchemy import delete, func, insert, select, union, update
from sqlalchemy.engine import Connection

from ratinglist.errors import ConflictError, NotFoundError, RegistryError
from ratinglist.formats.playerlist import PlayersList
from ratinglist.model import Player, PlayerId
from ratinglist.registry.countries import Country, IdRange, country_code, get_country
from ratinglist.registry.history import Merged, Registry
from ratinglist.registry.ids import OTHER, lowest_unused_id
from ratinglist.registry.list_import import ListPlan
from ratinglist.registry.names import check_person
from ratinglist.store.database import Store
from ratinglist.store.id_history import (
    IdEventKind,
    bump_revision,
    current_revision,
    load_registry,
    save_events,
    update_player_rows,
)
from ratinglist.store.schema import (
    games,
    id_history,
    list_imports,
    players,
    temp_id_mappings,
    tournament_events,
)

DEFAULT_ACTOR = "system:ratinglist"
"""The actor recorded when a caller names none (`service.actor.SYSTEM`)."""


@dataclass(frozen=True, slots=True)
class IdHistoryEntry:
    """One ID event; for merges `player_id` is the removed ID and `other_id` the kept one."""

    player_id: PlayerId
    event: IdEventKind
    other_id: PlayerId | None
    date: dt.date
    reason: str
    actor: str | None = None


@dataclass(frozen=True, slots=True)
class ListImport:
    """What `import_players_list` did with each ID of the list (see `ListPlan`), and the
    import's number for `undo_list_import`."""

    added: int
    updated: int
    renamed: int
    split: int
    unchanged: int
    import_id: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class IdTransition:
    """A split or rename of `player_id`: its latest record before, the new one from `when`."""

    player_id: PlayerId
    before: Player
    after: Player
    when: dt.date


@contextmanager
def _tx(source: Store | Connection) -> Iterator[Connection]:
    """The caller's transaction (a `Connection`) or a new one of the `Store`."""
    if isinstance(source, Connection):
        yield source
    else:
        with source.begin() as conn:
            yield conn


@contextmanager
def _read(source: Store | Connection) -> Iterator[Connection]:
    if isinstance(source, Connection):
        yield source
    else:
        with source.connect() as conn:
            yield conn


def _player(row: tuple[int, str, str, str, int | None]) -> Player:
    return Player(PlayerId(row[0]), row[1], row[2], row[3], row[4])


_COLUMNS = (
    players.c.id,
    players.c.surname,
    players.c.firstname,
    players.c.country,
    players.c.rating,
)


def get_player(source: Store | Connection, player_id: int) -> Player | None:
    """The player with this ID, or None."""
    with _read(source) as conn:
        row = conn.execute(select(*_COLUMNS).where(players.c.id == player_id)).first()
    return None if row is None else _player(row)


def players_by_id(source: Store | Connection, ids: Iterable[int]) -> dict[int, Player]:
    """The registered players with these IDs (merged-away IDs included), by ID; unknown IDs
    left out. One query per 500 IDs."""
    wanted = sorted(set(ids))
    found: dict[int, Player] = {}
    with _read(source) as conn:
        for start in range(0, len(wanted), 500):
            query = select(*_COLUMNS).where(players.c.id.in_(wanted[start : start + 500]))
            found.update((int(r[0]), _player(r)) for r in conn.execute(query))
    return found


def all_players(source: Store | Connection, *, include_merged: bool = False) -> tuple[Player, ...]:
    """Every registered player by ID; merged-away IDs only with `include_merged`."""
    query = select(*_COLUMNS).order_by(players.c.id)
    if not include_merged:
        query = query.where(players.c.merged_into.is_(None))
    with _read(source) as conn:
        return tuple(_player(r) for r in conn.execute(query))


def players_named(source: Store | Connection, surname: str, firstname: str) -> tuple[Player, ...]:
    """Registered players (merged-away IDs left out) with exactly this surname and first
    name, case ignored."""
    query = (
        select(*_COLUMNS)
        .where(
            func.lower(players.c.surname) == surname.strip().lower(),
            func.lower(players.c.firstname) == firstname.strip().lower(),
            players.c.merged_into.is_(None),
        )
        .order_by(players.c.id)
    )
    with _read(source) as conn:
        return tuple(_player(r) for r in conn.execute(query))


def players_first_seen_in(conn: Connection, file_name: str) -> tuple[Player, ...]:
    """The players who joined the registry from the results file `file_name` (its import)."""
    query = select(*_COLUMNS).where(players.c.origin == file_name).order_by(players.c.id)
    return tuple(_player(r) for r in conn.execute(query))


def respell_players(conn: Connection, names: dict[int, tuple[str, str]]) -> None:
    """Write each player ID's (surname, first name) of `names` in place (same person)."""
    for pid, (surname, firstname) in names.items():
        conn.execute(
            update(players).where(players.c.id == pid).values(surname=surname, firstname=firstname)
        )


def registry_revision(source: Store | Connection) -> int:
    """The registry's revision (increased by every registry write)."""
    with _read(source) as conn:
        return current_revision(conn)


def player_registry(source: Store | Connection) -> Registry:
    """The whole ID history of the database as a `Registry` (read only).

    Raises:
        StoreError: the history has a row the log cannot hold.
    """
    with _read(source) as conn:
        return load_registry(conn).registry


def used_ids(conn: Connection, first: int = 0, last: int | None = None) -> set[PlayerId]:
    """Every ID from `first` to `last` that the registry or a stored game uses (read through
    the indexes on ``players.id``, ``games.first_id`` and ``games.second_id``)."""
    high = 2**62 if last is None else last
    query = union(
        select(players.c.id).where(players.c.id.between(first, high)),
        select(games.c.first_id).where(games.c.first_id.between(first, high)),
        select(games.c.second_id).where(games.c.second_id.between(first, high)),
    )
    return {PlayerId(int(i)) for i in conn.execute(query).scalars()}


class _UsedIds:
    """The IDs of some ranges in use: registered ones read at once (the ``players`` key),
    IDs that only games carry asked per ID through the ``games`` ID indexes, so finding the
    lowest free ID reads no game beyond the first gaps of the range."""

    def __init__(self, conn: Connection, ranges: list[IdRange]) -> None:
        self._conn = conn
        self._registered: set[int] = set()
        for r in ranges:
            query = select(players.c.id).where(players.c.id.between(r.first, r.last))
            self._registered.update(int(i) for i in conn.execute(query).scalars())

    def __contains__(self, pid: object) -> bool:
        if pid in self._registered:
            return True
        g = games.c
        query = select(g.id).where((g.first_id == pid) | (g.second_id == pid)).limit(1)
        return self._conn.execute(query).first() is not None


def new_player_id(conn: Connection, host: Country, *, fallback_to_other: bool = False) -> PlayerId:
    """The lowest ID of `host`'s range (or of ``OTHER`` with the fallback) that neither the
    registry nor a stored game uses (`registry.ids.lowest_unused_id`).

    Raises:
        RegistryError: no range, or the range is used up.
    """
    ranges = [host.id_range] if host.id_range is not None else []
    if fallback_to_other and host.code != OTHER:
        other = get_country(OTHER).id_range
        ranges += [other] if other is not None else []
    return lowest_unused_id(host, _UsedIds(conn, ranges), fallback_to_other)


def _person(surname: str, firstname: str, country: str | None) -> tuple[str, str]:
    """(SURNAME, Firstname) as the players list writes them (`registry.names`)."""
    clean_surname, clean_first = check_person(surname, firstname, country)
    return clean_surname or "", clean_first or ""


def add_player(
    source: Store | Connection,
    surname: str,
    firstname: str,
    country: str,
    *,
    host_country: str | None = None,
    on: dt.date | None = None,
    reason: str = "added by hand",
    actor: str = DEFAULT_ACTOR,
    origin: str = "cli",
) -> Player:
    """Register a new player with the lowest unused ID of the host country's range.

    The host country (where the player first plays) defaults to `country`; the player is
    stored under the country's registry code.

    Raises:
        RegistryError: a name Papp cannot write, an unknown country, or a used-up range.
    """
    surname, firstname = _person(surname, firstname, country)
    host = get_country(host_country or country)
    with _tx(source) as conn:
        pid = new_player_id(conn, host)
        player = Player(pid, surname, firstname, country_code(country))
        before = load_registry(conn, ids=[pid])
        after = before.registry.add_player(player, on or dt.date.today(), reason)
        save_events(conn, before, after, origin=origin, actor=actor)
    return player


def merge_players(
    source: Store | Connection,
    kept: int,
    removed: int,
    *,
    reason: str = "",
    on: dt.date | None = None,
    actor: str = DEFAULT_ACTOR,
) -> None:
    """Record that `removed` and `kept` are one person; games of `removed` count for `kept`.

    Raises:
        RegistryError: the rules of `Registry.merge` (unknown or equal IDs, `removed` already
            merged, a cycle).
    """
    with _tx(source) as conn:
        before = load_registry(conn)
        after = before.registry.merge(kept, removed, on or dt.date.today(), reason)
        save_events(conn, before, after, origin="cli", actor=actor)


def unmerge_players(
    source: Store | Connection,
    removed: int,
    *,
    reason: str = "",
    on: dt.date | None = None,
    actor: str = DEFAULT_ACTOR,
) -> int:
    """Undo the merge in force on `removed`; return the ID it was merged into.

    Raises:
        RegistryError: the ID is unknown or not merged.
    """
    with _tx(source) as conn:
        before = load_registry(conn)
        merge: Merged | None = before.registry.merge_of(removed)
        if merge is None:
            raise RegistryError(f"expected a merged player ID, got {removed} (not merged)")
        after = before.registry.undo_merge(merge.kept, removed, on or dt.date.today(), reason)
        save_events(conn, before, after, origin="cli", actor=actor)
    return int(merge.kept)


def split_player(
    source: Store | Connection,
    player_id: int,
    surname: str,
    firstname: str,
    *,
    on: dt.date,
    country: str | None = None,
    reason: str = "",
    actor: str = DEFAULT_ACTOR,
) -> IdTransition:
    """From `on`, `player_id` denotes a new person; games before `on` stay with the old one.

    The new person has no rating; `country` defaults to the old person's. The old person's
    name stays in the history.

    Raises:
        RegistryError: unknown ID, empty or unwritable name, unknown country, or `on` not
            after the current owner's start (`Registry.split`).
    """
    surname, firstname = _person(surname, firstname, country)
    with _tx(source) as conn:
        before = load_registry(conn, ids=[player_id])
        old = before.registry.owner(player_id)
        new = Player(
            PlayerId(player_id),
            surname,
            firstname,
            old.country if country is None else country_code(country),
        )
        after = before.registry.split(new, on, reason)
        save_events(conn, before, after, origin="cli", actor=actor)
    return IdTransition(PlayerId(player_id), old, new, on)


def rename_player(
    source: Store | Connection,
    player_id: int,
    *,
    on: dt.date,
    surname: str | None = None,
    firstname: str | None = None,
    country: str | None = None,
    reason: str = "",
    actor: str = DEFAULT_ACTOR,
) -> IdTransition:
    """From `on`, the person of `player_id` is recorded under a new name or country.

    Parts left None keep the current record's; the rating is kept.

    Raises:
        RegistryError: unknown ID, nothing to change, empty or unwritable name, unknown
            country, or `on` before the current owner's start (`Registry.rename`).
    """
    surname, firstname = check_person(surname, firstname, country)
    with _tx(source) as conn:
        before = load_registry(conn, ids=[player_id])
        old = before.registry.owner(player_id)
        new = replace(
            old,
            surname=old.surname if surname is None else surname,
            firstname=old.firstname if firstname is None else firstname,
            country=old.country if country is None else country_code(country),
        )
        if new == old:
            raise RegistryError(
                f"expected a new surname, first name or country for {player_id}, got the "
                f"current '{old.name}' ({old.country})"
            )
        after = before.registry.rename(new, on, reason)
        save_events(conn, before, after, origin="cli", actor=actor)
    return IdTransition(PlayerId(player_id), old, new, on)


def id_events(source: Store | Connection, player_id: int) -> tuple[IdHistoryEntry, ...]:
    """The ID events of a player (as either side of a merge), by date then as recorded."""
    h = id_history.c
    query = (
        select(h.player_id, h.event, h.other_id, h.date, h.reason, h.actor)
        .where((h.player_id == player_id) | (h.other_id == player_id))
        .order_by(h.date, h.id)
    )
    with _read(source) as conn:
        return tuple(
            IdHistoryEntry(
                PlayerId(pid),
                IdEventKind(event),
                None if other is None else PlayerId(other),
                date,
                reason,
                actor,
            )
            for pid, event, other, date, reason, actor in conn.execute(query)
        )


def _history_top(conn: Connection) -> int:
    return int(conn.execute(select(func.coalesce(func.max(id_history.c.id), 0))).scalar_one())


def _row_json(p: Player | None) -> list[object] | None:
    return None if p is None else [p.surname, p.firstname, p.country, p.rating]


def apply_list_plan(
    source: Store | Connection, plan: ListPlan, *, actor: str = DEFAULT_ACTOR
) -> ListImport:
    """Write a players-list import planned by `registry.list_import.plan_list_import`.

    The registry the plan was made from must still be the database's (the plan is applied
    in the caller's transaction, right after loading). The import is recorded in
    ``list_imports`` with the players rows it changes, so `undo_list_import` can restore
    them.
    """
    origin = f"list:{plan.source}"
    with _tx(source) as conn:
        before = load_registry(conn)
        history_before = _history_top(conn)
        changed = [*plan.updates, *plan.renamed, *plan.split]
        snapshot = {
            "added": [int(c.after.id) for c in plan.added],
            "rows": {str(int(c.after.id)): _row_json(c.before) for c in changed},
        }
        save_events(conn, before, before.registry.extend(plan.events), origin=origin, actor=actor)
        update_player_rows(conn, plan.updated)
        import_id = conn.execute(
            insert(list_imports).values(
                source=plan.source,
                list_date=plan.on,
                actor=actor,
                recorded_at=dt.datetime.now(dt.UTC),
                history_before=history_before,
                history_after=_history_top(conn),
                revision_after=bump_revision(conn),
                snapshot=json.dumps(snapshot),
                undone_at=None,
            )
        ).inserted_primary_key
    return ListImport(
        added=len(plan.added),
        updated=len(plan.updates),
        renamed=len(plan.renamed),
        split=len(plan.split),
        unchanged=plan.unchanged,
        import_id=int(import_id[0]) if import_id else 0,
    )


def import_players_list(
    source: Store | Connection,
    players_list: PlayersList,
    *,
    on: dt.date | None = None,
    actor: str = DEFAULT_ACTOR,
) -> ListImport:
    """Plan and apply a players list dated `on` (default today) in one transaction.

    Raises:
        RegistryError: a rename or split the history refuses; nothing is imported.
    """
    from ratinglist.registry.list_import import plan_list_import

    with _tx(source) as conn:
        plan = plan_list_import(
            load_registry(conn).registry,
            players_list.players(),
            on=on or dt.date.today(),
            source=players_list.source,
        )
        return apply_list_plan(conn, plan, actor=actor)


@dataclass(frozen=True, slots=True)
class UndoneImport:
    """A players-list import that was undone: its number, file, and what was restored."""

    import_id: int
    source: str
    removed: int
    restored: int
    events: int


def undo_list_import(
    source: Store | Connection, import_id: int | None = None, *, actor: str = DEFAULT_ACTOR
) -> UndoneImport:
    """Undo a players-list import (default: the latest not undone) as one step.

    `actor` is recorded as who undid it. Only the registry's latest change can be undone:
    its ID events are deleted, the IDs it added are removed and the rows it changed get
    their earlier names back.

    Raises:
        NotFoundError: no such import, or none left to undo.
        ConflictError: the registry changed after the import (undo those changes first).
    """
    li = list_imports.c
    with _tx(source) as conn:
        query = select(
            li.id, li.source, li.history_before, li.history_after, li.revision_after, li.snapshot
        ).where(li.undone_at.is_(None))
        if import_id is not None:
            query = query.where(li.id == import_id)
        row = conn.execute(query.order_by(li.id.desc()).limit(1)).first()
        if row is None:
            what = (
                "a players-list import to undo"
                if import_id is None
                else (f"players-list import {import_id} (not undone yet)")
            )
            raise NotFoundError(f"expected {what}, got none")
        number, name, h_before, h_after, rev_after, text = row
        if current_revision(conn) != rev_after or _history_top(conn) != h_after:
            raise ConflictError(
                f"expected players-list import {number} ({name}) to be the registry's latest "
                f"change, got later changes; nothing undone"
            )
        snapshot = json.loads(text)
        events = conn.execute(delete(id_history).where(id_history.c.id > h_before)).rowcount
        added = [int(i) for i in snapshot["added"]]
        if added:
            conn.execute(delete(players).where(players.c.id.in_(added)))
        earlier = [
            Player(PlayerId(int(pid)), r[0], r[1], r[2], r[3])
            for pid, r in snapshot["rows"].items()
            if r is not None
        ]
        update_player_rows(conn, earlier)
        conn.execute(
            update(list_imports)
            .where(li.id == number)
            .values(undone_at=dt.datetime.now(dt.UTC), undone_by=actor)
        )
        bump_revision(conn)
    return UndoneImport(int(number), name, len(added), len(earlier), int(events or 0))


def export_players_list(
    source: Store | Connection, *, include: Iterable[Player] | None = None
) -> PlayersList:
    """The registry as a Papp players list (merged-away IDs left out).

    Countries are written as the registry's codes (``NL`` from an old results file becomes
    ``NLD``); a spelling no country matches is kept as it is.
    """
    chosen = include if include is not None else all_players(source)
    return PlayersList.from_players(replace(p, country=country_code(p.country)) for p in chosen)


def release_new_id(conn: Connection, player_id: int, *, tournament: int) -> bool:
    """Remove the ID `player_id` that directed tournament `tournament` registered when the
    registration (or ID assignment) that created it is undone; True when it was released.

    The ID is released only while nothing else knows it: its one ID event is its
    assignment, no stored game or processed temporary ID names it, and no other directed
    tournament's log mentions it. Then its row and its assignment are deleted (the lowest
    free ID of the range is free again, as it never was given) and the registry's revision
    moves; otherwise it stays registered (False), as an ID that was used.
    """
    pid = int(player_id)
    h = id_history.c
    kinds = conn.execute(
        select(h.event).where((h.player_id == pid) | (h.other_id == pid))
    ).scalars()
    if list(kinds) != [IdEventKind.ASSIGNED.value]:
        return False
    g = games.c
    if conn.execute(
        select(g.id).where((g.first_id == pid) | (g.second_id == pid)).limit(1)
    ).first():
        return False
    if conn.execute(
        select(temp_id_mappings.c.id).where(temp_id_mappings.c.player_id == pid).limit(1)
    ).first():
        return False
    e = tournament_events.c
    mentioned = (
        select(e.id)
        .where(
            e.tournament_id != tournament,
            e.payload.like(f'%"player": {pid},%') | e.payload.like(f'%"player": {pid}}}%'),
        )
        .limit(1)
    )
    if conn.execute(mentioned).first():
        return False
    conn.execute(delete(id_history).where(h.player_id == pid))
    conn.execute(delete(players).where(players.c.id == pid))
    bump_revision(conn)
    return True
