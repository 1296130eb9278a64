"""`/tournaments` (filter, sort, pages), `/tournaments/{id}` and its original file."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path, Query, Request
from fastapi.responses import Response

from ratinglist.service.site_tournaments import (
    PAGE_SIZE,
    TournamentQuery,
    original_file,
    tournament,
    tournaments_list,
)
from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.common import PAGE_CACHE, site_of

router = APIRouter(include_in_schema=False)

TournamentPath = Annotated[int, Path(ge=0, le=2_000_000_000)]


@router.get("/tournaments")
def tournaments_page(
    request: Request,
    name: Annotated[str | None, Query(max_length=100)] = None,
    country: Annotated[str | None, Query(max_length=100)] = None,
    sort: Annotated[str, Query(pattern="^(date|name|country)$")] = "date",
    order: Annotated[str, Query(pattern="^(asc|desc)$")] = "desc",
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
) -> Response:
    """Rated tournaments, newest first; sortable by date, name and country."""
    query = TournamentQuery(
        name=name or None,
        country=country or None,
        sort=sort,
        descending=order == "desc",
        limit=PAGE_SIZE,
        offset=(page - 1) * PAGE_SIZE,
    )
    result = tournaments_list(site_of(request), query)
    return templates.TemplateResponse(
        request, "tournaments.html", {"t": result, "page": page}, headers=PAGE_CACHE
    )


@router.get("/tournaments/{tournament_id}")
def tournament_page(request: Request, tournament_id: TournamentPath) -> Response:
    """One tournament: standings, games by round, diagnostics."""
    page = tournament(site_of(request), tournament_id)
    return templates.TemplateResponse(request, "tournament.html", {"t": page}, headers=PAGE_CACHE)


@router.get("/tournaments/{tournament_id}/file")
def tournament_file(request: Request, tournament_id: TournamentPath) -> Response:
    """The original results file, byte for byte."""
    found = original_file(site_of(request), tournament_id)
    return Response(
        found.data,
        media_type="text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{found.name}"', **PAGE_CACHE},
    )
