"""`ratinglist tournaments ...`: imported results files, and the rating officer's exclusions."""

from __future__ import annotations

import datetime as dt
import json
from typing import Annotated

import typer
from rich.table import Table

from ratinglist.cli.common import DbOption, console, database_url, user_errors
from ratinglist.store import (
    TournamentRow,
    list_tournaments,
    open_store,
    set_excluded_from_ratings,
)

app = typer.Typer(
    help="Imported tournaments: list them, keep one out of ratings, put it back.",
    no_args_is_help=True,
)


def status(row: TournamentRow) -> str:
    """``rated``, ``excluded`` (by the rating officer) or ``duplicate`` (not included)."""
    if row.excluded_from_ratings:
        return "excluded"
    return "rated" if row.rated else "duplicate"


@app.command("list")
def list_command(
    not_rated: Annotated[
        bool, typer.Option("--not-rated", help="Only excluded and duplicate tournaments.")
    ] = False,
    limit: Annotated[
        int, typer.Option("--limit", min=0, help="The newest N tournaments (0: all).")
    ] = 50,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list.")] = False,
    db: str | None = DbOption,
) -> None:
    """List imported tournaments, newest last, with whether their games are rated.

    Example: ratinglist tournaments list --not-rated
    """
    with user_errors():
        store = open_store(database_url(db))
        try:
            rows = [r for r in list_tournaments(store) if not (not_rated and r.rated)]
        finally:
            store.close()
    shown = rows if limit == 0 else rows[-limit:]
    if as_json:
        typer.echo(
            json.dumps(
                [
                    {
                        "id": r.id,
                        "file_name": r.file_name,
                        "name": r.name,
                        "start_date": r.start_date.isoformat(),
                        "games": r.game_count,
                        "status": status(r),
                    }
                    for r in shown
                ]
            )
        )
        return
    table = Table(title=f"Tournaments ({len(rows):,})")
    for column in ("id", "file", "start", "games", "status"):
        table.add_column(column, justify="right" if column in ("id", "games") else "left")
    for r in shown:
        table.add_row(
            str(r.id), r.file_name, r.start_date.isoformat(), f"{r.game_count:,}", status(r)
        )
    console.print(table)


@app.command("exclude")
def exclude(
    file_name: Annotated[str, typer.Argument(help="The file name, e.g. 20240101_X.ELO.")],
    reason: Annotated[str, typer.Option("--reason", help="Why (kept with the tournament).")],
    db: str | None = DbOption,
) -> None:
    """Keep a tournament out of every rating list computed from now on.

    Example: ratinglist tournaments exclude 20240101_TEST.ELO --reason "test file"
    """
    with user_errors():
        store = open_store(database_url(db))
        try:
            set_excluded_from_ratings(store, file_name, reason)
        finally:
            store.close()
    typer.echo(f"excluded {file_name} from ratings: {reason}")


@app.command("include")
def include(
    file_name: Annotated[str, typer.Argument(help="The file name, e.g. 20240101_X.ELO.")],
    db: str | None = DbOption,
) -> None:
    """Put an excluded tournament back into the ratings.

    Example: ratinglist tournaments include 20240101_TEST.ELO
    """
    with user_errors():
        store = open_store(database_url(db))
        try:
            set_excluded_from_ratings(store, file_name, None)
        finally:
            store.close()
    typer.echo(f"included {file_name} in ratings again")


def _parse_lag(text: str) -> tuple[str, int]:
    """``COUNTRY=MONTHS`` (the ``%%Country`` text as files write it, e.g. ``Japan=4``)."""
    country, sep, months = text.rpartition("=")
    if not sep or not country.strip() or not months.strip().lstrip("-").isdigit():
        raise typer.BadParameter(f"expected COUNTRY=MONTHS such as Japan=4, got {text!r}")
    return country.strip(), int(months)


@app.command("received")
def received(
    file_names: Annotated[
        list[str] | None, typer.Argument(help="File names to set (with --date or --clear).")
    ] = None,
    date: Annotated[
        str | None, typer.Option("--date", help="The day the files were received, YYYY-MM-DD.")
    ] = None,
    clear: Annotated[
        bool, typer.Option("--clear", help="Back to the day each file was imported.")
    ] = False,
    lag: Annotated[
        list[str] | None,
        typer.Option(
            "--lag",
            help="Every file: its last day plus COUNTRY=MONTHS of reporting lag (repeatable).",
        ),
    ] = None,
    default_lag: Annotated[
        int | None,
        typer.Option("--default-lag", help="Every file: months of lag for other countries."),
    ] = None,
    since: Annotated[
        str | None,
        typer.Option("--since", help="With --lag: only files that started on or after it."),
    ] = None,
    until: Annotated[
        str | None,
        typer.Option("--until", help="With --lag: only files that started on or before it."),
    ] = None,
    db: str | None = DbOption,
) -> None:
    """Set the day the federation received results files (by default the import day).

    The WOF profile rates the files received by the list date. Give file names with --date
    (or --clear), or set every stored file at once from its last day plus a lag by country
    (without --default-lag, only the countries given with --lag; --since/--until restrict
    the files by start date).

    Example: ratinglist tournaments received --default-lag 0 --lag Japan=4
    """
    from ratinglist.cli.rating import parse_day
    from ratinglist.store.tournaments import (
        received_by_lag,
        set_received_dates,
    )

    with user_errors():
        bulk = lag is not None or default_lag is not None
        if bulk == bool(file_names) or (not bulk and (date is None) == (not clear)):
            raise typer.BadParameter(
                "expected file names with --date or --clear, or --lag/--default-lag for every file"
            )
        store = open_store(database_url(db))
        try:
            days: dict[str, dt.date | None]
            if bulk:
                lags = dict(_parse_lag(text) for text in lag or ())
                days = dict(
                    received_by_lag(
                        store,
                        lags,
                        default_lag,
                        started_from=None if since is None else parse_day(since),
                        started_until=None if until is None else parse_day(until),
                    )
                )
            else:
                day = None if clear else parse_day(date or "")
                days = dict.fromkeys(file_names or (), day)
            count = set_received_dates(store, days)
        finally:
            store.close()
    typer.echo(f"set the received day of {count:,} files")
