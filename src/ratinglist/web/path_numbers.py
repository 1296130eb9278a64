"""Numbers in a request's path that no stored thing can have: answered 404 before any lookup.

The store's integer columns are signed 32-bit in PostgreSQL (64-bit in SQLite); a path such
as ``/td/1000000000000`` is a valid ``int`` for FastAPI but makes the database refuse it
(PostgreSQL: "integer out of range"; SQLite's driver past 64 bits: ``OverflowError``). No
tournament, player or queue item has such a number, so the answer is the "no page" of an
unknown address (the route probe).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from ratinglist.i18n import _
from ratinglist.web.errors import error_response
from ratinglist.web.paths import names_nothing


class PathNumbers:
    """ASGI middleware: a path naming a number past `model.ids.LARGEST_KEY` gets the 404 answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and names_nothing(str(scope.get("path", ""))):
            request = Request(scope, receive)
            answer = error_response(request, 404, _("no page at %(path)s", path=request.url.path))
            await answer(scope, receive, send)
            return
        await self.app(scope, receive, send)
