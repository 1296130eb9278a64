"""Watching a served app: Prometheus metrics, an access log line per request with a request id,
the operations routes answered before anything else, and Secure cookies behind a TLS proxy.

`Observe` is the outermost ASGI middleware (`install`). For every HTTP request it:
- takes the client's ``X-Request-ID`` when it is a plain token (up to 64 letters, digits,
  ``.``, ``_``, ``-``), else makes one, and sends it back in the response's ``X-Request-ID``;
- answers ``/healthz``, ``/readyz`` and ``/metrics`` itself (`web.views.operations`): no
  response cache, stored page or sign-in gate sits in front of them, and ``/healthz`` never
  touches the database;
- counts the request by route (the path pattern, e.g. ``/players/{player_id}``, so the number
  of series stays bounded), method and status, and times it;
- writes one JSON line to the ``ratinglist.access`` logger (time, request id, method, path,
  route, status, milliseconds, client address: the proxy's client when `serve
  --proxy-headers` trusts it);
- with `secure_cookies`, marks every ``Set-Cookie`` ``Secure`` (a TLS proxy that speaks plain
  HTTP to the app: the app itself sees ``http``).

Metrics under `serve --workers N`: each worker process counts in files under
``PROMETHEUS_MULTIPROC_DIR`` (prometheus_client's multiprocess mode, set up by `serve`), and
``/metrics`` adds up every worker's; without that variable (tests, one process) the process's
own registry is used.
"""

from __future__ import annotations

import json
import logging
import os
import re
import time
import uuid
from typing import Any
from urllib.parse import unquote_plus

from prometheus_client import Counter, Gauge, Histogram
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ratinglist.service.operations import watch_write_waits

ACCESS_LOGGER = "ratinglist.access"
ACCESS_LOG_ENV = "RATINGLIST_ACCESS_LOG"
"""``0`` turns the access log off (`serve --no-access-log`)."""
SECURE_COOKIES_ENV = "RATINGLIST_SECURE_COOKIES"
"""``1`` marks every cookie Secure (`serve --secure-cookies`)."""
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
REQUEST_ID = b"x-request-id"
_TOKEN = re.compile(r"[A-Za-z0-9._-]{1,64}")
OPERATIONS_PATHS = frozenset({"/healthz", "/readyz", "/metrics"})

