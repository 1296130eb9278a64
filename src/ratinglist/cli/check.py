"""`ratinglist check FILE...`: read WOF results files and print their problems like a compiler."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ratinglist.cli.common import user_errors
from ratinglist.formats.diagnostics import Diagnostic, Severity, has_errors
from ratinglist.formats.elo import read_elo


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def summary_line(files: int, games: int, diagnostics: list[Diagnostic]) -> str:
    """``checked 2 files, 130 games: 1 error, 3 warnings, 0 notes``."""
    counts = {s: 0 for s in Severity}
    for d in diagnostics:
        counts[d.severity] += 1
    return (
        f"checked {_plural(files, 'file')}, {_plural(games, 'game')}: "
        f"{_plural(counts[Severity.ERROR], 'error')}, "
        f"{_plural(counts[Severity.WARNING], 'warning')}, "
        f"{_plural(counts[Severity.NOTE], 'note')}"
    )


def check(
    files: Annotated[list[Path], typer.Argument(metavar="FILE...", help="Results files (.ELO).")],
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

    Each problem prints as FILE:LINE:COL: severity[CODE]: message, then a one-line
    summary. The exit code is 1 if any file has an error, else 0.

    Example: ratinglist check 2013/20130406_EGP_Barcelona.ELO --errors-only
    """
    with user_errors():
        results = [read_elo(path) for path in files]
    diagnostics = [d for r in results for d in r.diagnostics]
    shown = [d for d in diagnostics if not errors_only or d.severity is Severity.ERROR]
    if as_json:
        typer.echo(json.dumps([d.to_dict() for d in shown], ensure_ascii=False, indent=2))
    else:
        for d in shown:
            typer.echo(d.format())
        games = sum(len(r.games) for r in results)
        typer.echo(summary_line(len(results), games, diagnostics))
    if has_errors(diagnostics):
        raise typer.Exit(1)
