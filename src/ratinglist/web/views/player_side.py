"""The players' side on the web (issue 35): the public registration form and its API, a
player's own page ``/live/{tid}/me`` (code in a cookie after one entry, or in the URL's
fragment), check-in and result reports with the code, and the web app manifest.

The anonymous writes here carry their own proof: the registration form (throttled per
address, bounded fields) and a player's code (throttled per address and per code). They are
listed in `web.auth.CODE_WRITES`, which the sign-in gate lets through and the route probe
test checks one by one.
"""

from __future__ import annotations

import json
import secrets
from typing import Annotated, Any
from urllib.parse import quote, unquote

from fastapi import Form, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, Field

from ratinglist.errors import N_, PermissionDenied, RatinglistError
from ratinglist.i18n import _
from ratinglist.i18n.messages import translate_error
from ratinglist.service.accounts import same_secret
from ratinglist.service.tournaments.players_side.checkin import check_in_by_code
from ratinglist.service.tournaments.players_side.codes import parse_code
from ratinglist.service.tournaments.players_side.me import my_page
from ratinglist.service.tournaments.players_side.registrations import (
    register_online,
    registration_form,
)
from ratinglist.service.tournaments.players_side.reports import ReportsDiffer, report_result
from ratinglist.web.errors import error_response
from ratinglist.web.limits import Throttle, address_of
from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.account_mail import FORM_CSRF_COOKIE
from ratinglist.web.views.common import NO_STORE, store_of
from ratinglist.web.views.live import shown_or_404

router = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/api/v1/live", tags=["players"])

REGISTRATIONS = Throttle("registration", 20, 600)
"""Registrations from one address (every tournament) in ten minutes."""
BY_ADDRESS = Throttle("request with a player's code", 60, 60)
"""Code entries, check-ins and reports from one address in a minute (a venue's wifi
shares one address: room for a whole round's players)."""
BY_CODE = Throttle("request with your code", 10, 60)
"""Check-ins and reports with one code in a minute."""
CODE_COOKIE = "player_code"
FLASH = "player_flash"
"""The outcome of a player's last form, shown once on their page."""


def _cookie_name(tid: int) -> str:
    return f"{CODE_COOKIE}_{tid}"


def _throttled(request: Request, code: str) -> None:
    BY_ADDRESS.hit(address_of(request))
    BY_CODE.hit(parse_code(code) or "invalid")


class RegistrationIn(BaseModel):
    """A registration sent online: the game's fields (Othello: name, country, federation
    ID; Go: name, rank, country, club, licence) and an e-mail address."""

    name: str = Field(max_length=120)
    email: str = Field(max_length=254)
    country: str = Field("", max_length=60)
    federation_id: str = Field("", max_length=20)
    rank: str = Field("", max_length=10)
    licence: str = Field("", max_length=20)
    club: str = Field("", max_length=60)

    def fields(self) -> dict[str, str]:
        """The game's fields as sent (every key; the game keeps its own)."""
        return {
            "name": self.name,
            "country": self.country,
            "federation_id": self.federation_id,
            "rank": self.rank,
            "licence": self.licence,
            "club": self.club,
        }


class RegistrationOut(BaseModel):
    """A registration stored: ``pending`` until the director accepts or refuses it."""

    status: str
    id: int
    tournament: int
    name: str


@api.post("/{tid}/registrations", status_code=201)
def api_register(request: Request, tid: int, body: RegistrationIn) -> RegistrationOut:
    """Register for a tournament open to online registration (201, status ``pending``)."""
    shown_or_404(request, tid)
    REGISTRATIONS.hit(address_of(request))
    row = register_online(store_of(request), tid, body.fields(), body.email, address_of(request))
    return RegistrationOut(status=row.status, id=row.id, tournament=tid, name=row.fields["name"])


class RegisteredOut(BaseModel):
    """The public list: whether registration is open (why not), places left, who is in."""

    open: bool
    reason: str
    places_left: int | None
    players: list[str]


@api.get("/{tid}/registrations")
def api_registered(request: Request, tid: int) -> RegisteredOut:
    """Whether the tournament takes registrations, and the players entered."""
    shown_or_404(request, tid)
    form = registration_form(store_of(request), tid)
    return RegisteredOut(
        open=form.open,
        reason=form.reason,
        places_left=form.places_left,
        players=list(form.registered),
    )


class ReportIn(BaseModel):
    """A player's result of their game: round, table, the score as the game writes it, and
    the player's code."""

    round: int = Field(ge=1, le=1000)
    table: int = Field(ge=1, le=10_000)
    score: str = Field(max_length=20)
    code: str = Field(max_length=20)


