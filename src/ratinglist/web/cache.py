"""A response cache for GET pages, keyed by the data version: ETag, 304, gzip once.

Everything the site shows is a function of the URL and of the stored data, and stored data
changes only on import, rating or publication. So a 200 answer to a GET is kept under
(data version, path, query) and served again until the version changes; its gzip form is made
once. Each answer carries an ``ETag`` (the version and URL hashed) and ``Vary:
Accept-Encoding``; a request whose ``If-None-Match`` matches gets 304. Bodies larger than
`max_body` and zip files pass through uncached and uncompressed.
"""

from __future__ import annotations

import gzip
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ratinglist.web.paths import is_under

COMPRESSIBLE = (b"text/", b"application/json", b"image/svg+xml", b"application/javascript")
MIN_COMPRESS = 1024


@dataclass(slots=True)
class _Entry:
    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes
    gzipped: bytes | None = None
    size: int = field(default=0)


UNCACHED_PREFIXES = (
    "/td",
    "/live",
    "/intake",
    "/login",
    "/account",
    "/api/v1/td",
    "/api/v1/live",
    "/api/v1/intake",
)
"""Pages that change with every result or differ per user: never cached, always fresh."""


def _uncached(path: str) -> bool:
    return is_under(path, UNCACHED_PREFIXES)


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
    ) -> None:
        self.app = app
        self.version = version
        self.max_bytes = max_bytes
        self.max_body = max_body
        self._entries: OrderedDict[tuple[str, str, bytes], _Entry] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET" or _uncached(str(scope["path"])):
            await self.app(scope, receive, send)
            return
        version = self.version()
        key = (version, str(scope["path"]), bytes(scope.get("query_string", b"")))
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
            entry = await self._fetch(scope, receive, send, key, etag)
            if entry is None:
                return
        await self._send(entry, wants_gzip, send)

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
        headers = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"]
        headers.append((b"etag", etag))
        headers.append((b"vary", b"Accept-Encoding"))
        entry = _Entry(int(start["status"]), headers, b"".join(chunks))
        entry.size = len(entry.body)
        if entry.status == 200:
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
        body = entry.body
        headers = list(entry.headers)
        content_type = next((v for k, v in headers if k.lower() == b"content-type"), b"")
        if wants_gzip and len(body) >= MIN_COMPRESS and content_type.startswith(COMPRESSIBLE):
            if entry.gzipped is None:
                entry.gzipped = gzip.compress(body, compresslevel=6, mtime=0)
                with self._lock:
                    self._bytes += len(entry.gzipped)
                    entry.size += len(entry.gzipped)
            body = entry.gzipped
            headers.append((b"content-encoding", b"gzip"))
        headers.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": entry.status, "headers": headers})
        await send({"type": "http.response.body", "body": body})
