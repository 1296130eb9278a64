"""Settings of a served site: its public address (the base of every mailed link), the hosts
it answers for, and the work budget of one anonymous request (`web.budget`).

They are read here, below the layers that use them: `ratinglist serve` checks them before it
starts, the web application applies them (`web.site_address`, `web.budget`).
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable
from urllib.parse import urlsplit

from ratinglist.errors import InputError

SITE_URL_ENV = "RATINGLIST_SITE_URL"
ALLOWED_HOSTS_ENV = "RATINGLIST_ALLOWED_HOSTS"
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
"""The names of this machine, always allowed unless the admin lists the hosts."""
ANY_HOST = "*"
"""In the allowed hosts: any host (no check)."""
ADDRESSES_ENV = "RATINGLIST_HOST_ADDRESSES"
"""Set to ``1`` by `serve` without ``--site-url``: a ``Host`` that is an IP address is
answered too (a phone on the venue's network types the laptop's address)."""

BUDGET_ENV = "RATINGLIST_WORK_BUDGET"
"""The environment variable that sets the budget (seconds) of the served workers."""
DEFAULT_BUDGET_S = 10.0
"""Seconds of work one anonymous request may cost: a 1 MB results file checks in a few."""
MAX_BUDGET_S = 600.0
"""The largest budget accepted (a request is not meant to take longer)."""


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


def is_address(host: str) -> bool:
    """True when `host` is an IP address (v4 or v6), not a name."""
    import ipaddress

    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def parse_budget(text: str) -> float:
    """The budget in seconds written in `text`.

    Raises:
        InputError: not a number of seconds above 0 and at most `MAX_BUDGET_S`.
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value <= MAX_BUDGET_S:
        raise InputError(
            f"expected a work budget in seconds above 0 and at most {MAX_BUDGET_S:g}, got {text!r}"
        )
    return value


def budget_from_env() -> float:
    """The budget of ``$RATINGLIST_WORK_BUDGET``, else `DEFAULT_BUDGET_S`.

    Raises:
        InputError: the variable is set to something else than a budget.
    """
    text = os.environ.get(BUDGET_ENV, "").strip()
    return parse_budget(text) if text else DEFAULT_BUDGET_S
