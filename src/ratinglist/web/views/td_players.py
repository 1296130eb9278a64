"""The director's side of the players' side (issue 35): ``/td/{tid}/players`` shows the
online registration's settings, the pending registrations with the registry's (or the Go
lists') matches to accept them as, the check-in list and deadline, who reported what (a
disagreement first, with the director's override) and player reporting on or off, and the
players' codes; its API twins are under ``/api/v1/td/tournaments/{tid}``.

Every POST answers with a redirect carrying its outcome (`td_redirect._act_at`), back here.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import Form, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from ratinglist.errors import N_
from ratinglist.i18n import _
from ratinglist.model.report import PrintSheet
from ratinglist.service.accounts import SignedIn
from ratinglist.service.mail import MailError
from ratinglist.service.tournaments.players_side.checkin import (
    check_in,
    checkin_list,
)
from ratinglist.service.tournaments.players_side.codes import ensure_codes, qr_svg
from ratinglist.service.tournaments.players_side.registrations import (
    accept_registration,
    pending_registrations,
    refuse_registration,
)
from ratinglist.service.tournaments.players_side.reports import (
    missing_results,
    open_reports,
    override,
)
from ratinglist.service.tournaments.players_side.settings import (
    parse_moment,
    set_checkin_deadline,
    set_registration,
    set_reporting,
    side_settings,
)
from ratinglist.service.tournaments.server import overview
from ratinglist.web.auth import Director
from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.account_mail import mail_of, outbox_of
from ratinglist.web.views.common import NO_STORE, store_of
from ratinglist.web.views.td_redirect import _act_at, _render

router = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/api/v1/td/tournaments", tags=["tournament director"])
WHERE = "/players"
log = logging.getLogger("ratinglist.mail")


def _site(request: Request) -> str:
    """The configured site address (else the request's), for the links players get."""
    configured: str | None = getattr(request.app.state, "site_url", None)
    return (configured or str(request.base_url)).rstrip("/")


def _accept(request: Request, tid: int, rid: int, choice: str, who: SignedIn) -> str:
    mail = mail_of(request)
    try:
        done = accept_registration(
            store_of(request),
            tid,
            rid,
            choice,
            who.actor,
            mail=mail,
            send=outbox_of(request).send if mail else None,
            site=_site(request),
        )
    except MailError as exc:  # the entry stands; the director hands the code over
        log.warning("code for registration %s not mailed: %s", rid, exc)
        raise
    said = (
        N_("%(name)s entered as %(id)s, code %(code)s mailed")
        if done.mailed
        else N_("%(name)s entered as %(id)s, code %(code)s not mailed (no mail server)")
    )
    return _(said, name=done.player.name, id=done.player.shown_id, code=done.code)


@router.get("/td/{tid}/players")
def players_page(request: Request, tid: int, who: Director) -> Response:
    """The players' side of a tournament, for its director."""
    db = store_of(request)
    context: dict[str, Any] = {
        "tid": tid,
        "who": who,
        "csrf": who.csrf,
        "o": overview(db, tid),
        "side": side_settings(db, tid),
        "registrations": pending_registrations(db, tid),
        "checkin": checkin_list(db, tid),
        "reports": open_reports(db, tid),
        "missing": missing_results(db, tid),
        "codes": ensure_codes(db, tid),
    }
    return _render(request, tid, who, "td_players.html", context)


@router.post("/td/{tid}/players/registration")
def registration_post(
    request: Request,
    tid: int,
    who: Director,
    open: Annotated[str, Form(pattern="^(yes|no)$")],
    closes: Annotated[str, Form(max_length=20)] = "",
    cap: Annotated[str, Form(max_length=6)] = "",
) -> Response:
    """Open (with a closing time and a cap) or close online registration."""

    def action() -> str:
        from ratinglist.errors import TournamentInputError

        if cap.strip() and not cap.strip().isdigit():
            raise TournamentInputError(
                N_("expected a cap as a number of players, got %(cap)r"), cap=cap
            )
        when = parse_moment(closes) if closes.strip() else None
        limit = int(cap) if cap.strip() else None
        set_registration(
            store_of(request), tid, who.actor, open_=open == "yes", closes=when, cap=limit
        )
        return _("online registration open") if open == "yes" else _("online registration closed")

    return _act_at(request, tid, who, WHERE, action)


@router.post("/td/{tid}/players/registrations/{rid}/accept")
def accept_post(
    request: Request,
    tid: int,
    rid: int,
    who: Director,
    choice: Annotated[str, Form(max_length=40)],
) -> Response:
    """Accept a pending registration as the match chosen, or as a new player."""
    return _act_at(request, tid, who, WHERE, lambda: _accept(request, tid, rid, choice, who))


@router.post("/td/{tid}/players/registrations/{rid}/refuse")
def refuse_post(request: Request, tid: int, rid: int, who: Director) -> Response:
    """Refuse a pending registration."""

    def action() -> str:
        row = refuse_registration(store_of(request), tid, rid, who.actor)
        return _("registration of %(name)s refused", name=row.fields.get("name", ""))

    return _act_at(request, tid, who, WHERE, action)


@router.post("/td/{tid}/players/reporting")
def reporting_post(
    request: Request, tid: int, who: Director, on: Annotated[str, Form(pattern="^(yes|no)$")]
) -> Response:
    """Switch results reported by players on or off."""

    def action() -> str:
        set_reporting(store_of(request), tid, on == "yes", who.actor)
        return _("player reporting on") if on == "yes" else _("player reporting off")

    return _act_at(request, tid, who, WHERE, action)


@router.post("/td/{tid}/players/checkin")
def checkin_post(
    request: Request,
    tid: int,
    who: Director,
    player: Annotated[int, Form()],
    undo: Annotated[str, Form(pattern="^(yes|no)$")] = "no",
) -> Response:
    """Check a player in (or out) at the desk."""

    def action() -> str:
        person = check_in(store_of(request), tid, player, who.actor, undo=undo == "yes")
        if undo == "yes":
            return _("%(name)s not checked in", name=person.name)
        return _("%(name)s checked in", name=person.name)

    return _act_at(request, tid, who, WHERE, action)


@router.post("/td/{tid}/players/deadline")
def deadline_post(
    request: Request, tid: int, who: Director, until: Annotated[str, Form(max_length=20)] = ""
) -> Response:
    """Set (or clear) the check-in deadline."""

    def action() -> str:
        when = parse_moment(until) if until.strip() else None
        set_checkin_deadline(store_of(request), tid, when, who.actor)
        return (
            "check-in deadline cleared"
            if when is None
            else f"check-in until {when:%Y-%m-%d %H:%M} UTC"
        )

    return _act_at(request, tid, who, WHERE, action)


@router.post("/td/{tid}/players/override")
def override_post(
    request: Request,
    tid: int,
    who: Director,
    round: Annotated[int, Form(ge=1)],
    table: Annotated[int, Form(ge=1)],
    score: Annotated[str, Form(max_length=20)],
) -> Response:
    """Decide a game the players reported (both versions shown): the director's result."""

    def action() -> str:
        done = override(store_of(request), tid, round, table, score, who.actor)
        return _(
            "round %(n)s, table %(table)s: %(score)s entered",
            n=done.round,
            table=table,
            score=score,
        )

    return _act_at(request, tid, who, WHERE, action)


# --- API -----------------------------------------------------------------------------------


class RegistrationSettings(BaseModel):
    """Open or close online registration; `closes` a date or time (UTC), `cap` players."""

    open: bool
    closes: str | None = Field(None, max_length=25)
    cap: int | None = Field(None, ge=1, le=100_000)


class RegistrationState(BaseModel):
    """Online registration's settings now."""

    open: bool
    closes: str | None
    cap: int | None
    reporting: bool


@api.post("/{tid}/registration")
def api_registration(
    request: Request, tid: int, body: RegistrationSettings, who: Director
) -> RegistrationState:
    """Open (with a closing time and a cap) or close online registration."""
    when = parse_moment(body.closes) if body.closes else None
    row = set_registration(
        store_of(request), tid, who.actor, open_=body.open, closes=when, cap=body.cap
    )
    return RegistrationState(
        open=row.registration_open,
        closes=None if row.closes_at is None else row.closes_at.isoformat(),
        cap=row.cap,
        reporting=row.reporting,
    )


class Decision(BaseModel):
    """A decision on a pending registration: accept (as `choice`: a match's key, or
    ``new``) or refuse."""

    decision: str = Field(pattern="^(accept|refuse)$")
    choice: str = Field("", max_length=40)


@api.get("/{tid}/registrations")
def api_registrations(request: Request, tid: int, who: Director) -> list[dict[str, Any]]:
    """Every registration sent online, the pending ones with their matches."""
    return [
        {
            "id": r.id,
            "fields": r.fields,
            "email": r.email,
            "status": r.status,
            "created": r.created_at.isoformat(),
            "player": r.player_id,
            "candidates": [{"key": k, "label": v} for k, v in r.candidates],
        }
        for r in pending_registrations(store_of(request), tid)
    ]


@api.post("/{tid}/registrations/{rid}")
def api_decide(
    request: Request, tid: int, rid: int, body: Decision, who: Director
) -> dict[str, Any]:
    """Accept or refuse a pending registration."""
    if body.decision == "refuse":
        refuse_registration(store_of(request), tid, rid, who.actor)
        return {"status": "refused", "id": rid}
    message = _accept(request, tid, rid, body.choice, who)
    return {"status": "accepted", "id": rid, "message": message}


@api.get("/{tid}/codes")
def api_codes(request: Request, tid: int, who: Director) -> list[dict[str, Any]]:
    """Every entrant's personal code."""
    return [
        {"player": c.player.id, "name": c.player.name, "code": c.code}
        for c in ensure_codes(store_of(request), tid)
    ]


def welcome_codes(
    request: Request, tid: int, sheet: PrintSheet, sheets: Mapping[str, str]
) -> Response:
    """The director's welcome sheets with each player's code as text and QR code (the link
    to their page, the code in the fragment: it never reaches a server's log)."""
    base = _site(request)
    codes = {
        int(c.player.id): (c.code, qr_svg(f"{base}/live/{tid}/me#code={c.code}"))
        for c in ensure_codes(store_of(request), tid)
    }
    links = tuple(sheets.items())
    context = {"p": sheet, "base": f"/td/{tid}", "links": links, "codes": codes, "tid": tid}
    return templates.TemplateResponse(request, "print_sheet.html", context, headers=NO_STORE)
