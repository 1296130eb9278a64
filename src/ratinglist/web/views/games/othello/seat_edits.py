"""Othello's seat edits on the director's pages (`Game.seat_edits`): swap two players of a
round, exchange the colours of a game, preview the next round's pairing before storing it,
and its own controls of the set-up page (`web.views.td_setup`): late entries with class
flags, and the flags. The addresses are those of
issue 22; a tournament whose game has no seat edits answers them 404.

Every POST answers with a redirect that carries its outcome in the signed flash cookie of
`td_redirect` (post/redirect/get), back to the page the form was on.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Form, Request
from fastapi.responses import Response

from ratinglist.errors import N_, ConflictError, NotOffered, RatinglistError, TournamentInputError
from ratinglist.i18n import _
from ratinglist.i18n.messages import changed_meanwhile, translate_error
from ratinglist.model.directed import GameFacts, RoundView
from ratinglist.model.ids import shown_id
from ratinglist.service.tournaments.actions import Entry, register_players
from ratinglist.service.tournaments.page import preview_page as preview_page_of
from ratinglist.service.tournaments.rounds import (
    exchange_colours,
    set_flags,
    store_pairing,
    swap_players,
)
from ratinglist.web.auth import Director
from ratinglist.web.routes import APIRouter
from ratinglist.web.views.common import db_url, game_offers, require_offered
from ratinglist.web.views.td_redirect import _act_at, _back
from ratinglist.web.views.td_rounds import BasedOn, Flag, Number, _page

router = APIRouter(prefix="/td", include_in_schema=False)
WHAT = "seat edits (swaps, previews, set-up page)"
OFFERED = Depends(game_offers("seat_edits", WHAT))
"""The writes exist only for a game with seat edits (else 404); the pages ask the game they
read (one load per page)."""


def _seat_edits(game: GameFacts) -> None:
    require_offered(game, "seat_edits", WHAT)


@router.post("/{tid}/rounds/{number}/swap", dependencies=[OFFERED])
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
        return _("round %(n)s: %(a)s and %(b)s swapped", n=number, a=a, b=b)

    return _act_at(request, tid, who, f"/rounds/{number}", action)


@router.post("/{tid}/rounds/{number}/colours", dependencies=[OFFERED])
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
        return _(
            "round %(n)s: colours of %(black)s - %(white)s exchanged",
            n=number,
            black=_named(now, black),
            white=_named(now, white),
        )

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
        page = preview_page_of(db_url(request), tid, _seat_edits)
    except NotOffered:
        raise
    except RatinglistError as exc:
        return _back(request, tid, who, translate_error(exc), "error")
    return _page(request, tid, who, "games/othello/preview.html", {"p": page.preview})


@router.post("/{tid}/preview", dependencies=[OFFERED])
def store_preview(request: Request, tid: int, who: Director, based_on: BasedOn) -> Response:
    """Store the pairing previewed at event `based_on`; when the log moved since, the
    refusal (409) is shown above the preview computed again."""
    try:
        done = store_pairing(db_url(request), tid, who.actor, based_on)
    except ConflictError as exc:
        message = changed_meanwhile(exc)
        return _back(request, tid, who, message, "conflict", where="/preview")
    except RatinglistError as exc:
        return _back(request, tid, who, translate_error(exc), "error")
    message = _("round %(n)s paired: %(tables)s tables", n=done.number, tables=len(done.tables))
    return _back(request, tid, who, message)


SETUP = "/setup"


def _year(text: str) -> int | None:
    """A birth year as typed (empty: none); a bad one is refused by the service's rule."""
    value = text.strip()
    if not value:
        return None
    if not value.isdigit():
        raise TournamentInputError(
            N_("expected a birth year such as 2010, got %(value)r"), value=value
        )
    return int(value)


@router.post("/{tid}/setup/flags", dependencies=[OFFERED])
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
        shown = [w for w, on in ((_("female"), done.female), (_("youth"), done.youth)) if on]
        if done.birth_year is not None:
            shown.append(_("born %(year)s", year=done.birth_year))
        flags = ", ".join(shown) or _("no class flags")
        return _("%(name)s: %(flags)s", name=done.player.name, flags=flags)

    return _act_at(request, tid, who, SETUP, action)


@router.post("/{tid}/setup/entry", dependencies=[OFFERED])
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
        return _("registered %(names)s; %(n)s players", names=names, n=done.entrants)

    return _act_at(request, tid, who, SETUP, action, kept={"players": players})
