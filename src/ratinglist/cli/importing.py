"""`ratinglist import`: load .ELO files and folders into the database."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ratinglist.cli.common import DbOption, console, database_url, err_console, user_errors
from ratinglist.store import (
    FileResult,
    FileStatus,
    ImportSummary,
    Store,
    import_paths,
    open_store,
)


def summary_table(summary: ImportSummary, title: str = "Import") -> Table:
    """The summary as a two-column Rich table (the keys of `ImportSummary.to_dict`)."""
    table = Table(title=title, show_header=True)
    table.add_column("what")
    table.add_column("count", justify="right")
    for key, value in summary.to_dict().items():
        table.add_row(key, f"{value:,}")
    return table


def print_summary(summary: ImportSummary, title: str = "Import") -> None:
    """Print the summary table, then each rejected file with its first error."""
    console.print(summary_table(summary, title))
    for r in summary.results:
        if r.status is FileStatus.REJECTED:
            typer.echo(f"rejected {r.path}: {r.first_error}")


def run_import(
    store: Store, paths: list[Path], *, include_duplicates: bool, show_progress: bool
) -> ImportSummary:
    """Import `paths` into `store`, with a Rich progress bar on stderr when asked."""
    if not show_progress:
        return import_paths(store, paths, include_duplicates=include_duplicates)
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        transient=True,
    ) as bar:
        task = bar.add_task("importing", total=None)

        def advance(result: FileResult, done: int, total: int) -> None:
            bar.update(task, completed=done, total=total, description=result.name[:40])

        return import_paths(store, paths, include_duplicates=include_duplicates, progress=advance)


def import_command(
    paths: Annotated[
        list[Path],
        typer.Argument(metavar="PATH...", help=".ELO files or folders (searched recursively)."),
    ],
    db: str | None = DbOption,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print only the summary as one JSON object.")
    ] = False,
    include_duplicates: Annotated[
        bool,
        typer.Option(
            "--include-duplicates", help="Rate the tournaments flagged as duplicates anyway."
        ),
    ] = False,
) -> None:
    """Import results files into the database (idempotent: unchanged files are skipped).

    Prints a summary: files, imported, unchanged, duplicate, rejected, games, warnings,
    errors; rejected files are listed with their first error.

    Example: ratinglist import wof_results/ --db ratinglist.db
    """
    with user_errors():
        store = open_store(database_url(db))
        try:
            summary = run_import(
                store, paths, include_duplicates=include_duplicates, show_progress=not as_json
            )
        finally:
            store.close()
    if as_json:
        typer.echo(json.dumps(summary.to_dict()))
    else:
        print_summary(summary)
