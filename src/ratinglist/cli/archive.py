"""`ratinglist archive ...`: imported tournaments, and the rating officer's exclusions.

`ratinglist tournaments ...` is the old name, kept as a hidden alias for scripts.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from ratinglist.cli.common import DbOption, console, open_db, user_errors

HELP = (
    "Imported tournaments: list them, keep one out of ratings, put it back, set when "
    "they were received."
)

app = typer.Typer(help=HELP, no_args_is_help=True)


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

    Example: ratinglist archive list --not-rated
    """
    from ratinglist.model.text import format_count
    from ratinglist.service import shapes
    from ratinglist.service.archive import tournament_status, tournaments

    with user_errors():
        listing = tournaments(open_db(db), not_rated=not_rated, limit=limit or None)
    if as_json:
        typer.echo(json.dumps(shapes.tournaments(listing)))
        return
    table = Table(title=f"Tournaments ({format_count(listing.selected)})")
    for column in ("id", "file", "start", "games", "status"):
        table.add_column(column, justify="right" if column in ("id", "games") else "left")
    for r in listing.rows:
        table.add_row(
            str(r.id),
            r.file_name,
            r.start_date.isoformat(),
            format_count(r.game_count),
            tournament_status(r),
        )
    console.print(table)


@app.command("exclude")
def exclude(
    file_name: Annotated[str, typer.Argument(help="The file name, e.g. 20240101_X.ELO.")],
    reason: Annotated[str, typer.Option("--reason", help="Why (kept with the tournament).")],
    db: str | None = DbOption,
) -> None:
    """Keep a tournament out of every rating list computed from now on.

    Example: ratinglist archive exclude 20240101_TEST.ELO --reason "test file"
    """
    from ratinglist.service.archive import exclude_tournament

    with user_errors():
        exclude_tournament(open_db(db), file_name, reason)
    typer.echo(f"excluded {file_name} from ratings: {reason}")


@app.command("include")
def include(
    file_name: Annotated[str, typer.Argument(help="The file name, e.g. 20240101_X.ELO.")],
    db: str | None = DbOption,
) -> None:
    """Put an excluded tournament back into the ratings.

    Example: ratinglist archive include 20240101_TEST.ELO
    """
    from ratinglist.service.archive import include_tournament

    with user_errors():
        include_tournament(open_db(db), file_name)
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

    Example: ratinglist archive received --default-lag 0 --lag Japan=4
    """
    from ratinglist.model.text import format_count, optional_day
    from ratinglist.service.archive import set_received

    bulk = lag is not None or default_lag is not None
    if bulk == bool(file_names) or (not bulk and (date is None) == (not clear)):
        raise typer.BadParameter(
            "expected file names with --date or --clear, or --lag/--default-lag for every file"
        )
    with user_errors():
        day = None if clear else optional_day(date)
        lags = None if lag is None else dict(_parse_lag(text) for text in lag)
        first, last = optional_day(since), optional_day(until)
        count = set_received(
            open_db(db),
            file_names or (),
            day=day,
            lags=lags,
            default_lag=default_lag,
            since=first,
            until=last,
        )
    typer.echo(f"set the received day of {format_count(count)} files")


@app.command("not-in-list")
def not_in_list_command(
    players_list: Annotated[
        str, typer.Argument(help="A published players list (Papp joueurs file) with ratings.")
    ],
    as_of: Annotated[
        str, typer.Option("--as-of", help="The day the published list was computed, YYYY-MM-DD.")
    ],
    min_newcomers: Annotated[
        int,
        typer.Option("--min-newcomers", min=1, help="Newcomers a file needs to count as evidence."),
    ] = 1,
    in_order: Annotated[
        bool,
        typer.Option(
            "--in-order",
            help="Also a country's later files after a missing one, unless one is in the list.",
        ),
    ] = False,
    apply: Annotated[
        bool,
        typer.Option("--apply", help="Set those files' received day to the day after --as-of."),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list.")] = False,
    db: str | None = DbOption,
) -> None:
    """Find the files a published list was computed without: started by --as-of, their
    newcomers (players whose first archived game they hold) all missing from the list; with
    --in-order also the later files of such a file's country (files arrive in order) unless
    a later one has a newcomer in the list. With --apply each gets the day after --as-of as
    its received day, so the wof profile leaves it out of a list of that date, as the WOF
    did, and rates it in later lists.

    Example: ratinglist archive not-in-list joueurs.txt --as-of 2026-05-12 --apply
    """
    from dataclasses import asdict
    from pathlib import Path

    from ratinglist.model.text import parse_day
    from ratinglist.service.archive import files_not_in_published_list

    with user_errors():
        found = files_not_in_published_list(
            open_db(db),
            Path(players_list),
            parse_day(as_of),
            min_newcomers=min_newcomers,
            in_order=in_order,
            apply=apply,
        )
    if as_json:
        typer.echo(json.dumps([asdict(f) for f in found], default=str))
        return
    table = Table(title=f"Files not in the list of {as_of} ({len(found)})")
    for column in ("file", "start", "newcomers", "received", "set to"):
        table.add_column(column, justify="right" if column == "newcomers" else "left")
    for f in found:
        table.add_row(
            f.file_name,
            f.start.isoformat(),
            str(f.newcomers),
            f.received.isoformat(),
            f.set_to.isoformat() if f.set_to else "",
        )
    console.print(table)
    changed = sum(f.set_to is not None for f in found)
    if apply:
        console.print(f"set the received day of {changed} files to the day after {as_of}")
    else:
        console.print("nothing changed (--apply sets their received day)")


@app.command("near-duplicates")
def near_duplicates_command(
    apply: Annotated[
        bool, typer.Option("--apply", help="Flag each copy as a duplicate of its original.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list.")] = False,
    db: str | None = DbOption,
) -> None:
    """Find files that repeat another file with a few games changed: starting at most 7 days
    apart, at least 80% of the smaller file's games (disc counts included) the same. With
    --apply the later file of each pair is flagged as a duplicate, so lists and evaluations
    leave it out like every flagged duplicate.

    Example: ratinglist archive near-duplicates --apply
    """
    from dataclasses import asdict

    from ratinglist.service.archive import near_duplicate_files

    with user_errors():
        found = near_duplicate_files(open_db(db), apply=apply)
    if as_json:
        typer.echo(json.dumps([asdict(d) for d in found], default=str))
        return
    table = Table(title=f"Near duplicates ({len(found)} files{', flagged' if apply else ''})")
    for column in ("copy", "start", "games", "original", "games ", "shared", "share"):
        table.add_column(
            column, justify="right" if column.strip() in ("games", "shared", "share") else "left"
        )
    for d in found:
        table.add_row(
            d.copy,
            d.copy_start.isoformat(),
            str(d.copy_games),
            d.original,
            str(d.original_games),
            str(d.shared),
            f"{d.share:.0%}",
        )
    console.print(table)
    games = sum(d.copy_games for d in found)
    verb = "flagged" if apply else "would flag (--apply)"
    console.print(f"{verb}: {len(found)} files, {games} games")
