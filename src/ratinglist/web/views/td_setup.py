"""The director's set-up page of any game with one (``/td/{tid}/setup``, the game's
``setup`` service module): absences, forbidden and forced pairs, reinstatements and the last
day. A game's own controls come from its partial ``games/<name>/setup.html`` (Othello's
class flags and late entries; their writes live in its views folder).

Every POST answers with a redirect that carries its outcome in the signed flash cookie of
`td_redirect` (post/redirect/get), back to the set-up page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import Depends, Form, Request
from fastapi.responses import Response

from ratinglist.errors import NeedsConfirmation
from ratinglist.i18n import _
from ratinglist.model.directed import GameFacts
from ratinglist.service.accounts import SignedIn
from ratinglist.service.tournaments.actions import absent, forbid, force
from ratinglist.service.tournaments.page import setup_page as setup_page_of
from ratinglist.service.tournaments.rounds import reinstate, set_end_date
from ratinglist.web.auth import Director
from ratinglist.web.routes import APIRouter
from ratinglist.web.views.common import db_url, game_offers, require_offered
from ratinglist.web.views.td_redirect import _act_at, _confirm
from ratinglist.web.views.td_rounds import Number, _page

router = APIRouter(prefix="/td", include_in_schema=False)
WHAT = "set-up page (absences, pairs, last day)"
OFFERED = Depends(game_offers("setup", WHAT))
"""The page and its writes exist only for a game with a set-up (else 404)."""
SETUP = "/setup"


def asked_first(
    request: Request,
    tid: int,
    who: SignedIn,
    where: str,
    action: Callable[[bool], str],
    *,
    confirmed: bool,
    ask: tuple[str, dict[str, str]],
) -> Response:
    """`_act_at` for a pairing by hand the director confirms first: when the service
    asks (`NeedsConfirmation`: a repeated game, a forbidden pair), the confirmation page
    lists the concerns and posts `ask` (address, fields) again with ``confirmed``."""
    asked: list[NeedsConfirmation] = []

    def attempt() -> str:
        try:
            return action(confirmed)
        except NeedsConfirmation as exc:
            asked.append(exc)
            raise

    response = _act_at(request, tid, who, where, attempt)
    if not asked:
        return response
    address, fields = ask
    return _confirm(
        request,
        tid,
        who,
        question=_("Pair them anyway? OpenGotha asks before such a pairing."),
        action=address,
        fields={**fields, "confirmed": "true"},
        button=_("Yes, pair them"),
        details=asked[0].concerns,
    )


Confirmed = Annotated[bool, Form()]
"""The director confirmed a pairing by hand after its concerns were shown."""


def _has_setup(game: GameFacts) -> None:
    require_offered(game, "setup", WHAT)


@router.get("/{tid}/setup")
def setup_page(request: Request, tid: int, who: Director) -> Response:
    """Absences, forbidden and forced pairs, reinstatements, the last day, and the game's
    own set-up controls (one load of the tournament: the game is asked in the same read)."""
    page = setup_page_of(db_url(request), tid, _has_setup)
    context = {"s": page.setup, "g": page.game, "own": f"games/{page.game.name}/setup.html"}
    return _page(request, tid, who, "td_setup.html", context)


@router.post("/{tid}/setup/absence", dependencies=[OFFERED])
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
        return _("%(name)s absent in round %(n)s", name=done.player.name, n=done.round)

    return _act_at(request, tid, who, SETUP, action)


@router.post("/{tid}/setup/forbidden", dependencies=[OFFERED])
def forbidden(request: Request, tid: int, who: Director, first: Number, second: Number) -> Response:
    """Never pair two players together."""

    def action() -> str:
        a, b = forbid(db_url(request), tid, first, second, who.actor)
        return _("%(a)s and %(b)s are never paired together", a=a.name, b=b.name)

    return _act_at(request, tid, who, SETUP, action)


@router.post("/{tid}/setup/forced", dependencies=[OFFERED])
def forced(
    request: Request,
    tid: int,
    who: Director,
    first: Number,
    second: Number,
    confirmed: Confirmed = False,
) -> Response:
    """Impose a pair on the next round (`first` listed first: Black in Othello; in Go the
    colours follow the handicap rules); a pair that already played or is forbidden is
    confirmed first."""

    def action(sure: bool) -> str:
        k, black, white = force(db_url(request), tid, first, second, who.actor, confirmed=sure)
        return _("round %(n)s: %(black)s plays %(white)s", n=k, black=black.name, white=white.name)

    fields = {"first": str(first), "second": str(second)}
    ask = (f"/td/{tid}/setup/forced", fields)
    return asked_first(request, tid, who, SETUP, action, confirmed=confirmed, ask=ask)


@router.post("/{tid}/setup/reinstate", dependencies=[OFFERED])
def reinstate_player(request: Request, tid: int, who: Director, player: Number) -> Response:
    """A withdrawn player plays again from the next round."""

    def action() -> str:
        done = reinstate(db_url(request), tid, player, who.actor)
        return _("%(name)s reinstated: paired again from the next round", name=done.name)

    return _act_at(request, tid, who, SETUP, action)


@router.post("/{tid}/setup/end-date", dependencies=[OFFERED])
def end_date(
    request: Request,
    tid: int,
    who: Director,
    end: Annotated[str, Form(pattern=r"^\d{4}-\d{2}-\d{2}$")],
) -> Response:
    """Set the tournament's last day (every game: its pages and its files)."""

    def action() -> str:
        return _("last day: %(date)s", date=set_end_date(db_url(request), tid, end, who.actor))

    return _act_at(request, tid, who, SETUP, action)
