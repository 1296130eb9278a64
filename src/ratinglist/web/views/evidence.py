"""The evidence page `/evidence` (the contest of rating systems, issue 23 item 4), its two
charts, its JSON `/api/v1/evidence`, and each system's stored list `/systems/{system}`."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path, Query, Request
from fastapi.responses import JSONResponse, Response

from ratinglist.errors import N_, NotFoundError
from ratinglist.service.evidence import (
    LISTED_SYSTEMS,
    MOVE_POINTS,
    evidence_page,
    gain_chart,
    printed_page,
    stored_system_lists,
)
from ratinglist.service.rating_systems import system_list_page
from ratinglist.web.charts import evidence_by_year_svg, evidence_calibration_svg
from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.common import PAGE_CACHE, site_of, store_of
from ratinglist.web.views.games import game_api

router = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/api/v1", tags=["evidence"])

SYSTEM_PAGE_SIZE = 500
"""Rows of a system's list on one page (`all` shows every row)."""

SystemPath = Annotated[str, Path(pattern="^[a-z0-9-]{1,20}$")]


@router.get("/evidence")
def evidence(request: Request) -> Response:
    """The first screen: the answer in one sentence, one chart (each system's gain against
    the official list), what would change for players; the rest behind links."""
    site = site_of(request)
    page = evidence_page(site)
    printed = printed_page(site) if page is not None else None
    context = {
        "e": page,
        "printed": printed,
        "move_points": int(MOVE_POINTS),
        "listed": LISTED_SYSTEMS,
        "stored": stored_system_lists(site),
    }
    return templates.TemplateResponse(request, "evidence_summary.html", context, headers=PAGE_CACHE)


@router.get("/evidence/details")
def evidence_details(request: Request) -> Response:
    """The newest stored evaluation: table, intervals, charts, the reading in plain words."""
    site = site_of(request)
    page = evidence_page(site)
    context = {"e": page, "listed": LISTED_SYSTEMS, "stored": stored_system_lists(site)}
    return templates.TemplateResponse(request, "evidence.html", context, headers=PAGE_CACHE)


@router.get("/evidence/list")
def evidence_list(request: Request) -> Response:
    """The list a federation would print from the winning system's stored list (listing
    rule, provisional mark, the WOF scale), beside the official ratings."""
    site = site_of(request)
    page = evidence_page(site)
    printed = printed_page(site)
    context = {"e": page, "printed": printed, "move_points": int(MOVE_POINTS)}
    return templates.TemplateResponse(request, "evidence_list.html", context, headers=PAGE_CACHE)


@router.get("/evidence/gain.svg")
def gain_svg(request: Request) -> Response:
    """Each system's gain in log-loss against the official list, with its 95% interval."""
    return Response(gain_chart(site_of(request)), media_type="image/svg+xml", headers=PAGE_CACHE)


@router.get("/evidence/calibration.svg")
def calibration_chart(
    request: Request,
    group: Annotated[str | None, Query(pattern="^[a-z0-9-]{1,20}$")] = None,
) -> Response:
    """The reliability diagram of the stored evaluation as SVG: every game, or the games of
    one `group` (overall, newcomer, established, top) when the report has its bins; 404 for
    a group it has none of."""
    page = evidence_page(site_of(request))
    if group is not None and (page is None or group not in page.reliability_groups):
        known = ", ".join(page.reliability_groups) if page else ""
        raise NotFoundError(
            N_("expected a group with a reliability diagram (%(known)s), got %(group)r"),
            known=known or N_("none stored"),
            group=group,
        )
    svg = evidence_calibration_svg(page, group)
    return Response(svg, media_type="image/svg+xml", headers=PAGE_CACHE)


@router.get("/evidence/log-loss-by-year.svg")
def by_year_chart(request: Request) -> Response:
    """Each system's log-loss per year of the stored evaluation as SVG."""
    svg = evidence_by_year_svg(evidence_page(site_of(request)))
    return Response(svg, media_type="image/svg+xml", headers=PAGE_CACHE)


@router.get("/systems/{system}")
def system_list(
    request: Request,
    system: SystemPath,
    show_all: Annotated[bool, Query(alias="all")] = False,
) -> Response:
    """The newest stored list of another rating system (`ratinglist rate --system`), best
    first: `SYSTEM_PAGE_SIZE` rows, or every row with `all`."""
    page = system_list_page(store_of(request), system, limit=None if show_all else SYSTEM_PAGE_SIZE)
    return templates.TemplateResponse(
        request,
        "system_list.html",
        {"s": page, "show_all": show_all, "size": SYSTEM_PAGE_SIZE},
        headers=PAGE_CACHE,
    )


GameQuery = Annotated[
    str, Query(pattern=r"^[a-z]{2,16}$", description="The game: othello (default) or go.")
]


@api.get("/evidence", summary="The stored evaluation of the rating systems")
def evidence_json(request: Request, game: GameQuery = "othello") -> JSONResponse:
    """The newest stored evaluation of `game`'s games as `ratinglist evaluate --json` (with
    ``game=go``: `evaluate --game go --json`) printed it, with its id and the time it was
    stored; 404 when none is stored."""
    if game != "othello":
        return JSONResponse(game_api(game).evidence(request), headers=PAGE_CACHE)
    page = evidence_page(site_of(request))
    if page is None:
        raise NotFoundError(
            N_(
                "expected a stored evaluation, found none (store one with `ratinglist "
                "evaluate --from 2005-01 --to 2026-05 --store`)"
            )
        )
    body = {"id": page.id, "stored_at": page.stored_at.isoformat(), "report": page.report}
    return JSONResponse(body, headers=PAGE_CACHE)
