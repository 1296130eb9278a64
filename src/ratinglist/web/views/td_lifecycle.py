"""A tournament's life on the director's pages and in the API: shown on ``/live`` or not,
reopened after submission (or the rating officer asked to, once the officer accepted the
results), a draft deleted, assistants revoked; and the rating officer's reopening from the
intake pages. One service call each (`service.tournaments.lifecycle`), as the CLI's
``ratinglist tournament live|reopen|delete|assistants|revoke`` commands.

Page writes answer with a redirect to the tournament page and its message (as the other
director's forms, `td_redirect`); a form from a stale page is refused (409) where it could do
harm (showing on /live and deleting carry `based_on`).
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from fastapi import Form, Query, Request
from fastapi.responses import RedirectResponse, Response
from pydantic import BaseModel, Field

from ratinglist.errors import N_, ConflictError, IntakeError, RatinglistError
from ratinglist.i18n import _
from ratinglist.i18n.messages import changed_meanwhile, translate_error
from ratinglist.service.intake import item
from ratinglist.service.tournaments.lifecycle import (
    delete_draft,
    lifecycle,
    reopen,
    request_reopen,
    revoke_assistant,
    show_on_live,
)
from ratinglist.web.auth import Director, Reporter
from ratinglist.web.routes import APIRouter
from ratinglist.web.views.common import store_of
from ratinglist.web.views.intake_common import Officer
from ratinglist.web.views.td_redirect import HOME, _act, _back, _confirm

router = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/api/v1", tags=["tournament director"])

Reason = Annotated[str, Form(min_length=1, max_length=500)]
"""Why a tournament is reopened (typed by the director or the rating officer)."""


@router.post("/td/{tid}/live")
def live_flag(
    request: Request,
    tid: int,
    who: Director,
    public: Annotated[str, Form(pattern="^(yes|no)$")],
    based_on: Annotated[int | None, Form(ge=1)] = None,
) -> Response:
    """Show the tournament on the public live pages, or hide it there."""
    shown = public == "yes"

    def action() -> str:
        changed = show_on_live(store_of(request), tid, shown, who.actor, based_on)
        if shown:
            return _("shown on /live") if changed else _("already shown on /live")
        return _("hidden from /live") if changed else _("already hidden from /live")

    return _act(request, tid, who, action)


@router.post("/td/{tid}/reopen")
def reopen_page(request: Request, tid: int, who: Director, reason: Reason) -> Response:
    """Reopen a submitted tournament (refused, 403, once the rating officer accepted it)."""

    def action() -> str:
        reopen(store_of(request), tid, reason, who.actor)
        return _("reopened: correct it, then submit it again")

    return _act(request, tid, who, action)


@router.post("/td/{tid}/reopen-request")
def reopen_request_page(request: Request, tid: int, who: Director, reason: Reason) -> Response:
    """Ask the rating officer to reopen a tournament whose results the officer accepted."""

    def action() -> str:
        request_reopen(store_of(request), tid, reason, who.actor)
        return _("the rating officer is asked to reopen the tournament")

    return _act(request, tid, who, action)


@router.get("/td/{tid}/delete")
def confirm_delete(request: Request, tid: int, who: Director) -> Response:
    """Ask to confirm deleting a draft."""
    life = lifecycle(store_of(request), tid)
    if not life.draft:
        return _back(
            request,
            tid,
            who,
            "expected a draft to delete (no round paired, never submitted), got a "
            "tournament under way",
            "error",
        )
    return _confirm(
        request,
        tid,
        who,
        question=_("Delete this tournament for good? Its players and settings are lost."),
        action=f"/td/{tid}/delete",
        fields={"based_on": str(life.seq), "confirm": "yes"},
        button=_("Yes, delete it"),
    )


@router.post("/td/{tid}/delete")
def delete_page(
    request: Request,
    tid: int,
    who: Director,
    based_on: Annotated[int | None, Form(ge=1)] = None,
    confirm: Annotated[str, Form(max_length=3)] = "",
) -> Response:
    """Delete a draft (after the confirmation page); back to the director's home page."""
    if confirm != "yes" or based_on is None:
        return RedirectResponse(f"/td/{tid}/delete", status_code=303)
    try:
        name = delete_draft(store_of(request), tid, who.actor, based_on)
    except ConflictError as exc:
        return _back(request, tid, who, changed_meanwhile(exc), "conflict")
    except RatinglistError as exc:
        return _back(request, tid, who, translate_error(exc), "error")
    return _back(request, HOME, who, _("deleted %(name)s", name=name))


@router.post("/td/{tid}/assistants/revoke")
def revoke_page(
    request: Request, tid: int, who: Director, user: Annotated[str, Form(max_length=64)]
) -> Response:
    """Take the assistant role of the tournament from a user."""

    def action() -> str:
        name = revoke_assistant(store_of(request), tid, user, who.actor)
        return _("%(user)s may no longer enter results", user=name)

    return _act(request, tid, who, action)


@router.post("/intake/{n}/reopen")
def officer_reopen_page(request: Request, n: int, who: Officer, reason: Reason) -> Response:
    """The rating officer reopens the directed tournament of queue item `n` (its results
    were accepted): the director may correct it and submit it again."""
    tid = _tournament_of(request, n)
    reopen(store_of(request), tid, reason, who.actor, officer=True)
    return RedirectResponse(f"/intake/{n}", status_code=303)


