"""Stored rating lists: save a computed `RatingList`, find lists, read their entries back.

A list is one row of ``rating_lists`` (as-of date, parameters as JSON, the sender pattern
whose files were left out, counts, fit statistics, label) and one row of ``rating_entries``
per rated player (unrounded rating and margin, flags, plain game count, last tournament).
Lists are never changed once stored; computing again adds a new list.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import func, select

from ratinglist.errors import RatingError, StoreError
from ratinglist.model import Player, PlayerId
from ratinglist.rating import EuropeanParams, GameArrays, RatingEntry, RatingList, rate
from ratinglist.rating.profile import EXACT, RatingProfile
from ratinglist.rating.selection import Fate, ResultsFile, Selection
from ratinglist.store.bulk import bulk_insert, insert_one
from ratinglist.store.database import Store, translate_errors
from ratinglist.store.players import all_players
from ratinglist.store.rating_games import (
    RatingGames,
    load_tournament_games,
    results_files,
    sender_pattern,
)
from ratinglist.store.schema import rating_entries, rating_lists, tournaments

ENTRY_COLUMNS = (
    "list_id",
    "player_id",
    "rating",
    "margin",
    "official",
    "listed",
    "games",
    "last_played",
)


@dataclass(frozen=True, slots=True)
class RatingListInfo:
    """A stored list without its entries: what `ratinglist list` and `diff` show in titles.

    `game_count` is the number of games given to the engine (before the rated-set cut);
    `rated`, `listed`, `official`, `unrated` count players.
    """

    id: int
    as_of: dt.date
    computed_at: dt.datetime
    label: str | None
    params: EuropeanParams
    exclude_sender: str | None
    game_count: int
    rated: int
    listed: int
    official: int
    unrated: int
    iterations: int
    max_residual: float


@dataclass(frozen=True, slots=True)
class SenderMatch:
    """A stored tournament whose ``%%Sender:`` matches a pattern."""

    file_name: str
    sender: str
    start_date: dt.date
    game_count: int


def save_rating_list(
    store: Store,
    ratings: RatingList,
    *,
    game_count: int,
    exclude_sender: str | None = None,
    label: str | None = None,
    computed_at: dt.datetime | None = None,
) -> RatingListInfo:
    """Store `ratings` (every rated player) as a new list and return its description.

    One transaction: the list row, then all entries in one bulk insert.

    Raises:
        StoreError: the database could not be written.
    """
    when = (computed_at or dt.datetime.now(dt.UTC)).astimezone(dt.UTC)
    info_values: dict[str, Any] = {
        "as_of": ratings.as_of,
        "computed_at": when,
        "label": label,
        "parameters": json.dumps(ratings.params.to_dict(), sort_keys=True),
        "exclude_sender": exclude_sender,
        "game_count": game_count,
        "rated": len(ratings),
        "listed": int(ratings.listed.sum()),
        "official": int((ratings.official & ratings.listed).sum()),
        "unrated": len(ratings.unrated),
        "iterations": ratings.iterations,
        "max_residual": float(ratings.max_residual),
    }
    with store.begin() as conn:
        list_id = insert_one(conn, rating_lists, info_values)
        days = [dt.date.fromordinal(d) for d in ratings.last_day.tolist()]
        rows = list(
            zip(
                [list_id] * len(ratings),
                ratings.players.tolist(),
                ratings.ratings.tolist(),
                ratings.margins.tolist(),
                ratings.official.tolist(),
                ratings.listed.tolist(),
                ratings.games.tolist(),
                days,
                strict=True,
            )
        )
        bulk_insert(conn, rating_entries, ENTRY_COLUMNS, rows)
    return _info((list_id, *info_values.values()))


_INFO_COLUMNS = (
    rating_lists.c.id,
    rating_lists.c.as_of,
    rating_lists.c.computed_at,
    rating_lists.c.label,
    rating_lists.c.parameters,
    rating_lists.c.exclude_sender,
    rating_lists.c.game_count,
    rating_lists.c.rated,
    rating_lists.c.listed,
    rating_lists.c.official,
    rating_lists.c.unrated,
    rating_lists.c.iterations,
    rating_lists.c.max_residual,
)


def _info(row: Sequence[Any]) -> RatingListInfo:
    params = row[4]
    return RatingListInfo(
        id=int(row[0]),
        as_of=row[1],
        computed_at=row[2] if row[2].tzinfo else row[2].replace(tzinfo=dt.UTC),
        label=row[3],
        params=EuropeanParams.from_dict(json.loads(params) if isinstance(params, str) else {}),
        exclude_sender=row[5],
        game_count=int(row[6]),
        rated=int(row[7]),
        listed=int(row[8]),
        official=int(row[9]),
        unrated=int(row[10]),
        iterations=int(row[11]),
        max_residual=float(row[12]),
    )


_WOF = rating_lists.c.system == "wof"
"""WOF lists only: the other systems' lists (`store.system_lists`) share the table."""


