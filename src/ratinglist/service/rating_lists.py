"""Rating-list use cases: compute and store a list, show a filtered page, compare two
lists, explain one player's change.

Lists are computed here from the stored games (`store.load_rating_games`) with the rating
engine (`rating.rate`) and stored as rows (`store.save_list`); a page of a list is
filtered and paged inside the database (`store.entry_page`).
"""

from __future__ import annotations

import datetime as dt
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
from sqlalchemy.engine import Connection

from ratinglist.errors import N_, NotFoundError, RatingError, StoreError
from ratinglist.formats.rating_csv import CsvRow, write_rating_csv
from ratinglist.model import Player, PlayerId
from ratinglist.model.text import format_count, parse_day
from ratinglist.rating import (
    EuropeanParams,
    GameArrays,
    RatingChange,
    RatingChangeExplanation,
    RatingEntry,
    RatingList,
    diff_lists,
    explain_change,
    rate,
)
from ratinglist.rating.profile import EXACT, RatingProfile, profile_by_name
from ratinglist.rating.profile_explain import ProfileExplanation, explain_profiles
from ratinglist.rating.selection import Fate, ResultsFile, Selection
from ratinglist.registry.countries import country_code, find_country, get_country, parse_continent
from ratinglist.service.actor import Actor
from ratinglist.service.databases import reading
from ratinglist.store import (
    EntryRow,
    ListRow,
    RatingGames,
    SelfGame,
    Store,
    all_players,
    entry_page,
    entry_rows,
    list_row,
    list_rows,
    load_tournament_games,
    newest_list_id,
    players_by_id,
    results_files,
    save_list,
)

__all__ = [
    "ComputedList",
    "Explanation",
    "ListComparison",
    "ListPage",
    "PageEntry",
    "ProfileComparison",
    "RatingListInfo",
    "SelectedGames",
    "compare_lists",
    "compute_list",
    "explain_player",
    "explain_profiles_of",
    "find_list",
    "list_infos",
    "list_page",
    "load_selected_games",
    "profile_by_name",
    "rated_games",
    "select_game_arrays",
    "stored_entries",
    "stored_list",
]


