"""Use cases of the other rating systems: rate the stored games with Elo (seed 002),
Glicko-2, WHR or the EGF formula and store the list beside the WOF lists; read one back with
names and (Elo) rank titles.
"""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass

from ratinglist.errors import N_, NotFoundError, RatingError
from ratinglist.rating import GameArrays
from ratinglist.rating.registry import explaining, help_text, system
from ratinglist.rating.systems import Explained as Explained
from ratinglist.rating.systems import SystemList
from ratinglist.rating.systems.whr import WhrExplanation as WhrExplanation
from ratinglist.store import Store
from ratinglist.store.players import all_players
from ratinglist.store.rating_games import load_rating_games
from ratinglist.store.system_lists import (
    SystemListRow,
    save_system_list,
    system_entry_rows,
    system_list_row,
)


@dataclass(frozen=True, slots=True)
class SystemListEntry:
    """One line of a stored list: place, player and names, rating, deviation, games, latest
    tournament, title (empty for systems without titles)."""

    place: int
    player: int
    surname: str
    firstname: str
    country: str
    rating: float
    deviation: float
    games: int
    last_played: dt.date
    title: str


@dataclass(frozen=True, slots=True)
class ComputedSystemList:
    """A list computed and stored: its row, the ratings, the seconds (load, rate, store)."""

    info: SystemListRow
    ratings: SystemList
    seconds: float


@dataclass(frozen=True, slots=True)
class SystemListPage:
    """A stored list with its entries by decreasing rating (at most the limit asked)."""

    info: SystemListRow
    entries: tuple[SystemListEntry, ...]


def compute_system_list(
    db: Store,
    name: str,
    as_of: dt.date,
    *,
    label: str | None = None,
    exclude_sender: str | None = None,
) -> ComputedSystemList:
    """Rate the stored games up to `as_of` with system `name` and store the list.

    Raises:
        RatingError: an unknown system, or nothing to rate.
        StoreError: the database could not be read or written.
    """
    begin = time.perf_counter()
    chosen = system(name)
    with db.begin() as conn:
        rows = load_rating_games(conn, as_of=as_of, exclude_sender=exclude_sender)
        games = GameArrays.from_half_points(
            rows.first, rows.second, rows.score, rows.day, rows.tournament
        )
        chosen = chosen.settled(games, as_of)
        ratings = chosen.rate(games, as_of)
        titles = ratings.titles or ("",) * len(ratings)
        entries = [
            (p, r, d, n, dt.date.fromordinal(day), t or None)
            for p, r, d, n, day, t in zip(
                ratings.players.tolist(),
                ratings.ratings.tolist(),
                ratings.deviations.tolist(),
                ratings.games.tolist(),
                ratings.last_day.tolist(),
                titles,
                strict=True,
            )
        ]
        info = save_system_list(
            conn,
            system=chosen.name,
            as_of=as_of,
            label=label,
            parameters=chosen.parameters(),
            game_count=len(games),
            entries=entries,
        )
    return ComputedSystemList(info, ratings, time.perf_counter() - begin)


def system_list_page(
    db: Store, name: str, list_id: int | None = None, limit: int | None = None
) -> SystemListPage:
    """The stored list `list_id` of system `name` (its newest when None), best first.

    Raises:
        RatingError: an unknown system.
        NotFoundError: no such list.
        StoreError: the database could not be read.
    """
    chosen = system(name)
    with db.connect() as conn:
        info = system_list_row(conn, chosen.name, list_id)
        if info is None:
            which = "none" if list_id is None else f"no list {list_id}"
            raise NotFoundError(
                N_(
                    "expected a stored %(name)s list, found %(which)s (compute one with "
                    "`ratinglist rate --system %(name)s`)"
                ),
                name=chosen.name,
                which=which,
            )
        rows = system_entry_rows(conn, info.id)
    people = {int(p.id): p for p in all_players(db, include_merged=True)}
    shown = rows if limit is None else rows[:limit]
    entries = []
    for place, row in enumerate(shown, start=1):
        person = people.get(row.player)
        entries.append(
            SystemListEntry(
                place=place,
                player=row.player,
                surname="" if person is None else person.surname,
                firstname="" if person is None else person.firstname,
                country="" if person is None else person.country,
                rating=row.rating,
                deviation=row.deviation,
                games=row.games,
                last_played=row.last_played,
                title=row.title or "",
            )
        )
    return SystemListPage(info, tuple(entries))


def system_help() -> str:
    """The systems `rate --system` takes, each with a few words (`rating.registry`)."""
    return help_text()


def explain_system_player(db: Store, name: str, player: int, as_of: dt.date) -> Explained:
    """Why `player` has their rating in the `name` list as of `as_of`, computed from the
    stored games (wof-map: its prior, its games and their weights; whr and whr-bayes: the
    player's rating of each month and what balances it).

    Raises:
        RatingError: an unknown system, one that cannot explain, or a player without a game.
        StoreError: the database could not be read.
    """
    chosen = system(name)
    if chosen.explain_with is None:
        able = ", ".join(explaining())
        raise RatingError(
            N_("expected a system that explains its ratings (%(able)s), got %(name)r"),
            able=able,
            name=name,
        )
    with db.connect() as conn:
        rows = load_rating_games(conn, as_of=as_of)
    games = GameArrays.from_half_points(
        rows.first, rows.second, rows.score, rows.day, rows.tournament
    )
    return chosen.explain(games, as_of, player)
