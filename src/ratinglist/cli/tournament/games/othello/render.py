"""How the CLI draws Othello's rounds and standings (Black first; points, Brightwell, discs)."""

from __future__ import annotations

import json

import typer
from rich.table import Table

from ratinglist.cli.common import console
from ratinglist.cli.tables import print_table
from ratinglist.cli.tournament.render import num
from ratinglist.model.directed import RoundView, StandingsView


def round_table(table: Table, view: RoundView) -> Table:
    """An Othello round: Black first, then the byes (absent players are not listed)."""
    for col in ("table", "Black", "pts", "White", "pts", "result"):
        table.add_column(col, justify="left" if col in ("Black", "White") else "right")
    for t in view.tables:
        table.add_row(
            str(t.table),
            t.black.label,
            num(t.black_points),
            t.white.label,
            num(t.white_points),
            t.result,
        )
    for who, points in view.byes:
        table.add_row("bye", who.label, num(points), "", "", "")
    return table


def print_standings(view: object, as_json: bool, all_rows: bool = True) -> bool:
    """Print `view` when it is Othello's standings (finals places first); False otherwise."""
    if not isinstance(view, StandingsView):
        return False
    if as_json:
        out = [
            {
                "rank": line.place,
                "id": int(line.player.id) if line.player.id >= 0 else line.player.shown_id,
                "name": line.player.name,
                "country": line.country,
                "points": line.points,
                "bq": line.brightwell,
                "discs": line.discs,
            }
            for line in view.lines
        ]
        typer.echo(json.dumps(out, ensure_ascii=False))
        return True
    table = Table(title=f"{view.label}: standings {view.progress}")
    for col in ("#", "ID", "name", "country", "points", "BQ", "discs"):
        table.add_column(col, justify="left" if col in ("name", "country") else "right")
    for line in view.lines:
        mark = " (withdrawn)" if line.withdrawn else ""
        table.add_row(
            str(line.place),
            line.player.shown_id,
            line.player.name + mark,
            line.country,
            num(line.points),
            num(line.brightwell),
            num(line.discs),
        )
    print_table(table, console, all_rows=all_rows)
    return True
