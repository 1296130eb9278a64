"""Signing in and out: the page and form, and the same for API clients (JSON).

The session cookie is HttpOnly and SameSite=Lax (Secure over HTTPS). The sign-in form carries
its own CSRF token (a random value in a short-lived cookie and in the form: both must match),
since there is no session yet to hold one.
"""

from __future__ import annotations

import secrets
from typing import Annotated

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import RedirectResponse, Response
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from ratinglist.errors import PermissionDenied
from ratinglist.service.accounts import SESSION_LIFETIME, Session, SignedIn, sign_in, sign_out
from ratinglist.web.auth import SESSION_COOKIE, permit
from ratinglist.web.templating import templates
from ratinglist.web.views.common import NO_STORE, db_url

router = APIRouter()
LOGIN_CSRF_COOKIE = "rl_login"
signed = permit(lambda _a, _r: True, "sign out")


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _set_session(response: Response, request: Request, session: Session) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        session.token,
        max_age=int(SESSION_LIFETIME.total_seconds()),
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
        path="/",
    )


def _safe_next(target: str) -> str:
    """Only a path on this site (no scheme, no ``//host``) is followed after sign-in."""
    return target if target.startswith("/") and not target.startswith("//") else "/td"


@router.get("/login", include_in_schema=False)
def login_form(request: Request, next: str = "/td") -> Response:
    """The sign-in form."""
    token = secrets.token_urlsafe(24)
    response = templates.TemplateResponse(
        request,
        "login.html",
        {"next": _safe_next(next), "csrf": token, "message": None},
        headers=NO_STORE,
    )
    response.set_cookie(LOGIN_CSRF_COOKIE, token, max_age=3600, httponly=True, samesite="strict")
    return response


@router.post("/login", include_in_schema=False)
async def login_post(
    request: Request,
    username: Annotated[str, Form(max_length=64)],
    password: Annotated[str, Form(max_length=1024)],
    csrf_token: Annotated[str, Form(max_length=200)] = "",
    next: Annotated[str, Form(max_length=500)] = "/td",
) -> Response:
    """Check the password; on success set the session cookie and go on to `next`."""
    expected = request.cookies.get(LOGIN_CSRF_COOKIE, "")
    if not expected or not secrets.compare_digest(expected, csrf_token):
        raise PermissionDenied("expected the sign-in form's CSRF token, got none: reload the page")
    session = await run_in_threadpool(
        sign_in, db_url(request), username, password, _address(request)
    )
    response = RedirectResponse(_safe_next(next), status_code=303)
    _set_session(response, request, session)
    response.delete_cookie(LOGIN_CSRF_COOKIE)
    return response


@router.post("/logout", include_in_schema=False)
async def logout_post(request: Request, who: Annotated[SignedIn, Depends(signed)]) -> Response:
    """End the session."""
    token = request.cookies.get(SESSION_COOKIE, "")
    await run_in_threadpool(sign_out, db_url(request), token)
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(SESSION_COOKIE)
    return response


class Credentials(BaseModel):
    """A user name and password."""

    username: str = Field(max_length=64)
    password: str = Field(max_length=1024)


class SessionOut(BaseModel):
    """A new session: the user and the CSRF token every write must send (``X-CSRF-Token``)."""

    user: str
    roles: list[str]
    csrf: str


@router.post("/api/v1/login", response_model=SessionOut, tags=["accounts"])
async def api_login(request: Request, body: Credentials) -> Response:
    """Sign in: sets the HttpOnly session cookie and returns the CSRF token for writes."""
    session = await run_in_threadpool(
        sign_in, db_url(request), body.username, body.password, _address(request)
    )
    out = SessionOut(
        user=session.account.name,
        roles=sorted(g.label for g in session.account.grants),
        csrf=session.csrf,
    )
    from fastapi.responses import JSONResponse

    response = JSONResponse(out.model_dump(), headers=NO_STORE)
    _set_session(response, request, session)
    return response


@router.post("/api/v1/logout", status_code=204, tags=["accounts"])
async def api_logout(request: Request, who: Annotated[SignedIn, Depends(signed)]) -> Response:
    """End the session."""
    await run_in_threadpool(sign_out, db_url(request), request.cookies.get(SESSION_COOKIE, ""))
    response = Response(status_code=204)
    response.delete_cookie(SESSION_COOKIE)
    return response
