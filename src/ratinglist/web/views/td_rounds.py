"""The director's round page (issue 22, item 1), next to `td_pages`:
``/td/{tid}/rounds/{number}``, any stored round drawn through its game, with its results to
enter or correct (each form names its game and the log's event number, as on the tournament
page: a stale page that would land on another game is refused with 409). A game's own edits
of a round (Othello's swaps, colours, preview and set-up page) live in its folder,
``web/views/games/<name>/``.

Every POST answers with a redirect that carries its outcome in the signed flash cookie of
`td_redirect` (post/redirect/get), back to the page the form was on.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any

from fastapi import Form, Request
from fastapi.responses import Response

from ratinglist.errors import RatinglistError
from ratinglist.i18n.messages import translate_error
from ratinglist.model.account import may_direct
from ratinglist.service.accounts import SignedIn
from ratinglist.service.tournaments.page import round_page as round_page_of
from ratinglist.service.tournaments.paging import RowFilter
from ratinglist.web.auth import Reporter
from ratinglist.web.routes import APIRouter
from ratinglist.web.views.common import db_url
from ratinglist.web.views.td_redirect import _act_at, _back, _render, _row_filter
from ratinglist.web.views.td_results import TypedResult, _enter

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
        page = round_page_of(db_url(request), tid, number, _row_filter(request) or RowFilter())
    except RatinglistError as exc:
        return _back(request, tid, who, translate_error(exc), "error")
    live, view = page.live, page.round
    context = {
        "shown_tables": page.tables,
        "o": live.overview,
        "r": view,
        "shown": page.shown,
        "g": live.game,
        "specials": live.game.specials if live.game else (),
        "director": may_direct(who.account, tid),
        "rounds": range(1, live.overview.paired + 1),
        "movable": page.movable,
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
