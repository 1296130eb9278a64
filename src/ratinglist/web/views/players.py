"""Player pages: `/players/{id}`, its chart `/players/{id}/chart.svg`, and `/players/{id}/why`."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path, Query, Request
from fastapi.responses import Response

from ratinglist.service.site_players import explain_player, player_history, player_page
from ratinglist.web.charts import history_svg
from ratinglist.web.limits import explained
from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.common import PAGE_CACHE, site_of

router = APIRouter(include_in_schema=False)

PlayerPath = Annotated[int, Path(ge=0, le=2_000_000_000)]


Owner = Annotated[int | None, Query(ge=1, le=1000)]
"""Which person of an ID that changed hands (1: the first); none: the latest."""


@router.get("/players/{player_id}")
def player(request: Request, player_id: PlayerPath, owner: Owner = None) -> Response:
    """The player page (of the ID's person `owner` when it changed hands)."""
    page = player_page(site_of(request), player_id, owner)
    return templates.TemplateResponse(request, "player.html", {"p": page}, headers=PAGE_CACHE)


@router.get("/players/{player_id}/chart.svg")
def chart(request: Request, player_id: PlayerPath, owner: Owner = None) -> Response:
    """The rating-history chart as SVG."""
    points = player_history(site_of(request), player_id, owner)
    svg = history_svg(points)
    return Response(svg, media_type="image/svg+xml", headers=PAGE_CACHE)


@router.get("/players/{player_id}/why")
def why(
    request: Request,
    player_id: PlayerPath,
    before: Annotated[int | None, Query(ge=0, le=2_000_000_000)] = None,
    after: Annotated[int | None, Query(ge=0, le=2_000_000_000)] = None,
) -> Response:
    """Why the rating changed between two lists (default: the last two)."""
    site = site_of(request)
    result = explained(request, lambda: explain_player(site, player_id, before, after))
    return templates.TemplateResponse(request, "why.html", {"x": result}, headers=PAGE_CACHE)
