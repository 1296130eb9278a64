"""The Go contest's answer read in a minute, ``/go/evidence`` (issue 37, items 3 and 5):
one sentence from the stored numbers, one chart (each system's gain against the GoR,
``/go/evidence/gain.svg``), the groups table behind a link (``/go/evidence/groups``). The
JSON is ``/api/v1/evidence?game=go`` (`public_api.evidence`)."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import Response

from ratinglist.service.go.evidence import GROUPS, go_evidence_page, go_gain_chart
from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.common import PAGE_CACHE, site_of

router = APIRouter(prefix="/go", include_in_schema=False)
api = APIRouter(prefix="/api/v1/go", tags=["go"])


@router.get("/evidence")
def go_evidence(request: Request) -> Response:
    """The first screen: the answer in one sentence and one chart; the rest behind links."""
    page = go_evidence_page(site_of(request))
    return templates.TemplateResponse(
        request, "games/go/evidence.html", {"e": page}, headers=PAGE_CACHE
    )


@router.get("/evidence/groups")
def go_evidence_groups(request: Request) -> Response:
    """Each system's log-loss and difference from the GoR in every group."""
    page = go_evidence_page(site_of(request))
    return templates.TemplateResponse(
        request, "games/go/evidence_groups.html", {"e": page, "groups": GROUPS}, headers=PAGE_CACHE
    )


@router.get("/evidence/gain.svg")
def go_gain_svg(request: Request) -> Response:
    """Each system's gain in log-loss against the GoR, with its 95% interval."""
    return Response(go_gain_chart(site_of(request)), media_type="image/svg+xml", headers=PAGE_CACHE)
