"""One HTML error page for pages, one JSON error shape for the API.

The JSON shape is ``{"error": {"status": 404, "code": "not_found", "message": "..."}}``.
Our `NotFoundError` answers 404, `AccountError` 401 (a failed sign-in), `PermissionDenied`
403, `ConflictError` 409 (another device changed the same thing first), `ClosedError` and
`NotAllowedNow` 409 (a change the tournament's state refuses now), `NotOffered` 404 (a
capability the tournament's game lacks), `RateLimited` 429, `OverBudget` 503 (anonymous work
past the server's bound, `web.budget`),
any other `RatinglistError` 400 (the request named
something the data refuses), a malformed parameter 400, an unknown route 404. Anything else
is a bug: 500 with the same shapes and no details.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException

from ratinglist.errors import (
    AccountError,
    ClosedError,
    ConflictError,
    NotAllowedNow,
    NotFoundError,
    NotOffered,
    PermissionDenied,
    RateLimited,
    RatinglistError,
)
from ratinglist.i18n import N_, _
from ratinglist.i18n.messages import translate_error, translate_message
from ratinglist.web.budget import OverBudget
from ratinglist.web.headers import HEADERS as SECURITY_HEADERS
from ratinglist.web.templating import templates
from ratinglist.web.validation import validation_message

CODES = {
    400: "bad_request",
    401: "unauthenticated",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    429: "too_many_requests",
    500: "internal_error",
    503: "unavailable",
}
TITLES = {
    400: N_("Bad request"),
    401: N_("Sign-in needed"),
    403: N_("Not allowed"),
    404: N_("Not found"),
    405: N_("Method not allowed"),
    409: N_("Changed meanwhile"),
    413: N_("Too large"),
    429: N_("Too many attempts"),
    500: N_("Server error"),
    503: N_("Too much work"),
}
"""Each status's title on the error page (translated there: ``_(title)``)."""
RETRY_AFTER_S = 30
"""The ``Retry-After`` of a 503 (work past the budget): a computation left running in the
background has usually filled its cache by then."""
log = logging.getLogger("ratinglist.web")


def error_response(request: Request, status: int, message: str | BaseException) -> Response:
    """The error answer: JSON under ``/api/``, else the HTML error page; the message (a text
    or an error) in the request's language when the catalogue knows it (`i18n.messages`)."""
    if isinstance(message, BaseException):
        message = translate_error(message)
    else:
        message = translate_message(message)
    if request.url.path.startswith("/api/"):
        body = {"error": {"status": status, "code": CODES.get(status, "error"), "message": message}}
        return JSONResponse(body, status_code=status)
    return templates.TemplateResponse(
        request,
        "error.html",
        {"status": status, "title": TITLES.get(status, N_("Error")), "message": message},
        status_code=status,
    )


def _framework_message(request: Request, exc: HTTPException) -> str:
    """The message of a refusal by Starlette or FastAPI (this package raises none), in the
    reader's language: their own details are English ("There was an error parsing the
    body", "Method Not Allowed")."""
    if exc.status_code == 404:
        return _("no page at %(path)s", path=request.url.path)
    if exc.status_code == 405:
        allowed = (exc.headers or {}).get("Allow", "")
        return _(
            "expected a request by %(allowed)s at %(path)s, got %(method)s",
            allowed=allowed or "another method",
            path=request.url.path,
            method=request.method,
        )
    if exc.status_code == 400:
        return _("expected a body that can be read (JSON or a form, as sent), got one that cannot")
    return str(exc.detail)


def install_error_handlers(app: FastAPI) -> None:
    """Route every error through `error_response`."""

    @app.exception_handler(NotFoundError)
    async def not_found(request: Request, exc: NotFoundError) -> Response:
        return error_response(request, 404, exc)

    statuses: tuple[tuple[type[RatinglistError], int], ...] = (
        (AccountError, 401),
        (PermissionDenied, 403),
        (ConflictError, 409),
        (ClosedError, 409),
        (NotAllowedNow, 409),
        (NotOffered, 404),
        (RateLimited, 429),
    )
    for kind, status in statuses:

        async def handler(request: Request, exc: Exception, status: int = status) -> Response:
            return error_response(request, status, exc)

        app.add_exception_handler(kind, handler)

    @app.exception_handler(OverBudget)
    async def over_budget(request: Request, exc: OverBudget) -> Response:
        response = error_response(request, 503, exc)
        response.headers["retry-after"] = str(RETRY_AFTER_S)
        return response

    @app.exception_handler(RatinglistError)
    async def refused(request: Request, exc: RatinglistError) -> Response:
        return error_response(request, 400, exc)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        return error_response(request, 400, validation_message(exc))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        response = error_response(request, exc.status_code, _framework_message(request, exc))
        response.headers.update(exc.headers or {})  # a 405's Allow
        return response

    @app.exception_handler(Exception)
    async def bug(request: Request, exc: Exception) -> Response:
        log.exception("unexpected error on %s", request.url.path, exc_info=exc)
        response = error_response(request, 500, _("the server failed; this is a bug"))
        # Starlette answers this one outside every middleware: the security headers here
        for name, value in SECURITY_HEADERS:
            response.headers[name.decode()] = value.decode()
        return response
