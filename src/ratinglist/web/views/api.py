"""The JSON API under ``/api/v1/``: the same service calls as the pages, as JSON.

Errors have one shape (`web.errors`); list data carries ``Cache-Control`` and every GET an
``ETag`` (`web.cache`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Annotated

from fastapi import Path, Query, Request, Response

from ratinglist.errors import N_
from ratinglist.service.site import (
    Entry,
    ListQuery,
    ListRef,
    SearchResult,
    list_entries,
    lists,
    search,
)
from ratinglist.service.site_diff import ListDiff, list_diff
from ratinglist.service.site_players import (
    Explanation,
    HistoryPoint,
    Owner,
    PlayerTournament,
    explain_player,
    player_history,
    player_page,
)
from ratinglist.service.site_tournaments import (
    Standing,
    TournamentGame,
    TournamentQuery,
    TournamentSummary,
    tournament,
    tournaments_list,
)
from ratinglist.web.limits import explained, searched
from ratinglist.web.routes import APIRouter
from ratinglist.web.views.common import LIST_CACHE, MAX_LIMIT, PAGE_CACHE, site_of
from ratinglist.web.views.games import game_api

router = APIRouter(prefix="/api/v1", tags=["api"])

Id = Annotated[int, Path(ge=0, le=2_000_000_000)]
GameQuery = Annotated[
    str, Query(pattern=r"^[a-z]{2,16}$", description="The game: othello (default) or go.")
]
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT)]
Offset = Annotated[int, Query(ge=0, le=10_000_000)]

GAMES_LIMIT = 50
"""Tournaments a page of `/players/{id}/games` holds unless `limit` says otherwise."""


@dataclass(frozen=True, slots=True)
class EntryOut:
    """A row of a list as the page shows it: the margin rounded to a whole number."""

    rank: int
    player_id: int
    name: str
    country: str
    rating: int
    margin: int
    official: bool
    games: int
    last_played: dt.date
    change: int | None


@dataclass(frozen=True, slots=True)
class HistoryOut:
    """A player's entry in one published list, the margin rounded as the page shows it."""

    list_id: int
    as_of: dt.date
    rating: int
    margin: int
    official: bool
    listed: bool
    games: int


@dataclass(frozen=True, slots=True)
class EntriesOut:
    """A page of a list's entries: the list, the count matching the filter, the rows."""

    list: ListRef
    previous: ListRef | None
    total: int
    offset: int
    limit: int
    entries: tuple[EntryOut, ...]


@dataclass(frozen=True, slots=True)
class PlayerOut:
    """A player: identity, latest published entry and places."""

    id: int
    name: str
    country: str
    rating: int | None
    margin: int | None
    official: bool | None
    listed: bool
    world_place: int | None
    continent_place: int | None
    country_place: int | None
    merged_ids: tuple[int, ...]
    owner: int | None = None
    """Which person of the ID this is when it changed hands (1: the first); None: only one."""
    owners: tuple[Owner, ...] = ()
    """Every person the ID denoted, oldest first (empty: only one); `?owner=N` asks for one."""


@dataclass(frozen=True, slots=True)
class OpponentOut:
    """A game's opponent: ID, name, published rating before the tournament (None: unrated)."""

    id: int
    name: str
    rating: int | None


@dataclass(frozen=True, slots=True)
class GameOut:
    """A game seen from the player. `opponent` None and `bye` true for a bye (ID 0 in the
    file); `result` "win", "loss", "draw", or None when the game was not played."""

    round: int | None
    opponent: OpponentOut | None
    bye: bool
    colour: str | None
    own_discs: int | None
    opponent_discs: int | None
    result: str | None


@dataclass(frozen=True, slots=True)
class PlayerTournamentOut:
    """A tournament the player played, their score as the page shows it, their games."""

    id: int
    name: str
    country: str
    start_date: dt.date
    score: float
    games: tuple[GameOut, ...]


@dataclass(frozen=True, slots=True)
class PlayerGamesOut:
    """A page of a player's tournaments, newest first: `total` tournaments in all."""

    total: int
    offset: int
    limit: int
    tournaments: tuple[PlayerTournamentOut, ...]


@dataclass(frozen=True, slots=True)
class TournamentsOut:
    """A page of tournaments."""

    total: int
    offset: int
    limit: int
    tournaments: tuple[TournamentSummary, ...]