REQUESTS = Counter(
    "ratinglist_http_requests",
    "HTTP requests answered, by route pattern, method and status.",
    ["route", "method", "status"],
)
LATENCY = Histogram(
    "ratinglist_http_request_duration_seconds",
    "Time from a request reaching the app to the end of its response, by route pattern.",
    ["route", "method"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
WRITES_WAITING = Gauge(
    "ratinglist_writes_waiting",
    "Write transactions waiting for the database's write lock.",
    multiprocess_mode="livesum",
)
IN_PROGRESS = Gauge(
    "ratinglist_http_requests_in_progress",
    "HTTP requests being answered.",
    multiprocess_mode="livesum",
)

access_log = logging.getLogger(ACCESS_LOGGER)


def _note_wait(change: int) -> None:
    WRITES_WAITING.inc(change)


def request_id(scope: Scope) -> str:
    """The request's id: the client's ``X-Request-ID`` when it is a plain token, else new."""
    for key, value in scope.get("headers", []):
        if key == REQUEST_ID:
            text = str(value.decode("latin-1"))
            if _TOKEN.fullmatch(text):
                return text
            break
    return uuid.uuid4().hex


RouteTable = list[tuple[re.Pattern[str], str, frozenset[str] | None]]
SEEN_PATHS = 8192
"""Paths whose route pattern `RouteFinder` remembers (the memory is emptied when full)."""


class RouteFinder:
    """The route pattern of a request answered before routing (the response cache, a stored
    page): the app's routes, those of included routers too, matched by their path regex."""

    def __init__(self) -> None:
        self._table: RouteTable | None = None
        self._seen: dict[tuple[str, str], str] = {}

    def _routes(self, app: Any) -> RouteTable:
        if self._table is None:
            table: RouteTable = []

            def walk(routes: Any) -> None:
                for route in routes:
                    inner = getattr(route, "original_router", None)  # FastAPI's included router
                    if inner is not None:
                        walk(inner.routes)
                        continue
                    regex, path = getattr(route, "path_regex", None), getattr(route, "path", None)
                    if isinstance(regex, re.Pattern) and isinstance(path, str):
                        methods = getattr(route, "methods", None)
                        table.append((regex, path, frozenset(methods) if methods else None))

            walk(getattr(getattr(app, "router", None), "routes", ()))
            self._table = table
        return self._table

    def find(self, scope: Scope) -> str:
        """The pattern of the route that answered, or would answer, the request."""
        route = getattr(scope.get("route"), "path", None)
        if isinstance(route, str):
            return route
        method, path = scope.get("method", ""), scope.get("path", "")
        key = (method, path)
        found = self._seen.get(key)
        if found is None:
            found = "other"
            for regex, pattern, methods in self._routes(scope.get("app")):
                if regex.match(path) and (methods is None or method in methods):
                    found = pattern
                    break
            if len(self._seen) >= SEEN_PATHS:
                self._seen.clear()
            self._seen[key] = found
        return found


def _secure(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    out = []
    for key, value in headers:
        if key.lower() == b"set-cookie" and b"secure" not in value.lower():
            value = value + b"; Secure"
        out.append((key, value))
    return out


class Observe:
    """ASGI middleware: see the module text."""

    def __init__(
        self,
        app: ASGIApp,
        operations: ASGIApp,
        *,
        secure_cookies: bool = False,
        log_access: bool = True,
    ) -> None:
        self.app = app
        self.operations = operations
        self.secure_cookies = secure_cookies
        self.log_access = log_access
        self.routes = RouteFinder()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        began = time.perf_counter()
        rid = request_id(scope)
        scope.setdefault("state", {})["request_id"] = rid
        status = 500
        secure = self.secure_cookies

        async def observed(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
                headers = [(k, v) for k, v in message.get("headers", []) if k != REQUEST_ID]
                headers.append((REQUEST_ID, rid.encode()))
                if secure:
                    headers = _secure(headers)
                message = {**message, "headers": headers}
            await send(message)

        path = scope.get("path", "")
        target = self.operations if path in OPERATIONS_PATHS else self.app
        IN_PROGRESS.inc()
        try:
            await target(scope, receive, observed)
        finally:
            IN_PROGRESS.dec()
            seconds = time.perf_counter() - began
            route = path if path in OPERATIONS_PATHS else self.routes.find(scope)
            method = scope.get("method", "")
            REQUESTS.labels(route, method, str(status)).inc()
            LATENCY.labels(route, method).observe(seconds)
            if self.log_access:
                self._log(scope, rid, route, status, seconds)

    @staticmethod
    def _log(scope: Scope, rid: str, route: str, status: int, seconds: float) -> None:
        if not access_log.isEnabledFor(logging.INFO):
            return
        client = scope.get("client")
        query = redact(scope.get("query_string", b"").decode("latin-1"))
        line: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "request_id": rid,
            "method": scope.get("method", ""),
            "path": scope.get("path", "") + (f"?{query}" if query else ""),
            "route": route,
            "status": status,
            "ms": round(seconds * 1000, 1),
            "client": client[0] if client else None,
        }
        access_log.info(json.dumps(line))


SECRET_PARAMETERS = frozenset({"token", "password", "csrf_token"})
"""Query parameters whose value the access log never shows (a reset link's token)."""


def redact(query: str) -> str:
    """A query string with the values of `SECRET_PARAMETERS` replaced by ``[redacted]``."""
    if not query:
        return query
    parts = []
    for part in query.split("&"):
        name, equals, _ = part.partition("=")
        secret = unquote_plus(name).lower() in SECRET_PARAMETERS
        parts.append(f"{name}{equals}[redacted]" if secret and equals else part)
    return "&".join(parts)


def configure_access_log() -> None:
    """Send the access log to standard error, one JSON object a line (served processes)."""
    if access_log.handlers:
        return
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(message)s"))
    access_log.addHandler(handler)
    access_log.setLevel(logging.INFO)
    access_log.propagate = False


def install(app: Any) -> None:
    """Put `Observe` outermost on the FastAPI `app`, answering the operations routes.

    Reads ``RATINGLIST_SECURE_COOKIES`` and ``RATINGLIST_ACCESS_LOG`` (set by `serve`).
    """
    from ratinglist.web.views.operations import router

    watch_write_waits(_note_wait)
    app.add_middleware(
        Observe,
        operations=router,
        secure_cookies=os.environ.get(SECURE_COOKIES_ENV) == "1",
        log_access=os.environ.get(ACCESS_LOG_ENV) != "0",
    )
