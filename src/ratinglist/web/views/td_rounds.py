"""The director's pages around a round (issue 22, items 1-2), next to `td_pages`:

- ``/td/{tid}/rounds/{number}``: any stored round, with its results to enter or correct
  (each form names its game and the log's event number, as on the tournament page: a stale
  page that would land on another game is refused with 409), and for the director the
  manual changes of the pairing: swap two players, exchange the colours of a game;
- ``/td/{tid}/preview``: the next round's pairing computed but not stored, and a button that
  stores it, refused (409) when the log moved since the preview;
- ``/td/{tid}/setup``: absences, forbidden and forced pairs, reinstating a withdrawn player,
  a registration with a later first round and class flags, flags of an entrant, the end date.

Every POST answers with a redirect that carries its outcome in the signed flash cookie of
`td_pages` (post/redirect/get), back to the page the form was on.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import Response

from ratinglist.errors import ConflictError, RatinglistError, TournamentInputError
from ratinglist.model.account import may_direct
from ratinglist.model.directed import RoundView
from ratinglist.model.ids import shown_id
from ratinglist.service.accounts import SignedIn
from ratinglist.service.tournaments.actions import Entry, absent, forbid, force, register_players
from ratinglist.service.tournaments.page import round_page as round_page_of
from ratinglist.service.tournaments.page import setup_page as setup_page_of
from ratinglist.service.tournaments.rounds import (
    exchange_colours,
    preview_pairing,
    reinstate,
    set_end_date,
    set_flags,
    store_pairing,
    swap_players,
)
from ratinglist.web.auth import Director, Reporter
from ratinglist.web.views.common import db_url
from ratinglist.web.views.td_pages import TypedResult, _act_at, _back, _enter, _render

router = APIRouter(prefix="/td", include_in_schema=False)

Number = Annotated[int, Form()]
"""A player's number (or a game's player) as a form sends it."""
BasedOn = Annotated[int, Form(ge=1)]
"""The log's event number the page was drawn at."""
Flag = Annotated[bool, Form()]


def _page(
    request: Request, tid: int, who: SignedIn, name: str, context: dict[str, Any]
) -> Response:
    """A director's page of the tournament, with its outcome of the last action."""
    return _render(request, tid, who, name, context | {"tid": tid, "who": who, "csrf": who.csrf})


@router.get("/{tid}/rounds/{number}")
def round_page(request: Request, tid: int, number: int, who: Reporter) -> Response:
    """A stored round with its results to enter or correct; for the director, the swap of
    two players and the exchange of colours of the games without a result."""
    try:
        page = round_page_of(db_url(request), tid, number)
    except RatinglistError as exc:
        return _back(request, tid, who, str(exc), "error")
    live, view = page.live, page.round
    open_games = [t for t in view.tables if not t.result]
    context = {
        "o": live.overview,
        "r": view,
        "shown": page.shown,
        "g": live.game,
        "specials": live.game.specials if live.game else (),
        "director": may_direct(who.account, tid),
        "rounds": range(1, live.overview.paired + 1),
        "movable": [p for t in open_games for p in (t.black, t.white)],
    }
    return _page(request, tid, who, "td_round_page.html", context)


@router.post("/{tid}/rounds/{number}/result")
def round_result(
    request: Request,
    tid: int,
    number: int,
    who: Reporter,
    table: Annotated[int, Form(ge=1)],
    black: Number,
    white: Number,
    based_on: BasedOn,
    typed: TypedResult,
    correction: Flag = False,
) -> Response:
    """Enter or correct the result of a game of round `number`, named by its table and its
    two players (refused with 409 when the table holds another game now): disc fields, or
    a result of the game's choices (`score`, ``!`` added when `by_default`)."""
    spec = replace(typed, round=str(number), table=table, black=black, white=white)
    place = f"round {number} table {table}"

    def action() -> str:
        return _enter(request, tid, who, spec, place, correction=correction, based_on=based_on)

    return _act_at(request, tid, who, f"/rounds/{number}", action)


@router.post("/{tid}/rounds/{number}/swap")
def swap(
    request: Request,
    tid: int,
    number: int,
    who: Director,
    first: Number,
    second: Number,
    based_on: BasedOn,
) -> Response:
    """Swap two players between two games of round `number` (refused once either game has
    a result, and with 409 when the log moved since the page was drawn)."""

    def action() -> str:
        now = swap_players(db_url(request), tid, number, first, second, who.actor, based_on)
        a, b = _named(now, first), _named(now, second)
        return f"round {number}: {a} and {b} swapped"

    return _act_at(request, tid, who, f"/rounds/{number}", action)


@router.post("/{tid}/rounds/{number}/colours")
def colours(
    request: Request,
    tid: int,
    number: int,
    who: Director,
    black: Number,
    white: Number,
    based_on: BasedOn,
) -> Response:
    """Exchange the colours of a game of round `number` (refused once it has a result)."""

    def action() -> str:
        now = exchange_colours(db_url(request), tid, number, black, white, who.actor, based_on)
        return f"round {number}: colours of {_named(now, black)} - {_named(now, white)} exchanged"

    return _act_at(request, tid, who, f"/rounds/{number}", action)


def _named(view: RoundView, player: int) -> str:
    """The name of entrant `player` as round `view` shows it (its shown ID if it is not
    there: a message never shows an internal number)."""
    seated = [p for t in view.tables for p in (t.black, t.white)]
    people = (*seated, *(p for p, _ in view.byes), *view.absent)
    return next((p.name for p in people if p.id == player), shown_id(player))


