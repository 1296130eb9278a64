"""Entering players of a Go tournament: from a stored rating list (EGF, FFG, AGA) by name or
list number, or as new players with a rank; the director's form ``/td/{tid}/entries`` and
the API ``/api/v1/td/tournaments/{tid}/entries`` and ``.../list-players`` (the same service
calls as ``ratinglist tournament enter``)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Form, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from ratinglist.i18n import _
from ratinglist.i18n.messages import translate_error
from ratinglist.model.directed import GoEntry, Person
from ratinglist.model.go import format_rank, rank_from_rating
from ratinglist.service.go.lists import suggest_stored as list_candidates
from ratinglist.service.tournaments.games.go.list_entries import (
    NotOnList,
    choice_key,
    describe_list_player,
    parse_origin,
    register_from_list,
    register_go,
)
from ratinglist.web.auth import Director
from ratinglist.web.routes import APIRouter
from ratinglist.web.views.common import db_url
from ratinglist.web.views.td_redirect import _act, _back, _offer

router = APIRouter(prefix="/td", include_in_schema=False)
api = APIRouter(prefix="/api/v1/td", tags=["tournament director"])


class GoNewPlayer(BaseModel):
    """Go: a player not on a rating list, entered with a rank (``3k``, ``2d``)."""

    surname: str = Field(min_length=1, max_length=100)
    firstname: str = Field(default="", max_length=100)
    rank: str = Field(min_length=2, max_length=4)
    rating: int | None = None
    country: str = Field(default="", max_length=100)
    club: str = Field(default="", max_length=20)


class GoPlayersIn(BaseModel):
    """Go: players of the latest stored `origin` rating list (``egf``, ``ffg``, ``aga``) by
    name or list number, and/or new players with a rank."""

    origin: str = Field(default="egf", max_length=3)
    players: list[str] = Field(default_factory=list, max_length=1000)
    new: list[GoNewPlayer] = Field(default_factory=list, max_length=100)


class GoEntries(BaseModel):
    """Go: who was entered (number and name) and how many players are entered now."""

    entered: list[Person]
    entrants: int


class ListCandidate(BaseModel):
    """Go: a rating-list player a director may choose: entering `key` (the list number, or
    the whole name of a player without one) enters exactly that player."""

    key: str
    number: str
    surname: str
    first_name: str
    rank: str
    rating: int
    club: str
    country: str
    origin: str
    label: str


class ListCandidates(BaseModel):
    """Go: the candidates of the stored `origin` list for what the director typed."""

    origin: str
    hits: list[ListCandidate]


@api.post("/tournaments/{tid}/entries", status_code=201)
def add_go_entries(request: Request, tid: int, body: GoPlayersIn, who: Director) -> GoEntries:
    """Go: enter players from a stored rating list and/or new players with a rank (late
    entries play from the next round)."""
    entered: list[Person] = []
    count = 0
    if body.players:
        found, count = register_from_list(
            db_url(request), tid, body.origin, body.players, who.actor
        )
        entered += [e.player for e in found]
    if body.new:
        typed = [
            GoEntry(f"{n.surname},{n.firstname}", n.rank, n.rating, n.country, n.club)
            for n in body.new
        ]
        people, count = register_go(db_url(request), tid, typed, who.actor)
        entered += list(people)
    return GoEntries(entered=entered, entrants=count)


@api.get("/tournaments/{tid}/list-players")
def list_players(
    request: Request,
    tid: int,
    who: Director,
    q: Annotated[str, Query(min_length=1, max_length=100)],
    origin: Annotated[str, Query(max_length=3)] = "egf",
) -> ListCandidates:
    """Go: candidates of the stored `origin` rating list (egf, ffg, aga) for part of a name
    or list number, with rank, club and number; entering one is `entries` with its number."""
    hits = list_candidates(db_url(request), parse_origin(origin), q)
    return ListCandidates(
        origin=origin.lower(),
        hits=[
            ListCandidate(
                key=choice_key(p),
                number=p.number,
                surname=p.surname,
                first_name=p.first_name,
                rank=format_rank(rank_from_rating(p.rating)),
                rating=p.rating,
                club=p.club,
                country=p.country,
                origin=p.origin.value,
                label=describe_list_player(p),
            )
            for p in hits
        ],
    )


@router.post("/{tid}/entries")
def add_entries(
    request: Request,
    tid: int,
    who: Director,
    origin: Annotated[str, Form(max_length=3)] = "egf",
    players: Annotated[str, Form(max_length=5000)] = "",
    surname: Annotated[str, Form(max_length=100)] = "",
    firstname: Annotated[str, Form(max_length=100)] = "",
    rank: Annotated[str, Form(max_length=4)] = "",
    country: Annotated[str, Form(max_length=100)] = "",
    club: Annotated[str, Form(max_length=20)] = "",
) -> Response:
    """Enter players of a game that takes them from rating lists (Go): names or list numbers
    of the stored `origin` list (EGF, FFG, AGA), one per line, and/or one new player with a
    rank; a late entry plays from the next round."""
    queries = [line.strip() for line in players.splitlines() if line.strip()]

    def action() -> str:
        names: list[str] = []
        count = 0
        if queries:
            found, count = register_from_list(db_url(request), tid, origin, queries, who.actor)
            names += [f"{e.player.name} ({e.number})" for e in found]
        if surname.strip():
            entry = GoEntry(f"{surname.strip()},{firstname.strip()}", rank, country=country,
                            club=club)  # fmt: skip
            people, count = register_go(db_url(request), tid, [entry], who.actor)
            names += [p.name for p in people]
        if not names:
            return _("nothing to enter: type names or list numbers, or a new player with a rank")
        return _("entered %(names)s; %(n)s players", names=", ".join(names), n=count)

    typed = {"players": players, "surname": surname, "firstname": firstname, "rank": rank,
             "country": country, "club": club, "origin": origin}  # fmt: skip
    try:
        return _act(request, tid, who, action, kept=typed, passes=(NotOnList,))
    except NotOnList as exc:
        offered = [(choice_key(p), describe_list_player(p)) for p in exc.candidates]
        return _back(
            request, tid, who, translate_error(exc), "error", _offer(typed, exc.query, offered)
        )
