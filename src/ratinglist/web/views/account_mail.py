"""Pages of e-mail to account holders: "forgot password" (``/forgot``), the mailed link's
form (``/reset``) and the signed-in user's address (``/account/email``).

The forgot page answers the same whether or not an account matched (no one learns which
names or addresses exist). Its forms, like the sign-in form, carry their own CSRF token (a
random value in a short-lived cookie and in the form) since there is no session yet. With no
SMTP server (`serve` without ``--smtp``) the forgot page says to ask an admin instead.

The mailed link is built on the configured site address (``serve --site-url``,
``app.state.site_url``), never on the request's ``Host``; the message is sent off the
request by the application's outbox (`service.mail.Outbox`), so the answer takes the same
time whether or not a message goes out. The link's token comes after ``#`` and the reset
page's script puts it in the form (``static/forms.js``): it is in no access log.
"""

from __future__ import annotations

import logging
import secrets
from functools import partial
from typing import Annotated

from fastapi import Depends, Form, Query, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from ratinglist.errors import N_, InputError, PermissionDenied
from ratinglist.service.account_mail import (
    RESET_LIFETIME,
    account_email,
    request_reset,
    reset_password,
    set_account_email,
)
from ratinglist.service.accounts import SignedIn, same_secret
from ratinglist.service.mail import MailError, MailSettings, Outbox
from ratinglist.web.auth import permit
from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.common import NO_STORE, store_of

router = APIRouter()
FORM_CSRF_COOKIE = "rl_form"
signed = permit(lambda _a, _r: True, N_("change your e-mail address"))
log = logging.getLogger("ratinglist.mail")


def mail_of(request: Request) -> MailSettings | None:
    """The SMTP server the application was created with (None: no e-mail)."""
    mail: MailSettings | None = getattr(request.app.state, "mail", None)
    return mail


def outbox_of(request: Request) -> Outbox:
    """The application's outbox (`create_app`)."""
    outbox: Outbox = request.app.state.outbox
    return outbox


def site_url_of(request: Request) -> str:
    """The configured site address the mailed links are built on."""
    site_url: str = request.app.state.site_url
    return site_url


def _form(request: Request, template: str, context: dict[str, object]) -> Response:
    """A form page with a fresh CSRF token in a cookie and in the form."""
    token = secrets.token_urlsafe(24)
    response = templates.TemplateResponse(
        request, template, {"csrf": token, **context}, headers=NO_STORE
    )
    response.set_cookie(FORM_CSRF_COOKIE, token, max_age=3600, httponly=True, samesite="strict")
    return response


def _check_form(request: Request, sent: str) -> None:
    expected = request.cookies.get(FORM_CSRF_COOKIE, "")
    if not expected or not same_secret(sent, expected):
        raise PermissionDenied(N_("expected the form's CSRF token, got none: reload the page"))


@router.get("/forgot", include_in_schema=False)
def forgot_form(request: Request) -> Response:
    """Ask for a password-reset link."""
    return _form(request, "forgot.html", {"sent": False, "mail": mail_of(request) is not None})


@router.post("/forgot", include_in_schema=False)
async def forgot_post(
    request: Request,
    who: Annotated[str, Form(max_length=254)],
    csrf_token: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """Mail a link when an account matches; the same answer either way."""
    _check_form(request, csrf_token)
    mail = mail_of(request)
    if mail is not None:
        base = site_url_of(request)
        send = outbox_of(request).send
        try:
            await run_in_threadpool(
                partial(request_reset, send=send), store_of(request), who, base, mail
            )
        except MailError as exc:
            log.warning("password reset for %r not mailed: %s", who, exc)
    minutes = int(RESET_LIFETIME.total_seconds() // 60)
    return _form(
        request, "forgot.html", {"sent": True, "mail": mail is not None, "minutes": minutes}
    )


@router.get("/reset", include_in_schema=False)
def reset_form(request: Request, token: Annotated[str, Query(max_length=500)] = "") -> Response:
    """The form a mailed link opens: the new password, twice (the token from the link's
    ``#token=``, put in by the page's script; ``?token=`` of older links still works)."""
    return _form(request, "reset.html", {"token": token, "message": None})


@router.post("/reset", include_in_schema=False)
async def reset_post(
    request: Request,
    token: Annotated[str, Form(max_length=500)],
    password: Annotated[str, Form(max_length=1024)],
    again: Annotated[str, Form(max_length=1024)],
    csrf_token: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """Set the new password; on to the sign-in page."""
    _check_form(request, csrf_token)
    if password != again:
        raise InputError(N_("expected the same new password twice, got two different"))
    await run_in_threadpool(reset_password, store_of(request), token, password)
    response = RedirectResponse("/login?next=/td", status_code=303)
    response.delete_cookie(FORM_CSRF_COOKIE)
    return response


@router.get("/account/email", include_in_schema=False)
async def email_form(request: Request, who: Annotated[SignedIn, Depends(signed)]) -> Response:
    """The signed-in user's e-mail address, to change or remove."""
    current = await run_in_threadpool(account_email, store_of(request), who.account.name)
    return templates.TemplateResponse(
        request,
        "account_email.html",
        {"user": who.account.name, "email": current or "", "csrf": who.csrf, "saved": False},
        headers=NO_STORE,
    )


@router.post("/account/email", include_in_schema=False)
async def email_post(
    request: Request,
    who: Annotated[SignedIn, Depends(signed)],
    email: Annotated[str, Form(max_length=254)] = "",
) -> Response:
    """Store the address (empty: remove it)."""
    name = who.account.name
    saved = await run_in_threadpool(set_account_email, store_of(request), name, email, who.actor)
    return templates.TemplateResponse(
        request,
        "account_email.html",
        {"user": name, "email": saved or "", "csrf": who.csrf, "saved": True},
        headers=NO_STORE,
    )
