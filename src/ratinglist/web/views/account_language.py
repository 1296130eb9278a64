"""The language of a user's mails (issue 36), chosen on the account's e-mail page: one form,
one service call (`service.account_mail.set_account_language`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Form, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from ratinglist.service.account_mail import set_account_language
from ratinglist.service.accounts import SignedIn
from ratinglist.web.routes import APIRouter
from ratinglist.web.views.account_mail import signed
from ratinglist.web.views.common import store_of

router = APIRouter(include_in_schema=False)


@router.post("/account/language")
async def language_post(
    request: Request,
    who: Annotated[SignedIn, Depends(signed)],
    language: Annotated[str, Form(max_length=20)],
) -> Response:
    """Store the language of the user's mails; back to the e-mail page."""
    name = who.account.name
    await run_in_threadpool(set_account_language, store_of(request), name, language, who.actor)
    return RedirectResponse("/account/email", status_code=303)
