"""Every Go setting the director types by a short name, declared once: the `GoOptions` field,
the CLI option, the form field, the API key, the OpenGotha XML attribute (the name
`options.with_options` sets), the help and the longest value. The CLI options, the form
fields, the API model and the XML mapping (`options.option_pairs`) are generated from
`GO_SETTINGS`; a new setting is one entry here and one `GoOptions` field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["text", "flag", "time", "handicap"]
"""How a value becomes OpenGotha parameters: ``text`` the value as typed for `xml`, ``flag``
true or false for `xml`, ``time`` the time system's parameters (`options.parse_time`),
``handicap`` mms, rank or none (`options.option_pairs`)."""

SHORT = 40
"""Longest value of a short Go field (a rank, komi, time, class)."""


@dataclass(frozen=True, slots=True)
class GoSetting:
    """One Go setting: its `GoOptions` field (also the form field and the API key), its CLI
    option (``--komi``; a flag: ``--internet/--on-site``), its OpenGotha XML attribute, how
    its value is read (`Kind`), the help shown beside it (CLI, API description), the longest
    value, and whether the director's forms show it."""

    field: str
    cli: str
    xml: str
    help: str
    kind: Kind = "text"
    max_length: int = SHORT
    form: bool = True
    example: str = ""
    """A value to show in the API's description."""

    @property
    def form_field(self) -> str:
        """The form field's name."""
        return self.field

    @property
    def api_key(self) -> str:
        """The key of the API's ``go`` object."""
        return self.field

    @property
    def cli_names(self) -> tuple[str, ...]:
        """The CLI option's declarations (a flag: its on and off names in one)."""
        return (self.cli,)


GO_SETTINGS: tuple[GoSetting, ...] = (
    GoSetting(
        "time",
        "--time",
        "basicTime",
        'Go time system: "90m" sudden death, "60m+3x30s" byo-yomi, "60m+15/5m" Canadian '
        '(stones/period), "60m+10s" Fischer.',
        kind="time",
        example='"90m", "60m+3x30s" byo-yomi, "60m+15/5m" Canadian, "60m+10s" Fischer',
    ),
    GoSetting("komi", "--komi", "komi", "Go komi, e.g. 7.5 (default).", example="e.g. 7.5"),
    GoSetting(
        "location",
        "--location",
        "location",
        "Go: where it is played (default: country).",
        max_length=200,
    ),
    GoSetting("director", "--director", "director", "Go: director's name.", max_length=200),
    GoSetting(
        "bar", "--bar", "genMMBar", "Go McMahon bar, e.g. 4d.", form=False, example="McMahon bar"
    ),
    GoSetting(
        "floor",
        "--floor",
        "genMMFloor",
        "Go McMahon floor, e.g. 20k.",
        form=False,
        example="McMahon floor",
    ),
    GoSetting(
        "criteria",
        "--criteria",
        "placement",
        "Go placement criteria, e.g. MMS,SOSM,SOSOSM.",
        max_length=100,
        form=False,
        example="MMS,SOSM,...",
    ),
    GoSetting(
        "egf_class",
        "--class",
        "egfClass",
        "Go EGF class A, B, C, D or X (default: from --time).",
        example="A, B, C, D or X; empty: from the time",
    ),
    GoSetting(
        "compat",
        "--compat",
        "compat",
        "Go: opengotha pairs as OpenGotha 3.52 (fields over 600 in groups); none: off.",
        example="opengotha or none",
    ),
    GoSetting(
        "handicap_threshold",
        "--handicap-threshold",
        "hdNoHdRankThreshold",
        "Go: no handicap above this rank, e.g. 1d.",
        example="a rank",
    ),
    GoSetting(
        "handicap_correction",
        "--handicap-correction",
        "hdCorrection",
        "Go: stones taken off a handicap, -1 to 3.",
        example="-1..3",
    ),
    GoSetting(
        "handicap_ceiling",
        "--handicap-ceiling",
        "hdCeiling",
        "Go: most handicap stones, 0-9.",
        example="0..9",
    ),
    GoSetting(
        "internet",
        "--internet/--on-site",
        "bInternet",
        "Go: played on the internet (EGF class D).",
        kind="flag",
        form=False,
    ),
    GoSetting(
        "handicap",
        "--handicap",
        "hdBasedOnMMS",
        "Go handicap from mms (McMahon score), rank, or none.",
        kind="handicap",
        example="mms, rank, none",
    ),
)
"""In the order their OpenGotha parameters are applied: the time first, the handicap mode
last (``none`` sets the ceiling to 0 after any ceiling typed)."""

SETTINGS_BY_FIELD = {s.field: s for s in GO_SETTINGS}
