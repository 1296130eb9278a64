"""One bound on every request body, enforced before and while it is read.

An anonymous client could post a body of any size to ``/check`` (a public write), and the form
parser spooled it all to disk before the view refused it. `BodyLimit` answers 413 at once when
the declared ``Content-Length`` is over `REQUEST_LIMIT`, and for a body without one (chunked)
stops reading as soon as more than `REQUEST_LIMIT` bytes arrived: the app sees the client
gone, and whatever it was about to answer is replaced by the 413. The bound is the intake's
file bound (`service.intake.MAX_BYTES`, which `/check` shares) plus the form's other fields.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ratinglist.errors import N_, RateLimited
from ratinglist.service.intake import MAX_BYTES
from ratinglist.web.budget import budget_of, run_within
from ratinglist.web.errors import error_response

FORM_OVERHEAD = 64 * 1024
"""Bytes a form upload may carry beyond the file (the other fields and the part headers)."""
REQUEST_LIMIT = MAX_BYTES + FORM_OVERHEAD
"""The largest request body the app reads (any path)."""


def _declared(scope: Scope) -> int | None:
    for key, value in scope.get("headers", []):
        if key == b"content-length":
            text = bytes(value).decode("latin-1").strip()
            return int(text) if text.isdigit() else None
    return None


def _message(size: int | None) -> str:
    got = f"{size:,} bytes" if size is not None else "more"
    return f"expected a request of at most {REQUEST_LIMIT:,} bytes, got {got}"


class BodyLimit:
    """ASGI middleware: refuse (413) a request body over `limit` before or while reading it."""

    def __init__(self, app: ASGIApp, limit: int = REQUEST_LIMIT) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _declared(scope)
        if declared is not None and declared > self.limit:
            await self._refuse(scope, receive, send, declared)
            return
        read = 0
        over = False
        started = False

        async def bounded() -> Message:
            nonlocal read, over
            if over:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                read += len(message.get("body", b""))
                if read > self.limit:
                    over = True
                    return {"type": "http.disconnect"}
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if over:  # the app's answer to a body cut short is replaced by the refusal
                return
            started = True
            await send(message)

        await self.app(scope, bounded, watched)
        if over and not started:
            await self._refuse(scope, receive, send, None)

    @staticmethod
    async def _refuse(scope: Scope, receive: Receive, send: Send, size: int | None) -> None:
        response = error_response(Request(scope, receive), 413, _message(size))
        response.headers["connection"] = "close"
        await response(scope, receive, send)


class OnePerClient:
    """At most one costly computation in flight per client address (in this process): a
    second request from the same address while the first is computing is refused (429)
    instead of queueing another second of CPU behind it. Used for "why did my rating
    change" (one rating fit per uncached player)."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._busy: set[str] = set()
        self._lock = threading.Lock()

    @contextmanager
    def claim(self, request: Request) -> Iterator[None]:
        """Hold the address's slot while the block runs.

        Raises:
            RateLimited: the address already holds it.
        """
        address = address_of(request)
        with self._lock:
            if address in self._busy:
                raise RateLimited(
                    N_(
                        "expected one %(what)s at a time from one address, got another while "
                        "the first is computed: try again in a few seconds"
                    ),
                    what=self.what,
                )
            self._busy.add(address)
        try:
            yield
        finally:
            with self._lock:
                self._busy.discard(address)


EXPLANATIONS = OnePerClient("rating change explanation")
"""The bound of `/players/{id}/why` and its API twin."""


T = TypeVar("T")


def explained(request: Request, work: Callable[[], T]) -> T:
    """`work` (one rating change explanation) run within the server's work budget
    (`web.budget.run_within`: 503 past it), holding the address's slot of `EXPLANATIONS`
    until it is done, even when the request was answered first.

    Raises:
        RateLimited: the address has an explanation computing already.
        OverBudget: it did not finish within the budget.
    """

    def claimed() -> T:
        with EXPLANATIONS.claim(request):
            return work()

    return run_within("explaining the rating change", budget_of(request), claimed)


def searched(request: Request, work: Callable[[], T]) -> T:
    """`work` (one player search) run within the server's work budget (503 past it).

    Raises:
        OverBudget: it did not finish within the budget.
    """
    return run_within("the player search", budget_of(request), work)


class Throttle:
    """At most `count` requests per key (an address, a player's code) within `seconds`, in
    this process: the next is refused (429) until the oldest leaves the window. Used by the
    players' side: registrations per address, result reports and code entries per address
    and per code."""

    def __init__(self, what: str, count: int, seconds: float) -> None:
        self.what = what
        self.count = count
        self.seconds = seconds
        self._seen: dict[str, list[float]] = {}
        self._lock = threading.Lock()

    def hit(self, key: str) -> None:
        """Count one request of `key`.

        Raises:
            RateLimited: `key` made `count` requests within the window already.
        """
        import time

        moment = time.monotonic()
        with self._lock:
            if len(self._seen) > 10_000:  # forget the quiet keys rather than grow
                self._seen = {k: v for k, v in self._seen.items() if v[-1] > moment - self.seconds}
            recent = [t for t in self._seen.get(key, []) if t > moment - self.seconds]
            if len(recent) >= self.count:
                self._seen[key] = recent
                raise RateLimited(
                    N_(
                        "expected at most %(count)s %(what)ss in %(seconds)g s, got more: wait "
                        "a little and try again"
                    ),
                    count=self.count,
                    what=self.what,
                    seconds=self.seconds,
                )
            recent.append(moment)
            self._seen[key] = recent

    def clear(self) -> None:
        """Forget every count (tests)."""
        with self._lock:
            self._seen.clear()


def address_of(request: Request) -> str:
    """The client's address as the server sees it."""
    return request.client.host if request.client else "unknown"
