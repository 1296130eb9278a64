"""The Go fields of the director's forms (new tournament, settings) and the API's Go
settings model, generated from the Go settings table (`GO_SETTINGS`): what they are called,
how long they may be, and the `GoOptions` they give."""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import Form
from pydantic import BaseModel, Field, create_model

from ratinglist.model.directed import GoOptions
from ratinglist.service.go.setting_table import GO_SETTINGS, GoSetting
from ratinglist.service.go.setting_table import SHORT as SHORT
from ratinglist.web.views.games.options import NewOptions

NO_GO = GoOptions()
"""No Go setting typed."""
LONG = 2000
"""Longest list of OpenGotha parameters typed in one field."""


def split_parameters(text: str) -> tuple[str, ...]:
    """``name=value`` items typed in one field, one a line or separated by ``;``."""
    return tuple(p.strip() for p in text.replace(";", "\n").splitlines() if p.strip())


def _form_parameter(setting: GoSetting) -> inspect.Parameter:
    return inspect.Parameter(
        setting.form_field,
        inspect.Parameter.KEYWORD_ONLY,
        default="",
        annotation=Annotated[str, Form(max_length=setting.max_length)],
    )


_FORM_SETTINGS = tuple(s for s in GO_SETTINGS if s.form)


def go_form(**typed: str) -> GoOptions:
    """The Go fields of a form (blank: not set): one per setting of `GO_SETTINGS` the forms
    show, and ``parameters``."""
    values: dict[str, Any] = {s.field: typed.get(s.form_field) or None for s in _FORM_SETTINGS}
    return GoOptions(**values, parameters=split_parameters(typed.get("parameters", "")))


_FORM_PARAMETERS = [
    *(_form_parameter(s) for s in _FORM_SETTINGS),
    inspect.Parameter(
        "parameters",
        inspect.Parameter.KEYWORD_ONLY,
        default="",
        annotation=Annotated[str, Form(max_length=LONG)],
    ),
]
go_form.__signature__ = inspect.Signature(_FORM_PARAMETERS, return_annotation=GoOptions)  # type: ignore[attr-defined]
go_form.__annotations__ = {p.name: p.annotation for p in _FORM_PARAMETERS} | {"return": GoOptions}


class GoSettingsBase(BaseModel):
    """Go settings to set (absent or null: unchanged; a new tournament: OpenGotha's
    default). `parameters`: any OpenGotha parameter by its XML name, valued as its XML
    spells it (``{"paiMaSeedSystem1": "SPLITANDFOLD", "hdNoHdRankThreshold": "1D"}``); the
    short settings' keys are `GO_SETTINGS`' (`GoSettingsBody`)."""

    parameters: dict[str, str] = Field(default_factory=dict, max_length=100)

    def options(self) -> GoOptions:
        """The settings as the service takes them."""
        values: dict[str, Any] = {s.field: getattr(self, s.api_key, None) for s in GO_SETTINGS}
        parameters = tuple(f"{k}={v}" for k, v in self.parameters.items())
        return GoOptions(**values, parameters=parameters)


def _api_field(setting: GoSetting) -> Any:
    if setting.kind == "flag":
        return (bool | None, None)
    description = setting.example or None
    return (
        str | None,
        Field(default=None, max_length=setting.max_length, description=description),
    )


if TYPE_CHECKING:
    GoSettingsBody = GoSettingsBase
else:
    GoSettingsBody = create_model(
        "GoSettingsBody",
        __base__=GoSettingsBase,
        __module__=__name__,
        __doc__=GoSettingsBase.__doc__,
        **{s.api_key: _api_field(s) for s in GO_SETTINGS},
    )


NEW_OPTIONS = NewOptions(
    field="go_options",
    form=go_form,
    api_key="go",
    api_model=GoSettingsBody,
    api_help="Go: any other setting (time, komi, handicap, parameters)",
)
"""Go's own options of the new-tournament form and API."""
