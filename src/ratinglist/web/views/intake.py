"""The results intake pages: the queue (``/intake``), one item (``/intake/{n}``) with its
forms (accept, reject with a message, fix an ID), and the upload form (``/intake/upload``).

Each page is one service call; writes answer with a redirect to the item (303). Forms carry
the session's CSRF token (``csrf_token``); the gate and `permit` check sign-in, role, token.
"""

from __future__ import annotations

from functools import partial
from typing import Annotated

from fastapi import Query, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile

from ratinglist.errors import N_, IntakeError
from ratinglist.i18n import _
from ratinglist.i18n.messages import translate_error
from ratinglist.model.account import may_officiate
from ratinglist.service.actor import Actor
from ratinglist.service.intake import MAX_BYTES, STATUSES, queue, show, upload
from ratinglist.service.registry import show_player
from ratinglist.service.tournaments.lifecycle import lifecycle, reopen_requests
from ratinglist.web import flash
from ratinglist.web.auth import signed_in
from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.account_mail import mail_of
from ratinglist.web.views.common import NO_STORE, store_of
from ratinglist.web.views.intake_common import (
    Bounded,
    Fixer,
    Officer,
    Uploader,
    Viewer,
    may_fix,
    require_signed_in,
    visible,
)

router = APIRouter(include_in_schema=False)


def _text(form: FormData, key: str) -> str:
    value = form.get(key)
    return value.strip() if isinstance(value, str) else ""


@router.get("/intake")
def queue_page(
    request: Request,
    status: Annotated[str | None, Query(max_length=16)] = "queued",
    country: Annotated[str | None, Query(max_length=100)] = None,
) -> Response:
    """The queue items the signed-in user may see (default: those still queued)."""
    who = require_signed_in(signed_in(request))
    wanted = status or None
    items = visible(who.account, queue(store_of(request), status=wanted, country=country))
    officer = may_officiate(who.account)
    context = {
        "items": items,
        "officer": officer,
        "requests": reopen_requests(store_of(request)) if officer else (),
        "status": wanted or "",
        "country": country or "",
        "statuses": STATUSES,
        "user": who.account.name,
    }
    return templates.TemplateResponse(request, "intake.html", context, headers=NO_STORE)


@router.get("/intake/upload")
def upload_form(request: Request, who: Uploader) -> Response:
    """The upload form."""
    context = {"csrf": who.csrf, "message": None, "max_bytes": MAX_BYTES}
    return templates.TemplateResponse(request, "intake_upload.html", context, headers=NO_STORE)


@router.post("/intake/upload")
async def upload_post(request: Request, _bounded: Bounded, who: Uploader) -> Response:
    """Queue the uploaded file and show it; a refused file shows the form with the reason."""
    form = await request.form()
    file = form.get("upload")
    if not isinstance(file, UploadFile) or not file.filename:
        message = _("expected a .ELO file to upload, got none")
    else:
        data = await file.read(MAX_BYTES + 1)
        try:
            done = await run_in_threadpool(
                upload, store_of(request), file.filename, data, who.actor
            )
        except IntakeError as exc:
            message = translate_error(exc)
        else:
            return RedirectResponse(f"/intake/{done.id}", status_code=303)
    context = {"csrf": who.csrf, "message": message, "max_bytes": MAX_BYTES}
    return templates.TemplateResponse(
        request, "intake_upload.html", context, status_code=400, headers=NO_STORE
    )


@router.get("/intake/{n}")
def item_page(request: Request, n: int, who: Viewer) -> Response:
    """One item: diagnostics, the players to look at, and the forms the user may use."""
    view = show(store_of(request), n)
    account = who.account
    directed = view.item.td_tournament_id
    officer = may_officiate(account)
    context = {
        "v": view,
        "csrf": who.csrf,
        "may_decide": officer,
        "may_fix": may_fix(account, view.item.country),
        "life": lifecycle(store_of(request), directed) if officer and directed else None,
    }
    return flash.page(request, "intake_item.html", context)


@router.post("/intake/{n}/accept")
async def accept_post(request: Request, n: int, who: Officer) -> Response:
    """Accept: import the file with the decision."""
    from ratinglist.service.intake import accept

    note = _text(await request.form(), "message") or None
    done = await run_in_threadpool(
        partial(accept, mail=mail_of(request)), store_of(request), n, who.actor, message=note
    )
    said = f"Accepted {done.file_name}: its tournament is imported"
    if done.import_status:
        said += f" ({done.import_status})"
    return flash.redirect(request, f"/intake/{n}", said + ".")


@router.post("/intake/{n}/reject")
async def reject_post(request: Request, n: int, who: Officer) -> Response:
    """Reject with the message the submitter sees."""
    from ratinglist.service.intake import reject

    message = _text(await request.form(), "message")
    done = await run_in_threadpool(
        partial(reject, mail=mail_of(request)), store_of(request), n, message, who.actor
    )
    sender = Actor.parse(done.submitted_by).name
    said = f"Rejected {done.file_name}: {sender} sees your message."
    return flash.redirect(request, f"/intake/{n}", said)


@router.post("/intake/{n}/fix")
async def fix_post(request: Request, n: int, who: Fixer) -> Response:
    """Replace an ID: by the registry ID typed, or a new one when "new ID" is ticked."""
    from ratinglist.service.intake import fix_id

    form = await request.form()
    old, typed = _text(form, "old"), _text(form, "new")
    if _text(form, "new_id"):
        new = None
    elif typed.isdigit() and typed.isascii():
        new = int(typed)
    else:
        raise IntakeError(
            N_("expected a registry ID (digits) or 'new ID' ticked, got %(typed)r"), typed=typed
        )
    done = await run_in_threadpool(fix_id, store_of(request), n, old, new, who.actor)
    if done.added is not None:
        said = f"{done.added.name} registered with the new ID {done.new}, in place of {old}"
    else:
        named = await run_in_threadpool(show_player, store_of(request), done.new)
        said = f"{old} replaced by {named.player.name} ({done.new})"
    return flash.redirect(request, f"/intake/{n}", f"{said} in {done.item.file_name}.")
