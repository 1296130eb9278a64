"""The site's configured address and the hosts it answers for.

Every link the server mails is built on the configured site URL (``serve --site-url``, or
``$RATINGLIST_SITE_URL``), never on the ``Host`` a request names: a request with a forged
``Host`` would otherwise get a password-reset link on another site mailed to a real user.
`HostGate` refuses (400) a request whose ``Host`` is not one of the allowed hosts: the site
URL's host and this machine's own names (``localhost``, ``127.0.0.1``, ``::1``) unless the
admin lists others (``--allowed-hosts``; ``*`` allows any).
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from ratinglist.errors import InputError
from ratinglist.web.errors import error_response

SITE_URL_ENV = "RATINGLIST_SITE_URL"
ALLOWED_HOSTS_ENV = "RATINGLIST_ALLOWED_HOSTS"
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
"""The names of this machine, always allowed unless the admin lists the hosts."""
ANY_HOST = "*"


def parse_site_url(text: str) -> str:
    """The site's address as ``scheme://host[:port]`` (no trailing slash).

    Raises:
        InputError: not an http(s) URL of a host alone (no path, query, user or fragment).
    """
    parts = urlsplit(text.strip())
    try:
        port = parts.port
    except ValueError:
        port = -1
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
        or parts.username is not None
        or port == -1
    ):
        raise InputError(
            f"expected the site's address like https://ratings.example.org, got {text!r}"
        )
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}{f':{port}' if port else ''}"


def host_of(site_url: str) -> str:
    """The host name of a site URL (lower case, no port, no brackets)."""
    return (urlsplit(site_url).hostname or "").lower()


def parse_hosts(text: str) -> tuple[str, ...]:
    """Host names from a comma- or space-separated list (``*``: any host).

    Raises:
        InputError: a name that is not a host name.
    """
    hosts = tuple(h.strip().lower().strip("[]") for h in text.replace(",", " ").split())
    for host in hosts:
        if host != ANY_HOST and not all(c.isalnum() or c in ".-:_" for c in host):
            raise InputError(f"expected host names like ratings.example.org, got {host!r}")
    return hosts


def allowed_hosts(site_url: str, listed: Iterable[str] = ()) -> tuple[str, ...]:
    """The hosts requests may name: `listed` when given (with the site URL's host), else the
    site URL's host and `LOCAL_HOSTS`."""
    named = tuple(listed) or LOCAL_HOSTS
    site = host_of(site_url)
    return tuple(dict.fromkeys((site, *named)))


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

    def __init__(self, app: ASGIApp, hosts: Iterable[str]) -> None:
        self.app = app
        self.hosts = frozenset(h.lower() for h in hosts)
        self.any = ANY_HOST in self.hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or self.any:
            await self.app(scope, receive, send)
            return
        host = _request_host(scope)
        if host in self.hosts:
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