@dataclass(frozen=True, slots=True)
class RatingListInfo:
    """A stored list without its entries: what `list` and `diff` show in titles.

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


def _info(row: ListRow) -> RatingListInfo:
    return RatingListInfo(
        id=row.id,
        as_of=row.as_of,
        computed_at=row.computed_at,
        label=row.label,
        params=EuropeanParams.from_dict(row.parameters),
        exclude_sender=row.exclude_sender,
        game_count=row.game_count,
        rated=row.rated,
        listed=row.listed,
        official=row.official,
        unrated=row.unrated,
        iterations=row.iterations,
        max_residual=row.max_residual,
    )


_ID = re.compile(r"\d+")


def _find(conn: Any, ref: str | None) -> RatingListInfo:
    """The list named by `ref`: None (the latest), an id (``12``) or an as-of date."""
    if ref is None:
        newest = newest_list_id(conn)
        if newest is None:
            raise NotFoundError(
                N_("expected a stored rating list, got none (compute one with `ratinglist rate`)")
            )
        return _info(list_row(conn, newest))
    text = ref.strip()
    if _ID.fullmatch(text):
        return _info(list_row(conn, int(text)))
    day = parse_day(text, "rating list id or an as-of date")
    newest = newest_list_id(conn, day)
    if newest is None:
        raise NotFoundError(
            N_("expected a stored rating list as of %(day)s, got none"), day=day.isoformat()
        )
    return _info(list_row(conn, newest))


def find_stored_list(source: Store | Connection, ref: str | None) -> RatingListInfo:
    """The list named by `ref` (see `find_list`), for use cases that hold a store.

    Raises:
        NotFoundError: no such list.
    """
    with reading(source) as conn:
        return _find(conn, ref)


def stored_list(source: Store | Connection, list_id: int) -> RatingListInfo:
    """The stored list `list_id` (for use cases that hold a store or a transaction).

    Raises:
        NotFoundError: no list has this id.
    """
    with reading(source) as conn:
        return _info(list_row(conn, list_id))


def stored_entries(source: Store | Connection, list_id: int) -> tuple[RatingEntry, ...]:
    """Every rated player of the stored list `list_id`, in increasing player ID."""
    with reading(source) as conn:
        return tuple(_rating_entry(e) for e in entry_rows(conn, list_id))


@dataclass(frozen=True, slots=True)
class SelectedGames:
    """The games of a list chosen by a `Selection`, and every file that had started by the
    list date with its fate (why it is in or out)."""

    games: RatingGames
    fates: tuple[tuple[ResultsFile, Fate], ...]


def load_selected_games(
    source: Store | Connection, as_of: dt.date, selection: Selection
) -> SelectedGames:
    """The rated games of the list as of `as_of` under `selection` (games age from their
    tournament's start date; reader-excluded games and unknown IDs are never rated; games a
    merge turned into self-games left out)."""
    with reading(source) as conn:
        files = [f for f in results_files(conn) if f.start <= as_of]
        fates = selection.fates(files, as_of)
        days = {f.tournament: f.start.toordinal() for f, fate in fates if fate.rated}
        return SelectedGames(load_tournament_games(conn, days), fates)


def _profile_selection(profile: RatingProfile, exclude_sender: str | None) -> Selection:
    """The profile's file rules, with `exclude_sender` (when given) as its sender pattern."""
    if exclude_sender is None:
        return profile.selection
    try:
        return replace(profile.selection, exclude_senders=exclude_sender)
    except RatingError as exc:
        raise StoreError(str(exc)) from exc


