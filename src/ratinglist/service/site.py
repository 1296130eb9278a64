"""The public site's read side: the open site, published lists, the rating list page, search.

A `Site` holds an open store and the caches that are exact because what they cache never
changes once stored (a list's ranks) or is keyed by `data_version` (the search index). Read
use cases take no `Actor`: nothing is written or recorded. Player, tournament, download and
check pages live in `service.site_players`, `site_tournaments`, `site_downloads`,
`site_check`.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy.engine import Connection

from ratinglist.errors import N_, NotFoundError, RegistryError
from ratinglist.model import Player
from ratinglist.registry.countries import Continent, find_country
from ratinglist.registry.countries import country_code as registry_country_code
from ratinglist.registry.countries import parse_continent as registry_continent
from ratinglist.registry.search import PlayerIndex
from ratinglist.service.publishing import published_lists as stored_published_lists
from ratinglist.store import Store, all_players
from ratinglist.store.id_history import load_registry
from ratinglist.store.site_lists import ListRef as ListRef
from ratinglist.store.site_lists import (
    ListRow,
    country_spellings,
    list_rows,
    listed_countries,
)
from ratinglist.store.site_lists import (
    data_version as store_data_version,
)
from ratinglist.store.site_players import last_tournaments, player_entries, split_ids
from ratinglist.store.site_tournaments import TournamentSummary as TournamentSummary
from ratinglist.store.site_tournaments import latest_tournaments

VERSION_TTL = 1.0
"""Seconds a `data_version` answer is reused before the database is asked again."""

LATEST_TOURNAMENTS = 8
"""How many tournaments the "latest tournaments" frame shows."""

LIST_PAGE_SIZE = 500
"""Rows a page of the rating list page shows (the full list is one "show all" away)."""

SEARCH_LIMIT = 20
"""How many players a search returns at most."""

T = TypeVar("T")


@dataclass(slots=True)
class Site:
    """The site's database handle, with its caches (thread-safe)."""

    store: Store
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _version: tuple[float, str] = (0.0, "")
    _cache: dict[tuple[Any, ...], Any] = field(default_factory=dict)

    def version(self) -> str:
        """`data_version`, asked again at most every `VERSION_TTL` seconds."""
        now = time.monotonic()
        stamp, value = self._version
        if now - stamp < VERSION_TTL and value:
            return value
        with self.store.connect() as conn:
            value = store_data_version(conn)
        self._version = (now, value)
        return value

    def refresh(self) -> None:
        """Ask the database for `data_version` at the next request (after a write made here,
        such as a publication, so that this process shows it at once)."""
        self._version = (0.0, "")

    def cached(self, key: tuple[Any, ...], build: Callable[[], T]) -> T:
        """The value cached under `key` and the current data version, built when missing.

        Entries of older versions are dropped when the version changes.
        """
        version = self.version()
        full = (version, *key)
        with self._lock:
            if full in self._cache:
                return self._cache[full]  # type: ignore[no-any-return]
        value = build()
        with self._lock:
            stale = [k for k in self._cache if k[0] != version]
            for k in stale:
                del self._cache[k]
            self._cache[full] = value
        return value

    def close(self) -> None:
        """Release the store."""
        self.store.close()


def open_site(db: Store) -> Site:
    """The site over the database handle `db` (its caches live as long as the `Site`)."""
    return Site(db)


def data_version(site: Site) -> str:
    """A token that changes whenever what the site shows changes (for caches and ETags)."""
    return site.version()


# --- Published lists -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PublishedList:
    """A published list and the one published before it (None for the first)."""

    id: int
    as_of: dt.date
    previous: ListRef | None


def lists(site: Site) -> tuple[ListRef, ...]:
    """The published lists, oldest first: one per as-of date (the newest published for it)."""

    def build() -> tuple[ListRef, ...]:
        newest = {p.as_of: p.id for p in stored_published_lists(site.store)}
        return tuple(ListRef(lid, day) for day, lid in sorted(newest.items()))

    return site.cached(("lists",), build)


