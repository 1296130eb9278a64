"""The message shown once after a write's redirect ("Round 2 paired"), never from the URL.

A page that took its notice from ``?msg=`` showed any text a link carried, as if the site said
it. The message rides instead in a short-lived cookie signed with the session's CSRF token
(HMAC-SHA256): only this server, for this session, can write one that shows. The page that
shows it deletes it. Only signed-in pages use it (the private pages are never cached).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from typing import Any

from fastapi import Request
from fastapi.responses import RedirectResponse, Response

from ratinglist.service.accounts import same_secret
from ratinglist.web.auth import signed_in
from ratinglist.web.templating import templates
from ratinglist.web.views.common import NO_STORE

FLASH_COOKIE = "rl_flash"
MAX_AGE = 120
"""Seconds a message waits for its page."""
MAX_CHARS = 1000
"""Longer messages are cut (a cookie holds about 4 KB)."""


def _signature(key: str, payload: str) -> str:
    return hmac.new(key.encode(), payload.encode(), hashlib.sha256).hexdigest()


def redirect(request: Request, target: str, message: str, *, error: bool = False) -> Response:
    """A 303 redirect to `target` that shows `message` there (a notice, or an error)."""
    response = RedirectResponse(target, status_code=303)
    who = signed_in(request)
    if who is None:
        return response
    text = json.dumps(["error" if error else "notice", message[:MAX_CHARS]])
    payload = base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
    value = f"{payload}.{_signature(who.csrf, payload)}"
    response.set_cookie(
        FLASH_COOKIE,
        value,
        max_age=MAX_AGE,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
        path="/",
    )
    return response


def take(request: Request) -> tuple[str | None, str | None]:
    """The (notice, error) sent by the redirect to this page, if any and genuine."""
    value = request.cookies.get(FLASH_COOKIE, "")
    who = signed_in(request)
    payload, _, sent = value.partition(".")
    if who is None or not payload or not same_secret(sent, _signature(who.csrf, payload)):
        return None, None
    try:
        kind, message = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    except (ValueError, TypeError):
        return None, None
    if not isinstance(message, str):
        return None, None
    return (None, message) if kind == "error" else (message, None)


def shown(request: Request, response: Response) -> Response:
    """`response` with the message cookie deleted (when the request had one)."""
    if FLASH_COOKIE in request.cookies:
        response.delete_cookie(FLASH_COOKIE, path="/")
    return response


def page(request: Request, name: str, context: dict[str, Any]) -> Response:
    """Template `name` with `context` and the message the redirect to it sent (`message`, or
    `error` for a refusal), which it deletes; never cached."""
    notice, error = take(request)
    context = context | {"message": notice, "error": error}
    return shown(request, templates.TemplateResponse(request, name, context, headers=NO_STORE))
