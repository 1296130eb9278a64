"""The language of each request (issue 36): chosen, remembered, and kept apart in caches.

``?lang=fr`` (the switch on every page) wins and is remembered in the ``lang`` cookie; then
the cookie; then ``Accept-Language``; then English (`ratinglist.i18n.choose`). A tournament's
own language (set by its director) comes between the cookie and ``Accept-Language`` on its
director, live and printed pages (``/td/N...``, ``/live/N...``). The choice is put in the scope
(`LOCALE_KEY`, which the response cache keys on) and in `ratinglist.i18n.current_locale` for
the templates and the services called. Every answer gets ``Vary: Accept-Language, Cookie``
and ``Content-Language``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from http.cookies import SimpleCookie
from urllib.parse import parse_qsl, urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ratinglist.i18n import LOCALES, NAMES, choose, current_locale, parse_locale
from ratinglist.web.paths import names_nothing
from ratinglist.web.routes import query_names

LOCALE_KEY = "ratinglist.locale"
"""The scope key holding the locale chosen for a request."""
EXPLICIT_KEY = "ratinglist.locale_explicit"
"""The scope key holding the visitor's own choice (``?lang=`` or cookie), None without one."""
COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600
VARY = b"Accept-Language, Cookie"
TOURNAMENT_PAGE = re.compile(r"/(?:td|live)/(\d+)(?:/|$)")
"""A directed tournament's pages (director's, live, printed sheets): they speak its language."""


def _header(scope: Scope, name: bytes) -> str:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value).decode("latin-1")
    return ""


def _query_lang(scope: Scope) -> str | None:
    raw = bytes(scope.get("query_string", b"")).decode("latin-1")
    found = [value for name, value in parse_qsl(raw) if name == "lang"]
    return parse_locale(found[-1]) if found else None


def _cookie_lang(scope: Scope) -> str | None:
    cookie = SimpleCookie()
    try:
        cookie.load(_header(scope, b"cookie"))
    except Exception:  # a malformed Cookie header: no choice remembered
        return None
    morsel = cookie.get(COOKIE)
    return parse_locale(morsel.value) if morsel is not None else None


class LanguageChooser:
    """ASGI middleware: choose the request's locale, remember a ``?lang=``, mark answers.
    `tournament_language` gives a directed tournament's language (None: none set)."""

    def __init__(
        self, app: ASGIApp, tournament_language: Callable[[int], str | None] | None = None
    ) -> None:
        self.app = app
        self.tournament_language = tournament_language

    async def _tournament(self, scope: Scope) -> str | None:
        found = TOURNAMENT_PAGE.match(str(scope.get("path", "")))
        if found is None or self.tournament_language is None or names_nothing(found.group(0)):
            return None  # past every stored number: `web.path_numbers` answers it
        return await run_in_threadpool(self.tournament_language, int(found.group(1)))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        asked = _query_lang(scope)
        explicit = asked or _cookie_lang(scope)
        tournament = None if explicit else await self._tournament(scope)
        locale = choose(explicit, None, tournament, _header(scope, b"accept-language"))
        scope[LOCALE_KEY] = locale
        scope[EXPLICIT_KEY] = explicit
        token = current_locale.set(locale)

        async def marked(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", [])]
                vary = [v for k, v in headers if k.lower() == b"vary"]
                headers = [(k, v) for k, v in headers if k.lower() != b"vary"]
                headers.append((b"vary", b", ".join([*vary, VARY])))
                if not any(k.lower() == b"content-language" for k, _v in headers):
                    shown = str(scope.get(LOCALE_KEY, locale))
                    headers.append((b"content-language", shown.encode()))
                if asked is not None:
                    cookie = f"{COOKIE}={asked}; Path=/; Max-Age={COOKIE_AGE}; SameSite=Lax"
                    headers.append((b"set-cookie", cookie.encode("latin-1")))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, marked)
        finally:
            current_locale.reset(token)


def language_links(request: Request) -> list[tuple[str, str, str, bool]]:
    """The switch: (code, name in itself, this page's address in it, is it the current one)."""
    route = request.scope.get("route")
    dependant = getattr(route, "dependant", None)
    known = query_names(dependant) if dependant is not None else frozenset()
    pairs = [
        (k, v)
        for k, v in parse_qsl(request.url.query, keep_blank_values=True)
        if k in known and k != "lang"  # only what the page reads: no address forges a link
    ]
    now = current_locale.get()
    links = []
    for code in LOCALES:
        query = urlencode([*pairs, ("lang", code)])
        links.append((code, NAMES[code], f"{request.url.path}?{query}", code == now))
    return links
