"""The JSON API of the director's changes around a round (``/api/v1/td/...``, issue 22):
the pairing preview and storing it, a swap and an exchange of colours in a stored round,
reinstating a withdrawn player, the end date and the players' class flags.

Each route is one service call (`service.tournaments.rounds`), the same the TD pages and
the CLI make; the director's role and the CSRF header are checked as in `td_api`. A write
stating the log's event number it was based on (`based_on`) answers 409 when the log moved.
"""

from __future__ import annotations

from fastapi import Request
from pydantic import BaseModel, Field

from ratinglist.model.directed import Person, RoundView
from ratinglist.service.tournaments.rounds import (
    PairingPreview,
    PairRule,
    PlayerFlags,
    RoundSetup,
    exchange_colours,
    pair_rules,
    player_flags,
    preview_pairing,
    reinstate,
    round_setup,
    set_end_date,
    set_flags,
    store_pairing,
    swap_players,
)
from ratinglist.web.auth import Director
from ratinglist.web.routes import APIRouter
from ratinglist.web.views.common import db_url

router = APIRouter(prefix="/api/v1/td", tags=["tournament director"])


class StorePairing(BaseModel):
    """The log's event number of the preview to store (`GET .../preview` gives it)."""

    based_on: int = Field(ge=1)


class Swap(BaseModel):
    """Two players of two games of the round, to swap; `based_on` the log's event number
    the round was read at (409 when the log moved since)."""

    first: int
    second: int
    based_on: int | None = Field(default=None, ge=1)


class Colours(BaseModel):
    """The game whose colours to exchange, as it is stored (`black`, `white`)."""

    black: int
    white: int
    based_on: int | None = Field(default=None, ge=1)


class PlayerIn(BaseModel):
    """A player of the tournament."""

    player: int


class EndDate(BaseModel):
    """The tournament's last day."""

    end: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")


class FlagsIn(BaseModel):
    """A player's class flags: female, youth, birth year (None: not known)."""

    player: int
    female: bool = False
    youth: bool = False
    birth_year: int | None = Field(default=None, ge=1900, le=2100)


class EndDateOut(BaseModel):
    """The last day stored."""

    end: str


@router.get("/tournaments/{tid}/preview")
def preview(request: Request, tid: int, who: Director) -> PairingPreview:
    """The next round as it would be paired now, not stored, with the log's event number
    (`based_on`) to store it with."""
    return preview_pairing(db_url(request), tid)


@router.post("/tournaments/{tid}/preview", status_code=201)
def store_preview(request: Request, tid: int, body: StorePairing, who: Director) -> RoundView:
    """Store the previewed pairing (409 when the log moved since the preview)."""
    return store_pairing(db_url(request), tid, who.actor, body.based_on)


@router.post("/tournaments/{tid}/rounds/{number}/swap", status_code=201)
def swap(request: Request, tid: int, number: int, body: Swap, who: Director) -> RoundView:
    """Swap two players between two games of a stored round (none of them with a result)."""
    return swap_players(
        db_url(request), tid, number, body.first, body.second, who.actor, body.based_on
    )


@router.post("/tournaments/{tid}/rounds/{number}/colours", status_code=201)
def colours(request: Request, tid: int, number: int, body: Colours, who: Director) -> RoundView:
    """Exchange the colours of a game of a stored round (without a result)."""
    return exchange_colours(
        db_url(request), tid, number, body.black, body.white, who.actor, body.based_on
    )


@router.post("/tournaments/{tid}/reinstatements", status_code=201)
def reinstate_player(request: Request, tid: int, body: PlayerIn, who: Director) -> Person:
    """A withdrawn player plays again from the next round."""
    return reinstate(db_url(request), tid, body.player, who.actor)


@router.post("/tournaments/{tid}/end-date", status_code=201)
def end_date(request: Request, tid: int, body: EndDate, who: Director) -> EndDateOut:
    """Set the tournament's last day (not before the first)."""
    return EndDateOut(end=set_end_date(db_url(request), tid, body.end, who.actor))


@router.get("/tournaments/{tid}/flags")
def flags(request: Request, tid: int, who: Director) -> list[PlayerFlags]:
    """Every entrant's class flags (female, youth, birth year)."""
    return list(player_flags(db_url(request), tid))


@router.post("/tournaments/{tid}/flags", status_code=201)
def change_flags(request: Request, tid: int, body: FlagsIn, who: Director) -> PlayerFlags:
    """Set a player's class flags, read by the female and youth standings."""
    return set_flags(
        db_url(request),
        tid,
        body.player,
        who.actor,
        female=body.female,
        youth=body.youth,
        birth_year=body.birth_year,
    )


@router.get("/tournaments/{tid}/pair-rules")
def rules(request: Request, tid: int, who: Director) -> list[PairRule]:
    """The forbidden pairs (`round` null) and the pairs forced in the next round."""
    return list(pair_rules(db_url(request), tid))


@router.get("/tournaments/{tid}/setup")
def setup(request: Request, tid: int, who: Director) -> RoundSetup:
    """The dates, the entrants with their flags, first round, withdrawal and absence from
    the next round, and the pair rules."""
    return round_setup(db_url(request), tid)
