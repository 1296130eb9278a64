"""A Go tournament's settings: the options `tournament new` and `tournament settings` share
(the command itself: `cli.tournament.games.go.settings`)."""

from __future__ import annotations

from typing import Annotated

import typer

from ratinglist.model.directed import GoOptions

TimeOption = Annotated[
    str | None,
    typer.Option(
        "--time",
        help='Go time system: "90m" sudden death, "60m+3x30s" byo-yomi, "60m+15/5m" Canadian '
        '(stones/period), "60m+10s" Fischer.',
    ),
]
KomiOption = Annotated[str | None, typer.Option("--komi", help="Go komi, e.g. 7.5 (default).")]
LocationOption = Annotated[
    str | None, typer.Option("--location", help="Go: where it is played (default: country).")
]
DirectorOption = Annotated[str | None, typer.Option("--director", help="Go: director's name.")]
ClassOption = Annotated[
    str | None,
    typer.Option("--class", help="Go EGF class A, B, C, D or X (default: from --time)."),
]
InternetOption = Annotated[
    bool | None,
    typer.Option("--internet/--on-site", help="Go: played on the internet (EGF class D)."),
]
HandicapOption = Annotated[
    str | None,
    typer.Option("--handicap", help="Go handicap from mms (McMahon score), rank, or none."),
]
ThresholdOption = Annotated[
    str | None,
    typer.Option("--handicap-threshold", help="Go: no handicap above this rank, e.g. 1d."),
]
CorrectionOption = Annotated[
    str | None,
    typer.Option("--handicap-correction", help="Go: stones taken off a handicap, -1 to 3."),
]
CeilingOption = Annotated[
    str | None, typer.Option("--handicap-ceiling", help="Go: most handicap stones, 0-9.")
]
CompatOption = Annotated[
    str | None,
    typer.Option(
        "--compat",
        help="Go: opengotha pairs as OpenGotha 3.52 (fields over 600 in groups); none: off.",
    ),
]
SetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        help="Go: any OpenGotha parameter as name=value, e.g. paiMaSeedSystem1=SPLITANDFOLD "
        "(repeat; tournament settings lists them).",
    ),
]


def go_options(
    *,
    time: str | None = None,
    komi: str | None = None,
    location: str | None = None,
    director: str | None = None,
    egf_class: str | None = None,
    internet: bool | None = None,
    handicap: str | None = None,
    threshold: str | None = None,
    correction: str | None = None,
    ceiling: str | None = None,
    compat: str | None = None,
    parameters: list[str] | None = None,
    bar: str | None = None,
    floor: str | None = None,
    criteria: str | None = None,
) -> GoOptions:
    """The options as the service takes them."""
    return GoOptions(
        time=time,
        komi=komi,
        location=location,
        director=director,
        egf_class=egf_class,
        internet=internet,
        handicap=handicap,
        handicap_threshold=threshold,
        handicap_correction=correction,
        handicap_ceiling=ceiling,
        bar=bar,
        floor=floor,
        criteria=criteria,
        compat=compat,
        parameters=tuple(parameters or ()),
    )
