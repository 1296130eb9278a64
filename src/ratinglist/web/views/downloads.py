"""`/downloads`: joueurs.txt, each list as CSV, the results archive as zips."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from fastapi import Path, Request
from fastapi.responses import Response

from ratinglist.service.site_downloads import archive_zip, downloads, list_csv, players_file
from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.common import LIST_CACHE, PAGE_CACHE, site_of

router = APIRouter(include_in_schema=False)


def _attachment(name: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{name}"'}


@router.get("/downloads")
def downloads_page(request: Request) -> Response:
    """What can be downloaded."""
    page = downloads(site_of(request))
    return templates.TemplateResponse(request, "downloads.html", {"d": page}, headers=PAGE_CACHE)


@router.get("/downloads/joueurs.txt")
def joueurs(request: Request) -> Response:
    """The players list in Papp's format with the latest published ratings."""
    data = players_file(site_of(request))
    return Response(
        data,
        media_type="text/plain; charset=utf-8",
        headers={**_attachment("joueurs.txt"), **LIST_CACHE},
    )


@router.get("/downloads/lists/{as_of}.csv")
def list_file(request: Request, as_of: dt.date) -> Response:
    """A published list as CSV."""
    ref, text = list_csv(site_of(request), as_of)
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={**_attachment(f"ratinglist-{ref.as_of.isoformat()}.csv"), **LIST_CACHE},
    )


@router.get("/downloads/results.zip")
def all_results(request: Request) -> Response:
    """Every current results file."""
    data = archive_zip(site_of(request), None)
    return Response(data, media_type="application/zip", headers=_attachment("wof_results.zip"))


@router.get("/downloads/results-{year}.zip")
def year_results(request: Request, year: Annotated[int, Path(ge=1900, le=2200)]) -> Response:
    """The results files of one year."""
    data = archive_zip(site_of(request), year)
    return Response(
        data, media_type="application/zip", headers=_attachment(f"wof_results_{year}.zip")
    )
