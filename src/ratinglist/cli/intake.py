"""`ratinglist intake ...`: the rating officer's queue of results files.

Upload .ELO files, list and show the queue, fix player IDs, accept (import) or reject.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from ratinglist.cli.common import DbOption, cli_actor, console, open_db, user_errors, warn

if TYPE_CHECKING:
    from ratinglist.service.intake import IntakeSummary

app = typer.Typer(
    help="The rating officer's queue: uploaded and submitted results files.",
    no_args_is_help=True,
)

Number = Annotated[int, typer.Argument(metavar="N", help="The queue item's number.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


def _counts(item: IntakeSummary) -> str:
    return f"{item.errors} errors, {item.warnings} warnings"


@app.command("upload")
def upload(
    files: Annotated[
        list[Path], typer.Argument(metavar="FILE...", help="Results files (.ELO) to queue.")
    ],
    max_bytes: Annotated[
        int, typer.Option("--max-bytes", min=1, help="Refuse a file larger than this.")
    ] = 1_000_000,
    max_lines: Annotated[
        int, typer.Option("--max-lines", min=1, help="Refuse a file with more lines.")
    ] = 20_000,
    as_json: JsonOption = False,
    db: str | None = DbOption,
) -> None:
    """Check .ELO files and put them in the rating officer's queue.

    A file over the limits, or with no game line, is refused with its diagnostics and not
    stored; the others are queued with their warnings and errors. Exit 1 if any is refused.

    Example: ratinglist intake upload 20260314_EGP_Haarlem.ELO
    """
    from ratinglist.errors import IntakeError
    from ratinglist.service import shapes
    from ratinglist.service.intake import upload as upload_file

    queued = []
    refused = 0
    with user_errors():
        store = open_db(db)
    for path in files:
        with user_errors():
            try:
                with path.open("rb") as handle:
                    data = handle.read(max_bytes + 1)
            except OSError as exc:
                raise IntakeError(f"could not read {str(path)!r}: {exc.strerror or exc}") from exc
            try:
                item = upload_file(
                    store,
                    path.name,
                    data,
                    cli_actor(),
                    max_bytes=max_bytes,
                    max_lines=max_lines,
                )
            except IntakeError as exc:
                refused += 1
                warn(f"refused {path.name}: {exc}")
                continue
        queued.append(item)
    if as_json:
        typer.echo(json.dumps([shapes.intake_item(i) for i in queued], ensure_ascii=False))
    else:
        for item in queued:
            typer.echo(f"queued {item.file_name} as item {item.id}: {_counts(item)}")
    if refused:
        raise typer.Exit(1)


@app.command("list")
def list_queue(
    status: Annotated[
        str | None,
        typer.Option("--status", help="Only items queued, accepted or rejected."),
    ] = None,
    country: Annotated[
        str | None, typer.Option("--country", help="Only items of this country.")
    ] = None,
    as_json: JsonOption = False,
    db: str | None = DbOption,
) -> None:
    """List the queue, oldest first.

    Example: ratinglist intake list --status queued --country NLD
    """
    from ratinglist.service import shapes
    from ratinglist.service.intake import queue

    with user_errors():
        items = queue(open_db(db), status=status, country=country)
    if as_json:
        typer.echo(json.dumps([shapes.intake_item(i) for i in items], ensure_ascii=False))
        return
    table = Table(title="Results intake")
    for column in ("N", "file", "country", "from", "submitted by", "status", "errors", "warn."):
        table.add_column(column)
    for i in items:
        table.add_row(
            str(i.id),
            i.file_name,
            i.country,
            i.origin,
            i.submitted_by,
            i.status,
            str(i.errors),
            str(i.warnings),
        )
    console.print(table)


@app.command("show")
def show(number: Number, as_json: JsonOption = False, db: str | None = DbOption) -> None:
    """Show a queue item: its diagnostics and the players that are new, unknown to the
    registry or named differently there.

    Example: ratinglist intake show 3
    """
    from ratinglist.service import shapes
    from ratinglist.service.intake import show as show_item

    with user_errors():
        view = show_item(open_db(db), number)
    if as_json:
        typer.echo(json.dumps(shapes.intake_view(view), ensure_ascii=False))
        return
    i = view.item
    typer.echo(f"item {i.id}: {i.file_name} ({i.country}), {i.origin} by {i.submitted_by}")
    typer.echo(f"status: {i.status}" + (f" by {i.decided_by}" if i.decided_by else ""))
    if i.message:
        typer.echo(f"message: {i.message}")
    if i.import_status:
        typer.echo(f"import: {i.import_status}")
    for d in view.diagnostics:
        typer.echo(d.format())
    for p in view.players:
        known = "" if p.registered is None else f" (registry: {p.registered.name})"
        typer.echo(f"player {p.token} {p.surname}, {p.firstname} {p.country}: {p.problem}{known}")
    for old, new in view.fixes:
        typer.echo(f"fixed {old} -> {new}")


@app.command("fix-id")
def fix_id(
    number: Number,
    old: Annotated[str, typer.Argument(metavar="OLD", help="The ID as written in the file.")],
    new: Annotated[
        int | None, typer.Argument(metavar="NEW", help="The registry ID to write instead.")
    ] = None,
    new_player: Annotated[
        bool,
        typer.Option("--new", help="Register the player with a new ID of the host country."),
    ] = False,
    as_json: JsonOption = False,
    db: str | None = DbOption,
) -> None:
    """Replace a player ID in a queued file by a registry ID, or by a new one (--new).

    Example: ratinglist intake fix-id 3 NEW1 --new
    """
    from ratinglist.errors import InputError
    from ratinglist.service import shapes
    from ratinglist.service.intake import fix_id as fix

    with user_errors():
        if (new is None) == (not new_player):
            raise InputError(f"expected either NEW or --new for {old!r}, got both or neither")
        done = fix(open_db(db), number, old, new, cli_actor())
    if as_json:
        typer.echo(json.dumps(shapes.fixed_id(done), ensure_ascii=False))
        return
    if done.added is not None:
        typer.echo(f"registered {done.added.id} {done.added.name}")
    typer.echo(f"replaced {done.old} by {done.new} ({done.replaced} times): {_counts(done.item)}")


@app.command("accept")
def accept(
    number: Number,
    message: Annotated[
        str | None, typer.Option("--message", help="A note kept with the decision.")
    ] = None,
    db: str | None = DbOption,
) -> None:
    """Accept a queued file: import it into the archive with the decision, in one step.

    Example: ratinglist intake accept 3
    """
    from ratinglist.service.intake import accept as accept_item

    with user_errors():
        item = accept_item(open_db(db), number, cli_actor(), message=message)
    typer.echo(f"accepted item {item.id}: {item.file_name} {item.import_status}")


@app.command("reject")
def reject(
    number: Number,
    message: Annotated[str, typer.Option("--message", help="Why, for the submitter (required).")],
    db: str | None = DbOption,
) -> None:
    """Reject a queued file with a message the submitter sees; nothing is imported.

    Example: ratinglist intake reject 3 --message "round 5 is missing"
    """
    from ratinglist.service.intake import reject as reject_item

    with user_errors():
        item = reject_item(open_db(db), number, message, cli_actor())
    typer.echo(f"rejected item {item.id}: {item.file_name}")
