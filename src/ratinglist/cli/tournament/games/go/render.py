"""How the CLI draws Go's rounds and standings (White first, handicaps, placement criteria)."""

from __future__ import annotations

import json

import typer
from rich.table import Table

from ratinglist.cli.common import console
from ratinglist.cli.tables import print_table
from ratinglist.cli.tournament.render import num
from ratinglist.model.directed import GoStandingsView, RoundView

PART_LABELS = {
    "baseDuplicateGameCost": "duplicate",
    "baseRandomCost": "random",
    "baseBWBalanceCost": "colour",
    "mainCategoryCost": "category",
    "mainScoreDiffCost": "score",
    "mainDUDDCost": "DU/DD",
    "mainSeedCost": "seed",
    "secHandiCost": "handicap",
    "secGeoCost": "geo",
}
"""Short column titles for OpenGotha's cost part names (`--json` keeps the full names)."""


def part_label(name: str) -> str | None:
    """The short title of an OpenGotha cost part, None for another name."""
    return PART_LABELS.get(name)


def round_table(table: Table, view: RoundView) -> Table:
    """A Go round: White first, the handicap, byes, then the absent players."""
    for col in ("table", "White", "pts", "Black", "pts", "hd", "result"):
        table.add_column(col, justify="left" if col in ("White", "Black") else "right")
    for t in view.tables:
        table.add_row(
            str(t.table),
            t.white.label,
            num(t.white_points),
            t.black.label,
            num(t.black_points),
            str(t.handicap or 0),
            t.result,
        )
    for who, points in view.byes:
        table.add_row("bye", who.label, num(points), "", "", "", "")
    for who in view.absent:
        table.add_row("absent", who.label, "", "", "", "", "")
    return table


def print_standings(view: object, as_json: bool, all_rows: bool = True) -> bool:
    """Print `view` when it is Go's standings; False otherwise."""
    if not isinstance(view, GoStandingsView):
        return False
    print_go_standings(view, as_json, all_rows)
    return True


def print_go_standings(view: GoStandingsView, as_json: bool, all_rows: bool = True) -> None:
    """Print a Go tournament's standings (a table, or JSON with `as_json`)."""
    if as_json:
        out = [
            {
                "place": line.place,
                "id": int(line.player.id),
                "name": line.player.name,
                "rank": line.rank,
                "country": line.country,
                "club": line.club,
                **dict(zip(view.criteria, line.values, strict=True)),
                "rounds": list(line.rounds),
            }
            for line in view.lines
        ]
        typer.echo(json.dumps(out, ensure_ascii=False))
        return
    rounds = "round" if view.rounds == 1 else "rounds"
    table = Table(title=f"{view.tournament} after {view.rounds} {rounds}")
    for col in ("#", "ID", "name", "rank", "club", *view.criteria):
        table.add_column(col, justify="left" if col in ("name", "club") else "right")
    for n in range(1, view.rounds + 1):
        table.add_column(f"R{n}", justify="right")
    for line in view.lines:
        table.add_row(
            "" if line.tied else str(line.place),
            str(line.player.id),
            line.player.name,
            line.rank,
            line.club,
            *line.values,
            *line.rounds,
        )
    print_table(table, console, all_rows=all_rows)
