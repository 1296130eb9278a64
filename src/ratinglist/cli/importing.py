"""`ratinglist import`: load .ELO files and folders into the database."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from ratinglist.cli.common import DbOption, console, err_console, open_db, user_errors

if TYPE_CHECKING:
    from ratinglist.service.archive import FileResult, ImportSummary


def summary_table(summary: ImportSummary, title: str = "Import") -> Table:
    """The summary as a two-column Rich table (the keys of `ImportSummary.to_dict`)."""
    from ratinglist.model.text import format_count

    table = Table(title=title, show_header=True)
    table.add_column("what")
    table.add_column("count", justify="right")
    for key, value in summary.to_dict().items():
        table.add_row(key, format_count(value))
    return table


@contextmanager
def import_progress() -> Iterator[Callable[[FileResult, int, int], None]]:
    """A transient progress bar on stderr for an archive import; yields the `progress`
    callback the import calls after each file (file, files done, files in all)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

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

        yield advance


def print_summary(summary: ImportSummary, title: str = "Import") -> None:
    """Print the summary table, then each rejected file with its first error."""
    from ratinglist.service.archive import FileStatus

    console.print(summary_table(summary, title))
    for r in summary.results:
        if r.status is FileStatus.REJECTED:
            typer.echo(f"rejected {r.path}: {r.first_error}")


def import_command(
    paths: Annotated[
        list[Path],
        typer.Argument(metavar="PATH...", help=".ELO files or folders (searched recursively)."),
    ],
    db: str | None = DbOption,
    game: Annotated[
        str,
        typer.Option(
            "--game",
            metavar="othello|go",
            help="The game's archive: othello (.ELO files) or go (OpenGotha XML, .h9, .tou).",
        ),
    ] = "othello",
    as_json: Annotated[
        bool, typer.Option("--json", help="Print only the summary as one JSON object.")
    ] = False,
    include_duplicates: Annotated[
        bool,
        typer.Option(
            "--include-duplicates", help="Rate the tournaments flagged as duplicates anyway."
        ),
    ] = False,
    max_size: Annotated[
        int,
        typer.Option("--max-size", min=1, help="Largest file in KB without --force (256)."),
    ] = 256,
    force: Annotated[
        bool, typer.Option("--force", help="Import files larger than --max-size too.")
    ] = False,
    received: Annotated[
        str,
        typer.Option(
            "--received",
            metavar="import-day|file-date",
            help="The day recorded as each file's received day: file-date (its last day, "
            "for an archive) or import-day (today, for files received now).",
        ),
    ] = "file-date",
) -> None:
    """Import results files into the database (idempotent: unchanged files are skipped).

    Prints a summary: files, imported, unchanged, duplicate, rejected, games, warnings,
    errors; rejected files are listed with their first error. Creates the database file
    when it does not exist. A file over --max-size KB is refused unless --force.
    Each file records the day the federation received it (the wof profile rates the files
    received by the list date): its last day unless --received import-day.

    With --game go, reads Go tournaments (OpenGotha XML, .h9, .tou) into the Go archive:
    each tournament once (the upload with the most games), its decided games, ranks and
    carried ratings; files that cannot be read are listed and the others imported.

    Example: ratinglist import wof_results/ --db ratinglist.db
    """
    from ratinglist.errors import InputError
    from ratinglist.service.archive import ReceivedDay, import_archive, refuse_oversized

    if game != "othello":
        from ratinglist.cli.tournament.games import archive_commands

        with user_errors():
            commands = archive_commands(game, "--game")
        commands.import_archive(paths, db, as_json)
        return
    with user_errors():
        choices = {r.value: r for r in ReceivedDay}
        if received not in choices:
            raise InputError(
                f"expected --received import-day or file-date, got {received!r}; nothing imported"
            )
        day = choices[received]
        if not force:
            refuse_oversized(paths, max_size * 1024)
        store = open_db(db, create=True)
        if as_json:
            summary = import_archive(
                store,
                paths,
                include_duplicates=include_duplicates,
                max_size=max_size * 1024,
                force=force,
                received=day,
            )
        else:
            with import_progress() as advance:
                summary = import_archive(
                    store,
                    paths,
                    include_duplicates=include_duplicates,
                    progress=advance,
                    max_size=max_size * 1024,
                    force=force,
                    received=day,
                )
    if as_json:
        typer.echo(json.dumps(summary.to_dict()))
    else:
        print_summary(summary)
