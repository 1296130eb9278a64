"""A Go tournament's settings: the options `tournament new` and `tournament settings` share,
and ``tournament settings`` (show every setting, or change some as one logged action)."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Annotated, Any, TypeVar

import typer
from rich.table import Table

from ratinglist.cli.common import DbOption, console, open_tournament, user_errors
from ratinglist.cli.tournament.render import TournamentOption
from ratinglist.model.directed import GoOptions, GoSettingsView
from ratinglist.service.go.setting_table import GO_SETTINGS, GoSetting

SetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        help="Go: any OpenGotha parameter as name=value, e.g. paiMaSeedSystem1=SPLITANDFOLD "
        "(repeat; tournament settings lists them).",
    ),
]


F = TypeVar("F", bound=Callable[..., Any])


def _cli_parameter(setting: GoSetting) -> inspect.Parameter:
    kind = bool | None if setting.kind == "flag" else str | None
    return inspect.Parameter(
        setting.field,
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
        default=None,
        annotation=Annotated[kind, typer.Option(*setting.cli_names, help=setting.help)],
    )


def with_go_settings(
    *, leave: frozenset[str] = frozenset(), before: str = "parameters"
) -> Callable[[F], F]:
    """A command with one option per Go setting of `GO_SETTINGS` (but the fields in `leave`),
    listed before its parameter `before`; its ``**go`` parameter receives them by `GoOptions`
    field."""

    def decorate(command: F) -> F:
        found = inspect.signature(command, eval_str=True)
        params: list[inspect.Parameter] = []
        for p in found.parameters.values():
            if p.name == before:
                params += [_cli_parameter(s) for s in GO_SETTINGS if s.field not in leave]
            if p.kind is not inspect.Parameter.VAR_KEYWORD:
                params.append(p)
        setattr(command, "__signature__", found.replace(parameters=params))  # noqa: B010
        hints = {p.name: p.annotation for p in params}
        setattr(command, "__annotations__", hints | {"return": found.return_annotation})  # noqa: B010
        return command

    return decorate


def go_options(go: Mapping[str, Any], parameters: list[str] | None = None) -> GoOptions:
    """The options as the service takes them: `go` by `GoOptions` field (`with_go_settings`)
    and the ``--set`` items."""
    values = {s.field: go[s.field] for s in GO_SETTINGS if s.field in go}
    return GoOptions(**values, parameters=tuple(parameters or ()))


def _print(view: GoSettingsView, as_json: bool) -> None:
    if as_json:
        data = {
            "tournament": view.tournament,
            "paired": view.paired,
            "time": view.time,
            "egf_class": view.egf_class,
            "egf_class_chosen": view.egf_class_chosen,
            "adjusted_minutes": view.adjusted_minutes,
            "group_max": view.group_max,
            "settings": dict(view.values),
            "fixed": list(view.fixed),
            "based_on": view.based_on,
            "smms": [
                {"player": number, "name": name, "correction": correction}
                for number, name, correction in view.smms
            ],
        }
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    chosen = "chosen" if view.egf_class_chosen else "from the time system"
    typer.echo(
        f"{view.tournament}: time {view.time} (adjusted {view.adjusted_minutes} min), "
        f"EGF class {view.egf_class} ({chosen})"
        + (f", pairs in groups of at most {view.group_max}" if view.group_max else "")
    )
    table = Table(title="Settings (OpenGotha's names)")
    for col in ("name", "value", "may change"):
        table.add_column(col)
    fixed = set(view.fixed)
    for name, value in view.values:
        table.add_row(name, value, "no" if name in fixed else "yes")
    console.print(table)
    for number, name, correction in view.smms:
        typer.echo(f"SMMS correction {correction:+d}: {number} {name}")


@with_go_settings()
def settings(
    parameters: SetOption = None,
    smms: Annotated[
        list[str] | None,
        typer.Option(
            "--smms",
            help="McMahon groups: NUMBER=CORRECTION, -1 to 2 (+1 the super group, 0 back to "
            "the rank's group); before round 1 is paired. Repeat.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
    **go: Any,
) -> None:
    """Show a Go tournament's settings, or change some (one action, undone by undo).

    Once round 1 is paired the bar, floor, zero, board size, absent and bye points, the
    rounding, the main placement criterion and the SMMS corrections may no longer change
    (they made the score groups of the published rounds); the rest applies to the rounds
    still to pair, the standings and the files.
    Example: ratinglist tournament settings
    Example: ratinglist tournament settings --komi 6.5 --time "60m+3x30s" --handicap rank
    Example: ratinglist tournament settings --set paiMaSeedSystem1=SPLITANDFOLD --compat opengotha
    Example: ratinglist tournament settings --smms 3=+1 --smms 7=-1
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.settings import (
            change_go_settings,
            go_settings_view,
            smms_items,
        )

        options = go_options(go, parameters)
        options = replace(options, smms=smms_items(smms or ()))
        db_handle, tid = open_tournament(db, tournament)
        if options.empty:
            view = go_settings_view(db_handle, tid)
        else:
            view = change_go_settings(db_handle, tid, options, Actor.cli_user())
    if not options.empty and not as_json:
        typer.echo("settings changed")
    _print(view, as_json)
