"""A response cache for GET pages, keyed by the data version: ETag, 304, gzip once.

Everything the site shows is a function of the URL and of the stored data, and stored data
changes only on import, rating or publication. So a 200 answer to a GET is kept under
(data version, path, canonical query) and served again until the version changes; its gzip
form is made once. The canonical query keeps only the parameters the matching route reads,
sorted by name (`canonical_query`): ``/?utm=1`` and ``/?x=2`` are ``/``, not two more renders
of a large page; and under the request's language (`web.language`), so a French visitor never
gets the English page nor the reverse (pages made in advance are English only). On a miss, a
page made in advance at the same version (`service.site_pages`, shared by every server process)
is served before the app is asked. Each answer carries one ``ETag`` (the version, canonical URL
and language hashed, replacing any the app set) and ``Vary: Accept-Encoding``; a request
whose ``If-None-Match`` matches gets 304. Bodies larger than `max_body` and zip files pass
through uncached and uncompressed.
"""

from __future__ import annotations

import gzip
import hashlib
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode

from fastapi.routing import APIRoute
from starlette.routing import compile_path
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ratinglist.i18n import DEFAULT
from ratinglist.service.site_pages import StoredPage, page_key
from ratinglist.web.language import LOCALE_KEY
from ratinglist.web.paths import is_under
from ratinglist.web.routes import query_names

COMPRESSIBLE = (b"text/", b"application/json", b"image/svg+xml", b"application/javascript")
MIN_COMPRESS = 1024


@dataclass(slots=True)
class _Entry:
    """An answer kept: its plain body, its gzip body, or both (made when first needed)."""

    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes | None
    gzipped: bytes | None = None
    size: int = field(default=0)


Stored = Callable[[str, str], StoredPage | None]
"""(data version, page key) -> the page made in advance, or None."""


UNCACHED_PREFIXES = (
    "/td",
    "/live",
    "/intake",
    "/login",
    "/account",
    "/api/v1/td",
    "/api/v1/live",
    "/api/v1/intake",
    "/registry",
    "/api/v1/registry",
)
"""Pages that change with every result or differ per user: never cached, always fresh.
An answer marked ``Cache-Control: no-store`` or ``private`` is not kept either."""


def _uncached(path: str) -> bool:
    return is_under(path, UNCACHED_PREFIXES)


def _personal(headers: list[tuple[bytes, bytes]]) -> bool:
    """True for an answer that must not be served to anyone else (``no-store``, ``private``)."""
    for key, value in headers:
        if key.lower() == b"cache-control":
            words = {w.strip() for w in value.lower().split(b",")}
            if words & {b"no-store", b"private"}:
                return True
    return False


ParameterTable = tuple[tuple[re.Pattern[str], APIRoute], ...]
"""(path pattern, route) of every GET route, in the router's order."""


def parameter_table(app: Any) -> ParameterTable:
    """Every GET route of a FastAPI `app` with its path pattern; the query parameters a route
    reads (its dependencies' too) are looked up when a request to it has a query string, so
    that a route made at its first use (`web.routes.LazyRoute`) is not made before."""
    return tuple(
        (compile_path(path)[0], route) for path, route in _get_routes(getattr(app, "routes", ()))
    )


def _get_routes(routes: Any, prefix: str = "") -> Iterator[tuple[str, APIRoute]]:
    for route in routes:
        if isinstance(route, APIRoute):
            if "GET" in (route.methods or ()):
                yield prefix + route.path, route
        elif hasattr(route, "original_router"):  # a router included by FastAPI's wrapper
            inner = prefix + route.include_context.prefix
            yield from _get_routes(route.original_router.routes, inner)


def canonical_query(scope: Scope, table: ParameterTable) -> bytes:
    """The query string with only the matching route's parameters (none when no route
    matches), sorted by name (stable: the values of a repeated parameter keep their order)."""
    raw = bytes(scope.get("query_string", b""))
    if not raw:
        return raw
    path = str(scope["path"])
    route = next((route for pattern, route in table if pattern.match(path)), None)
    known = query_names(route.dependant) if route is not None else frozenset()
    pairs = [
        (name, value)
        for name, value in parse_qsl(raw.decode("latin-1"), keep_blank_values=True)
        if name in known
    ]
    pairs.sort(key=lambda pair: pair[0])
    return urlencode(pairs).encode("latin-1")


def _without(headers: list[tuple[bytes, bytes]], name: bytes) -> list[tuple[bytes, bytes]]:
    return [(k, v) for k, v in headers if k.lower() != name]


def _header(scope: Scope, name: bytes) -> bytes:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value)
    return b""


