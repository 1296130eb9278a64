"""Registry use cases: search, add, merge, split, rename, history, show, export.

Each function takes the database URL, plain values and (for writes) the `Actor`, does its
work in one transaction and returns frozen values. Players-list imports are in
`service.player_lists`.

Search uses a `PlayerIndex` built once per process and database and rebuilt when the
registry's revision (increased by every registry write, `store.registry_revision`) moved.
"""

from __future__ import annotations

import datetime as dt
import threading
from dataclasses import dataclass, replace
from pathlib import Path

from sqlalchemy.engine import Connection

from ratinglist.errors import N_, NotFoundError
from ratinglist.formats.playerlist import PlayersList, format_players_list, write_players_list
from ratinglist.model import Player, PlayerId
from ratinglist.registry.history import BEGINNING, IdEvent, Merged, Registry, Tenure, Unmerged
from ratinglist.registry.names import parse_person
from ratinglist.registry.search import Match, PlayerIndex
from ratinglist.service.actor import Actor
from ratinglist.service.databases import reading
from ratinglist.store import (
    IdTransition,
    Store,
    all_players,
    entry_rows,
    export_players_list,
    newest_list_id,
    player_registry,
    players_named,
    registry_revision,
)
from ratinglist.store import add_player as store_add_player
from ratinglist.store import merge_players as store_merge
from ratinglist.store import rename_player as store_rename
from ratinglist.store import split_player as store_split
from ratinglist.store import unmerge_players as store_unmerge
from ratinglist.store.id_history import event_kind

__all__ = [
    "BEGINNING",
    "AddedPlayer",
    "ExportedList",
    "IdEvent",
    "IdTransition",
    "Match",
    "Merged",
    "PlayerHistory",
    "PlayerView",
    "Tenure",
    "Unmerged",
    "add_player",
    "event_name",
    "export_players",
    "merge_players",
    "player_history",
    "players_with_list_ratings",
    "rename_player",
    "search_players",
    "show_player",
    "split_player",
    "unmerge_players",
]


def event_name(event: IdEvent) -> str:
    """The stored kind of an ID event: ``assigned``, ``split``, ``renamed``, ``merged``..."""
    return event_kind(event).value


class _IndexCache:
    """The registry's search index of one database and the registry revision it was built
    at (kept on the database handle)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.built: tuple[int, PlayerIndex] | None = None


def player_index(db: Store) -> PlayerIndex:
    """The search index of `db`'s registered players (merged-away IDs left out), kept on
    the handle and rebuilt only when the registry changed."""
    kept = db.attached("registry.index", _IndexCache)
    with db.connect() as conn:
        revision = registry_revision(conn)
        with kept.lock:
            cached = kept.built
        if cached is not None and cached[0] == revision:
            return cached[1]
        index = PlayerIndex(all_players(conn))
    with kept.lock:
        kept.built = (revision, index)
    return index


def search_players(
    db: Store, query: str, *, limit: int = 10, country: str | None = None
) -> tuple[Match, ...]:
    """Registered players (merged-away IDs left out) best matching `query`, best first.

    Fuzzy on names (typos, accents, word order) or by ID digits (`registry.search`).

    Raises:
        NotFoundError: no such database file.
    """
    return tuple(player_index(db).search(query, limit, country))


@dataclass(frozen=True, slots=True)
class AddedPlayer:
    """The outcome of `add_player`: the new player (None when not added) and the registered
    players with the same name (a second registration of one person is refused unless
    asked)."""

    player: Player | None
    namesakes: tuple[Player, ...]


def add_player(
    db: Store,
    surname: str,
    firstname: str,
    country: str,
    *,
    actor: Actor,
    host_country: str | None = None,
    on: dt.date | None = None,
    same_name_ok: bool = False,
) -> AddedPlayer:
    """Register a new player with the lowest unused ID of the host country's range.

    When a player of the same surname and first name is registered, nothing is added
    (`player` None, `namesakes` shows who) unless `same_name_ok`.

    Raises:
        RegistryError: a name Papp cannot write, an unknown country, a used-up range.
    """
    surname, firstname = parse_person(surname, firstname)
    with db.begin() as conn:
        namesakes = players_named(conn, surname, firstname)
        if namesakes and not same_name_ok:
            return AddedPlayer(None, namesakes)
        player = store_add_player(
            conn,
            surname,
            firstname,
            country,
            host_country=host_country,
            on=on,
            actor=actor.label,
        )
    return AddedPlayer(player, namesakes)


def merge_players(
    db: Store, kept: int, removed: int, *, actor: Actor, reason: str = "", on: dt.date | None = None
) -> None:
    """Record that two IDs are one person: the games of `removed` count for `kept`.

    Raises:
        RegistryError: unknown or equal IDs, `removed` already merged, a cycle.
    """
    with db.begin() as conn:
        store_merge(conn, kept, removed, reason=reason, on=on, actor=actor.label)


def unmerge_players(
    db: Store, removed: int, *, actor: Actor, reason: str = "", on: dt.date | None = None
) -> int:
    """Undo the merge in force on `removed`; return the ID it was merged into.

    Raises:
        RegistryError: the ID is unknown or not merged.
    """
    with db.begin() as conn:
        return store_unmerge(conn, removed, reason=reason, on=on, actor=actor.label)


def split_player(
    db: Store,
    player_id: int,
    surname: str,
    firstname: str,
    *,
    on: dt.date,
    actor: Actor,
    country: str | None = None,
    reason: str = "",
) -> IdTransition:
    """From `on`, `player_id` denotes a new person (the ID was reused).

    Raises:
        RegistryError: unknown ID, bad name or country, or a date the history refuses.
    """
    with db.begin() as conn:
        return store_split(
            conn,
            player_id,
            surname,
            firstname,
            on=on,
            country=country,
            reason=reason,
            actor=actor.label,
        )


def rename_player(
    db: Store,
    player_id: int,
    *,
    on: dt.date,
    actor: Actor,
    surname: str | None = None,
    firstname: str | None = None,
    country: str | None = None,
    reason: str = "",
) -> IdTransition:
    """From `on`, the person of `player_id` has a new name or country.

    Raises:
        RegistryError: unknown ID, nothing to change, bad name or country, refused date.
    """
    with db.begin() as conn:
        return store_rename(
            conn,
            player_id,
            on=on,
            surname=surname,
            firstname=firstname,
            country=country,
            reason=reason,
            actor=actor.label,
        )


def _registry(db: Store) -> Registry:
    with db.connect() as conn:
        return player_registry(conn)


@dataclass(frozen=True, slots=True)
class PlayerHistory:
    """Who an ID denoted when (`timeline`) and its ID events in date order."""

    id: PlayerId
    timeline: tuple[Tenure, ...]
    events: tuple[IdEvent, ...]


def player_history(db: Store, player_id: int) -> PlayerHistory:
    """The timeline and the ID events of `player_id`, events by date (recording order on
    the same day; assignments of unknown date first).

    Raises:
        RegistryError: no such player.
    """
    registry = _registry(db)
    timeline = registry.timeline(player_id)
    events = sorted(registry.history(player_id), key=lambda e: e.when)
    return PlayerHistory(PlayerId(player_id), timeline, tuple(events))


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A player's current record, the merge in force on it (and the ID it resolves to),
    the IDs merged into it, and its earlier names and owners (oldest first)."""

    player: Player
    merge: Merged | None
    resolves_to: PlayerId
    merged_ids: tuple[PlayerId, ...]
    earlier: tuple[tuple[Tenure, bool], ...]