def find_list(site: Site, as_of: dt.date | None) -> PublishedList:
    """The published list as of `as_of` (the latest when None).

    Raises:
        NotFoundError: no list is published, or none as of that date.
    """
    refs = lists(site)
    if not refs:
        raise NotFoundError(N_("expected a published rating list, got none"))
    if as_of is None:
        index = len(refs) - 1
    else:
        matches = [k for k, r in enumerate(refs) if r.as_of == as_of]
        if not matches:
            raise NotFoundError(
                N_("expected the date of a published list, got '%(as_of)s'"), as_of=as_of
            )
        index = matches[0]
    ref = refs[index]
    return PublishedList(ref.id, ref.as_of, refs[index - 1] if index > 0 else None)


def find_list_by_id(site: Site, list_id: int) -> PublishedList:
    """The published list `list_id`.

    Raises:
        NotFoundError: no published list has this id.
    """
    refs = lists(site)
    for k, ref in enumerate(refs):
        if ref.id == list_id:
            return PublishedList(ref.id, ref.as_of, refs[k - 1] if k > 0 else None)
    raise NotFoundError(
        N_("expected the id of a published rating list, got '%(list_id)s'"), list_id=list_id
    )


# --- Countries and continents ----------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def country_code(spelling: str) -> str:
    """The registry code of a country spelling; an unknown spelling as written (memoised:
    the country table is package data)."""
    return registry_country_code(spelling)


def coded(summary: TournamentSummary) -> TournamentSummary:
    """The tournament with its ``%%Country:`` text as a country code, as players show."""
    return dataclasses.replace(summary, country=country_code(summary.country))


def continent_of(code: str) -> Continent | None:
    """The continent of a country code (None when unknown)."""
    found = find_country(code) if code else None
    return None if found is None else found.continent


def parse_continent(text: str) -> Continent:
    """A continent by name (case and separators ignored).

    Raises:
        NotFoundError: no continent has this name.
    """
    try:
        return registry_continent(text)
    except RegistryError as exc:
        raise NotFoundError(str(exc)) from exc


def _spellings_by_code(site: Site) -> dict[str, tuple[str, ...]]:
    def build() -> dict[str, tuple[str, ...]]:
        with site.store.connect() as conn:
            spellings = country_spellings(conn)
        grouped: dict[str, list[str]] = {}
        for spelling in spellings:
            grouped.setdefault(country_code(spelling), []).append(spelling)
        return {code: tuple(v) for code, v in grouped.items()}

    return site.cached(("spellings",), build)


# --- The rating list page --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ListQuery:
    """What the list page or the API asks for: a date, a selection, a page.

    `countries` and `continents` are unions (both empty: everyone); `limit` None: all.
    """

    as_of: dt.date | None = None
    list_id: int | None = None
    countries: tuple[str, ...] = ()
    continents: tuple[str, ...] = ()
    official_only: bool = False
    limit: int | None = None
    offset: int = 0


@dataclass(frozen=True, slots=True)
class Entry:
    """A row of the rating list: `rank` in the whole list, `change` since the previous list
    (published ratings; None when not listed then)."""

    rank: int
    player_id: int
    name: str
    country: str
    rating: int
    margin: float
    official: bool
    games: int
    last_played: dt.date
    change: int | None


@dataclass(frozen=True, slots=True)
class CountryChoice:
    """A country of the selector: code, name, continent, listed players, selected or not."""

    code: str
    name: str
    continent: str
    players: int
    selected: bool


@dataclass(frozen=True, slots=True)
class ContinentChoice:
    """A continent of the selector with its countries."""

    name: str
    players: int
    selected: bool
    countries: tuple[CountryChoice, ...]


