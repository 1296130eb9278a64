"""Live pages of running tournaments (public): pairings, results as they are entered,
standings, and a projector view that pages through long lists by itself.

A live page carries the log's event number it was drawn at; `static/live.js` asks
``/api/v1/live/N/seq`` every few seconds (a database read, so any worker process answers the
same) and redraws the page's main part when the number moved. Without JavaScript the page
refreshes itself (``<meta http-equiv="refresh">`` inside ``<noscript>``).

A tournament is on these pages only when its director shows it there (`lifecycle.
show_on_live`); else every page and API route of it answers 404, except to its director,
assistants and admins (who preview it from the director's page).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Query, Request
from fastapi.responses import Response
from pydantic import BaseModel

from ratinglist.model.account import may_enter_results
from ratinglist.model.directed import RoundView, Standings
from ratinglist.model.forecast import Forecast
from ratinglist.service.tournaments.forecast import MAX_RUNS, forecast
from ratinglist.service.tournaments.lifecycle import require_shown
from ratinglist.service.tournaments.page import live_page as live_page_of
from ratinglist.service.tournaments.server import (
    LiveView,
    Overview,
    finished,
    log_seq,
    public_download,
    running,
)
from ratinglist.service.tournaments.views import show_round, standings
from ratinglist.web.auth import signed_in
from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.common import NO_STORE, db_url

router = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/api/v1/live", tags=["live tournaments"])
PROJECTOR_ROWS = 16
"""Rows on one projector page (large type, readable from the back of the hall)."""
PROJECTOR_SECONDS = 12
"""Seconds a projector page stays before the next."""


def _public_only(request: Request, tid: int) -> bool:
    """Whether the user sees tournament `tid` only if it is shown on /live (not one whose
    results they may enter)."""
    who = signed_in(request)
    return who is None or not may_enter_results(who.account, tid)


def shown_or_404(request: Request, tid: int) -> None:
    """Refuse (404) a tournament not shown on /live, unless the user may enter its results."""
    if _public_only(request, tid):
        require_shown(db_url(request), tid)


@router.get("/live")
def live_index(request: Request) -> Response:
    """The running tournaments, and the finished ones directed here (every game)."""
    url = db_url(request)
    context = {"found": running(url, shown_only=True), "done": finished(url, shown_only=True)}
    return templates.TemplateResponse(request, "live_index.html", context, headers=NO_STORE)


@router.get("/live/{tid}")
def live_page(
    request: Request, tid: int, round: Annotated[int | None, Query(ge=1)] = None
) -> Response:
    """A tournament's live page: the round (default the current one), finals, standings."""
    page = live_page_of(db_url(request), tid, round, shown_only=_public_only(request, tid))
    fragment = request.headers.get("x-live-fragment") == "1"
    return templates.TemplateResponse(
        request,
        "live_fragment.html" if fragment else "live.html",
        {"v": page.live, "f": page.forecast},
        headers=NO_STORE,
    )


@router.get("/live/{tid}/files/{kind}")
def live_file(request: Request, tid: int, kind: str) -> Response:
    """A file of a finished (submitted) tournament, by kind (``h9``, ``elo``, ...)."""
    shown_or_404(request, tid)
    found = public_download(db_url(request), tid, kind)
    disposition = f'attachment; filename="{found.file_name}"'
    return Response(
        found.data, media_type=found.media_type, headers={"content-disposition": disposition}
    )


def _pages(rows: int) -> int:
    return max(1, -(-rows // PROJECTOR_ROWS))


@router.get("/live/{tid}/projector")
def projector(
    request: Request,
    tid: int,
    view: Annotated[str, Query(pattern="^(round|standings)$")] = "round",
    page: Annotated[int, Query(ge=1)] = 1,
) -> Response:
    """One screenful; the page moves on to the next by itself (round pages, then standings)."""
    shown_only = _public_only(request, tid)
    live = live_page_of(db_url(request), tid, shown_only=shown_only, with_forecast=False).live
    round_pages = _pages(len(live.round.tables)) if live.round is not None else 0
    standing_pages = _pages(len(live.standings.lines))
    if view == "round" and round_pages == 0:
        view, page = "standings", 1
    count = round_pages if view == "round" else standing_pages
    page = min(page, count)
    if page < count:
        next_view, next_page = view, page + 1
    elif view == "round":
        next_view, next_page = "standings", 1
    else:
        next_view, next_page = ("round", 1) if round_pages else ("standings", 1)
    start = (page - 1) * PROJECTOR_ROWS
    context = {
        "v": live,
        "view": view,
        "page": page,
        "pages": count,
        "start": start,
        "rows": PROJECTOR_ROWS,
        "seconds": PROJECTOR_SECONDS,
        "next": f"/live/{tid}/projector?view={next_view}&page={next_page}",
    }
    return templates.TemplateResponse(request, "live_projector.html", context, headers=NO_STORE)


class Seq(BaseModel):
    """The newest event number of a tournament's log: it moves with every change."""

    seq: int


@api.get("")
def api_running(request: Request) -> list[Overview]:
    """The running tournaments their directors show on /live."""
    return list(running(db_url(request), shown_only=True))


@api.get("/{tid}")
def api_live(request: Request, tid: int) -> LiveView:
    """Overview, current round, finals and standings of a tournament."""
    shown_only = _public_only(request, tid)
    return live_page_of(db_url(request), tid, shown_only=shown_only, with_forecast=False).live


@api.get("/{tid}/seq")
def api_seq(request: Request, tid: int) -> Seq:
    """The log's newest event number (poll it; fetch the rest when it moves)."""
    shown_or_404(request, tid)
    return Seq(seq=log_seq(db_url(request), tid))


@api.get("/{tid}/rounds/{number}")
def api_round(request: Request, tid: int, number: int) -> RoundView:
    """A published round with its results so far."""
    shown_or_404(request, tid)
    return show_round(db_url(request), tid, number)


@api.get("/{tid}/forecast")
def api_forecast(
    request: Request,
    tid: int,
    runs: Annotated[int | None, Query(ge=1, le=MAX_RUNS)] = None,
    seed: Annotated[int | None, Query()] = None,
    system: Annotated[str | None, Query(max_length=40)] = None,
) -> Forecast:
    """Each game's expected score (by `system`, default the federation's chosen system),
    each player's chance to finish first, in the top four and to reach the finals (a seeded
    simulation of what is left, `runs` times: default 150 up to 16 entrants, fewer for a
    larger field, at least 50), and the log-loss of the played games' forecasts; the same
    figures as the live page."""
    shown_or_404(request, tid)
    return forecast(db_url(request), tid, runs, seed, system)


@api.get("/{tid}/standings", response_model=None)
def api_standings(request: Request, tid: int) -> Standings:
    """The standings now."""
    shown_or_404(request, tid)
    return standings(db_url(request), tid)
