"""Security headers on every response: what a browser may load, frame and send along.

- ``Content-Security-Policy``: scripts, styles, fonts and fetches from this origin only, no
  inline script or style element (the pages use files under ``/static``; a form asking to
  confirm says so with ``data-confirm``, `static/forms.js`), images from this origin or
  ``data:`` URLs (Swagger UI's icons), no plugins, forms posting only here, and
  ``frame-ancestors 'none'``: no page of this site shows inside another's frame (a signed-in
  director's buttons cannot be overlaid by a page of someone else).
- An SVG image (the rating chart) gets ``default-src 'none'; style-src 'unsafe-inline'``:
  matplotlib styles its drawing inline, and an image runs nothing.
- ``X-Frame-Options: DENY``: the same for browsers without ``frame-ancestors``.
- ``X-Content-Type-Options: nosniff``: a file is run or styled only as its declared type.
- ``Referrer-Policy: same-origin``: another site never learns which page linked to it.

The headers are added around the response cache, so cached answers and 304s carry them too.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"
"""The policy of an SVG image opened by itself (its drawing is styled inline; no script)."""
CSP = b"content-security-policy"
SVG = b"image/svg+xml"
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (CSP, CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
)
_NAMES = frozenset(name for name, _ in HEADERS)


class SecurityHeaders:
    """ASGI middleware: put `HEADERS` on every HTTP response (replacing any the app set)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in _NAMES]
                added = list(HEADERS)
                if any(
                    k.lower() == b"content-type" and v.startswith(b"image/svg") for k, v in kept
                ):
                    added[0] = (CSP, SVG_POLICY.encode())
                message = {**message, "headers": [*kept, *added]}
            await send(message)

        await self.app(scope, receive, with_headers)