@router.get("/{tid}/preview")
def preview_page(request: Request, tid: int, who: Director) -> Response:
    """The next round's pairing as it would be stored now, and the button that stores it."""
    try:
        shown = preview_pairing(db_url(request), tid)
    except RatinglistError as exc:
        return _back(request, tid, who, str(exc), "error")
    return _page(request, tid, who, "td_round_preview.html", {"p": shown})


@router.post("/{tid}/preview")
def store_preview(request: Request, tid: int, who: Director, based_on: BasedOn) -> Response:
    """Store the pairing previewed at event `based_on`; when the log moved since, the
    refusal (409) is shown above the preview computed again."""
    try:
        done = store_pairing(db_url(request), tid, who.actor, based_on)
    except ConflictError as exc:
        message = f"Another device changed this meanwhile: {exc}"
        return _back(request, tid, who, message, "conflict", where="/preview")
    except RatinglistError as exc:
        return _back(request, tid, who, str(exc), "error")
    return _back(request, tid, who, f"round {done.number} paired: {len(done.tables)} tables")


@router.get("/{tid}/setup")
def setup_page(request: Request, tid: int, who: Director) -> Response:
    """Absences, forbidden and forced pairs, reinstatements, late entries and flags, and
    the end date."""
    return _page(
        request, tid, who, "td_round_setup.html", {"s": setup_page_of(db_url(request), tid)}
    )


SETUP = "/setup"


@router.post("/{tid}/setup/absence")
def mark_absent(
    request: Request,
    tid: int,
    who: Director,
    player: Number,
    round: Annotated[int | None, Form(ge=1)] = None,
) -> Response:
    """Declare a player absent for one round (default: the next), no game and no bye."""

    def action() -> str:
        done = absent(db_url(request), tid, player, who.actor, round)
        return f"{done.player.name} absent in round {done.round}"

    return _act_at(request, tid, who, SETUP, action)


@router.post("/{tid}/setup/forbidden")
def forbidden(request: Request, tid: int, who: Director, first: Number, second: Number) -> Response:
    """Never pair two players together."""

    def action() -> str:
        a, b = forbid(db_url(request), tid, first, second, who.actor)
        return f"{a.name} and {b.name} are never paired together"

    return _act_at(request, tid, who, SETUP, action)


@router.post("/{tid}/setup/forced")
def forced(request: Request, tid: int, who: Director, first: Number, second: Number) -> Response:
    """Impose a pair on the next round (`first` has Black)."""

    def action() -> str:
        k, black, white = force(db_url(request), tid, first, second, who.actor)
        return f"round {k}: {black.name} (Black) plays {white.name}"

    return _act_at(request, tid, who, SETUP, action)


@router.post("/{tid}/setup/reinstate")
def reinstate_player(request: Request, tid: int, who: Director, player: Number) -> Response:
    """A withdrawn player plays again from the next round."""

    def action() -> str:
        done = reinstate(db_url(request), tid, player, who.actor)
        return f"{done.name} reinstated: paired again from the next round"

    return _act_at(request, tid, who, SETUP, action)


@router.post("/{tid}/setup/end-date")
def end_date(
    request: Request,
    tid: int,
    who: Director,
    end: Annotated[str, Form(pattern=r"^\d{4}-\d{2}-\d{2}$")],
) -> Response:
    """Set the tournament's last day."""

    def action() -> str:
        return f"last day: {set_end_date(db_url(request), tid, end, who.actor)}"

    return _act_at(request, tid, who, SETUP, action)


def _year(text: str) -> int | None:
    """A birth year as typed (empty: none); a bad one is refused by the service's rule."""
    value = text.strip()
    if not value:
        return None
    if not value.isdigit():
        raise TournamentInputError(f"expected a birth year such as 2010, got {value!r}")
    return int(value)


@router.post("/{tid}/setup/flags")
def flags(
    request: Request,
    tid: int,
    who: Director,
    player: Number,
    female: Flag = False,
    youth: Flag = False,
    birth_year: Annotated[str, Form(max_length=4)] = "",
) -> Response:
    """Set a player's class flags (female, youth, birth year)."""

    def action() -> str:
        done = set_flags(
            db_url(request),
            tid,
            player,
            who.actor,
            female=female,
            youth=youth,
            birth_year=_year(birth_year),
        )
        shown = [w for w, on in (("female", done.female), ("youth", done.youth)) if on]
        if done.birth_year is not None:
            shown.append(f"born {done.birth_year}")
        return f"{done.player.name}: {', '.join(shown) or 'no class flags'}"

    return _act_at(request, tid, who, SETUP, action)


@router.post("/{tid}/setup/entry")
def entry(
    request: Request,
    tid: int,
    who: Director,
    players: Annotated[str, Form(max_length=5000)],
    first_round: Annotated[int | None, Form(ge=1)] = None,
    female: Flag = False,
    youth: Flag = False,
    birth_year: Annotated[str, Form(max_length=4)] = "",
) -> Response:
    """Register players (IDs or names, one per line) with their class flags and first round
    (a late entry: the earlier rounds count as not played)."""
    queries = [line.strip() for line in players.splitlines() if line.strip()]

    def action() -> str:
        chosen = Entry(
            first_round=first_round, female=female, youth=youth, birth_year=_year(birth_year)
        )
        done = register_players(db_url(request), tid, queries, who.actor, entry=chosen)
        names = ", ".join(r.player.name for r in done.found)
        return f"registered {names}; {done.entrants} players"

    return _act_at(request, tid, who, SETUP, action, kept={"players": players})
