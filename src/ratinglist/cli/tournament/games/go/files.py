"""`ratinglist go-file ...`: check, convert and update Go tournament files (OpenGotha XML,
Pairgoth, MacMahon 3.9, EGF .h9, FFG .tou) without a database."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ratinglist.cli.common import console, err_console, user_errors, write_file

app = typer.Typer(
    help="Go tournament files: check, export (.xml .h9 .tou AGA), update ratings from a list.",
    no_args_is_help=True,
)

TournamentFile = Annotated[
    Path, typer.Argument(help="An OpenGotha/Pairgoth/MacMahon .xml file, or an .h9 or .tou file.")
]


class Kind(StrEnum):
    """The `--to` choices."""

    XML = "xml"
    H9 = "h9"
    TOU = "tou"
    AGA = "aga"


class ListFormat(StrEnum):
    """The `--format` choices of a rating list."""

    EGF = "egf"
    FFG = "ffg"
    AGA = "aga"


def _write(data: bytes, output: Path | None) -> None:
    if output is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    else:
        with user_errors():
            write_file(output, data)


@app.command("check")
def check(
    path: TournamentFile,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Read a tournament file and report what it holds and every problem found, with lines.

    Example: ratinglist go-file check Tournoi_de_Juvisy.xml
    """
    from ratinglist.service.go.files import read_go_file

    with user_errors():
        read = read_go_file(path)
    t = read.tournament
    summary = {
        "source": read.source,
        "name": t.parameters.general.name,
        "system": t.parameters.system.value,
        "rounds": t.parameters.general.number_of_rounds,
        "players": len(t.players),
        "games": len(t.games),
        "byes": len(t.byes),
        "teams": len(read.document.teams),
        "diagnostics": [d.to_dict() for d in read.diagnostics],
    }
    if as_json:
        typer.echo(json.dumps(summary, ensure_ascii=False))
        return
    for found in read.diagnostics:
        err_console.print(found.format(), highlight=False, markup=False)
    console.print(
        f"{read.source}: {summary['name']!s} ({summary['system']!s}, {summary['rounds']} rounds): "
        f"{summary['players']} players, {summary['games']} games, {summary['byes']} byes, "
        f"{summary['teams']} teams, {len(read.diagnostics)} diagnostics",
        highlight=False,
    )


@app.command("export")
def export(
    path: TournamentFile,
    to: Annotated[Kind, typer.Option("--to", help="xml (OpenGotha), h9 (EGF), tou (FFG), aga.")],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="File to write (default: stdout).")
    ] = None,
    egd_pins: Annotated[
        bool, typer.Option("--egd-pins", help="h9: end each line with the player's |EGF PIN.")
    ] = False,
    drop_by_default: Annotated[
        bool,
        typer.Option("--drop-by-default", help="h9: by-default games written as not played."),
    ] = False,
) -> None:
    """Write a tournament file as OpenGotha XML or as the EGF, FFG or AGA results file.

    Example: ratinglist go-file export Tournoi_de_Juvisy.xml --to h9 -o juvisy.h9
    """
    from ratinglist.model.go.results import FileKind
    from ratinglist.service.go.files import export_go_file

    with user_errors():
        data = export_go_file(
            path, FileKind(to.value), egd_pins=egd_pins, drop_by_default=drop_by_default
        )
    _write(data, output)


@app.command("update-ratings")
def update_ratings(
    path: TournamentFile,
    rating_list: Annotated[Path, typer.Argument(help="The EGF, FFG or AGA rating list file.")],
    list_format: Annotated[
        ListFormat | None,
        typer.Option("--format", help="The list's layout (default: recognised from the text)."),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write the updated OpenGotha XML file here."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the changes as JSON.")] = False,
) -> None:
    """Show the ratings a list would change in a tournament; with -o, write the updated file.

    Example: ratinglist go-file update-ratings Tournoi_de_Juvisy.xml ech_ffg_V3.txt -o new.xml
    """
    from ratinglist.model.go.lists import ListOrigin
    from ratinglist.service.go.files import plan_rating_updates

    origin = None if list_format is None else ListOrigin(list_format.value.upper())
    with user_errors():
        plan = plan_rating_updates(path, rating_list, origin)
    rows = [
        {
            "player": f"{u.player.surname} {u.player.first_name}",
            "number": u.listed.number,
            "old_rating": u.old_rating,
            "old_origin": u.player.rating_origin,
            "new_rating": u.new_rating,
            "new_origin": u.new_origin,
        }
        for u in plan.updates
    ]
    if as_json:
        typer.echo(json.dumps({"updates": rows, "not_found": list(plan.not_found)}))
    else:
        table = Table("player", "number", "now", "list", title=f"{len(rows)} ratings change")
        for row in rows:
            table.add_row(
                str(row["player"]),
                str(row["number"]),
                f"{row['old_rating']} ({row['old_origin']})",
                f"{row['new_rating']} ({row['new_origin']})",
            )
        console.print(table)
        if plan.not_found:
            console.print(f"not in the list: {', '.join(plan.not_found)}", highlight=False)
    if output is not None:
        with user_errors():
            write_file(output, plan.updated_xml)
        if not as_json:
            console.print(f"written: {output}", highlight=False)


@app.command("team-standings")
def team_standings_command(
    path: TournamentFile,
    round_number: Annotated[
        int | None, typer.Option("--round", min=1, help="After this round (default: the last).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list.")] = False,
) -> None:
    """Team standings of a team tournament file (TEAMP, SOST, BDW, BDWxU, MNR).

    Example: ratinglist go-file team-standings tournoi_equipe_LGO_2020.xml --round 3
    """
    from ratinglist.service.go.files import go_team_standings
    from ratinglist.service.tournaments.games.go.teams import team_value

    with user_errors():
        found = go_team_standings(path, round_number)
    standings = found.lines
    rows = [
        {
            "place": s.place,
            "number": s.team.number,
            "team": s.team.name,
            "values": list(s.values),
            "matches": [None if m is None else m.opponent for m in s.matches],
        }
        for s in standings
    ]
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    table = Table("pl", "team", *(c.value for c in found.criteria), "opponents")
    for s in standings:
        table.add_row(
            str(s.place),
            f"{s.team.number} {s.team.name}",
            *(team_value(c, v) for c, v in zip(found.criteria, s.values, strict=True)),
            " ".join("-" if m is None else str(m.opponent) for m in s.matches),
        )
    console.print(table)


@app.command("pair-teams")
def pair_teams_command(
    path: TournamentFile,
    first: Annotated[
        str,
        typer.Argument(
            help="First team (name or number): White on board 1 when the colour balance is equal."
        ),
    ],
    second: Annotated[str, typer.Argument(help="Second team (name or number).")],
    round_number: Annotated[int, typer.Option("--round", min=1, help="The round to pair.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="Write the paired XML here.")],
) -> None:
    """Pair two teams for a round (colours, handicaps, tables as OpenGotha) and save the file.

    Example: ratinglist go-file pair-teams teams.xml Angers Lorient --round 2 -o teams2.xml
    """
    from ratinglist.service.go.files import pair_go_teams

    with user_errors():
        data = pair_go_teams(path, round_number, first, second)
        write_file(output, data)
    console.print(f"written: {output}", highlight=False)