@dataclass(frozen=True, slots=True)
class ListPage:
    """One published list, filtered and paged, with what the page shows around it."""

    list: PublishedList
    dates: tuple[dt.date, ...]
    entries: tuple[Entry, ...]
    total: int
    listed: int
    offset: int
    limit: int | None
    filtered: bool
    continents: tuple[ContinentChoice, ...]
    latest_tournaments: tuple[TournamentSummary, ...]


OTHER_CONTINENT = "Other"


def _selected_codes(query: ListQuery, known: dict[str, tuple[str, ...]]) -> set[str] | None:
    """The country codes a query selects (None: all).

    Raises:
        NotFoundError: an unknown continent.
    """
    continents = tuple(parse_continent(c) for c in query.continents)
    if not query.countries and not continents:
        return None
    codes = {country_code(c) for c in query.countries}
    for code in known:
        if continent_of(code) in continents:
            codes.add(code)
    return codes


@dataclass(frozen=True, slots=True)
class ListEntries:
    """One page of a published list's entries and how many match the filter."""

    list: PublishedList
    entries: tuple[Entry, ...]
    total: int
    offset: int
    limit: int | None


def list_entries(site: Site, query: ListQuery) -> ListEntries:
    """The listed players of a published list by place with their trend, filtered by
    country/continent/official and paged in the database (the API's list entries).

    Raises:
        NotFoundError: no such published list, or an unknown continent.
    """
    chosen, codes = _chosen(site, query)
    with site.store.connect() as conn:
        rows, total = _rows(conn, site, chosen, codes, query)
    return ListEntries(chosen, tuple(_entry(r) for r in rows), total, query.offset, query.limit)


def _chosen(site: Site, query: ListQuery) -> tuple[PublishedList, set[str] | None]:
    """The published list a query names and the country codes it selects (None: all).

    Raises:
        NotFoundError: no such published list, or an unknown continent.
    """
    chosen = (
        find_list_by_id(site, query.list_id)
        if query.list_id is not None
        else find_list(site, query.as_of)
    )
    return chosen, _selected_codes(query, _spellings_by_code(site))


def _rows(
    conn: Connection, site: Site, chosen: PublishedList, codes: set[str] | None, query: ListQuery
) -> tuple[tuple[ListRow, ...], int]:
    spellings = _spellings_by_code(site)
    wanted = None
    if codes is not None:
        wanted = {s for code in codes for s in spellings.get(code, ())}
    return list_rows(
        conn,
        chosen.id,
        chosen.previous.id if chosen.previous is not None else None,
        spellings=wanted,
        official_only=query.official_only,
        limit=query.limit,
        offset=query.offset,
    )


def list_page(site: Site, query: ListQuery) -> ListPage:
    """The rating list page: the entries of `list_entries` with the country selector, the
    latest tournaments and the published dates.

    Raises:
        NotFoundError: no such published list, or an unknown continent.
    """
    chosen, codes = _chosen(site, query)
    with site.store.connect() as conn:
        rows, total = _rows(conn, site, chosen, codes, query)
        per_spelling = listed_countries(conn, chosen.id)
        latest = latest_tournaments(conn, LATEST_TOURNAMENTS)
    return ListPage(
        list=chosen,
        dates=tuple(r.as_of for r in reversed(lists(site))),
        entries=tuple(_entry(r) for r in rows),
        total=total,
        listed=sum(n for _, n in per_spelling),
        offset=query.offset,
        limit=query.limit,
        filtered=codes is not None or query.official_only,
        continents=_choices(per_spelling, codes),
        latest_tournaments=tuple(coded(t) for t in latest),
    )


def _entry(row: ListRow) -> Entry:
    name = f"{row.surname}, {row.firstname}" if row.firstname else row.surname
    published = round(row.rating)
    return Entry(
        rank=row.rank,
        player_id=row.player_id,
        name=name,
        country=country_code(row.country),
        rating=published,
        margin=row.margin,
        official=row.official,
        games=row.games,
        last_played=row.last_played,
        change=None if row.previous is None else published - round(row.previous),
    )


