"""`ratinglist check PATH...`: read WOF results files and print their problems like a compiler."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ratinglist.cli.common import user_errors


def _plural(count: int, word: str) -> str:
    from ratinglist.model.text import format_count

    return f"{format_count(count)} {word}" if count == 1 else f"{format_count(count)} {word}s"


def check(
    paths: Annotated[
        list[Path],
        typer.Argument(metavar="PATH...", help="Results files (.ELO) or folders (recursively)."),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a JSON list of diagnostics instead of text.")
    ] = False,
    errors_only: Annotated[
        bool,
        typer.Option(
            "--errors-only", help="Print only errors (warnings and notes are still counted)."
        ),
    ] = False,
) -> None:
    """Check WOF results files (.ELO) and print every problem found.

    Folders are searched for .ELO files as `import` does.
    Each problem prints as FILE:LINE:COL: severity[CODE]: message, then a summary line.
    The exit code is 1 if any file has an error, else 0.

    Example: ratinglist check 2013/20130406_EGP_Barcelona.ELO --errors-only
    """
    from ratinglist.service.archive import Severity, check_files

    with user_errors():
        checked = check_files(paths)
    shown = [d for d in checked.diagnostics if not errors_only or d.severity is Severity.ERROR]
    if as_json:
        typer.echo(json.dumps([d.to_dict() for d in shown], ensure_ascii=False, indent=2))
    else:
        for d in shown:
            typer.echo(d.format())
        typer.echo(
            f"checked {_plural(checked.files, 'file')}, {_plural(checked.games, 'game')}: "
            f"{_plural(checked.count(Severity.ERROR), 'error')}, "
            f"{_plural(checked.count(Severity.WARNING), 'warning')}, "
            f"{_plural(checked.count(Severity.NOTE), 'note')}"
        )
    if checked.has_errors:
        raise typer.Exit(1)
