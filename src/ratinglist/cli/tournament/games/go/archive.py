"""Go's rating archive commands: ``ratinglist import --game go`` and ``ratinglist rate
--game go`` (issue 37)."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.table import Table

from ratinglist.cli.common import console, open_db, user_errors


def import_archive(paths: list[Path], db: str | None, as_json: bool) -> None:
    """`import --game go`: Go tournaments into the Go archive; the counts, then each file
    rejected with its reason."""
    from ratinglist.service.go.archive import import_go_archive

    with user_errors():
        store = open_db(db, create=True)
        summary = import_go_archive(store, paths)
    found = summary.to_dict()
    if as_json:
        typer.echo(json.dumps(found))
        return
    table = Table(title="Go import", show_header=True)
    table.add_column("what")
    table.add_column("count", justify="right")
    for key, value in found.items():
        if isinstance(value, int):
            table.add_row(key, str(value))
    console.print(table)
    for r in summary.results:
        if r.status == "rejected":
            typer.echo(f"rejected {r.path}: {r.reason}")