@dataclass(frozen=True, slots=True)
class TournamentOut:
    """A tournament, its standings in place order (`placed_by`: the rule that placed them,
    `placing`: the same in words) and its games in file order."""

    id: int
    name: str
    country: str
    start_date: dt.date
    end_date: dt.date | None
    sender: str
    file_name: str
    rated: bool
    placed_by: str
    placing: str
    standings: tuple[Standing, ...]
    games: tuple[TournamentGame, ...]


@router.get("/lists")
def api_lists(request: Request, response: Response) -> tuple[ListRef, ...]:
    """Every published list, newest first."""
    response.headers.update(LIST_CACHE)
    return tuple(reversed(lists(site_of(request))))


@router.get("/lists/{date}/entries")
def api_entries(
    request: Request,
    response: Response,
    date: Annotated[str, Path(pattern=r"^(latest|\d{4}-\d{2}-\d{2})$")],
    country: Annotated[list[str], Query(max_length=20)] = [],  # noqa: B006
    continent: Annotated[list[str], Query(max_length=10)] = [],  # noqa: B006
    official: bool = False,
    limit: Limit = 100,
    offset: Offset = 0,
    game: GameQuery = "othello",
) -> EntriesOut:
    """Listed players of a list (``latest`` or YYYY-MM-DD) by place, filtered and paged;
    ``game=go``: the Go list (GoR, ``latest`` only)."""
    if game != "othello":
        response.headers.update(LIST_CACHE)
        return game_api(game).list_entries(request, date, tuple(country), limit, offset)  # type: ignore[no-any-return]
    as_of = None if date == "latest" else _day(date)
    page = list_entries(
        site_of(request),
        ListQuery(
            as_of=as_of,
            countries=tuple(country),
            continents=tuple(continent),
            official_only=official,
            limit=limit,
            offset=offset,
        ),
    )
    response.headers.update(LIST_CACHE)
    return EntriesOut(
        list=ListRef(page.list.id, page.list.as_of),
        previous=page.list.previous,
        total=page.total,
        offset=offset,
        limit=limit,
        entries=tuple(_entry_out(e) for e in page.entries),
    )


def _entry_out(e: Entry) -> EntryOut:
    return EntryOut(
        rank=e.rank,
        player_id=e.player_id,
        name=e.name,
        country=e.country,
        rating=e.rating,
        margin=round(e.margin),
        official=e.official,
        games=e.games,
        last_played=e.last_played,
        change=e.change,
    )


def _day(text: str) -> dt.date:
    from ratinglist.errors import NotFoundError

    try:
        return dt.date.fromisoformat(text)
    except ValueError as exc:
        raise NotFoundError(N_("expected a list date YYYY-MM-DD, got %(text)r"), text=text) from exc


@router.get("/players")
def api_search(
    request: Request, q: Annotated[str, Query(min_length=1, max_length=100)]
) -> SearchResult:
    """Players matching a name (fuzzy) or ID digits, best first."""
    site = site_of(request)
    return searched(request, lambda: search(site, q))


OwnerQuery = Annotated[int | None, Query(ge=1, le=1000)]
"""Which person of an ID that changed hands (1: the first); none: the person now."""


@router.get("/players/{player_id}")
def api_player(
    request: Request,
    response: Response,
    player_id: Id,
    owner: OwnerQuery = None,
    game: GameQuery = "othello",
) -> PlayerOut:
    """A player with their entry in the latest published list and their places (of the
    ID's person `owner` when it changed hands); ``game=go``: a Go player (GoR, place)."""
    if game != "othello":
        response.headers.update(PAGE_CACHE)
        return game_api(game).player(request, player_id)  # type: ignore[no-any-return]
    p = player_page(site_of(request), player_id, owner)
    response.headers.update(PAGE_CACHE)
    c, pl = p.current, p.places
    return PlayerOut(
        id=p.id,
        name=p.name,
        country=p.country,
        rating=None if c is None else c.rating,
        margin=None if c is None else round(c.margin),
        official=None if c is None else c.official,
        listed=c is not None and c.listed,
        world_place=None if pl is None else pl.world,
        continent_place=None if pl is None else pl.continent,
        country_place=None if pl is None else pl.country,
        merged_ids=p.merged,
        owner=p.owner,
        owners=p.owners,
    )


