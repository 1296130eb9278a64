"""Sheets to print and the pairing report: the director's (``/td/{tid}/print/{sheet}``,
``/td/{tid}/rounds/{number}/report``), the public ones of the live pages
(``/live/{tid}/print/{sheet}``: the sheets whose data those pages show anyone) and the
JSON of both (``/api/v1/td/tournaments/{tid}/...``).

A sheet is an HTML page styled for A4 (`static/print.css`); the browser prints it, or
saves it as a PDF (docs/decisions.md, issue 21 printing: no PDF library on the server).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Query, Request
from fastapi.responses import Response

from ratinglist.model.report import PairingReport, PrintSheet
from ratinglist.service.tournaments.printing import (
    PUBLIC_SHEETS,
    SHEETS,
    pairing_report,
    print_sheet,
)
from ratinglist.web.auth import Reporter
from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.common import NO_STORE, db_url
from ratinglist.web.views.live import shown_or_404

router = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/api/v1/td", tags=["tournament director"])

RoundQuery = Annotated[
    int | None, Query(ge=1, description="A paired round (default: the last paired).")
]


def _page(request: Request, sheet: PrintSheet, base: str, offered: frozenset[str]) -> Response:
    links = tuple((name, title) for name, title in SHEETS.items() if name in offered)
    context = {"p": sheet, "base": base, "links": links}
    return templates.TemplateResponse(request, "print_sheet.html", context, headers=NO_STORE)


@router.get("/td/{tid}/print/{sheet}")
def td_sheet(
    request: Request, tid: int, sheet: str, who: Reporter, round: RoundQuery = None
) -> Response:
    """A sheet to print (pairings by table or by name, result slips, standings, cross
    table, welcome sheets), for round `round` where the sheet is a round's."""
    found = print_sheet(db_url(request), tid, sheet, round)
    if sheet == "welcome":  # the director's sheet only: each player's code (issue 35)
        from ratinglist.web.views.td_players import welcome_codes

        return welcome_codes(request, tid, found, SHEETS)
    return _page(request, found, f"/td/{tid}", frozenset(SHEETS))


@router.get("/live/{tid}/print/{sheet}")
def live_sheet(request: Request, tid: int, sheet: str, round: RoundQuery = None) -> Response:
    """A public sheet to print: what the live page shows already (pairings, standings,
    cross table), of a tournament shown on /live."""
    shown_or_404(request, tid)
    found = print_sheet(db_url(request), tid, sheet, round, public=True)
    return _page(request, found, f"/live/{tid}", PUBLIC_SHEETS)


@router.get("/td/{tid}/rounds/{number}/report")
def report_page(request: Request, tid: int, number: int, who: Reporter) -> Response:
    """A round's pairing report: each pair's cost parts and each player's next-best
    opponents with the cost difference."""
    found = pairing_report(db_url(request), tid, number)
    context = {"r": found, "tid": tid}
    return templates.TemplateResponse(request, "td_report.html", context, headers=NO_STORE)


@api.get("/tournaments/{tid}/rounds/{number}/report")
def api_report(request: Request, tid: int, number: int, who: Reporter) -> PairingReport:
    """A round's pairing report (the same as ``ratinglist tournament report --json``)."""
    return pairing_report(db_url(request), tid, number)


@api.get("/tournaments/{tid}/print/{sheet}")
def api_sheet(
    request: Request, tid: int, sheet: str, who: Reporter, round: RoundQuery = None
) -> PrintSheet:
    """A sheet's data: pairings, names, slips, standings, grid or welcome."""
    return print_sheet(db_url(request), tid, sheet, round)
