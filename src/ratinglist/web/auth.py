"""Who is asking: the sign-in gate, the role checks and the CSRF check of every write.

`AuthGate` (ASGI middleware) runs before any route: a request that writes (any method but
GET/HEAD/OPTIONS, except the few public ones in `PUBLIC_WRITES`) or reads a private page
(`PRIVATE_PREFIXES`) must carry a valid session cookie, else it is refused before its body
is read: 401 for the API, a redirect to the sign-in page for pages. The route's dependency
(`permit`) then checks the role (403, after reading the session again when the gate's
possibly few seconds old answer lacks it) and, for writes, the session's CSRF token, sent as the
form field ``csrf_token`` or the header ``X-CSRF-Token`` (403 when missing or wrong).
Everything public stays public: reads of the site, the API and the live pages need nothing.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from functools import partial
from http.cookies import SimpleCookie
from typing import Annotated
from urllib.parse import quote

from fastapi import Depends, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse, RedirectResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from ratinglist.errors import N_, PermissionDenied, TournamentInputError
from ratinglist.i18n import _
from ratinglist.model.account import (
    Account,
    may_create_tournament,
    may_direct,
    may_enter_results,
)
from ratinglist.service.accounts import SignedIn, check_csrf, remembered_session, session_of
from ratinglist.service.databases import Store
from ratinglist.web.paths import is_under

SESSION_COOKIE = "rl_session"
CSRF_HEADER = "x-csrf-token"
CSRF_FIELD = "csrf_token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
PUBLIC_WRITES = frozenset({"/login", "/api/v1/login", "/check", "/forgot", "/reset"})
"""Writes open to anyone: signing in, asking for a password-reset link and using it (the
link is the proof), and checking a file (which stores nothing)."""
CODE_WRITES = frozenset(
    {
        "/live/{tid}/register",
        "/api/v1/live/{tid}/registrations",
        "/live/{tid}/me",
        "/live/{tid}/me/result",
        "/live/{tid}/me/checkin",
        "/api/v1/live/{tid}/results",
        "/api/v1/live/{tid}/checkin",
    }
)
"""Anonymous writes of the players' side (issue 35), as route paths: the registration form
(throttled, bounded) and the writes that carry a player's code instead of a session."""
_CODE_WRITE = re.compile(
    "^(" + "|".join(re.escape(p).replace(r"\{tid\}", "[0-9]+") for p in sorted(CODE_WRITES)) + ")$"
)


def is_code_write(path: str) -> bool:
    """True for a request path of one of `CODE_WRITES`."""
    return _CODE_WRITE.match(path) is not None


PRIVATE_PREFIXES = (
    "/td",
    "/api/v1/td",
    "/intake",
    "/api/v1/intake",
    "/registry",
    "/api/v1/registry",
    "/account",
    "/publishing",
    "/api/v1/publishing",
)
"""Pages and API paths that need a signed-in user even to read."""


def is_private(path: str) -> bool:
    """True for paths under a private prefix (``/td`` and ``/td/...``, not ``/tdx``)."""
    return is_under(path, PRIVATE_PREFIXES)


def needs_sign_in(method: str, path: str) -> bool:
    """True when the gate must find a session before the request goes on."""
    if method in SAFE_METHODS:
        return is_private(path)
    return path not in PUBLIC_WRITES and not is_code_write(path)


def _cookie(scope: Scope, name: str) -> str:
    for key, value in scope.get("headers", []):
        if key == b"cookie":
            jar: SimpleCookie = SimpleCookie()
            jar.load(value.decode("latin-1"))
            if name in jar:
                return jar[name].value
    return ""