def _choices(
    per_spelling: Sequence[tuple[str, int]], codes: set[str] | None
) -> tuple[ContinentChoice, ...]:
    counts: dict[str, int] = {}
    for spelling, n in per_spelling:
        code = country_code(spelling)
        counts[code] = counts.get(code, 0) + n
    by_continent: dict[str, list[CountryChoice]] = {}
    for code, n in counts.items():
        found = find_country(code) if code else None
        continent = found.continent.value if found and found.continent else OTHER_CONTINENT
        choice = CountryChoice(
            code=code or "?",
            name=found.name if found is not None else (code or "unknown"),
            continent=continent,
            players=n,
            selected=codes is None or code in codes,
        )
        by_continent.setdefault(continent, []).append(choice)
    order = [c.value for c in Continent] + [OTHER_CONTINENT]
    result = []
    for name in order:
        members = sorted(by_continent.get(name, []), key=lambda c: c.name)
        if members:
            result.append(
                ContinentChoice(
                    name=name,
                    players=sum(c.players for c in members),
                    selected=all(c.selected for c in members),
                    countries=tuple(members),
                )
            )
    return tuple(result)


# --- Search ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SearchHit:
    """A player found by the search: ID, name, country code, score 0-100; their published
    rating in the latest list (None when not rated there) and their latest tournament (None
    when none is stored), so that namesakes are told apart."""

    player_id: int
    name: str
    country: str
    score: float
    rating: int | None = None
    official: bool | None = None
    last_tournament: TournamentSummary | None = None
    owner: int | None = None
    """An earlier person of an ID another person took over (1: the first; their page is
    ``/players/{id}?owner=N``); None: the ID's person now."""


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The players matching a query, best first; `exact` is the ID typed, when it exists."""

    query: str
    hits: tuple[SearchHit, ...]
    exact: int | None


def _earlier_people(store: Store) -> dict[Player, int]:
    """The earlier people of the IDs another person took over (a split), each with their
    number (1: the first)."""
    with store.connect() as conn:
        split = split_ids(conn)
        if not split:
            return {}
        registry = load_registry(conn, ids=split).registry
    return {
        person: k + 1
        for pid in sorted(split)
        for k, (_, person) in enumerate(registry.owners(pid)[:-1])
    }


def search(site: Site, query: str, limit: int = SEARCH_LIMIT) -> SearchResult:
    """Players matching `query` (fuzzy name, or ID digits), best first; IDs merged into
    another and the earlier people of an ID another person took over (`SearchHit.owner`)
    too: every person stays findable."""

    def build() -> tuple[PlayerIndex, dict[Player, int]]:
        earlier = _earlier_people(site.store)
        people = all_players(site.store, include_merged=True)  # a merged ID stays findable
        return PlayerIndex((*people, *earlier)), earlier

    index, earlier = site.cached(("search-index", "people"), build)
    matches = index.search(query, limit)
    ids = [int(m.player.id) for m in matches if m.player not in earlier]
    refs = lists(site)
    with site.store.connect() as conn:
        entries = dict(player_entries(conn, ids, [refs[-1].id])) if refs and ids else {}
        played = last_tournaments(conn, ids)
    hits = tuple(
        SearchHit(
            int(m.player.id),
            m.player.name,
            country_code(m.player.country),
            m.score,
            owner=earlier[m.player],
        )
        if m.player in earlier
        else SearchHit(
            int(m.player.id),
            m.player.name,
            country_code(m.player.country),
            m.score,
            rating=None if (e := entries.get(int(m.player.id))) is None else round(e.rating),
            official=None if e is None else e.official,
            last_tournament=None if (t := played.get(int(m.player.id))) is None else coded(t),
        )
        for m in matches
    )
    text = query.strip()
    exact = next((h.player_id for h in hits if text.isdigit() and h.player_id == int(text)), None)
    return SearchResult(query=text, hits=hits, exact=exact)
