"""Signing in and out: the page and form, and the same for API clients (JSON); a user's own
account page (``/account``: change the password) and the admin's users page
(``/account/users``: add users, set passwords, grant and revoke roles, as ``ratinglist users``).

The session cookie is HttpOnly and SameSite=Lax (Secure over HTTPS). The sign-in form carries
its own CSRF token (a random value in a short-lived cookie and in the form: both must match),
since there is no session yet to hold one.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Annotated

from fastapi import Depends, Form, Request
from fastapi.responses import RedirectResponse, Response
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from ratinglist.errors import N_, PermissionDenied, RatinglistError
from ratinglist.i18n import _
from ratinglist.i18n.messages import translate_error
from ratinglist.model.account import Role, may_manage_accounts
from ratinglist.service.accounts import (
    MIN_PASSWORD,
    SESSION_LIFETIME,
    Session,
    SignedIn,
    add_user,
    change_password,
    grant,
    parse_grant,
    revoke,
    same_secret,
    set_password,
    sign_in,
    sign_out,
    users,
)
from ratinglist.web import flash
from ratinglist.web.auth import SESSION_COOKIE, permit
from ratinglist.web.limits import address_of
from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.common import NO_STORE, store_of

router = APIRouter()
LOGIN_CSRF_COOKIE = "rl_login"
signed = permit(lambda _a, _r: True, N_("sign out"))
Signed = Annotated[SignedIn, Depends(signed)]
Admin = Annotated[
    SignedIn, Depends(permit(lambda a, _r: may_manage_accounts(a), N_("manage users")))
]


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
    if not expected or not same_secret(csrf_token, expected):
        raise PermissionDenied(
            N_("expected the sign-in form's CSRF token, got none: reload the page")
        )
    session = await run_in_threadpool(
        sign_in, store_of(request), username, password, address_of(request)
    )
    response = RedirectResponse(_safe_next(next), status_code=303)
    _set_session(response, request, session)
    response.delete_cookie(LOGIN_CSRF_COOKIE)
    return response


@router.post("/logout", include_in_schema=False)
async def logout_post(request: Request, who: Annotated[SignedIn, Depends(signed)]) -> Response:
    """End the session."""
    token = request.cookies.get(SESSION_COOKIE, "")
    await run_in_threadpool(sign_out, store_of(request), token)
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
        sign_in, store_of(request), body.username, body.password, address_of(request)
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
    await run_in_threadpool(sign_out, store_of(request), request.cookies.get(SESSION_COOKIE, ""))
    response = Response(status_code=204)
    response.delete_cookie(SESSION_COOKIE)
    return response


@router.get("/account", include_in_schema=False)
def account_page(request: Request, who: Signed) -> Response:
    """The signed-in user's roles and the form to change their password."""
    context = {
        "who": who,
        "csrf": who.csrf,
        "min_password": MIN_PASSWORD,
        "admin": may_manage_accounts(who.account),
    }
    return flash.page(request, "account.html", context)


@router.post("/account/password", include_in_schema=False)
async def password_post(
    request: Request,
    who: Signed,
    current: Annotated[str, Form(max_length=1024)],
    new: Annotated[str, Form(max_length=1024)],
    again: Annotated[str, Form(max_length=1024)],
) -> Response:
    """Change one's own password: the other sessions end, this device stays signed in."""
    if new != again:
        return flash.redirect(
            request, "/account", "expected the new password twice, got two different", error=True
        )
    try:
        session = await run_in_threadpool(
            change_password, store_of(request), who.account.name, current, new, address_of(request)
        )
    except RatinglistError as exc:
        return flash.redirect(request, "/account", translate_error(exc), error=True)
    request.state.signed_in = SignedIn(session.account, session.csrf)
    response = flash.redirect(
        request, "/account", "Password changed; your other devices are signed out."
    )
    _set_session(response, request, session)
    return response


@router.get("/account/users", include_in_schema=False)
def users_page(request: Request, who: Admin) -> Response:
    """Every user with their roles, and the forms to change them."""
    context = {
        "who": who,
        "csrf": who.csrf,
        "users": users(store_of(request)),
        "roles": [r.value for r in Role],
        "min_password": MIN_PASSWORD,
    }
    return flash.page(request, "account_users.html", context)


def _users_done(request: Request, action: Callable[[], str]) -> Response:
    """Run an admin's change; back to the users page with its message or the refusal."""
    try:
        done = action()
    except RatinglistError as exc:
        return flash.redirect(request, "/account/users", translate_error(exc), error=True)
    return flash.redirect(request, "/account/users", done)


UserField = Annotated[str, Form(min_length=1, max_length=64)]
PasswordField = Annotated[str, Form(max_length=1024)]
RoleField = Annotated[str, Form(min_length=1, max_length=32)]
ScopeField = Annotated[str, Form(max_length=100)]


@router.post("/account/users", include_in_schema=False)
def add_user_post(
    request: Request, who: Admin, name: UserField, password: PasswordField
) -> Response:
    """Add a user (no role yet)."""

    def act() -> str:
        made = add_user(store_of(request), name, password, who.actor)
        return _("user %(name)s added", name=made.name)

    return _users_done(request, act)


@router.post("/account/users/password", include_in_schema=False)
def set_password_post(
    request: Request, who: Admin, name: UserField, password: PasswordField
) -> Response:
    """Set a user's password (their sessions end)."""

    def act() -> str:
        set_password(store_of(request), name, password, who.actor)
        return _("password of %(name)s changed; their sessions ended", name=name)

    return _users_done(request, act)


def _change_role(
    request: Request, who: SignedIn, name: str, role: str, scope: str, *, give: bool
) -> Response:
    """Grant (`give`) or revoke a role, and say whether anything changed; an admin never
    takes away their own admin role."""

    def act() -> str:
        chosen = parse_grant(role, scope)
        if give:
            added = grant(store_of(request), name, chosen, who.actor)
            said = N_("%(name)s now has %(role)s") if added else N_("%(name)s already had %(role)s")
            return _(said, name=name, role=chosen.label)
        if name == who.account.name and chosen.role is Role.ADMIN:
            raise PermissionDenied(N_("expected another admin to take your admin role, got you"))
        removed = revoke(store_of(request), name, chosen, who.actor)
        said = (
            N_("%(name)s no longer has %(role)s")
            if removed
            else N_("%(name)s did not have %(role)s")
        )
        return _(said, name=name, role=chosen.label)

    return _users_done(request, act)


@router.post("/account/users/grant", include_in_schema=False)
def grant_post(
    request: Request, who: Admin, name: UserField, role: RoleField, scope: ScopeField = ""
) -> Response:
    """Give a user a role."""
    return _change_role(request, who, name, role, scope, give=True)


@router.post("/account/users/revoke", include_in_schema=False)
def revoke_post(
    request: Request, who: Admin, name: UserField, role: RoleField, scope: ScopeField = ""
) -> Response:
    """Take a role away from a user."""
    return _change_role(request, who, name, role, scope, give=False)
