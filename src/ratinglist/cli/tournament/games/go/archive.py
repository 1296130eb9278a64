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


def rate_archive(system: str, db: str | None, as_json: bool) -> None:
    """`rate --game go`: the Go list by `system` (``wof``, the Othello default, means
    ``egf``); JSON: ``{"game", "system", "as_of", "players": [...]}``, else a table of the
    first 50."""
    from ratinglist.service.go.rating import go_rating_list

    with user_errors():
        store = open_db(db)
        found = go_rating_list(store, "egf" if system == "wof" else system)
    if as_json:
        typer.echo(json.dumps(found.to_dict()))
        return
    table = Table(title=f"Go list ({found.system}, as of {found.as_of})", show_header=True)
    for name in ("place", "name", "country", "club", "rank", "rating", "games"):
        table.add_column(name, justify="right" if name in ("place", "rating", "games") else "left")
    for row in found.rows[:50]:
        table.add_row(
            str(row.place), row.name, row.country, row.club, row.rank,
            f"{row.rating:.0f}", str(row.games),
        )  # fmt: skip
    console.print(table)
    typer.echo(f"{len(found.rows)} players")


def evaluate_archive(
    fit_until: str | None, db: str | None, as_json: bool, *, store: bool = False
) -> None:
    """`evaluate --game go`: the contest on Go games; JSON or a table and the conclusion;
    with `store` the report is kept for `/go/evidence`."""
    from ratinglist.cli.common import cli_actor
    from ratinglist.model.text import parse_day
    from ratinglist.service.go.evidence import store_go_contest
    from ratinglist.service.go.rating import evaluate_go

    with user_errors():
        day = parse_day(fit_until) if fit_until else None
        handle = open_db(db)
        report = evaluate_go(handle, day)
        if store:
            store_go_contest(handle, report, actor=cli_actor())
    if as_json:
        typer.echo(json.dumps(report.to_dict()))
        return
    table = Table(title=f"Go contest: fit before {report.fit_until}, {report.test_games} games")
    for name in ("system", "log-loss", "95% interval", "vs GoR", "handicap", "newcomers"):
        table.add_column(name)
    for s in report.systems:
        loss, versus = s.groups["all"], s.versus_gor.get("all")
        table.add_row(
            s.fitted.system.name,
            f"{loss.value:.4f}",
            f"[{loss.low:.4f}, {loss.high:.4f}]",
            f"{versus.value:+.4f}" if versus else "",
            f"{s.groups['handicap'].value:.4f}",
            f"{s.groups['newcomers'].value:.4f}",
        )
    console.print(table)
    typer.echo(report.conclusion())