def select_game_arrays(
    source: Store | Connection,
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
    picked = load_selected_games(source, as_of, _profile_selection(profile, exclude_sender))
    return _arrays(picked.games), picked


def rated_games(
    source: Store | Connection,
    as_of: dt.date,
    *,
    exclude_sender: str | None = None,
    profile: RatingProfile = EXACT,
) -> GameArrays:
    """The rated games of the list as of `as_of` under `profile` (`exclude_sender` replaces
    its sender pattern) as the engine's `GameArrays`; self-games of merges left out."""
    return select_game_arrays(source, as_of, profile=profile, exclude_sender=exclude_sender)[0]


def _arrays(loaded: RatingGames) -> GameArrays:
    return GameArrays.from_half_points(
        loaded.first, loaded.second, loaded.score, loaded.day, loaded.tournament
    )


def find_list(db: Store, ref: str | None = None) -> RatingListInfo:
    """The stored list named by `ref` (an id, an as-of date: the newest list of that date;
    None: the latest list).

    Raises:
        NotFoundError: no such list.
        InputError: `ref` is neither an id nor a date.
    """
    with db.connect() as conn:
        return _find(conn, ref)


def list_infos(db: Store) -> tuple[RatingListInfo, ...]:
    """Every stored list, oldest first."""
    with db.connect() as conn:
        return tuple(_info(r) for r in list_rows(conn))


def _rating_entry(e: EntryRow) -> RatingEntry:
    return RatingEntry(
        PlayerId(e.player_id), e.rating, e.margin, e.official, e.listed, e.games, e.last_played
    )


def list_entries(db: Store, ref: str | None = None) -> tuple[RatingEntry, ...]:
    """Every rated player of a stored list, in increasing player ID.

    Raises:
        NotFoundError: no such list.
    """
    with db.connect() as conn:
        return stored_entries(conn, _find(conn, ref).id)


@dataclass(frozen=True, slots=True)
class ComputedList:
    """A list computed and stored: its description, the full `RatingList`, the files left
    out by the sender pattern, the games a merge turned into self-games (left out), the
    CSV rows written, and the wall time of load + fit + save in seconds."""

    info: RatingListInfo
    ratings: RatingList
    excluded_files: int
    self_games: tuple[SelfGame, ...]
    csv_rows: int
    seconds: float
    profile: str = EXACT.name
    fates: tuple[tuple[ResultsFile, Fate], ...] = ()


def registry_homes(source: Store | Connection) -> dict[int, tuple[str, str | None]]:
    """Player ID -> (country code, continent name) of every registry player (merged too)."""
    with reading(source) as conn:
        return player_homes({int(p.id): p for p in all_players(conn, include_merged=True)})


def player_homes(players: dict[int, Player]) -> dict[int, tuple[str, str | None]]:
    """Player ID -> (country code, continent name) as the registry has them now."""
    by_spelling: dict[str, tuple[str, str | None]] = {}
    for p in players.values():
        if p.country not in by_spelling:
            c = find_country(p.country) if p.country else None
            continent = None if c is None or c.continent is None else c.continent.value
            by_spelling[p.country] = (p.country if c is None else c.code, continent)
    return {pid: by_spelling[p.country] for pid, p in players.items()}


def compute_list(
    db: Store,
    as_of: dt.date,
    *,
    actor: Actor,
    params: EuropeanParams | None = None,
    exclude_sender: str | None = None,
    label: str | None = None,
    csv_path: Path | None = None,
    profile: RatingProfile = EXACT,
    progress: Callable[[str], None] | None = None,
) -> ComputedList:
    """Rate the stored games as of `as_of`, store the list, and write the CSV if asked.

    `profile` chooses the files and the method (`exact` by default: tournaments whose
    first day is on or before `as_of`); `params` replaces its numbers and `exclude_sender`
    its sender pattern when given. A list of another profile is labelled with its name
    unless `label` is given. Weights count calendar months from the month of `as_of`.
    Games that a merge turned into a player against himself are left out and returned as
    `self_games`. The list records `actor`. `progress` hears each phase as it starts
    (``loading``, ``rating``, ``saving``). The games are read in one snapshot and the list
    written in a short transaction of its own: the fit holds no write lock.

    Raises:
        StoreError: the database could not be read or written.
        RatingError: nobody can be rated, or the fit failed.
        FormatError: the CSV file cannot be written.
    """
    start = time.perf_counter()
    told = progress or (lambda _phase: None)
    told("loading")
    with db.connect() as conn:
        games, picked = select_game_arrays(
            conn, as_of, profile=profile, exclude_sender=exclude_sender
        )
        players = {int(p.id): p for p in all_players(conn, include_merged=True)}
    loaded = picked.games
    excluded = sum(1 for _, fate in picked.fates if fate is Fate.SENDER)
    if len(games) == 0:
        _refuse_unreceived(picked, as_of, profile)
    told("rating")
    ratings = rate(games, params or profile.params, as_of)
    if label is None and profile.name != EXACT.name:
        label = profile.name
    homes = player_homes(players)
    days = [dt.date.fromordinal(d) for d in ratings.last_day.tolist()]
    entries = [
        (pid, rating, margin, official, listed, count, day, *homes.get(pid, (None, None)))
        for pid, rating, margin, official, listed, count, day in zip(
            ratings.players.tolist(),
            ratings.ratings.tolist(),
            ratings.margins.tolist(),
            ratings.official.tolist(),
            ratings.listed.tolist(),
            ratings.games.tolist(),
            days,
            strict=True,
        )
    ]
    told("saving")
    with db.begin() as conn:
        row = save_list(
            conn,
            {
                "as_of": as_of,
                "computed_at": dt.datetime.now(dt.UTC),
                "label": label,
                "computed_by": actor.label,
                "parameters": ratings.params.to_dict(),
                "exclude_sender": exclude_sender,
                "game_count": len(games),
                "rated": len(ratings),
                "listed": int(ratings.listed.sum()),
                "official": int((ratings.official & ratings.listed).sum()),
                "unrated": len(ratings.unrated),
                "iterations": ratings.iterations,
                "max_residual": float(ratings.max_residual),
            },
            entries,
        )
    written = 0
    if csv_path is not None:
        order = np.lexsort((ratings.players, -ratings.ratings))
        written = write_rating_csv(csv_path, (_csv_row(ratings, int(k), players) for k in order))
    return ComputedList(
        _info(row),
        ratings,
        excluded,
        loaded.self_games,
        written,
        time.perf_counter() - start,
        profile.name,
        picked.fates,
    )


def _refuse_unreceived(picked: SelectedGames, as_of: dt.date, profile: RatingProfile) -> None:
    """A list with nothing to rate because no file had been received by `as_of`: say so and
    how to fix it (an archive imported with its files received on the import day).

    Raises:
        RatingError: files had started by `as_of` but none was received by then.
    """
    late = [f for f, fate in picked.fates if fate is Fate.NOT_RECEIVED]
    if not late or any(fate.rated for _, fate in picked.fates):
        return
    earliest = min(f.received for f in late)
    raise RatingError(
        N_(
            "expected files received by %(as_of)s for the %(name)s profile, got "
            "none: %(count)s files that started by then were received later (the "
            "earliest on %(earliest)s). Record when they arrived: `ratinglist "
            "archive received --default-lag 0` (each file's last day; `--lag "
            "Japan=4` adds a country's reporting lag), or import the archive with "
            "`--received file-date`; or rate with `--profile exact` (files by start"
            " date)"
        ),
        as_of=as_of.isoformat(),
        name=profile.name,
        count=format_count(len(late)),
        earliest=earliest.isoformat(),
    )


def _csv_row(ratings: RatingList, k: int, players: dict[int, Player]) -> CsvRow:
    pid = int(ratings.players[k])
    p = players.get(pid)
    return CsvRow(
        id=pid,
        name="" if p is None else p.name,
        country="" if p is None else country_code(p.country),
        rating=float(ratings.ratings[k]),
        margin=float(ratings.margins[k]),
        official=bool(ratings.official[k]),
        listed=bool(ratings.listed[k]),
        games=int(ratings.games[k]),
        last_played=dt.date.fromordinal(int(ratings.last_day[k])).isoformat(),
    )


@dataclass(frozen=True, slots=True)
class PageEntry:
    """One row of a shown list: `place` within the selection, the player's name and
    country code, and the stored entry."""

    place: int
    name: str
    country: str
    entry: RatingEntry


@dataclass(frozen=True, slots=True)
class ListPage:
    """A page of a list: the list, how many entries the filter selects, and the rows."""

    info: RatingListInfo
    selected: int
    rows: tuple[PageEntry, ...]


def list_page(
    db: Store,
    *,
    ref: str | None = None,
    country: str | None = None,
    continent: str | None = None,
    official_only: bool = False,
    limit: int | None = 50,
    offset: int = 0,
) -> ListPage:
    """The listed players of a stored list by rating (ties by ID), filtered by country
    (any spelling), continent and official flag, `limit` rows from `offset` (all when
    None); places count within the selection. Filtered and paged in the database.

    Raises:
        RegistryError: unknown country or continent.
        NotFoundError: no such list.
    """
    code = None if country is None else get_country(country).code
    where = None if continent is None else parse_continent(continent).value
    with db.connect() as conn:
        info = _find(conn, ref)
        total, rows = entry_page(
            conn,
            info.id,
            country=code,
            continent=where,
            official_only=official_only,
            limit=limit,
            offset=offset,
        )
        people = players_by_id(conn, [r.player_id for r in rows])
    shown = tuple(
        PageEntry(
            place=offset + n,
            name="" if (p := people.get(r.player_id)) is None else p.name,
            country=r.country or ("" if p is None else country_code(p.country)),
            entry=_rating_entry(r),
        )
        for n, r in enumerate(rows, start=1)
    )
    return ListPage(info, total, shown)


@dataclass(frozen=True, slots=True)
class NamedChange:
    """A `RatingChange` with the player's name and country code."""

    name: str
    country: str
    change: RatingChange


DIFF_GROUPS = ("movers", "newcomers", "dropped", "became_official", "lost_official")


@dataclass(frozen=True, slots=True)
class ListComparison:
    """Two lists compared: per group of `DIFF_GROUPS`, its size and its first rows."""

    before: RatingListInfo
    after: RatingListInfo
    counts: dict[str, int]
    groups: dict[str, tuple[NamedChange, ...]]


def compare_lists(db: Store, ref_a: str, ref_b: str, *, limit: int | None = 20) -> ListComparison:
    """Compare two stored lists: movers, newcomers, dropped, official gained or lost;
    `limit` rows per group (all when None).

    Raises:
        NotFoundError: no such list.
    """
    with db.connect() as conn:
        info_a, info_b = _find(conn, ref_a), _find(conn, ref_b)
        result = diff_lists(
            tuple(_rating_entry(e) for e in entry_rows(conn, info_a.id)),
            tuple(_rating_entry(e) for e in entry_rows(conn, info_b.id)),
        )
        full = {name: getattr(result, name) for name in DIFF_GROUPS}
        shown = {n: g if limit is None else g[:limit] for n, g in full.items()}
        people = players_by_id(conn, sorted({int(c.player) for g in shown.values() for c in g}))
    groups = {
        name: tuple(
            NamedChange(
                "" if (p := people.get(int(c.player))) is None else p.name,
                "" if p is None else country_code(p.country),
                c,
            )
            for c in group
        )
        for name, group in shown.items()
    }
    return ListComparison(info_a, info_b, {n: len(g) for n, g in full.items()}, groups)


@dataclass(frozen=True, slots=True)
class Explanation:
    """One player's change between two lists, split into its three parts."""

    before: RatingListInfo
    after: RatingListInfo
    name: str
    country: str
    result: RatingChangeExplanation


def explain_player(db: Store, player: int, ref_a: str, ref_b: str) -> Explanation:
    """Split a player's rating change into own new games, aging weights and everyone else
    (recomputed from the stored games with the later list's parameters and exclusion).

    Raises:
        NotFoundError: no such list.
        RatingError: the player is not rated in one of the recomputed lists.
    """
    with db.connect() as conn:
        info_a, info_b = _find(conn, ref_a), _find(conn, ref_b)
        games = rated_games(conn, info_b.as_of, exclude_sender=info_b.exclude_sender)
        people = players_by_id(conn, [player])
    result = explain_change(games, PlayerId(player), info_a.as_of, info_b.as_of, info_b.params)
    p = people.get(player)
    return Explanation(
        info_a,
        info_b,
        "" if p is None else p.name,
        "" if p is None else country_code(p.country),
        result,
    )


@dataclass(frozen=True, slots=True)
class ProfileComparison:
    """A player's difference between the exact and the wof profile as of a date, one part
    per choice of the wof profile."""

    as_of: dt.date
    name: str
    country: str
    result: ProfileExplanation


def explain_profiles_of(db: Store, player: int, as_of: dt.date) -> ProfileComparison:
    """Split a player's difference between the exact and the wof list as of `as_of` by the
    wof profile's choices (files received, generated senders, duplicates, overrides,
    method); the parts sum to the total.

    Raises:
        RatingError: the lists cannot be computed.
    """
    result = explain_profiles(
        lambda profile: select_game_arrays(db, as_of, profile=profile)[0],
        PlayerId(player),
        as_of,
    )
    with db.connect() as conn:
        p = players_by_id(conn, [player]).get(player)
    return ProfileComparison(
        as_of, "" if p is None else p.name, "" if p is None else country_code(p.country), result
    )
