"""The hosts the site answers for (the settings themselves: `service.serving`).

Every link the server mails is built on the configured site URL (``serve --site-url``, or
``$RATINGLIST_SITE_URL``), never on the ``Host`` a request names: a request with a forged
``Host`` would otherwise get a password-reset link on another site mailed to a real user.
`HostGate` refuses (400) a request whose ``Host`` is not one of the allowed hosts: the site
URL's host and this machine's own names (``localhost``, ``127.0.0.1``, ``::1``) unless the
admin lists others (``--allowed-hosts``; ``*`` allows any).
"""

from __future__ import annotations

from collections.abc import Iterable

from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from ratinglist.service.serving import ANY_HOST, is_address
from ratinglist.web.errors import error_response


def _request_host(scope: Scope) -> str:
    """The host a request names (``Host`` header, without the port), lower case."""
    for key, value in scope.get("headers", []):
        if key == b"host":
            text = bytes(value).decode("latin-1").strip().lower()
            if text.startswith("["):
                return text[1:].partition("]")[0]
            return text.rpartition(":")[0] if text.count(":") == 1 else text
    return ""


class HostGate:
    """ASGI middleware: answer 400 to a request whose ``Host`` is not an allowed host."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str], addresses: bool = False) -> None:
        self.app = app
        self.hosts = frozenset(h.lower() for h in hosts)
        self.any = ANY_HOST in self.hosts
        self.addresses = addresses
        """Also answer a ``Host`` that is an IP address (a server with no site URL: a forged
        address can neither rebind a name nor reach a mailed link, which needs the URL)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or self.any:
            await self.app(scope, receive, send)
            return
        host = _request_host(scope)
        if host in self.hosts or (self.addresses and is_address(host)):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        message = (
            f"expected a request for this site ({', '.join(sorted(self.hosts))}), got one "
            f"for {host or 'no host'!r}"
        )
        response = error_response(Request(scope, receive), 400, message)
        await response(scope, receive, send)
