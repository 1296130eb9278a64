"""The player registry in the database: queries, new IDs, merges, splits, players lists.

Every change to IDs goes through `registry.history.Registry` (the one place of the rules):
the log is loaded (`store.id_history.load_registry`), the operation is applied there and the
new event is saved in the same transaction. Rated games count merged-away IDs for the kept
ID (``players.merged_into``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, replace

from sqlalchemy import select, union
from sqlalchemy.engine import Connection

from ratinglist.errors import RegistryError
from ratinglist.formats.playerlist import PlayersList
from ratinglist.model import Player, PlayerId
from ratinglist.registry.countries import find_country
from ratinglist.registry.history import (
    BEGINNING,
    Assigned,
    Change,
    IdEvent,
    Registry,
    Renamed,
    Split,
    classify_change,
)
from ratinglist.registry.ids import lowest_unused_id
from ratinglist.registry.search import Match, PlayerIndex
from ratinglist.store.database import Store
from ratinglist.store.id_history import (
    IdEventKind,
    load_registry,
    save_events,
    update_player_rows,
)
from ratinglist.store.schema import games, id_history, players


@dataclass(frozen=True, slots=True)
class IdHistoryEntry:
    """One ID event; for merges `player_id` is the removed ID and `other_id` the kept one."""

    player_id: PlayerId
    event: IdEventKind
    other_id: PlayerId | None
    date: dt.date
    reason: str


@dataclass(frozen=True, slots=True)
class ListImport:
    """What `import_players_list` did with each ID of the list.

    `added`: new IDs; `updated`: the same person with another spelling, country or rating;
    `renamed`: the same first name with a new surname (a `renamed` event); `split`: another
    person now holds the ID (a `split` event); `unchanged`: nothing differs.
    """

    added: int
    updated: int
    renamed: int
    split: int
    unchanged: int


@dataclass(frozen=True, slots=True)
class IdChange:
    """A split or rename of `player_id`: its latest record before, the new one from `when`."""

    player_id: PlayerId
    before: Player
    after: Player
    when: dt.date


def _player(row: tuple[int, str, str, str, int | None]) -> Player:
    return Player(PlayerId(row[0]), row[1], row[2], row[3], row[4])


_COLUMNS = (
    players.c.id,
    players.c.surname,
    players.c.firstname,
    players.c.country,
    players.c.rating,
)


def get_player(store: Store, player_id: int) -> Player | None:
    """The player with this ID, or None."""
    with store.connect() as conn:
        row = conn.execute(select(*_COLUMNS).where(players.c.id == player_id)).first()
    return None if row is None else _player(row)


def all_players(store: Store, *, include_merged: bool = False) -> tuple[Player, ...]:
    """Every registered player by ID; merged-away IDs only with `include_merged`."""
    query = select(*_COLUMNS).order_by(players.c.id)
    if not include_merged:
        query = query.where(players.c.merged_into.is_(None))
    with store.connect() as conn:
        return tuple(_player(r) for r in conn.execute(query))


def player_registry(store: Store) -> Registry:
    """The whole ID history of the database as a `Registry` (read only).

    Raises:
        StoreError: the history has a row the log cannot hold.
    """
    with store.connect() as conn:
        return load_registry(conn).registry


def used_ids(conn: Connection) -> set[PlayerId]:
    """Every ID the registry or a stored game uses."""
    query = union(
        select(players.c.id),
        select(games.c.first_id).where(games.c.first_id.is_not(None)),
        select(games.c.second_id).where(games.c.second_id.is_not(None)),
    )
    return {PlayerId(int(i)) for i in conn.execute(query).scalars()}


def _known_country(text: str) -> None:
    if find_country(text) is None:
        raise RegistryError(f"expected a known country name or code, got '{text}'")


def add_player(
    store: Store,
    surname: str,
    firstname: str,
    country: str,
    *,
    host_country: str | None = None,
    on: dt.date | None = None,
    reason: str = "added by hand",
) -> Player:
    """Register a new player with the lowest unused ID of the host country's range.

    The host country (where the player first plays) defaults to `country`.

    Raises:
        RegistryError: the country is unknown, or its range is used up.
    """
    host = host_country or country
    found = find_country(host)
    if found is None:
        raise RegistryError(f"expected a known country name or code, got '{host}'")
    if not surname.strip():
        raise RegistryError(f"expected a surname, got '{surname}'")
    with store.begin() as conn:
        pid = lowest_unused_id(found, used_ids(conn))
        player = Player(PlayerId(int(pid)), surname.strip(), firstname.strip(), country)
        before = load_registry(conn)
        after = before.registry.add_player(player, on or dt.date.today(), reason)
        save_events(conn, before, after, origin="cli")
    return player


def merge_players(
    store: Store, kept: int, removed: int, *, reason: str = "", on: dt.date | None = None
) -> None:
    """Record that `removed` and `kept` are one person; games of `removed` count for `kept`.

    Raises:
        RegistryError: the rules of `Registry.merge` (unknown or equal IDs, `removed` already
            merged, a cycle).
    """
    with store.begin() as conn:
        before = load_registry(conn)
        after = before.registry.merge(kept, removed, on or dt.date.today(), reason)
        save_events(conn, before, after, origin="cli")


def unmerge_players(
    store: Store, removed: int, *, reason: str = "", on: dt.date | None = None
) -> int:
    """Undo the merge in force on `removed`; return the ID it was merged into.

    Raises:
        RegistryError: the ID is unknown or not merged.
    """
    with store.begin() as conn:
        before = load_registry(conn)
        merge = before.registry.merge_of(removed)
        if merge is None:
            raise RegistryError(f"expected a merged player ID, got {removed} (not merged)")
        after = before.registry.undo_merge(merge.kept, removed, on or dt.date.today(), reason)
        save_events(conn, before, after, origin="cli")
    return int(merge.kept)


def _check_identity(surname: str | None, country: str | None) -> None:
    """Refuse an empty surname or an unknown country (None means "unchanged")."""
    if surname is not None and not surname.strip():
        raise RegistryError(f"expected a surname, got '{surname}'")
    if country is not None:
        _known_country(country)


def split_player(
    store: Store,
    player_id: int,
    surname: str,
    firstname: str,
    *,
    on: dt.date,
    country: str | None = None,
    reason: str = "",
) -> IdChange:
    """From `on`, `player_id` denotes a new person; games before `on` stay with the old one.

    The new person has no rating; `country` defaults to the old person's. The old person's
    name stays in the history.

    Raises:
        RegistryError: unknown ID, empty surname, unknown country, or `on` not after the
            current owner's start (`Registry.split`).
    """
    _check_identity(surname, country)
    with store.begin() as conn:
        before = load_registry(conn)
        old = before.registry.owner(player_id)
        new = Player(
            PlayerId(player_id),
            surname.strip(),
            firstname.strip(),
            old.country if country is None else country,
        )
        after = before.registry.split(new, on, reason)
        save_events(conn, before, after, origin="cli")
    return IdChange(PlayerId(player_id), old, new, on)


def rename_player(
    store: Store,
    player_id: int,
    *,
    on: dt.date,
    surname: str | None = None,
    firstname: str | None = None,
    country: str | None = None,
    reason: str = "",
) -> IdChange:
    """From `on`, the person of `player_id` is recorded under a new name or country.

    Parts left None keep the current record's; the rating is kept.

    Raises:
        RegistryError: unknown ID, nothing to change, empty surname, unknown country, or
            `on` before the current owner's start (`Registry.rename`).
    """
    _check_identity(surname, country)
    with store.begin() as conn:
        before = load_registry(conn)
        old = before.registry.owner(player_id)
        new = replace(
            old,
            surname=old.surname if surname is None else surname.strip(),
            firstname=old.firstname if firstname is None else firstname.strip(),
            country=old.country if country is None else country,
        )
        if new == old:
            raise RegistryError(
                f"expected a new surname, first name or country for {player_id}, got the "
                f"current '{old.name}' ({old.country})"
            )
        after = before.registry.rename(new, on, reason)
        save_events(conn, before, after, origin="cli")
    return IdChange(PlayerId(player_id), old, new, on)


def id_events(store: Store, player_id: int) -> tuple[IdHistoryEntry, ...]:
    """The ID events of a player (as either side of a merge), oldest first."""
    h = id_history.c
    query = (
        select(h.player_id, h.event, h.other_id, h.date, h.reason)
        .where((h.player_id == player_id) | (h.other_id == player_id))
        .order_by(h.date, h.id)
    )
    with store.connect() as conn:
        return tuple(
            IdHistoryEntry(
                PlayerId(pid),
                IdEventKind(event),
                None if other is None else PlayerId(other),
                date,
                reason,
            )
            for pid, event, other, date, reason in conn.execute(query)
        )


def import_players_list(
    store: Store, players_list: PlayersList, *, on: dt.date | None = None
) -> ListImport:
    """Load a Papp players list, dated `on` (default today), into the registry.

    Each ID of the list is compared with the registry's latest record (`classify_change`):
    a new ID is assigned (from `BEGINNING`: a list does not say since when); the same
    person with another spelling, country or rating is updated in place; a new surname with
    the same first name is a rename from `on`; another person is a split from `on` (the old
    person stays in the history). One transaction for the whole list.

    Raises:
        RegistryError: a rename or split the history refuses (e.g. `on` not after the
            current owner's start); nothing is imported.
    """
    incoming: dict[int, Player] = {}
    for p in players_list.players():
        incoming.setdefault(int(p.id), p)
    day = on or dt.date.today()
    origin = f"list:{players_list.source}"
    events: list[IdEvent] = []
    updated: list[Player] = []
    counts = dict.fromkeys(Change, 0)
    with store.begin() as conn:
        before = load_registry(conn)
        registry = before.registry
        for pid, p in incoming.items():
            if pid not in registry:
                events.append(Assigned(p, BEGINNING, f"in {origin}"))
                continue
            change = classify_change(registry.owner(pid), p)
            counts[change] += 1
            if change is Change.UPDATED:
                updated.append(p)
            elif change is Change.RENAMED:
                events.append(Renamed(p, day, f"new surname in {origin}"))
            elif change is Change.SPLIT:
                events.append(Split(p, day, f"another person in {origin}"))
        try:
            after = registry.extend(events)
        except RegistryError as exc:
            raise RegistryError(f"players list {players_list.source}: {exc}") from exc
        save_events(conn, before, after, origin=origin)
        update_player_rows(conn, updated)
    return ListImport(
        added=len(incoming) - sum(counts.values()),
        updated=counts[Change.UPDATED],
        renamed=counts[Change.RENAMED],
        split=counts[Change.SPLIT],
        unchanged=counts[Change.NONE],
    )


def search_players(
    store: Store, query: str, *, limit: int = 10, country: str | None = None
) -> list[Match]:
    """Registered players (merged-away IDs left out) best matching `query`, best first.

    Fuzzy on names (typos, accents, word order) or by ID digits; see `registry.search`.
    """
    return PlayerIndex(all_players(store)).search(query, limit, country)


def export_players_list(store: Store, *, include: Iterable[Player] | None = None) -> PlayersList:
    """The registry as a Papp players list (merged-away IDs left out).

    Countries are written as the registry's codes (``NL`` from an old results file becomes
    ``NLD``); a spelling no country matches is kept as it is.
    """
    chosen = include if include is not None else all_players(store)
    return PlayersList.from_players(replace(p, country=_country_code(p.country)) for p in chosen)


def _country_code(text: str) -> str:
    found = find_country(text) if text else None
    return text if found is None else found.code
