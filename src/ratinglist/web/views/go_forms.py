"""The Go fields of the director's forms (new tournament, settings): what they are called,
how long they may be, and the `GoOptions` they give."""

from __future__ import annotations

from typing import Annotated

from fastapi import Form
from pydantic import BaseModel, Field

from ratinglist.model.directed import GoOptions

NO_GO = GoOptions()
"""No Go setting typed."""
SHORT = 40
"""Longest value of a short Go field (a rank, komi, time, class)."""
LONG = 2000
"""Longest list of OpenGotha parameters typed in one field."""


def split_parameters(text: str) -> tuple[str, ...]:
    """``name=value`` items typed in one field, one a line or separated by ``;``."""
    return tuple(p.strip() for p in text.replace(";", "\n").splitlines() if p.strip())


def go_form(
    time: Annotated[str, Form(max_length=SHORT)] = "",
    komi: Annotated[str, Form(max_length=SHORT)] = "",
    location: Annotated[str, Form(max_length=200)] = "",
    director: Annotated[str, Form(max_length=200)] = "",
    egf_class: Annotated[str, Form(max_length=SHORT)] = "",
    handicap: Annotated[str, Form(max_length=SHORT)] = "",
    handicap_threshold: Annotated[str, Form(max_length=SHORT)] = "",
    handicap_correction: Annotated[str, Form(max_length=SHORT)] = "",
    handicap_ceiling: Annotated[str, Form(max_length=SHORT)] = "",
    compat: Annotated[str, Form(max_length=SHORT)] = "",
    parameters: Annotated[str, Form(max_length=LONG)] = "",
) -> GoOptions:
    """The Go fields of a form (blank: not set)."""
    return GoOptions(
        time=time or None,
        komi=komi or None,
        location=location or None,
        director=director or None,
        egf_class=egf_class or None,
        handicap=handicap or None,
        handicap_threshold=handicap_threshold or None,
        handicap_correction=handicap_correction or None,
        handicap_ceiling=handicap_ceiling or None,
        compat=compat or None,
        parameters=split_parameters(parameters),
    )


class GoSettingsBody(BaseModel):
    """Go settings to set (absent or null: unchanged; a new tournament: OpenGotha's
    default). `parameters`: any OpenGotha parameter by its XML name, valued as its XML
    spells it (``{"paiMaSeedSystem1": "SPLITANDFOLD", "hdNoHdRankThreshold": "1D"}``)."""

    time: str | None = Field(
        default=None,
        max_length=SHORT,
        description='"90m", "60m+3x30s" byo-yomi, "60m+15/5m" Canadian, "60m+10s" Fischer',
    )
    komi: str | None = Field(default=None, max_length=SHORT, description="e.g. 7.5")
    location: str | None = Field(default=None, max_length=200)
    director: str | None = Field(default=None, max_length=200)
    egf_class: str | None = Field(
        default=None, max_length=SHORT, description="A, B, C, D or X; empty: from the time"
    )
    internet: bool | None = None
    handicap: str | None = Field(default=None, max_length=SHORT, description="mms, rank, none")
    handicap_threshold: str | None = Field(default=None, max_length=SHORT, description="a rank")
    handicap_correction: str | None = Field(default=None, max_length=SHORT, description="-1..3")
    handicap_ceiling: str | None = Field(default=None, max_length=SHORT, description="0..9")
    bar: str | None = Field(default=None, max_length=SHORT, description="McMahon bar")
    floor: str | None = Field(default=None, max_length=SHORT, description="McMahon floor")
    criteria: str | None = Field(default=None, max_length=100, description="MMS,SOSM,...")
    compat: str | None = Field(default=None, max_length=SHORT, description="opengotha or none")
    parameters: dict[str, str] = Field(default_factory=dict, max_length=100)

    def options(self) -> GoOptions:
        """The settings as the service takes them."""
        return GoOptions(
            time=self.time,
            komi=self.komi,
            location=self.location,
            director=self.director,
            egf_class=self.egf_class,
            internet=self.internet,
            handicap=self.handicap,
            handicap_threshold=self.handicap_threshold,
            handicap_correction=self.handicap_correction,
            handicap_ceiling=self.handicap_ceiling,
            bar=self.bar,
            floor=self.floor,
            criteria=self.criteria,
            compat=self.compat,
            parameters=tuple(f"{k}={v}" for k, v in self.parameters.items()),
        )