def rating_list_infos(store: Store) -> tuple[RatingListInfo, ...]:
    """Every stored list, oldest first (by id)."""
    with store.connect() as conn:
        rows = conn.execute(select(*_INFO_COLUMNS).where(_WOF).order_by(rating_lists.c.id))
        return tuple(_info(row) for row in rows)


def get_rating_list(store: Store, list_id: int) -> RatingListInfo:
    """The stored list `list_id`.

    Raises:
        StoreError: no list has this id.
    """
    with store.connect() as conn:
        row = conn.execute(select(*_INFO_COLUMNS).where(_WOF, rating_lists.c.id == list_id)).first()
    if row is None:
        raise StoreError(f"expected the id of a stored rating list, got '{list_id}'")
    return _info(row)


def latest_rating_list(store: Store) -> RatingListInfo:
    """The most recently stored list (highest id).

    Raises:
        StoreError: no list is stored yet.
    """
    with store.connect() as conn:
        newest = conn.execute(select(func.max(rating_lists.c.id)).where(_WOF)).scalar_one()
    if newest is None:
        raise StoreError(
            "expected a stored rating list, got none (compute one with `ratinglist rate`)"
        )
    return get_rating_list(store, int(newest))


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def find_rating_list(store: Store, ref: str) -> RatingListInfo:
    """The list named by `ref`: a list id (``12``) or an as-of date (``2026-05-12``, the
    newest list computed for that date).

    Raises:
        StoreError: `ref` is neither, or no stored list matches it.
    """
    text = ref.strip()
    if text.isdigit():
        return get_rating_list(store, int(text))
    if not _DATE.fullmatch(text):
        raise StoreError(f"expected a rating list id or an as-of date YYYY-MM-DD, got {ref!r}")
    try:
        day = dt.date.fromisoformat(text)
    except ValueError as exc:
        raise StoreError(f"expected a valid date YYYY-MM-DD, got {ref!r}") from exc
    with store.connect() as conn:
        newest = conn.execute(
            select(func.max(rating_lists.c.id)).where(_WOF, rating_lists.c.as_of == day)
        ).scalar_one()
    if newest is None:
        raise StoreError(f"expected a stored rating list as of {text}, got none")
    return get_rating_list(store, int(newest))


def load_rating_entries(store: Store, list_id: int) -> tuple[RatingEntry, ...]:
    """Every rated player of list `list_id`, in increasing player ID.

    Raises:
        StoreError: no list has this id, or the database could not be read.
    """
    get_rating_list(store, list_id)
    e = rating_entries.c
    query = (
        select(e.player_id, e.rating, e.margin, e.official, e.listed, e.games, e.last_played)
        .where(e.list_id == list_id)
        .order_by(e.player_id)
    )
    with store.connect() as conn, translate_errors("read a rating list"):
        rows = conn.execute(query).all()
    return tuple(
        RatingEntry(
            player=PlayerId(int(pid)),
            rating=float(rating),
            margin=float(margin),
            official=bool(official),
            listed=bool(listed),
            games=int(games),
            last_played=_as_date(last),
        )
        for pid, rating, margin, official, listed, games, last in rows
    )


def _as_date(value: object) -> dt.date:
    """A date column read straight from the driver (SQLite gives ISO text)."""
    if isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(str(value))


def tournaments_by_sender(store: Store, pattern: str) -> tuple[SenderMatch, ...]:
    """Stored tournaments whose ``%%Sender:`` matches `pattern` (case-insensitive search),
    by start date.

    Raises:
        StoreError: `pattern` is not a regular expression.
    """
    compiled = sender_pattern(pattern)
    t = tournaments.c
    query = select(t.file_name, t.sender, t.start_date, t.game_count).order_by(
        t.start_date, t.file_name
    )
    with store.connect() as conn:
        return tuple(
            SenderMatch(name, sender, start, int(count))
            for name, sender, start, count in conn.execute(query)
            if compiled.search(sender)
        )


