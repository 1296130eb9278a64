"""``tournament replay`` of a WOF results file: the standings rebuilt from its games."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.table import Table

from ratinglist.cli.common import console, user_errors
from ratinglist.cli.tournament.render import num


def replay(
    file: Path,
    *,
    bye_discs: float,
    bq_constant: float,
    bq_rule: str,
    as_json: bool,
    criteria: str | None,
) -> None:
    """Print the standings rebuilt from a .ELO file's games (`criteria` is Go's, ignored)."""
    with user_errors():
        from ratinglist.service.tournaments.games.othello.replay import replay as replay_file

        rows = replay_file(file, bye_discs=bye_discs, bq_constant=bq_constant, bq_rule=bq_rule)
    if as_json:
        typer.echo(json.dumps([r.to_dict() for r in rows]))
        return
    table = Table(title=f"{file.name}: replayed standings")
    for col in ("#", "ID", "name", "points", "BQ", "discs"):
        table.add_column(col, justify="left" if col == "name" else "right")
    for r in rows:
        table.add_row(str(r.rank), str(r.id), r.name, num(r.points), num(r.bq), num(r.discs))
    console.print(table)
