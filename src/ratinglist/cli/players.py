"""`ratinglist players ...`: search, add, merge, split, history, export and import the registry."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from ratinglist.cli.common import DbOption, cli_actor, console, open_db, user_errors, warn

if TYPE_CHECKING:
    from ratinglist.model import Player
    from ratinglist.service.registry import IdEvent, IdTransition, Tenure

app = typer.Typer(
    help="The player registry: search, new IDs, merges, players lists.", no_args_is_help=True
)

Reason = Annotated[str, typer.Option("--reason", help="Why (kept in the ID history).")]


@app.command("search")
def search(
    name: Annotated[str, typer.Argument(help="Name or ID digits (fuzzy, any word order).")],
    country: Annotated[
        str | None, typer.Option("--country", help="Only players of this country.")
    ] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, help="At most this many players.")] = 10,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list.")] = False,
    db: str | None = DbOption,
) -> None:
    """Find registered players by name, best matches first.

    Example: ratinglist players search "de graaf" --country NLD
    """
    from ratinglist.service import shapes
    from ratinglist.service.registry import search_players

    with user_errors():
        found = search_players(open_db(db), name, limit=limit, country=country)
    if as_json:
        typer.echo(json.dumps([shapes.match(m) for m in found]))
        return
    table = Table(title=f"Players matching {name!r}")
    for column in ("ID", "name", "country", "rating", "score"):
        table.add_column(column, justify="left" if column in ("name", "country") else "right")
    for m in found:
        p = m.player
        rating = "" if p.rating is None else str(p.rating)
        table.add_row(str(p.id), p.name, p.country, rating, f"{m.score:.0f}")
    console.print(table)


@app.command("add")
def add(
    surname: Annotated[str, typer.Argument(help="Surname as the players list writes it.")],
    firstname: Annotated[str, typer.Argument(help="First name.")],
    country: Annotated[str, typer.Option("--country", help="The player's country.")],
    host_country: Annotated[
        str | None,
        typer.Option("--host-country", help="Country whose ID range to use (default: --country)."),
    ] = None,
    force: Annotated[
        bool,
        typer.Option("--force", help="Register even if a player of this name is registered."),
    ] = False,
    db: str | None = DbOption,
) -> None:
    """Register a new player with the lowest unused ID of the host country's range; print it.

    A player of the same name already registered is shown instead (exit 1), unless --force.

    Example: ratinglist players add "VAN DAM" Eva --country NLD --host-country BEL
    """
    from ratinglist.service.registry import add_player

    with user_errors():
        done = add_player(
            open_db(db),
            surname,
            firstname,
            country,
            host_country=host_country,
            same_name_ok=force,
            actor=cli_actor(),
        )
    for p in done.namesakes:
        warn(f"already registered: {p.id} {_person(p)}")
    if done.player is None:
        warn("not added (add --force to register another person of that name)")
        raise typer.Exit(1)
    p = done.player
    if (p.surname, p.firstname) != (surname.strip(), firstname.strip()):
        warn(f"registered as {_person(p)} (as the players list writes names)")
    typer.echo(str(p.id))


@app.command("merge")
def merge(
    kept: Annotated[int, typer.Argument(help="The ID that stays.")],
    removed: Annotated[int, typer.Argument(help="The ID whose games now count for KEPT.")],
    reason: Reason = "",
    db: str | None = DbOption,
) -> None:
    """Record that two IDs are one person.

    Example: ratinglist players merge 4012 120034 --reason "same person, two IDs"
    """
    from ratinglist.service.registry import merge_players

    with user_errors():
        merge_players(open_db(db), kept, removed, reason=reason, actor=cli_actor())
    typer.echo(f"merged {removed} into {kept}")


@app.command("unmerge")
def unmerge(
    removed: Annotated[int, typer.Argument(help="The merged-away ID to restore.")],
    reason: Reason = "",
    db: str | None = DbOption,
) -> None:
    """Undo a merge: the ID counts on its own again.

    Example: ratinglist players unmerge 120034 --reason "two different people"
    """
    from ratinglist.service.registry import unmerge_players

    with user_errors():
        kept = unmerge_players(open_db(db), removed, reason=reason, actor=cli_actor())
    typer.echo(f"unmerged {removed} from {kept}")


@app.command("export")
def export(
    file: Annotated[
        Path | None, typer.Argument(help="Write here (default: print the list).")
    ] = None,
    ratings: Annotated[
        bool,
        typer.Option(
            "--ratings", help="Ratings of the latest stored list (every rated player, rounded)."
        ),
    ] = False,
    db: str | None = DbOption,
) -> None:
    """Write the registry as a Papp players list.

    With --ratings every player rated in the latest rating list gets %_<rating> (rounded,
    listed or not, as the WOF's file carries the latest rating of every rated player) and
    every other player none; without it the registry's stored ratings are written.

    Example: ratinglist players export --ratings joueurs.txt
    """
    from ratinglist.model.text import format_count
    from ratinglist.service.registry import export_players

    with user_errors():
        done = export_players(open_db(db), ratings=ratings, path=file)
    if file is None:
        typer.echo(done.text, nl=False)
    else:
        typer.echo(
            f"wrote {format_count(done.players)} players ({format_count(done.rated)} with a "
            f"rating) to {file}"
        )


@app.command("import-list")
def import_list(
    file: Annotated[Path, typer.Argument(help="A Papp players list (e.g. joueurs.txt).")],
    on: Annotated[
        str | None,
        typer.Option(
            "--on",
            metavar="YYYY-MM-DD",
            help="The list's date: renames and splits count from it (default: today).",
        ),
    ] = None,
    apply: Annotated[
        bool, typer.Option("--apply", help="Write the changes (default: only show them).")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON object.")] = False,
    db: str | None = DbOption,
) -> None:
    """Load a Papp players list into the registry (a dry run unless --apply).

    New IDs are added; a known ID whose name is spelt differently is updated; a new surname
    with the same first name is recorded as a rename, another person as a split (from --on).
    A file that is not a players list (no 'pays =' block, lines that are not player lines)
    is refused. An applied import can be undone with `players undo-import`.

    Example: ratinglist players import-list joueurs.txt --on 2025-02-06 --apply
    """
    from ratinglist.model.text import format_count, optional_day
    from ratinglist.service import shapes
    from ratinglist.service.player_lists import import_players_list

    with user_errors():
        day = optional_day(on, "list date")
        result = import_players_list(
            open_db(db, create=apply),
            file,
            on=day,
            apply=apply,
            actor=cli_actor(),
        )
    if as_json:
        typer.echo(json.dumps(shapes.list_import(result)))
        return
    plan = result.plan
    for c in (*plan.renamed, *plan.split):
        kind = "renamed" if c in plan.renamed else "split"
        before = "" if c.before is None else _person(c.before)
        typer.echo(f"  {kind:<7}  {c.after.id}  {before} -> {_person(c.after)}")
    counts = (
        f"{format_count(len(plan.added))} added, {format_count(len(plan.updates))} updated, "
        f"{format_count(len(plan.renamed))} renamed, {format_count(len(plan.split))} split, "
        f"{format_count(plan.unchanged)} unchanged"
    )
    if result.applied is None:
        typer.echo(f"players list {file} (dry run, nothing written; add --apply): {counts}")
    else:
        typer.echo(
            f"players list {file}: {counts} (import {result.applied.import_id}; undo with "
            f"`ratinglist players undo-import`)"
        )


@app.command("undo-import")
def undo_import(
    import_id: Annotated[
        int | None, typer.Argument(help="The import's number (default: the latest).")
    ] = None,
    db: str | None = DbOption,
) -> None:
    """Undo a players-list import as one step (only while it is the latest registry change).

    Example: ratinglist players undo-import
    """
    from ratinglist.service.player_lists import undo_import as undo

    with user_errors():
        done = undo(open_db(db), import_id=import_id, actor=cli_actor())
    typer.echo(
        f"undid players-list import {done.import_id} ({done.source}): {done.removed} IDs "
        f"removed, {done.restored} players restored, {done.events} ID events deleted"
    )


def _person(p: Player) -> str:
    return f"{p.name} ({p.country})" if p.country else p.name


def _day(day: dt.date | None) -> str:
    from ratinglist.service.registry import BEGINNING

    return "(unknown)" if day is None or day == BEGINNING else day.isoformat()


def _until(end: dt.date | None) -> str:
    """The last day of a tenure ending before `end` ("" while it lasts)."""
    return "" if end is None else (end - dt.timedelta(days=1)).isoformat()


def _print_change(verb: str, change: IdTransition) -> None:
    typer.echo(
        f"{verb} {change.player_id} from {change.when}: {_person(change.before)} before, "
        f"{_person(change.after)} from then"
    )


Day = Annotated[str, typer.Option("--from", metavar="YYYY-MM-DD", help="First day of the change.")]


@app.command("split")
def split(
    player_id: Annotated[int, typer.Argument(help="The ID that now denotes another person.")],
    when: Day,
    surname: Annotated[str, typer.Option("--surname", help="The new person's surname.")],
    firstname: Annotated[str, typer.Option("--firstname", help="The new person's first name.")],
    country: Annotated[
        str | None, typer.Option("--country", help="The new person's country (default: as now).")
    ] = None,
    reason: Reason = "",
    db: str | None = DbOption,
) -> None:
    """Record that from a date an ID denotes a new person (the ID was reused).

    Games before the date stay with the old person, whose name stays in the history.

    Example: ratinglist players split 170037 --from 2025-02-06 --surname MO --firstname Hau
    """
    from ratinglist.model.text import parse_day
    from ratinglist.service.registry import split_player

    with user_errors():
        day = parse_day(when)
        change = split_player(
            open_db(db),
            player_id,
            surname,
            firstname,
            on=day,
            country=country,
            reason=reason,
            actor=cli_actor(),
        )
    _print_change("split", change)


@app.command("rename")
def rename(
    player_id: Annotated[int, typer.Argument(help="The ID whose person has a new name.")],
    when: Day,
    surname: Annotated[str | None, typer.Option("--surname", help="The new surname.")] = None,
    firstname: Annotated[
        str | None, typer.Option("--firstname", help="The new first name.")
    ] = None,
    country: Annotated[str | None, typer.Option("--country", help="The new country.")] = None,
    reason: Reason = "",
    db: str | None = DbOption,
) -> None:
    """Record a new name or country for the same person from a date.

    Example: ratinglist players rename 120116 --from 2021-06-01 --surname "DE VRIES"
    """
    from ratinglist.model.text import parse_day
    from ratinglist.service.registry import rename_player

    with user_errors():
        day = parse_day(when)
        change = rename_player(
            open_db(db),
            player_id,
            on=day,
            surname=surname,
            firstname=firstname,
            country=country,
            reason=reason,
            actor=cli_actor(),
        )
    _print_change("renamed", change)


def _event_line(event: IdEvent) -> str:
    from ratinglist.service.registry import Merged, Unmerged, event_name

    kind = event_name(event)
    if isinstance(event, Merged):
        what = f"{event.removed} into {event.kept}"
    elif isinstance(event, Unmerged):
        what = f"{event.removed} from {event.kept}"
    else:
        what = _person(event.player)
    reason = f"  ({event.reason})" if event.reason else ""
    return f"  {_day(event.when):<10}  {kind:<8}  {what}{reason}"


def _tenure_line(t: Tenure) -> str:
    until = _until(t.end)
    return f"  {_day(t.start):<10} .. {until:<10}  person {t.person + 1}  {_person(t.player)}"


@app.command("history")
def history(
    player_id: Annotated[int, typer.Argument(help="A player ID.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON object.")] = False,
    db: str | None = DbOption,
) -> None:
    """Show who an ID denoted when, and every event of the ID by date (splits, renames,
    merges).

    Example: ratinglist players history 170037 --json
    """
    from ratinglist.service import shapes
    from ratinglist.service.registry import player_history

    with user_errors():
        found = player_history(open_db(db), player_id)
    if as_json:
        typer.echo(json.dumps(shapes.history(found)))
        return
    typer.echo(f"{player_id}: who it denoted")
    for t in found.timeline:
        typer.echo(_tenure_line(t))
    typer.echo("events")
    for e in found.events:
        typer.echo(_event_line(e))


@app.command("show")
def show(
    player_id: Annotated[int, typer.Argument(help="A player ID.")],
    db: str | None = DbOption,
) -> None:
    """Show a player: current name, country and rating, merges, earlier owners of the ID.

    Example: ratinglist players show 170037
    """
    from ratinglist.service.registry import BEGINNING, show_player

    with user_errors():
        view = show_player(open_db(db), player_id)
    current = view.player
    rating = "unrated" if current.rating is None else f"rating {current.rating}"
    typer.echo(f"{player_id}  {_person(current)}  {rating}")
    if view.merge is not None:
        typer.echo(
            f"merged into {view.merge.kept} since {view.merge.when} (resolves to "
            f"{view.resolves_to})"
        )
    if view.merged_ids:
        typer.echo(f"merged into this ID: {', '.join(str(pid) for pid in view.merged_ids)}")
    for t, same_person in view.earlier:
        label = "earlier name" if same_person else "earlier owner"
        since = "" if t.start == BEGINNING else f" from {t.start}"
        typer.echo(f"{label}: {_person(t.player)}{since} until {_until(t.end)}")
