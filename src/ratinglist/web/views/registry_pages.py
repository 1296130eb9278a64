"""The ID officer's page and API (``/registry``): new players with an ID from a country's
range, and merges of two IDs of one person. The same service calls as `ratinglist players
add` and `players merge`. The rating officer and admins may act for every country; an ID
officer for theirs (the host country of a new ID; both players' countries of a merge).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from ratinglist.errors import PermissionDenied, RatinglistError
from ratinglist.model.account import may_assign_ids, may_assign_some_ids
from ratinglist.service.accounts import SignedIn, country_scope
from ratinglist.service.registry import add_player, merge_players, show_player
from ratinglist.web import flash
from ratinglist.web.auth import permit
from ratinglist.web.templating import templates
from ratinglist.web.views.common import NO_STORE, db_url

router = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/api/v1/registry", tags=["registry"])


Officer = Annotated[
    SignedIn, Depends(permit(lambda a, _r: may_assign_some_ids(a), "assign player IDs"))
]


def _require_country(who: SignedIn, country: str) -> str:
    code = country_scope(country)
    if not may_assign_ids(who.account, code):
        raise PermissionDenied(
            f"expected a user allowed to assign IDs of {code}, got {who.account.name}"
        )
    return code


def _add(
    request: Request, who: SignedIn, surname: str, firstname: str, country: str, host: str
) -> str:
    code = _require_country(who, host or country)
    added = add_player(
        db_url(request), surname, firstname, country, actor=who.actor, host_country=code
    )
    if added.player is None:
        names = ", ".join(f"{p.name} ({p.id})" for p in added.namesakes)
        raise PermissionDenied(f"expected a new person, got a registered namesake: {names}")
    return f"{added.player.name} has ID {added.player.id}"


def _merge(request: Request, who: SignedIn, kept: int, removed: int, reason: str) -> str:
    url = db_url(request)
    for pid in (kept, removed):
        _require_country(who, show_player(url, pid).player.country)
    merge_players(url, kept, removed, actor=who.actor, reason=reason)
    return f"{removed} merged into {kept}"


@router.get("/registry")
def registry_page(request: Request, who: Officer) -> Response:
    """The forms."""
    notice, error = flash.take(request)
    context = {
        "csrf": who.csrf,
        "who": who,
        "message": notice,
        "error": error,
    }
    page = templates.TemplateResponse(request, "registry.html", context, headers=NO_STORE)
    return flash.shown(request, page)


def _done(request: Request, message: str, ok: bool = True) -> Response:
    return flash.redirect(request, "/registry", message, error=not ok)


@router.post("/registry/players")
def add_form(
    request: Request,
    who: Officer,
    surname: Annotated[str, Form(min_length=1, max_length=100)],
    country: Annotated[str, Form(min_length=2, max_length=100)],
    firstname: Annotated[str, Form(max_length=100)] = "",
    host: Annotated[str, Form(max_length=100)] = "",
) -> Response:
    """Give a new player an ID."""
    try:
        return _done(request, _add(request, who, surname, firstname, country, host))
    except PermissionDenied:
        raise
    except RatinglistError as exc:
        return _done(request, str(exc), ok=False)


@router.post("/registry/merges")
def merge_form(
    request: Request,
    who: Officer,
    kept: Annotated[int, Form()],
    removed: Annotated[int, Form()],
    reason: Annotated[str, Form(max_length=500)] = "",
) -> Response:
    """Merge two IDs of one person."""
    try:
        return _done(request, _merge(request, who, kept, removed, reason))
    except PermissionDenied:
        raise
    except RatinglistError as exc:
        return _done(request, str(exc), ok=False)


class NewPlayerIn(BaseModel):
    """A new player: the ID comes from `host`'s range (default: the player's country)."""

    surname: str = Field(min_length=1, max_length=100)
    firstname: str = Field(default="", max_length=100)
    country: str = Field(min_length=2, max_length=100)
    host: str = Field(default="", max_length=100)


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
    """Give a new player an ID from the host country's range."""
    return Done(message=_add(request, who, body.surname, body.firstname, body.country, body.host))


@api.post("/merges", status_code=201)
def api_merge(request: Request, body: MergeIn, who: Officer) -> Done:
    """Merge two IDs of one person."""
    return Done(message=_merge(request, who, body.kept, body.removed, body.reason))
