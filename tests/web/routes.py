"""Every GET route of the app as a URL to request, its path parameters filled in."""

from __future__ import annotations

import re
from typing import Any

from ratinglist.web.cache import _get_routes

SECURITY_HEADERS = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}
"""Headers every answer carries, with their values (issue 19, item 10)."""


def get_urls(app: Any, values: dict[str, str]) -> list[str]:
    """The app's GET routes with each ``{name}`` replaced by ``values[name]``, plus the
    OpenAPI description, a static file, a Swagger UI file and the operations routes."""
    urls = []
    for path, _route in _get_routes(app.routes):
        urls.append(re.sub(r"\{([a-z_]+)(:[a-z]+)?\}", lambda m: values[m.group(1)], path))
    urls += ["/api/v1/openapi.json", "/static/site.css", "/api/docs/assets/swagger-ui.css"]
    urls += ["/healthz", "/readyz", "/metrics"]  # answered by `web.observe` before the routes
    return urls


def check_security_headers(url: str, headers: Any) -> None:
    """Fail unless `headers` has the security headers and a CSP that runs nothing inline,
    loads nothing from another origin and refuses every frame."""
    for name, value in SECURITY_HEADERS.items():
        assert headers.get(name) == value, (url, name, headers.get(name))
    policy = {
        part.split()[0]: part.split()[1:]
        for part in headers.get("content-security-policy", "").split(";")
        if part.strip()
    }
    assert policy.get("frame-ancestors") == ["'none'"], (url, policy)
    if headers.get("content-type", "").startswith("image/svg"):  # styled inline, runs nothing
        assert policy.get("default-src") == ["'none'"] and "script-src" not in policy, url
        return
    assert policy.get("default-src") == ["'self'"], (url, policy)
    for directive in ("script-src", "style-src"):
        assert policy.get(directive) == ["'self'"], (url, directive, policy)
