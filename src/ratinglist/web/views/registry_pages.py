"""The ID officer's page and API (``/registry``): new players with an ID from a country's
range (a namesake of a registered player only after an explicit confirmation), merges of two
IDs of one person and their undoing, renames and splits (an ID reused for another person),
and the real IDs of the new players that directed tournaments entered under temporary
identifiers (``NEW1``: a new ID of the host country's range, or a registered namesake's ID).
The same service calls as `ratinglist players add`, `merge`, `unmerge`, `rename` and
`split`. The rating officer and admins may act for every country; an ID officer
for theirs (the host country of a new ID or of the tournament; both players' countries of a
merge). A tournament director never assigns an ID (issue 19).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Annotated

from fastapi import Depends, Form, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from ratinglist.errors import N_, ConflictError, PermissionDenied, RatinglistError
from ratinglist.i18n import _
from ratinglist.i18n.messages import translate_error
from ratinglist.model.account import Role, may_assign_ids, may_assign_some_ids, may_officiate
from ratinglist.model.player import Player
from ratinglist.model.text import parse_day
from ratinglist.service.accounts import SignedIn, country_scope
from ratinglist.service.registry import (
    IdTransition,
    add_player,
    merge_players,
    rename_player,
    show_player,
    split_player,
    unmerge_players,
)
from ratinglist.service.tournaments.temporary_ids import assign_id, pending_ids, tournament_host
from ratinglist.web import flash
from ratinglist.web.auth import permit
from ratinglist.web.routes import APIRouter
from ratinglist.web.templating import templates
from ratinglist.web.views.common import NO_STORE, db_url, store_of

router = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/api/v1/registry", tags=["registry"])


Number = Annotated[int, Form()]
"""A player ID (or a tournament's number) as a form sends it."""
Name = Annotated[str, Form(max_length=100)]
"""A surname, first name, country or host as typed (empty: none)."""
Reason = Annotated[str, Form(max_length=500)]
"""Why the officer acts, for the registry's history."""
Day = Annotated[str, Form(min_length=1, max_length=10)]
"""The date a change holds from (YYYY-MM-DD)."""

Officer = Annotated[
    SignedIn, Depends(permit(lambda a, _r: may_assign_some_ids(a), N_("assign player IDs")))
]


def _require_country(who: SignedIn, country: str) -> str:
    code = country_scope(country)
    if not may_assign_ids(who.account, code):
        raise PermissionDenied(
            N_("expected a user allowed to assign IDs of %(code)s, got %(name)s"),
            code=code,
            name=who.account.name,
        )
    return code


def _namesakes(namesakes: tuple[Player, ...]) -> str:
    return ", ".join(f"{p.id} ({p.name}, {p.country})" for p in namesakes)


def _add(
    request: Request,
    who: SignedIn,
    surname: str,
    firstname: str,
    country: str,
    host: str,
    *,
    confirmed: bool = False,
) -> tuple[str, tuple[Player, ...]]:
    """Register the player; return the message and the namesakes. Unconfirmed, a namesake
    of a registered player is not added: the message is empty and the namesakes say who."""
    code = _require_country(who, host or country)
    added = add_player(
        store_of(request),
        surname,
        firstname,
        country,
        actor=who.actor,
        host_country=code,
        same_name_ok=confirmed,
    )
    if added.player is None:
        return "", added.namesakes
    name, pid = added.player.name, added.player.id
    if added.namesakes:
        same = _namesakes(added.namesakes)
        return _("%(name)s has ID %(id)s (same name as %(same)s)", name=name, id=pid, same=same), (
            added.namesakes
        )
    return _("%(name)s has ID %(id)s", name=name, id=pid), added.namesakes


def _transition(verb: str, change: IdTransition) -> str:
    return (
        f"{verb} {change.player_id} from {change.when}: {change.before.name} "
        f"({change.before.country}) before, {change.after.name} ({change.after.country}) "
        "from then"
    )


def _reidentify(
    request: Request,
    who: SignedIn,
    player: int,
    when: dt.date,
    names: tuple[str, str, str],
    reason: str,
    *,
    split: bool,
) -> str:
    """From `when`, the person of `player` has new names (empty: unchanged), or with
    `split` the ID denotes another person (country empty: as now); both the player's
    country and a new one must be the officer's."""
    db = store_of(request)
    surname, firstname, country = (n.strip() for n in names)
    _require_country(who, show_player(db, player).player.country)
    if country:
        _require_country(who, country)
    if split:
        change = split_player(
            db,
            player,
            surname,
            firstname,
            on=when,
            country=country or None,
            reason=reason,
            actor=who.actor,
        )
        return _transition("split", change)
    change = rename_player(
        db,
        player,
        on=when,
        surname=surname or None,
        firstname=firstname or None,
        country=country or None,
        reason=reason,
        actor=who.actor,
    )
    return _transition("renamed", change)


def _unmerge(request: Request, who: SignedIn, removed: int, reason: str) -> str:
    db = store_of(request)
    person = show_player(db, removed).player
    _require_country(who, person.country)
    kept = unmerge_players(db, removed, reason=reason, actor=who.actor)
    other = show_player(db, kept).player
    return (
        f"unmerged {person.name} ({removed}) from {other.name} ({kept}): it counts on its own again"
    )


def _merge(request: Request, who: SignedIn, kept: int, removed: int, reason: str) -> str:
    db = store_of(request)
    people = [show_player(db, pid).player for pid in (kept, removed)]
    for person in people:
        _require_country(who, person.country)
    merge_players(db, kept, removed, actor=who.actor, reason=reason)
    return _(
        "%(removed_name)s (%(removed)s) merged into %(kept_name)s (%(kept)s)",
        removed_name=people[1].name,
        removed=removed,
        kept_name=people[0].name,
        kept=kept,
    )


def _hosts(who: SignedIn) -> frozenset[str] | None:
    """The host countries whose temporary identifiers `who` may replace (None: every one)."""
    if may_officiate(who.account):
        return None
    return frozenset(g.scope for g in who.account.grants if g.role is Role.ID_OFFICER)


def _assign(
    request: Request, who: SignedIn, tournament: int, temporary: str, existing: int | None
) -> str:
    url = db_url(request)
    host = tournament_host(url, tournament)
    if not may_assign_ids(who.account, host):
        raise PermissionDenied(
            N_("expected a user allowed to assign IDs of %(host)s, got %(name)s"),
            host=host,
            name=who.account.name,
        )
    done = assign_id(url, tournament, temporary, who.actor, existing=existing)
    what = (
        N_("%(temporary)s of %(tournament)s is %(name)s: new ID %(id)s")
        if done.new
        else N_("%(temporary)s of %(tournament)s is %(name)s: registered player %(id)s")
    )
    return _(
        what,
        temporary=done.temporary,
        tournament=done.tournament_name,
        name=done.player.name,
        id=done.player.id,
    )


@router.get("/registry")
def registry_page(request: Request, who: Officer) -> Response:
    """The forms, and the temporary identifiers waiting for an ID."""
    context = {"csrf": who.csrf, "who": who, "pending": pending_ids(db_url(request), _hosts(who))}
    return flash.page(request, "registry.html", context)


def _done(request: Request, message: str, ok: bool = True) -> Response:
    return flash.redirect(request, "/registry", message, error=not ok)


def _answered(request: Request, act: Callable[[], str]) -> Response:
    """Back to ``/registry`` with what `act` did, or with why the registry refused it; a
    user not allowed is refused (403) as on every page."""
    try:
        return _done(request, act())
    except PermissionDenied:
        raise
    except RatinglistError as exc:
        return _done(request, translate_error(exc), ok=False)


@router.post("/registry/players")
def add_form(
    request: Request,
    who: Officer,
    surname: Annotated[str, Form(min_length=1, max_length=100)],
    country: Annotated[str, Form(min_length=2, max_length=100)],
    firstname: Name = "",
    host: Name = "",
    confirm: Annotated[str, Form(max_length=10)] = "",
) -> Response:
    """Give a new player an ID; a namesake of a registered player is asked about first."""
    try:
        message, namesakes = _add(
            request, who, surname, firstname, country, host, confirmed=confirm == "yes"
        )
    except PermissionDenied:
        raise
    except RatinglistError as exc:
        return _done(request, translate_error(exc), ok=False)
    if message:
        return _done(request, message)
    context = {
        "csrf": who.csrf,
        "who": who,
        "surname": surname,
        "firstname": firstname,
        "country": country,
        "host": host,
        "namesakes": namesakes,
    }
    return templates.TemplateResponse(
        request, "registry_namesake.html", context, status_code=409, headers=NO_STORE
    )


@router.post("/registry/merges")
def merge_form(
    request: Request, who: Officer, kept: Number, removed: Number, reason: Reason = ""
) -> Response:
    """Merge two IDs of one person."""
    return _answered(request, lambda: _merge(request, who, kept, removed, reason))


def _day(text: str) -> dt.date:
    return parse_day(text.strip())


@router.post("/registry/unmerges")
def unmerge_form(request: Request, who: Officer, removed: Number, reason: Reason = "") -> Response:
    """Undo a merge: the merged-away ID counts on its own again."""
    return _answered(request, lambda: _unmerge(request, who, removed, reason))


@router.post("/registry/renames")
def rename_form(
    request: Request,
    who: Officer,
    player: Number,
    when: Day,
    surname: Name = "",
    firstname: Name = "",
    country: Name = "",
    reason: Reason = "",
) -> Response:
    """Record a new name or country of the same person from a date."""
    names = (surname, firstname, country)
    return _answered(
        request, lambda: _reidentify(request, who, player, _day(when), names, reason, split=False)
    )


@router.post("/registry/splits")
def split_form(
    request: Request,
    who: Officer,
    player: Number,
    when: Day,
    surname: Annotated[str, Form(min_length=1, max_length=100)],
    firstname: Name = "",
    country: Name = "",
    reason: Reason = "",
) -> Response:
    """Record that from a date the ID denotes another person (the ID was reused)."""
    names = (surname, firstname, country)
    return _answered(
        request, lambda: _reidentify(request, who, player, _day(when), names, reason, split=True)
    )


@router.post("/registry/temporary")
def assign_form(
    request: Request,
    who: Officer,
    tournament: Number,
    temporary: Annotated[str, Form(min_length=1, max_length=8)],
    existing: Annotated[str, Form(max_length=12)] = "",
) -> Response:
    """Give a temporary identifier its real ID (a new one, or a registered player's)."""
    try:
        chosen = int(existing) if existing.strip() else None
    except ValueError:
        message = _("expected a registered player ID, got %(text)r", text=existing)
        return _done(request, message, ok=False)
    return _answered(request, lambda: _assign(request, who, tournament, temporary, chosen))


class NewPlayerIn(BaseModel):
    """A new player: the ID comes from `host`'s range (default: the player's country)."""

    surname: str = Field(min_length=1, max_length=100)
    firstname: str = Field(default="", max_length=100)
    country: str = Field(min_length=2, max_length=100)
    host: str = Field(default="", max_length=100)
    confirm_namesake: bool = False
    """Register even when a player of the same name is registered (refused with 409
    otherwise, naming them)."""


class UnmergeIn(BaseModel):
    """A merged-away ID that counts on its own again."""

    removed: int
    reason: str = Field(default="", max_length=500)


class RenameIn(BaseModel):
    """From `when`, the person of `player` has a new name or country (empty: unchanged)."""

    player: int
    when: dt.date
    surname: str = Field(default="", max_length=100)
    firstname: str = Field(default="", max_length=100)
    country: str = Field(default="", max_length=100)
    reason: str = Field(default="", max_length=500)


class SplitIn(RenameIn):
    """From `when`, `player` denotes a new person (the ID was reused); `country` empty: as
    now."""

    surname: str = Field(min_length=1, max_length=100)


class MergeIn(BaseModel):
    """Two IDs of one person: the games of `removed` count for `kept`."""

    kept: int
    removed: int
    reason: str = Field(default="", max_length=500)


class Done(BaseModel):
    """What was done, in words."""

    message: str


@api.post("/players", status_code=201)
def api_add(request: Request, body: NewPlayerIn, who: Officer) -> Done:
    """Give a new player an ID from the host country's range. A namesake of a registered
    player is refused (409, naming them) unless `confirm_namesake`."""
    message, namesakes = _add(
        request,
        who,
        body.surname,
        body.firstname,
        body.country,
        body.host,
        confirmed=body.confirm_namesake,
    )
    if not message:
        raise ConflictError(
            N_("same name as %(namesakes)s: register anyway? (send confirm_namesake: true)"),
            namesakes=_namesakes(namesakes),
        )
    return Done(message=message)


@api.post("/merges", status_code=201)
def api_merge(request: Request, body: MergeIn, who: Officer) -> Done:
    """Merge two IDs of one person."""
    return Done(message=_merge(request, who, body.kept, body.removed, body.reason))


@api.post("/unmerges", status_code=201)
def api_unmerge(request: Request, body: UnmergeIn, who: Officer) -> Done:
    """Undo the merge in force on `removed`."""
    return Done(message=_unmerge(request, who, body.removed, body.reason))


@api.post("/renames", status_code=201)
def api_rename(request: Request, body: RenameIn, who: Officer) -> Done:
    """Record a new name or country of the same person from `when`."""
    names = (body.surname, body.firstname, body.country)
    message = _reidentify(request, who, body.player, body.when, names, body.reason, split=False)
    return Done(message=message)


@api.post("/splits", status_code=201)
def api_split(request: Request, body: SplitIn, who: Officer) -> Done:
    """Record that from `when` the ID denotes a new person."""
    names = (body.surname, body.firstname, body.country)
    message = _reidentify(request, who, body.player, body.when, names, body.reason, split=True)
    return Done(message=message)


class PendingOut(BaseModel):
    """A new player of a running tournament still under a temporary identifier."""

    tournament: int
    tournament_name: str
    host: str
    temporary: str
    surname: str
    firstname: str
    country: str
    namesakes: list[int]


class AssignIn(BaseModel):
    """The real ID of tournament `tournament`'s `temporary` (``NEW1``): a new ID of the host
    country's range, or `existing` (the registered player the entrant is)."""

    tournament: int
    temporary: str = Field(min_length=1, max_length=8)
    existing: int | None = None


@api.get("/temporary-ids")
def api_pending(request: Request, who: Officer) -> list[PendingOut]:
    """The temporary identifiers waiting for an ID, of the countries the user serves."""
    return [
        PendingOut(
            tournament=p.tournament,
            tournament_name=p.tournament_name,
            host=p.host,
            temporary=p.temporary,
            surname=p.surname,
            firstname=p.firstname,
            country=p.country,
            namesakes=[int(n.id) for n in p.namesakes],
        )
        for p in pending_ids(db_url(request), _hosts(who))
    ]


@api.post("/temporary-ids", status_code=201)
def api_assign(request: Request, body: AssignIn, who: Officer) -> Done:
    """Give a temporary identifier its real ID."""
    return Done(message=_assign(request, who, body.tournament, body.temporary, body.existing))