@router.get("/players/{player_id}/history")
def api_history(
    request: Request, response: Response, player_id: Id, owner: OwnerQuery = None
) -> tuple[HistoryOut, ...]:
    """The player's entry in every published list, oldest first."""
    points = player_history(site_of(request), player_id, owner)
    response.headers.update(LIST_CACHE)
    return tuple(_history_out(h) for h in points)


def _history_out(h: HistoryPoint) -> HistoryOut:
    return HistoryOut(h.list_id, h.as_of, h.rating, round(h.margin), h.official, h.listed, h.games)


@router.get("/players/{player_id}/games")
def api_games(
    request: Request,
    response: Response,
    player_id: Id,
    limit: Limit = GAMES_LIMIT,
    offset: Offset = 0,
    owner: OwnerQuery = None,
) -> PlayerGamesOut:
    """The player's tournaments, newest first, with their games: `limit` tournaments from
    `offset` (of `total`)."""
    played = player_page(site_of(request), player_id, owner).tournaments
    response.headers.update(PAGE_CACHE)
    return PlayerGamesOut(
        total=len(played),
        offset=offset,
        limit=limit,
        tournaments=tuple(_tournament_out(t) for t in played[offset : offset + limit]),
    )


def _tournament_out(t: PlayerTournament) -> PlayerTournamentOut:
    return PlayerTournamentOut(
        id=t.id,
        name=t.name,
        country=t.country,
        start_date=t.start_date,
        score=t.score,
        games=tuple(
            GameOut(
                round=g.round,
                opponent=None
                if g.bye
                else OpponentOut(g.opponent_id, g.opponent_name, g.opponent_rating),
                bye=g.bye,
                colour=g.colour,
                own_discs=g.own_discs,
                opponent_discs=g.opponent_discs,
                result=g.result,
            )
            for g in t.games
        ),
    )


@router.get("/players/{player_id}/explain")
def api_explain(
    request: Request,
    player_id: Id,
    before: Annotated[int | None, Query(ge=0, le=2_000_000_000)] = None,
    after: Annotated[int | None, Query(ge=0, le=2_000_000_000)] = None,
) -> Explanation:
    """Why the rating changed between two lists (ids; default: the last two)."""
    site = site_of(request)
    return explained(request, lambda: explain_player(site, player_id, before, after))


@router.get("/tournaments")
def api_tournaments(
    request: Request,
    response: Response,
    name: Annotated[str | None, Query(max_length=100)] = None,
    country: Annotated[str | None, Query(max_length=100)] = None,
    sort: Annotated[str, Query(pattern="^(date|name|country)$")] = "date",
    order: Annotated[str, Query(pattern="^(asc|desc)$")] = "desc",
    limit: Limit = 50,
    offset: Offset = 0,
) -> TournamentsOut:
    """Rated tournaments, filtered by name (contains) and country, sorted, paged."""
    query = TournamentQuery(name, country, sort, order == "desc", limit, offset)
    result = tournaments_list(site_of(request), query)
    response.headers.update(PAGE_CACHE)
    return TournamentsOut(result.total, offset, limit, result.rows)


@router.get("/tournaments/{tournament_id}/games")
def api_tournament(request: Request, response: Response, tournament_id: Id) -> TournamentOut:
    """A tournament and every game in file order."""
    page = tournament(site_of(request), tournament_id)
    d = page.detail
    response.headers.update(PAGE_CACHE)
    return TournamentOut(
        id=d.summary.id,
        name=d.summary.name,
        country=d.summary.country,
        start_date=d.summary.start_date,
        end_date=d.summary.end_date,
        sender=d.sender,
        file_name=d.file_name,
        rated=d.rated,
        placed_by=page.placed_by.value,
        placing=page.placing,
        standings=page.standings,
        games=tuple(g for _, games in page.rounds for g in games),
    )


@router.get("/diff")
def api_diff(
    request: Request,
    response: Response,
    from_: Annotated[dt.date | None, Query(alias="from")] = None,
    to: dt.date | None = None,
    rows: Annotated[int, Query(ge=1, le=MAX_LIMIT)] = 100,
    movers: Annotated[str, Query(pattern="^(official|all)$")] = "official",
) -> ListDiff:
    """Movers (official players, or `movers=all`), newcomers, dropped, official gained/lost
    between two lists (dates)."""
    found = list_diff(site_of(request), from_, to, rows, official_movers=movers == "official")
    response.headers.update(LIST_CACHE)
    return found
