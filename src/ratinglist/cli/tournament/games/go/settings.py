"""``tournament settings``: show every setting of a Go tournament, or change some as one logged
action (the options are `cli.tournament.settings`'s, shared with `tournament new`)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Annotated, Any

import typer
from rich.table import Table

from ratinglist.cli.common import DbOption, console, open_tournament, user_errors
from ratinglist.cli.tournament.games.go.options import go_options, with_go_settings
from ratinglist.cli.tournament.render import TournamentOption
from ratinglist.cli.tournament.settings import SetOption
from ratinglist.model.directed import GoSettingsView


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
        from ratinglist.service.tournaments.games.go.settings import (
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
