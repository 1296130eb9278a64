"""A Go tournament's settings on the web: the page ``/td/{tid}/settings`` and the API
``/api/v1/td/tournaments/{tid}/settings``, and the Go fields of the new-tournament form and
of the API's create (the same `GoOptions` the CLI builds, the same service calls).

A change carries the log's event number its page or call was drawn at (`based_on`): when
the log moved since, it is refused (409) and nothing is written.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated

from fastapi import Depends, Form, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from ratinglist.i18n import _
from ratinglist.model.directed import GoOptions, GoSettingsView
from ratinglist.service.tournaments.games.go.settings import (
    change_go_settings,
    go_settings_view,
    smms_items,
)
from ratinglist.service.tournaments.server import overview_facts
from ratinglist.web.auth import Director
from ratinglist.web.routes import APIRouter
from ratinglist.web.views.common import game_offers, store_of
from ratinglist.web.views.games.go.forms import (
    LONG,
    SHORT,
    GoSettingsBody,
    go_form,
    split_parameters,
)
from ratinglist.web.views.td_redirect import _act_at, _render

OFFERED = Depends(game_offers("settings", "settings page of their own"))
"""Only for a game that offers it: else 404."""
router = APIRouter(prefix="/td", include_in_schema=False, dependencies=[OFFERED])
api = APIRouter(prefix="/api/v1/td", tags=["tournament director"], dependencies=[OFFERED])


class SettingsChange(GoSettingsBody):
    """Settings to change; `based_on` the log's event number they were decided on (the
    ``based_on`` of the settings read): refused (409) when the log moved since."""

    based_on: int | None = Field(default=None, ge=1)
    smms: dict[int, int] = Field(
        default_factory=dict,
        max_length=2000,
        description="McMahon groups: SMMS correction (-1..2) by player number",
    )


class SettingsOut(BaseModel):
    """A Go tournament's settings: `settings` by OpenGotha's names, as its XML spells them;
    `fixed` the names that may not change now; `based_on` the log's event number."""

    tournament: str
    paired: int
    time: str
    egf_class: str
    egf_class_chosen: bool
    adjusted_minutes: int
    group_max: int | None
    settings: dict[str, str]
    fixed: list[str]
    based_on: int
    smms: dict[int, int]


def _out(view: GoSettingsView) -> SettingsOut:
    return SettingsOut(
        tournament=view.tournament,
        paired=view.paired,
        time=view.time,
        egf_class=view.egf_class,
        egf_class_chosen=view.egf_class_chosen,
        adjusted_minutes=view.adjusted_minutes,
        group_max=view.group_max,
        settings=dict(view.values),
        fixed=list(view.fixed),
        based_on=view.based_on,
        smms={number: correction for number, _, correction in view.smms},
    )


@api.get("/tournaments/{tid}/settings")
def read_settings(request: Request, tid: int, who: Director) -> SettingsOut:
    """Every setting of a Go tournament by OpenGotha's names."""
    return _out(go_settings_view(store_of(request), tid))


@api.post("/tournaments/{tid}/settings")
def change_settings(request: Request, tid: int, body: SettingsChange, who: Director) -> SettingsOut:
    """Change settings of a Go tournament (one action, undone by undo); refused with the
    reason when a setting may no longer change (round 1 paired), 409 when the log moved
    since `based_on`."""
    options = replace(body.options(), smms=tuple(body.smms.items()))
    view = change_go_settings(store_of(request), tid, options, who.actor, body.based_on)
    return _out(view)


def _current(view: GoSettingsView) -> dict[str, str]:
    """Each form field's value now (shown in the blank field)."""
    values = dict(view.values)
    return {
        "bar": values["genMMBar"],
        "floor": values["genMMFloor"],
        "criteria": values["placement"],
        "time": view.time,
        "komi": values["komi"],
        "location": values["location"],
        "director": values["director"],
        "egf_class": view.egf_class,
        "handicap": "mms" if values["hdBasedOnMMS"] == "true" else "rank",
        "handicap_threshold": values["hdNoHdRankThreshold"],
        "handicap_correction": values["hdCorrection"],
        "handicap_ceiling": values["hdCeiling"],
        "compat": values["compat"] or "none",
    }


@router.get("/{tid}/settings")
def settings_page(request: Request, tid: int, who: Director) -> Response:
    """Every setting of a Go tournament, and a form to change some."""
    view = go_settings_view(store_of(request), tid)
    context = {
        "s": view,
        "tid": tid,
        "csrf": who.csrf,
        "fields": overview_facts(store_of(request), tid).settings_fields,
        "fixed": set(view.fixed),
        "current": _current(view),
    }
    return _render(request, tid, who, "games/go/settings.html", context)


@router.post("/{tid}/settings")
def settings_form(
    request: Request,
    tid: int,
    who: Director,
    options: Annotated[GoOptions, Depends(go_form)],
    based_on: Annotated[int | None, Form(ge=1)] = None,
    bar: Annotated[str, Form(max_length=SHORT)] = "",
    floor: Annotated[str, Form(max_length=SHORT)] = "",
    criteria: Annotated[str, Form(max_length=100)] = "",
    smms: Annotated[str, Form(max_length=LONG)] = "",
) -> Response:
    """Change the settings typed (blank fields stay as they are); `smms`: McMahon groups as
    ``NUMBER=CORRECTION`` items (``3=+1; 7=-1``)."""
    chosen = replace(options, bar=bar or None, floor=floor or None, criteria=criteria or None)

    def action() -> str:
        typed = replace(chosen, smms=smms_items(split_parameters(smms)))
        change_go_settings(store_of(request), tid, typed, who.actor, based_on)
        return _("settings changed")

    return _act_at(request, tid, who, "/settings", action)