def _differ(request: Request, exc: ReportsDiffer) -> Response:
    """409 with both versions (JSON under /api/)."""
    if not request.url.path.startswith("/api/"):
        return error_response(request, 409, translate_error(exc))
    body = {
        "status": "disputed",
        "reports": [{"player": v.player, "name": v.name, "score": v.score} for v in exc.versions],
        "error": {"status": 409, "code": "conflict", "message": translate_error(exc)},
    }
    return JSONResponse(body, status_code=409)


@api.post("/{tid}/results", status_code=201)
def api_report(request: Request, tid: int, body: ReportIn) -> Response:
    """Report the result of your own game: 202 ``pending`` until your opponent reports the
    same, 201 ``stored`` once both agree, 409 with both versions when they differ (the
    director decides), 403 for a code that is not a player's of that game."""
    shown_or_404(request, tid)
    _throttled(request, body.code)
    try:
        done = report_result(store_of(request), tid, body.round, body.table, body.score, body.code)
    except ReportsDiffer as exc:
        return _differ(request, exc)
    out: dict[str, Any] = {
        "status": done.status,
        "round": done.round,
        "table": done.table,
        "score": done.score,
    }
    return JSONResponse(out, status_code=201 if done.status == "stored" else 202)


class CodeIn(BaseModel):
    """A player's code."""

    code: str = Field(max_length=20)


@api.post("/{tid}/checkin")
def api_checkin(request: Request, tid: int, body: CodeIn) -> dict[str, str]:
    """Check in with your code (before round 1 is paired)."""
    shown_or_404(request, tid)
    _throttled(request, body.code)
    who = check_in_by_code(store_of(request), tid, body.code, _player_actor())
    return {"status": "checked in", "player": who.name}


def _player_actor() -> Any:
    from ratinglist.service.actor import Actor, ActorKind

    return Actor(ActorKind.WEB, "player")


# --- pages ---------------------------------------------------------------------------------


def _form_page(request: Request, tid: int, context: dict[str, Any], status: int = 200) -> Response:
    token = secrets.token_urlsafe(24)
    form = registration_form(store_of(request), tid)
    response = templates.TemplateResponse(
        request,
        "live_register.html",
        {"f": form, "csrf": token, "sent": None, "error": None, "kept": {}, **context},
        status_code=status,
        headers=NO_STORE,
    )
    response.set_cookie(FORM_CSRF_COOKIE, token, max_age=3600, httponly=True, samesite="strict")
    return response


@router.get("/live/{tid}/register")
def register_page(request: Request, tid: int) -> Response:
    """The public registration form and the players registered."""
    shown_or_404(request, tid)
    return _form_page(request, tid, {})


@router.post("/live/{tid}/register")
async def register_post(request: Request, tid: int) -> Response:
    """Send the registration form (pending until the director accepts it)."""
    shown_or_404(request, tid)
    form = await request.form()
    sent = {k: str(v)[:254] for k, v in form.items() if isinstance(v, str)}
    expected = request.cookies.get(FORM_CSRF_COOKIE, "")
    if not expected or not same_secret(sent.get("csrf_token", ""), expected):
        raise PermissionDenied(N_("expected the form's CSRF token, got none: reload the page"))
    try:
        REGISTRATIONS.hit(address_of(request))
        body = RegistrationIn(
            name=sent.get("name", "")[:120],
            email=sent.get("email", ""),
            country=sent.get("country", "")[:60],
            federation_id=sent.get("federation_id", "")[:20],
            rank=sent.get("rank", "")[:10],
            licence=sent.get("licence", "")[:20],
            club=sent.get("club", "")[:60],
        )
        row = register_online(
            store_of(request), tid, body.fields(), body.email, address_of(request)
        )
    except RatinglistError as exc:
        return _form_page(request, tid, {"error": translate_error(exc), "kept": sent}, 400)
    return _form_page(request, tid, {"sent": row.fields["name"]}, 201)


def _me_response(
    request: Request, tid: int, code: str, message: str = "", error: str = ""
) -> Response:
    page = my_page(store_of(request), tid, code)
    fragment = request.headers.get("x-live-fragment") == "1"
    etag = f'"me-{tid}-{page.seq}-{page.my_report}-{int(page.checked_in)}"'
    if not message and not error and request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers={"ETag": etag, **NO_STORE})
    response = templates.TemplateResponse(
        request,
        "live_me_fragment.html" if fragment else "live_me.html",
        {"p": page, "code": parse_code(code), "message": message, "error": error},
        headers={"ETag": etag, **NO_STORE},
        status_code=200,
    )
    return response