class ResponseCache:
    """ASGI middleware: cache, compress and tag GET answers (see the module docstring)."""

    def __init__(
        self,
        app: ASGIApp,
        version: Callable[[], str],
        max_bytes: int = 64 * 1024 * 1024,
        max_body: int = 4 * 1024 * 1024,
        stored: Stored | None = None,
    ) -> None:
        self.app = app
        self.version = version
        self.stored = stored
        self.max_bytes = max_bytes
        self.max_body = max_body
        self._entries: OrderedDict[tuple[str, str, bytes, str], _Entry] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self._parameters: ParameterTable | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET" or _uncached(str(scope["path"])):
            await self.app(scope, receive, send)
            return
        version = self.version()
        if self._parameters is None:
            self._parameters = parameter_table(scope.get("app"))
        # Issue 36: one entry per language (the locale `web.language` chose for the request).
        locale = str(scope.get(LOCALE_KEY, DEFAULT))
        key = (version, str(scope["path"]), canonical_query(scope, self._parameters), locale)
        etag = b'"' + hashlib.sha1(repr(key).encode()).hexdigest()[:20].encode() + b'"'
        if _header(scope, b"if-none-match") == etag:
            await send({"type": "http.response.start", "status": 304, "headers": [(b"etag", etag)]})
            await send({"type": "http.response.body", "body": b""})
            return
        wants_gzip = b"gzip" in _header(scope, b"accept-encoding")
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None:
                self._entries.move_to_end(key)
        if entry is None:
            entry = self._made_in_advance(key, etag)
        if entry is None:
            entry = await self._fetch(scope, receive, send, key, etag)
            if entry is None:
                return
        await self._send(entry, wants_gzip, send)

    def _made_in_advance(self, key: tuple[str, str, bytes, str], etag: bytes) -> _Entry | None:
        """The page made in advance for `key`, kept in memory too (None when there is none).
        Pages are made in advance in the default language only (`web.prerender`)."""
        version, path, query, locale = key
        if self.stored is None or locale != DEFAULT:
            return None
        found = self.stored(version, page_key(path, query.decode("latin-1")))
        if found is None:
            return None
        headers = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in found.headers]
        headers = [*_without(headers, b"etag"), (b"etag", etag), (b"vary", b"Accept-Encoding")]
        entry = _Entry(200, headers, None, found.body, len(found.body))
        self._store(key, entry)
        return entry

    async def _fetch(
        self, scope: Scope, receive: Receive, send: Send, key: Any, etag: bytes
    ) -> _Entry | None:
        """Run the app; keep its answer when cacheable (None: already streamed through)."""
        start: Message | None = None
        chunks: list[bytes] = []
        passing = False

        async def capture(message: Message) -> None:
            nonlocal start, passing
            if passing:
                await send(message)
                return
            if message["type"] == "http.response.start":
                start = message
                return
            chunks.append(message.get("body", b""))
            size = sum(len(c) for c in chunks)
            more = message.get("more_body", False)
            if start is not None and (size > self.max_body or self._is_zip(start)):
                passing = True
                await send(start)
                await send(
                    {"type": "http.response.body", "body": b"".join(chunks), "more_body": more}
                )

        await self.app(scope, receive, capture)
        if passing or start is None:
            return None
        headers = _without(_without(list(start.get("headers", [])), b"content-length"), b"etag")
        headers.append((b"etag", etag))
        headers.append((b"vary", b"Accept-Encoding"))
        body = b"".join(chunks)
        entry = _Entry(int(start["status"]), headers, body, size=len(body))
        if entry.status == 200 and not _personal(headers):
            self._store(key, entry)
        return entry

    @staticmethod
    def _is_zip(start: Message) -> bool:
        return any(
            k.lower() == b"content-type" and b"zip" in v for k, v in start.get("headers", [])
        )

    def _store(self, key: Any, entry: _Entry) -> None:
        with self._lock:
            stale = [k for k in self._entries if k[0] != key[0]]
            for k in stale:
                self._bytes -= self._entries.pop(k).size
            self._entries[key] = entry
            self._bytes += entry.size
            while self._bytes > self.max_bytes and self._entries:
                _, old = self._entries.popitem(last=False)
                self._bytes -= old.size

    async def _send(self, entry: _Entry, wants_gzip: bool, send: Send) -> None:
        headers = list(entry.headers)
        if wants_gzip and self._compressible(entry):
            body = self._gzipped(entry)
            headers.append((b"content-encoding", b"gzip"))
        else:
            body = self._plain(entry)
        headers.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": entry.status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    @staticmethod
    def _compressible(entry: _Entry) -> bool:
        if entry.body is None:
            return True
        content_type = next((v for k, v in entry.headers if k.lower() == b"content-type"), b"")
        return len(entry.body) >= MIN_COMPRESS and content_type.startswith(COMPRESSIBLE)

    def _gzipped(self, entry: _Entry) -> bytes:
        """The gzip body, compressed once."""
        if entry.gzipped is None:
            entry.gzipped = gzip.compress(entry.body or b"", compresslevel=6, mtime=0)
            self._grow(entry, len(entry.gzipped))
        return entry.gzipped

    def _plain(self, entry: _Entry) -> bytes:
        """The plain body, decompressed once."""
        if entry.body is None:
            entry.body = gzip.decompress(entry.gzipped or b"")
            self._grow(entry, len(entry.body))
        return entry.body

    def _grow(self, entry: _Entry, size: int) -> None:
        with self._lock:
            self._bytes += size
            entry.size += size
