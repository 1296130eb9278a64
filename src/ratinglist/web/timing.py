"""The time the application spent on a request, as a ``Server-Timing`` response header.

``Server-Timing: app;dur=3.2`` (W3C Server Timing; milliseconds from the request reaching
the application to its response headers, middleware and handler included) lets a client
tell the server's share of a slow answer from the network's and its own: the load harness
(`benchmarks/td_load.py`) reports both.
"""

from __future__ import annotations

import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send

HEADER = b"server-timing"


class ServerTiming:
    """ASGI middleware: add ``Server-Timing: app;dur=MS`` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        began = time.perf_counter()

        async def timed(message: Message) -> None:
            if message["type"] == "http.response.start":
                ms = (time.perf_counter() - began) * 1000
                headers = list(message.get("headers", []))
                headers.append((HEADER, f"app;dur={ms:.1f}".encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, timed)
