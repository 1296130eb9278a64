"""The JSON API of the results intake (``/api/v1/intake...``): the same service calls as the
``ratinglist intake`` commands and the ``/intake`` pages.

The gate refuses anonymous requests first; each route's dependency then checks the role and
the CSRF token (header ``X-CSRF-Token``). An upload is the raw file as the request body
(``POST /api/v1/intake?name=20260314_EGP_Haarlem.ELO``), read only up to the bound.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Query, Request
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from ratinglist.service.intake import (
    MAX_BYTES,
    FixedId,
    IntakeSummary,
    ItemView,
    accept,
    fix_id,
    queue,
    reject,
    show,
    upload,
)
from ratinglist.web.auth import signed_in
from ratinglist.web.routes import APIRouter
from ratinglist.web.views.account_mail import mail_of
from ratinglist.web.views.common import store_of
from ratinglist.web.views.intake_common import (
    Bounded,
    Fixer,
    Officer,
    Uploader,
    Viewer,
    read_bounded,
    visible,
)

router = APIRouter(prefix="/api/v1/intake", tags=["results intake"])

UPLOAD_BODY = {
    "requestBody": {
        "required": True,
        "description": "The .ELO file's bytes, at most 1,000,000.",
        "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}},
    }
}


class Decision(BaseModel):
    """The officer's message: required to reject, optional to accept."""

    message: str = Field(default="", max_length=4000)


class IdFix(BaseModel):
    """Replace `old` (as written in the file) by the registry ID `new`, or by a new ID
    from the host country's range when `new` is null."""

    old: str = Field(min_length=1, max_length=32)
    new: int | None = Field(default=None, ge=1, le=2_000_000_000)


@router.get("")
def list_queue(
    request: Request,
    status: Annotated[str | None, Query(max_length=16)] = None,
    country: Annotated[str | None, Query(max_length=100)] = None,
) -> list[IntakeSummary]:
    """The queue items the signed-in user may see, oldest first."""
    who = signed_in(request)
    if who is None:
        return []
    return visible(who.account, queue(store_of(request), status=status, country=country))


@router.post("", status_code=201, openapi_extra=UPLOAD_BODY)
async def upload_file(
    request: Request,
    name: Annotated[str, Query(min_length=1, max_length=200)],
    _bounded: Bounded,
    who: Uploader,
) -> IntakeSummary:
    """Queue an uploaded .ELO file (the request body) for the rating officer.

    A file over the bounds or with no game line is refused (400) and not stored.
    """
    data = await read_bounded(request, MAX_BYTES)
    return await run_in_threadpool(upload, store_of(request), name, data, who.actor)


@router.get("/{n}")
def show_item(request: Request, n: int, who: Viewer) -> ItemView:
    """One queue item: diagnostics (at submission and now), players to look at, fixes."""
    return show(store_of(request), n)


@router.post("/{n}/fix")
def fix_item(request: Request, n: int, body: IdFix, who: Fixer) -> FixedId:
    """Replace a player ID in the queued file (then read it again)."""
    return fix_id(store_of(request), n, body.old, body.new, who.actor)


@router.post("/{n}/accept")
def accept_item(
    request: Request, n: int, who: Officer, body: Decision | None = None
) -> IntakeSummary:
    """Import the queued file into the archive with the decision (409 if decided already)."""
    note = None if body is None else body.message or None
    return accept(store_of(request), n, who.actor, message=note, mail=mail_of(request))


@router.post("/{n}/reject")
def reject_item(request: Request, n: int, body: Decision, who: Officer) -> IntakeSummary:
    """Reject the queued file with a message the submitter sees."""
    return reject(store_of(request), n, body.message, who.actor, mail=mail_of(request))