@router.get("/live/{tid}/me")
def me_page(request: Request, tid: int) -> Response:
    """A player's own page (with the code from the cookie), else the code's entry form."""
    shown_or_404(request, tid)
    code = request.cookies.get(_cookie_name(tid), "")
    if code:
        try:
            flash = json.loads(unquote(request.cookies.get(FLASH, "")) or "{}")
        except ValueError:
            flash = {}
        kind, text = str(flash.get("k", "")), str(flash.get("m", ""))
        try:
            response = _me_response(
                request,
                tid,
                code,
                message=text if kind == "notice" else "",
                error=text if kind == "error" else "",
            )
        except PermissionDenied:
            pass
        else:
            if text:
                response.delete_cookie(FLASH, path=f"/live/{tid}/me")
            return response
    response = templates.TemplateResponse(
        request, "live_me_code.html", {"tid": tid, "error": None}, headers=NO_STORE
    )
    response.delete_cookie(_cookie_name(tid), path=f"/live/{tid}")
    return response


@router.post("/live/{tid}/me")
def me_code(request: Request, tid: int, code: Annotated[str, Form(max_length=20)]) -> Response:
    """Enter the code once: it is kept in a cookie of this tournament's live pages."""
    shown_or_404(request, tid)
    _throttled(request, code)
    try:
        my_page(store_of(request), tid, code)
    except PermissionDenied as exc:
        return templates.TemplateResponse(
            request,
            "live_me_code.html",
            {"tid": tid, "error": translate_error(exc)},
            status_code=403,
            headers=NO_STORE,
        )
    response = RedirectResponse(f"/live/{tid}/me", status_code=303)
    response.set_cookie(
        _cookie_name(tid),
        parse_code(code),
        max_age=60 * 60 * 24 * 30,
        path=f"/live/{tid}",
        httponly=True,
        samesite="strict",
    )
    return response


def _back_to_me(tid: int, message: str, kind: str) -> Response:
    """Post/redirect/get: back to the player's page, which shows `message` once (a cookie
    of that page only), so that its refresh reads the page, not the form's address."""
    response = RedirectResponse(f"/live/{tid}/me", status_code=303)
    packed = json.dumps({"k": kind, "m": message[:600]})
    response.set_cookie(
        FLASH, quote(packed), max_age=120, path=f"/live/{tid}/me", httponly=True, samesite="strict"
    )
    return response


@router.post("/live/{tid}/me/result")
def me_result(
    request: Request,
    tid: int,
    code: Annotated[str, Form(max_length=20)],
    round: Annotated[int, Form(ge=1)],
    table: Annotated[int, Form(ge=1)],
    score: Annotated[str, Form(max_length=20)],
) -> Response:
    """Report your game's result from your page (the code is the page's own field)."""
    shown_or_404(request, tid)
    _throttled(request, code)
    try:
        done = report_result(store_of(request), tid, round, table, score, code)
    except PermissionDenied:
        raise
    except RatinglistError as exc:
        return _back_to_me(tid, translate_error(exc), "error")
    message = (
        _("result stored: your opponent reported the same")
        if done.status == "stored"
        else _("result sent: it counts once your opponent reports the same")
    )
    return _back_to_me(tid, message, "notice")


@router.post("/live/{tid}/me/checkin")
def me_checkin(request: Request, tid: int, code: Annotated[str, Form(max_length=20)]) -> Response:
    """Check in from your page."""
    shown_or_404(request, tid)
    _throttled(request, code)
    try:
        check_in_by_code(store_of(request), tid, code, _player_actor())
    except PermissionDenied:
        raise
    except RatinglistError as exc:
        return _back_to_me(tid, translate_error(exc), "error")
    return _back_to_me(tid, _("checked in"), "notice")


@router.get("/live/{tid}/manifest.webmanifest")
def manifest(request: Request, tid: int) -> Response:
    """The web app manifest of a player's page (add it to a phone's home screen)."""
    shown_or_404(request, tid)
    form = registration_form(store_of(request), tid)
    body = {
        "name": form.name,
        "short_name": form.name[:12],
        "start_url": f"/live/{tid}/me",
        "scope": f"/live/{tid}/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1f5130",
        "icons": [{"src": "/static/favicon.svg", "sizes": "any", "type": "image/svg+xml"}],
    }
    return JSONResponse(body, media_type="application/manifest+json", headers=NO_STORE)
