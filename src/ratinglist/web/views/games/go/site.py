"""Go's public pages: the GoR list ``/go/``, a player ``/go/players/{id}`` (with the rating
chart Othello's player page draws, `web.charts.history_svg`), a tournament
``/go/tournaments/{id}``; and the same data as JSON under ``/api/v1/go/``. Othello's pages
and URLs are not touched."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path, Request
from fastapi.responses import Response

from ratinglist.service.go.site import go_list_page, go_player_page, go_tournament_page
from ratinglist.web.charts import history_svg
from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.common import PAGE_CACHE, store_of

router = APIRouter(prefix="/go", include_in_schema=False)
api = APIRouter(prefix="/api/v1/go", tags=["go"])

Id = Annotated[int, Path(ge=1, le=2_000_000_000)]


@router.get("/")
def go_list(request: Request) -> Response:
    """The Go list by the EGF GoR."""
    found = go_list_page(store_of(request))
    return templates.TemplateResponse(
        request, "games/go/list.html", {"list": found}, headers=PAGE_CACHE
    )


@router.get("/players/{player_id}")
def go_player(request: Request, player_id: Id) -> Response:
    """A Go player's page."""
    page = go_player_page(store_of(request), player_id)
    return templates.TemplateResponse(
        request, "games/go/player.html", {"p": page}, headers=PAGE_CACHE
    )


@router.get("/players/{player_id}/chart.svg")
def go_chart(request: Request, player_id: Id) -> Response:
    """A Go player's GoR after each tournament, as SVG."""
    page = go_player_page(store_of(request), player_id)
    return Response(history_svg(page.history), media_type="image/svg+xml", headers=PAGE_CACHE)


@router.get("/tournaments/{tournament_id}")
def go_tournament(request: Request, tournament_id: Id) -> Response:
    """A rated Go tournament's page."""
    page = go_tournament_page(store_of(request), tournament_id)
    return templates.TemplateResponse(
        request, "games/go/tournament.html", {"t": page}, headers=PAGE_CACHE
    )


@api.get("/list")
def api_go_list(request: Request) -> dict[str, object]:
    """The Go list by the EGF GoR: ``{"game": "go", "system", "as_of", "players"}``."""
    return go_list_page(store_of(request)).to_dict()


@api.get("/players/{player_id}")
def api_go_player(request: Request, player_id: Id) -> dict[str, object]:
    """A Go player: rank, GoR, place, history and tournaments."""
    return go_player_page(store_of(request), player_id).to_dict()