def _tournament_of(request: Request, n: int) -> int:
    found = item(store_of(request), n).td_tournament_id
    if found is None:
        raise IntakeError(N_("expected a queue item of a directed tournament, got item %(n)s"), n=n)
    return found


class SubmissionOut(BaseModel):
    """The latest results file of a tournament in the rating officer's queue."""

    item: int
    status: str = Field(description="queued, accepted or rejected")
    submitted_at: dt.datetime
    decided_by: str | None
    decided_at: dt.datetime | None
    message: str | None = Field(description="the rating officer's message")
    reopen_request: str | None = Field(description="the director's pending request to reopen")


class LifecycleOut(BaseModel):
    """A tournament's life: shown on /live, closed, its submission, what may be done."""

    tournament: int
    public: bool
    closed: bool
    submission: SubmissionOut | None
    may_reopen: bool = Field(description="the director may reopen it alone")
    needs_consent: bool = Field(description="accepted: the rating officer reopens it")
    draft: bool = Field(description="no round paired, never submitted: it may be deleted")
    assistants: list[str]
    seq: int


class LiveFlag(BaseModel):
    """Show the tournament on the public live pages (`public` True) or hide it."""

    public: bool
    based_on: int | None = Field(default=None, ge=1)


class LiveFlagOut(BaseModel):
    """Whether it is shown now, and whether the request changed it."""

    public: bool
    changed: bool


class ReasonIn(BaseModel):
    """Why the tournament is reopened."""

    reason: str = Field(min_length=1, max_length=500)


class SeqOut(BaseModel):
    """The log's event number of the action."""

    seq: int


class UserIn(BaseModel):
    """A user name."""

    user: str = Field(min_length=1, max_length=64)


class DeletedOut(BaseModel):
    """The name of the deleted tournament."""

    deleted: str


def _life(request: Request, tid: int) -> LifecycleOut:
    life = lifecycle(store_of(request), tid)
    sent = life.submission
    return LifecycleOut(
        tournament=life.tournament,
        public=life.public,
        closed=life.closed,
        submission=None
        if sent is None
        else SubmissionOut(
            item=sent.item,
            status=sent.status,
            submitted_at=sent.submitted_at,
            decided_by=sent.decided_by,
            decided_at=sent.decided_at,
            message=sent.message,
            reopen_request=sent.reopen_request,
        ),
        may_reopen=life.may_reopen,
        needs_consent=life.needs_consent,
        draft=life.draft,
        assistants=list(life.assistants),
        seq=life.seq,
    )


@api.get("/td/tournaments/{tid}/lifecycle")
def api_lifecycle(request: Request, tid: int, who: Reporter) -> LifecycleOut:
    """Shown on /live or not, closed, the submission's state and the rating officer's
    message, whether it may be reopened or deleted, the assistants."""
    return _life(request, tid)


@api.post("/td/tournaments/{tid}/live")
def api_live_flag(request: Request, tid: int, body: LiveFlag, who: Director) -> LiveFlagOut:
    """Show the tournament on the public live pages, or hide it (409 from a stale log)."""
    changed = show_on_live(store_of(request), tid, body.public, who.actor, body.based_on)
    return LiveFlagOut(public=body.public, changed=changed)


@api.post("/td/tournaments/{tid}/reopen")
def api_reopen(request: Request, tid: int, body: ReasonIn, who: Director) -> SeqOut:
    """Reopen a submitted tournament (403 once the rating officer accepted its results)."""
    return SeqOut(seq=reopen(store_of(request), tid, body.reason, who.actor))


@api.post("/td/tournaments/{tid}/reopen-request")
def api_reopen_request(request: Request, tid: int, body: ReasonIn, who: Director) -> SeqOut:
    """Ask the rating officer to reopen a tournament whose results the officer accepted."""
    return SeqOut(seq=request_reopen(store_of(request), tid, body.reason, who.actor))


@api.delete("/td/tournaments/{tid}")
def api_delete(
    request: Request,
    tid: int,
    who: Director,
    based_on: Annotated[int | None, Query(ge=1)] = None,
) -> DeletedOut:
    """Delete a draft for good (no round paired, never submitted; 409 from a stale log)."""
    return DeletedOut(deleted=delete_draft(store_of(request), tid, who.actor, based_on))


@api.get("/td/tournaments/{tid}/assistants")
def api_assistants(request: Request, tid: int, who: Director) -> list[str]:
    """The user names of the tournament's assistants."""
    return list(lifecycle(store_of(request), tid).assistants)


@api.post("/td/tournaments/{tid}/assistants/revoke")
def api_revoke(request: Request, tid: int, body: UserIn, who: Director) -> list[str]:
    """Take the assistant role from a user; the assistants left."""
    revoke_assistant(store_of(request), tid, body.user, who.actor)
    return list(lifecycle(store_of(request), tid).assistants)


@api.post("/intake/{n}/reopen")
def api_officer_reopen(request: Request, n: int, body: ReasonIn, who: Officer) -> SeqOut:
    """The rating officer reopens the directed tournament of queue item `n`."""
    tid = _tournament_of(request, n)
    return SeqOut(seq=reopen(store_of(request), tid, body.reason, who.actor, officer=True))