class AuthGate:
    """ASGI middleware: find the session; refuse anonymous writes and private reads."""

    def __init__(self, app: ASGIApp, db: Store) -> None:
        self.app = app
        self.db = db

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path, method = str(scope["path"]), str(scope["method"])
        token = _cookie(scope, SESSION_COOKIE)
        who = remembered_session(self.db, token)
        if who is None and token:
            who = await run_in_threadpool(session_of, self.db, token)
        scope.setdefault("state", {})["signed_in"] = who
        if who is None and needs_sign_in(method, path):
            await self._refuse(scope, path, method)(scope, receive, send)
            return
        await self.app(scope, receive, send)

    @staticmethod
    def _refuse(scope: Scope, path: str, method: str) -> ASGIApp:
        if path.startswith("/api/"):
            body = {
                "error": {
                    "status": 401,
                    "code": "unauthenticated",
                    "message": _("expected a signed-in session (POST /api/v1/login), got none"),
                }
            }
            return JSONResponse(body, status_code=401, headers={"WWW-Authenticate": "Cookie"})
        target = path if method in SAFE_METHODS else "/td"
        return RedirectResponse(f"/login?next={quote(target)}", status_code=303)


def shows_intake(request: Request) -> bool:
    """True when the navigation links the intake: a signed-in user with a role (any role
    may upload; officers review), on a private page. Public pages are cached for everyone
    (`web.cache`), so their navigation is the same for all and names no private link but
    "Director"."""
    who = signed_in(request)
    return who is not None and bool(who.account.grants) and is_private(request.url.path)


def signed_in(request: Request) -> SignedIn | None:
    """The session the gate found for this request (None: anonymous)."""
    who: SignedIn | None = getattr(request.state, "signed_in", None)
    return who


Check = Callable[[Account, Request], bool]


def path_tournament(request: Request) -> int:
    """The tournament number in the path (``{tid}``).

    Raises:
        TournamentInputError: not a number (the role checks run before FastAPI reads the path).
    """
    sent = request.path_params["tid"]
    try:
        return int(sent)
    except ValueError:
        raise TournamentInputError(
            N_("expected a tournament number, got %(sent)r"), sent=sent[:40]
        ) from None


def permit(check: Check, what: str) -> Callable[[Request], Awaitable[SignedIn]]:
    """A dependency: the signed-in user, if `check` allows them; writes must carry the CSRF token.

    `what` names the permission in the refusal ("direct this tournament").
    """

    async def dependency(request: Request) -> SignedIn:
        who = signed_in(request)
        if who is None:  # the gate lets only public writes through anonymously
            raise PermissionDenied(N_("expected a signed-in user, got none"))
        if not check(who.account, request):
            who = await _fresh(request) or who
            if not check(who.account, request):
                raise PermissionDenied(
                    N_("expected a user allowed to %(what)s, got %(name)s"),
                    what=what,
                    name=who.account.name,
                )
        if request.method not in SAFE_METHODS:
            sent = request.headers.get(CSRF_HEADER)
            if sent is None and _is_form(request):
                form = await request.form()
                field = form.get(CSRF_FIELD)
                sent = field if isinstance(field, str) else None
            check_csrf(who, sent)
        return who

    return dependency


async def _fresh(request: Request) -> SignedIn | None:
    """The request's session read again from the database (the gate's answer may be a few
    seconds old: `service.accounts.SESSION_CHECK_S`), e.g. to see a role granted meanwhile."""
    token = request.cookies.get(SESSION_COOKIE, "")
    db: Store = request.app.state.db
    who = await run_in_threadpool(partial(session_of, db, token, fresh=True))
    request.state.signed_in = who
    return who


def _is_form(request: Request) -> bool:
    kind = request.headers.get("content-type", "")
    return kind.startswith(("application/x-www-form-urlencoded", "multipart/form-data"))


Creator = Annotated[
    SignedIn, Depends(permit(lambda a, _r: may_create_tournament(a), N_("create tournaments")))
]
"""A user who may create tournaments (pages and API)."""
Director = Annotated[
    SignedIn,
    Depends(permit(lambda a, r: may_direct(a, path_tournament(r)), N_("direct this tournament"))),
]
"""The director of the tournament in the path (or an admin)."""
Reporter = Annotated[
    SignedIn,
    Depends(
        permit(
            lambda a, r: may_enter_results(a, path_tournament(r)),
            N_("enter results of this tournament"),
        )
    ),
]
"""A user who may enter results of the tournament in the path: its director or assistant."""
