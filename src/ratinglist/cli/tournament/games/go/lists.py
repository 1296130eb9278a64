"""`ratinglist go-list ...`: read a Go rating list (EGF, FFG, AGA) and search it."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from ratinglist.cli.common import DbOption, console, err_console, open_db, user_errors

if TYPE_CHECKING:
    from ratinglist.model.go.lists import ListOrigin

app = typer.Typer(
    help="Go rating lists (EGF, FFG, AGA): check, import and search them.", no_args_is_help=True
)


class ListFormat(StrEnum):
    """The `--format` choices (default: recognised from the file)."""

    EGF = "egf"
    FFG = "ffg"
    AGA = "aga"


ListFile = Annotated[
    Path, typer.Argument(help="The list file (EGF allworld_lp, FFG ech_ffg, AGA tdlista).")
]
FormatOption = Annotated[
    ListFormat | None,
    typer.Option("--format", help="The list's layout (default: recognised from the text)."),
]


def _origin(value: ListFormat | None) -> ListOrigin | None:
    from ratinglist.model.go.lists import ListOrigin

    return None if value is None else ListOrigin(value.value.upper())


@app.command("check")
def check(
    path: ListFile,
    list_format: FormatOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Read a rating list and report every line that is not a player record.

    Exits 1 if a line is unusable (an error diagnostic).

    Example: ratinglist go-list check ech_ffg_V3.txt
    """
    from ratinglist.service.go.lists import check_list

    with user_errors():
        checked = check_list(path, _origin(list_format))
    listed = checked.rating_list
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "origin": listed.origin.value,
                    "published": listed.published.isoformat() if listed.published else None,
                    "players": len(listed.players),
                    "seconds": round(checked.seconds, 3),
                    "diagnostics": [d.to_dict() for d in checked.diagnostics],
                },
                ensure_ascii=False,
            )
        )
    else:
        for found in checked.diagnostics:
            err_console.print(found.format(), highlight=False, markup=False)
        date = listed.published.isoformat() if listed.published else "no date"
        console.print(
            f"{listed.source}: {listed.origin.value} list of {date}, "
            f"{len(listed.players)} players, {len(checked.diagnostics)} diagnostics, "
            f"read in {checked.seconds:.2f} s",
            highlight=False,
        )
    if checked.has_errors:
        raise typer.Exit(1)


@app.command("import")
def import_command(
    path: ListFile,
    list_format: FormatOption = None,
    db: str | None = DbOption,
) -> None:
    """Store a rating list as its federation's latest (bad lines reported, never stored).

    Example: ratinglist go-list import ech_ffg_V3.txt
    """
    from ratinglist.service.actor import Actor
    from ratinglist.service.go.lists import import_list

    with user_errors():
        origin = _origin(list_format)
        done = import_list(open_db(db, create=True), path, Actor.cli_user(), origin)
    for found in done.diagnostics:
        err_console.print(found.format(), highlight=False, markup=False)
    info = done.info
    date = info.published.isoformat() if info.published else "no date"
    console.print(
        f"stored {info.origin.value} list #{info.id} of {date}: {info.players} players, "
        f"{info.diagnostics} diagnostics, in {done.seconds:.2f} s",
        highlight=False,
    )


@app.command("lists")
def lists_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list.")] = False,
    db: str | None = DbOption,
) -> None:
    """Show the stored Go rating lists.

    Example: ratinglist go-list lists
    """
    from ratinglist.service.go.lists import stored_lists

    with user_errors():
        infos = stored_lists(open_db(db))
    rows = [
        {
            "id": i.id,
            "origin": i.origin.value,
            "published": i.published.isoformat() if i.published else None,
            "source": i.source,
            "players": i.players,
            "imported_by": i.imported_by,
        }
        for i in infos
    ]
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    table = Table("id", "origin", "published", "source", "players", "imported by")
    for row in rows:
        table.add_row(*(str(row[k] or "") for k in row))
    console.print(table)


@app.command("search")
def search(
    query: Annotated[str, typer.Argument(help="A name (either order, typos allowed) or number.")],
    file: Annotated[
        Path | None, typer.Option("--file", help="Search this list file (else the store).")
    ] = None,
    origin: Annotated[
        ListFormat | None,
        typer.Option("--origin", help="Stored list to search: egf, ffg or aga."),
    ] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, help="At most this many players.")] = 10,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list.")] = False,
    db: str | None = DbOption,
) -> None:
    """Find players in a rating list as OpenGotha's registration does, nearest first.

    Searches a list file (`--file`) or the latest stored list of a federation (`--origin`).

    Example: ratinglist go-list search "Mikael Abadya" --origin ffg
    """
    from ratinglist.service.go.lists import search_list, search_stored

    with user_errors():
        if file is not None:
            found = search_list(file, query, limit, _origin(origin))
        else:
            chosen = _origin(origin)
            if chosen is None:
                raise typer.BadParameter("give --file FILE or --origin egf|ffg|aga")
            found = search_stored(open_db(db), chosen, query, limit)
    rows = [
        {
            "distance": m.distance,
            "number": m.player.number,
            "surname": m.player.surname,
            "first_name": m.player.first_name,
            "country": m.player.country,
            "club": m.player.club,
            "rating": m.player.rating,
            "list_rating": m.player.raw_rating,
            "grade": m.player.grade,
        }
        for m in found.matches
    ]
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    table = Table("d", "number", "name", "country", "club", "rating", "list")
    for row in rows:
        table.add_row(
            str(row["distance"]),
            str(row["number"]),
            f"{row['surname']} {row['first_name']}",
            str(row["country"]),
            str(row["club"]),
            str(row["rating"]),
            str(row["list_rating"]),
        )
    console.print(table)
