"""``HEAD`` on every ``GET`` route: the same status and headers, no body (RFC 9110, 9.3.2).

FastAPI's routes answer only the methods they declare, so ``HEAD /`` was 405. `HeadAsGet`
runs a ``HEAD`` request as a ``GET`` (through the response cache, which then answers it from
memory) and sends the answer's start with an empty body.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class HeadAsGet:
    """ASGI middleware: answer ``HEAD`` as ``GET`` without the body."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return
        ended = False

        async def headers_only(message: Message) -> None:
            nonlocal ended
            if message["type"] == "http.response.body":
                if ended:
                    return
                ended = not message.get("more_body", False)
                if not ended:
                    return
                message = {"type": "http.response.body", "body": b""}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headers_only)