def show_player(db: Store, player_id: int) -> PlayerView:
    """A player as `players show` prints it; `earlier` pairs each earlier tenure with
    whether it was the same person (an earlier name) or another (an earlier owner).

    Raises:
        RegistryError: no such player.
    """
    registry = _registry(db)
    timeline = registry.timeline(player_id)
    latest = timeline[-1].person
    return PlayerView(
        player=registry.owner(player_id),
        merge=registry.merge_of(player_id),
        resolves_to=registry.resolve(player_id),
        merged_ids=registry.merged_ids(player_id),
        earlier=tuple((t, t.person == latest) for t in timeline[:-1]),
    )


def players_with_list_ratings(source: Store | Connection, list_id: int) -> tuple[Player, ...]:
    """The registry's players (merged-away IDs left out), each with the rounded rating of
    stored list `list_id` when rated there (listed or not, as the WOF's players file carries
    the latest rating of every rated player), else None."""
    with reading(source) as conn:
        rated = {e.player_id: round(e.rating) for e in entry_rows(conn, list_id)}
        return tuple(replace(p, rating=rated.get(int(p.id))) for p in all_players(conn))


def _players_list(db: Store, ratings: bool) -> PlayersList:
    with db.connect() as conn:
        chosen = None
        if ratings:
            newest = newest_list_id(conn)
            if newest is None:
                raise NotFoundError(
                    N_(
                        "expected a stored rating list, got none (compute one with `ratinglist "
                        "rate`)"
                    )
                )
            chosen = players_with_list_ratings(conn, newest)
        return export_players_list(conn, include=chosen)


@dataclass(frozen=True, slots=True)
class ExportedList:
    """A players list written out: its text (when not written to a file) and counts."""

    text: str
    players: int
    rated: int


def export_players(db: Store, *, ratings: bool = False, path: Path | None = None) -> ExportedList:
    """The registry as a Papp players list, written to `path` or returned as text.

    With `ratings`, every player rated in the latest stored list gets that rating (rounded,
    listed or not, as the WOF's own file carries the latest rating of every rated player)
    and every other player none; without it the registry's stored ratings are written.

    Raises:
        NotFoundError: `ratings` and no stored list.
        FormatError: the file cannot be written.
    """
    players_list = _players_list(db, ratings)
    entries = players_list.entries()
    rated = sum(1 for e in entries if e.rating is not None)
    if path is None:
        return ExportedList(format_players_list(players_list), len(entries), rated)
    write_players_list(players_list, path)
    return ExportedList("", len(entries), rated)
