"""The player registry in the database: queries, new IDs, merges, players lists.

IDs events go to ``id_history`` (``assigned``, ``merged``, ``unmerged``); a merge in force is
``players.merged_into`` on the removed ID, and rated games count for the kept ID.
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Iterable
from dataclasses import dataclass, replace

from sqlalchemy import bindparam, insert, select, union, update
from sqlalchemy.engine import Connection

from ratinglist.errors import RegistryError
from ratinglist.formats.playerlist import PlayersList
from ratinglist.model import Player, PlayerId
from ratinglist.registry.countries import find_country
from ratinglist.registry.ids import lowest_unused_id
from ratinglist.registry.search import Match, PlayerIndex
from ratinglist.store.database import Store
from ratinglist.store.schema import games, id_history, players


class IdEvent(enum.Enum):
    """What happened to an ID."""

    ASSIGNED = "assigned"
    MERGED = "merged"
    UNMERGED = "unmerged"
    SPLIT = "split"


@dataclass(frozen=True, slots=True)
class IdHistoryEntry:
    """One ID event; for merges `player_id` is the removed ID and `other_id` the kept one."""

    player_id: PlayerId
    event: IdEvent
    other_id: PlayerId | None
    date: dt.date
    reason: str


@dataclass(frozen=True, slots=True)
class ListImport:
    """What `import_players_list` did: players added, players whose name/country/rating changed."""

    added: int
    updated: int
    unchanged: int


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


def used_ids(conn: Connection) -> set[PlayerId]:
    """Every ID the registry or a stored game uses."""
    query = union(
        select(players.c.id),
        select(games.c.first_id).where(games.c.first_id.is_not(None)),
        select(games.c.second_id).where(games.c.second_id.is_not(None)),
    )
    return {PlayerId(int(i)) for i in conn.execute(query).scalars()}


def _event(
    player_id: int, event: IdEvent, other_id: int | None, on: dt.date, reason: str
) -> dict[str, object]:
    return {
        "player_id": player_id,
        "event": event.value,
        "other_id": other_id,
        "date": on,
        "reason": reason,
        "recorded_at": dt.datetime.now(dt.UTC),
    }


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
        conn.execute(
            insert(players).values(
                id=pid,
                surname=surname.strip(),
                firstname=firstname.strip(),
                country=country,
                rating=None,
                origin="cli",
                merged_into=None,
            )
        )
        conn.execute(
            insert(id_history).values(
                **_event(pid, IdEvent.ASSIGNED, None, on or dt.date.today(), reason)
            )
        )
    return Player(PlayerId(int(pid)), surname.strip(), firstname.strip(), country)


def _merged_into(conn: Connection, player_id: int) -> tuple[bool, int | None]:
    row = conn.execute(select(players.c.merged_into).where(players.c.id == player_id)).first()
    return (False, None) if row is None else (True, row[0])


def merge_players(
    store: Store, kept: int, removed: int, *, reason: str = "", on: dt.date | None = None
) -> None:
    """Record that `removed` and `kept` are one person; games of `removed` count for `kept`.

    Raises:
        RegistryError: an ID is unknown, the IDs are equal, or one side is already merged.
    """
    if kept == removed:
        raise RegistryError(f"expected two different IDs, got {kept} twice")
    with store.begin() as conn:
        for pid in (kept, removed):
            exists, into = _merged_into(conn, pid)
            if not exists:
                raise RegistryError(f"expected a registered player ID, got {pid}")
            if into is not None:
                raise RegistryError(f"player {pid} is already merged into {into}")
        conn.execute(update(players).where(players.c.id == removed).values(merged_into=kept))
        conn.execute(
            insert(id_history).values(
                **_event(removed, IdEvent.MERGED, kept, on or dt.date.today(), reason)
            )
        )


def unmerge_players(
    store: Store, removed: int, *, reason: str = "", on: dt.date | None = None
) -> int:
    """Undo the merge in force on `removed`; return the ID it was merged into.

    Raises:
        RegistryError: the ID is unknown or not merged.
    """
    with store.begin() as conn:
        exists, into = _merged_into(conn, removed)
        if not exists:
            raise RegistryError(f"expected a registered player ID, got {removed}")
        if into is None:
            raise RegistryError(f"expected a merged player ID, got {removed} (not merged)")
        conn.execute(update(players).where(players.c.id == removed).values(merged_into=None))
        conn.execute(
            insert(id_history).values(
                **_event(removed, IdEvent.UNMERGED, into, on or dt.date.today(), reason)
            )
        )
    return int(into)


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
                IdEvent(event),
                None if other is None else PlayerId(other),
                date,
                reason,
            )
            for pid, event, other, date, reason in conn.execute(query)
        )


def import_players_list(
    store: Store, players_list: PlayersList, *, on: dt.date | None = None
) -> ListImport:
    """Load a Papp players list: new IDs are added, known IDs take the list's name/country/rating.

    One transaction for the whole list.
    """
    incoming: dict[int, Player] = {}
    for p in players_list.players():
        incoming.setdefault(int(p.id), p)
    day = on or dt.date.today()
    origin = f"list:{players_list.source}"
    added: list[dict[str, object]] = []
    changed: list[Player] = []
    with store.begin() as conn:
        existing = {int(r[0]): _player(r) for r in conn.execute(select(*_COLUMNS))}
        for pid, p in incoming.items():
            old = existing.get(pid)
            if old is None:
                added.append(
                    {
                        "id": pid,
                        "surname": p.surname,
                        "firstname": p.firstname,
                        "country": p.country,
                        "rating": p.rating,
                        "origin": origin,
                        "merged_into": None,
                    }
                )
            elif (old.surname, old.firstname, old.country, old.rating) != (
                p.surname,
                p.firstname,
                p.country,
                p.rating,
            ):
                changed.append(p)
        if added:
            conn.execute(insert(players), added)
            conn.execute(
                insert(id_history),
                [
                    _event(int(str(r["id"])), IdEvent.ASSIGNED, None, day, f"in {origin}")
                    for r in added
                ],
            )
        if changed:
            conn.execute(
                update(players)
                .where(players.c.id == bindparam("pid"))
                .values(
                    surname=bindparam("new_surname"),
                    firstname=bindparam("new_firstname"),
                    country=bindparam("new_country"),
                    rating=bindparam("new_rating"),
                ),
                [
                    {
                        "pid": int(p.id),
                        "new_surname": p.surname,
                        "new_firstname": p.firstname,
                        "new_country": p.country,
                        "new_rating": p.rating,
                    }
                    for p in changed
                ],
            )
    return ListImport(
        added=len(added), updated=len(changed), unchanged=len(incoming) - len(added) - len(changed)
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