@dataclass(frozen=True, slots=True)
class ComputedList:
    """A list computed from the store and saved: its description, the full `RatingList`,
    the number of files left out as generated by their sender, the wall time of load + fit +
    save in seconds, the profile's name, and every started file's fate."""

    info: RatingListInfo
    ratings: RatingList
    excluded_files: int
    seconds: float
    profile: str = EXACT.name
    fates: tuple[tuple[ResultsFile, Fate], ...] = ()


@dataclass(frozen=True, slots=True)
class SelectedGames:
    """The games of a list chosen by a `Selection`, and every file that had started by the
    list date with its fate (why it is in or out)."""

    games: RatingGames
    fates: tuple[tuple[ResultsFile, Fate], ...]


def load_selected_games(store: Store, as_of: dt.date, selection: Selection) -> SelectedGames:
    """The rated games of the list as of `as_of` under `selection` (games age from their
    tournament's start date; reader-excluded games and unknown IDs are never rated).

    Raises:
        StoreError: the database could not be read.
    """
    files = [f for f in results_files(store) if f.start <= as_of]
    fates = selection.fates(files, as_of)
    days = {f.tournament: f.start.toordinal() for f, fate in fates if fate.rated}
    return SelectedGames(load_tournament_games(store, days), fates)


def _profile_selection(profile: RatingProfile, exclude_sender: str | None) -> Selection:
    """The profile's file rules, with `exclude_sender` (when given) as its sender pattern."""
    if exclude_sender is None:
        return profile.selection
    try:
        return replace(profile.selection, exclude_senders=exclude_sender)
    except RatingError as exc:
        raise StoreError(str(exc)) from exc


def select_game_arrays(
    store: Store,
    as_of: dt.date,
    *,
    profile: RatingProfile = EXACT,
    exclude_sender: str | None = None,
) -> tuple[GameArrays, SelectedGames]:
    """The games of the list as of `as_of` under `profile`'s file rules (`exclude_sender`
    replaces its sender pattern when given) as `GameArrays`, and the selection's details.

    Raises:
        StoreError: the database could not be read, or the pattern is not a regex.
    """
    picked = load_selected_games(store, as_of, _profile_selection(profile, exclude_sender))
    loaded = picked.games
    arrays = GameArrays.from_half_points(
        loaded.first, loaded.second, loaded.score, loaded.day, loaded.tournament
    )
    return arrays, picked


def load_game_arrays(
    store: Store,
    as_of: dt.date,
    *,
    exclude_sender: str | None = None,
    profile: RatingProfile = EXACT,
) -> GameArrays:
    """The rated games of the list as of `as_of` as `GameArrays` (tournament ids carried
    along): by default of tournaments that started on or before `as_of`, files whose
    sender matches `exclude_sender` left out; `profile` sets the file rules.

    Raises:
        StoreError: the database could not be read, or the pattern is not a regex.
    """
    return select_game_arrays(store, as_of, profile=profile, exclude_sender=exclude_sender)[0]


def compute_rating_list(
    store: Store,
    as_of: dt.date,
    *,
    params: EuropeanParams | None = None,
    exclude_sender: str | None = None,
    label: str | None = None,
    profile: RatingProfile = EXACT,
) -> ComputedList:
    """Rate the stored games as of `as_of` and store the list (`ratinglist rate`).

    `profile` chooses the files and the method (`exact` by default: tournaments whose
    first day is on or before `as_of`); `params` replaces its numbers and `exclude_sender`
    its sender pattern when given. Weights count calendar months from the month of `as_of`.
    A list of another profile is labelled with its name unless `label` is given.

    Raises:
        StoreError: the database could not be read or written.
        RatingError: nobody can be rated, or the fit failed.
    """
    start = time.perf_counter()
    games, picked = select_game_arrays(store, as_of, profile=profile, exclude_sender=exclude_sender)
    ratings = rate(games, params or profile.params, as_of)
    if label is None and profile.name != EXACT.name:
        label = profile.name
    info = save_rating_list(
        store, ratings, game_count=len(games), exclude_sender=exclude_sender, label=label
    )
    excluded = sum(1 for _, fate in picked.fates if fate is Fate.SENDER)
    return ComputedList(
        info, ratings, excluded, time.perf_counter() - start, profile.name, picked.fates
    )


def players_with_list_ratings(store: Store, list_id: int) -> tuple[Player, ...]:
    """The registry's players (merged-away IDs left out) with `rating` set to the rounded
    rating of list `list_id` for its listed players and to None for everyone else.

    Raises:
        StoreError: no list has this id.
    """
    published = {e.player: e.published for e in load_rating_entries(store, list_id) if e.listed}
    return tuple(replace(p, rating=published.get(p.id)) for p in all_players(store))
