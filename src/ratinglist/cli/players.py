"""`ratinglist players ...`: search, add, merge, split, history, export and import the registry."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ratinglist.cli.common import DbOption, console, database_url, user_errors
from ratinglist.formats.playerlist import (
    format_players_list,
    read_players_list,
    write_players_list,
)
from ratinglist.model import Player
from ratinglist.registry.history import BEGINNING, IdEvent, Merged, Registry, Unmerged
from ratinglist.store import (
    IdChange,
    Store,
    add_player,
    export_players_list,
    import_players_list,
    latest_rating_list,
    merge_players,
    open_store,
    player_registry,
    players_with_list_ratings,
    rename_player,
    search_players,
    split_player,
    unmerge_players,
)
from ratinglist.store.id_history import event_kind

app = typer.Typer(
    help="The player registry: search, new IDs, merges, players lists.", no_args_is_help=True
)

Reason = Annotated[str, typer.Option("--reason", help="Why (kept in the ID history).")]


def _open(db: str | None) -> Store:
    return open_store(database_url(db))


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
    with user_errors():
        store = _open(db)
        try:
            found = search_players(store, name, limit=limit, country=country)
        finally:
            store.close()
    if as_json:
        rows = [
            {
                "id": int(m.player.id),
                "surname": m.player.surname,
                "firstname": m.player.firstname,
                "country": m.player.country,
                "rating": m.player.rating,
                "score": round(m.score, 1),
            }
            for m in found
        ]
        typer.echo(json.dumps(rows))
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
    db: str | None = DbOption,
) -> None:
    """Register a new player with the lowest unused ID of the host country's range; print it.

    Example: ratinglist players add "VAN DAM" Eva --country NLD --host-country BEL
    """
    with user_errors():
        store = _open(db)
        try:
            player = add_player(store, surname, firstname, country, host_country=host_country)
        finally:
            store.close()
    typer.echo(str(player.id))


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
    with user_errors():
        store = _open(db)
        try:
            merge_players(store, kept, removed, reason=reason)
        finally:
            store.close()
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
    with user_errors():
        store = _open(db)
        try:
            kept = unmerge_players(store, removed, reason=reason)
        finally:
            store.close()
    typer.echo(f"unmerged {removed} from {kept}")


@app.command("export")
def export(
    file: Annotated[
        Path | None, typer.Argument(help="Write here (default: print the list).")
    ] = None,
    ratings: Annotated[
        bool,
        typer.Option(
            "--ratings", help="Ratings of the latest stored list (listed players, rounded)."
        ),
    ] = False,
    db: str | None = DbOption,
) -> None:
    """Write the registry as a Papp players list.

    With --ratings each listed player of the latest rating list gets %_<rating> (rounded)
    and every other player none; without it the registry's stored ratings are written.

    Example: ratinglist players export --ratings joueurs.txt
    """
    with user_errors():
        store = _open(db)
        try:
            chosen = None
            if ratings:
                chosen = players_with_list_ratings(store, latest_rating_list(store).id)
            players_list = export_players_list(store, include=chosen)
        finally:
            store.close()
        if file is None:
            typer.echo(format_players_list(players_list), nl=False)
        else:
            write_players_list(players_list, file)
            typer.echo(f"wrote {len(players_list.entries()):,} players to {file}")


@app.command("import-list")
def import_list(
    file: Annotated[Path, typer.Argument(help="A Papp players list (e.g. joueurs.txt).")],
    on: Annotated[
        dt.datetime | None,
        typer.Option(
            "--on",
            formats=["%Y-%m-%d"],
            help="The list's date: renames and splits count from it (default: today).",
        ),
    ] = None,
    db: str | None = DbOption,
) -> None:
    """Load a Papp players list into the registry.

    New IDs are added; a known ID whose name is spelt differently is updated; a new surname
    with the same first name is recorded as a rename, another person as a split (from --on).

    Example: ratinglist players import-list joueurs.txt --on 2025-02-06
    """
    with user_errors():
        players_list = read_players_list(file)
        store = _open(db)
        try:
            done = import_players_list(store, players_list, on=None if on is None else on.date())
        finally:
            store.close()
    typer.echo(
        f"players list {file}: {done.added:,} added, {done.updated:,} updated, "
        f"{done.renamed:,} renamed, {done.split:,} split, {done.unchanged:,} unchanged"
    )


Day = Annotated[
    dt.datetime,
    typer.Option("--from", formats=["%Y-%m-%d"], help="First day of the change (YYYY-MM-DD)."),
]


def _person(p: Player) -> str:
    return f"{p.name} ({p.country})" if p.country else p.name


def _day(day: dt.date | None) -> str:
    return "(unknown)" if day is None or day == BEGINNING else day.isoformat()


def _until(end: dt.date | None) -> str:
    """The last day of a tenure ending before `end` ("" while it lasts)."""
    return "" if end is None else (end - dt.timedelta(days=1)).isoformat()


def _print_change(verb: str, change: IdChange) -> None:
    typer.echo(
        f"{verb} {change.player_id} from {change.when}: {_person(change.before)} before, "
        f"{_person(change.after)} from then"
    )


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
    with user_errors():
        store = _open(db)
        try:
            change = split_player(
                store,
                player_id,
                surname,
                firstname,
                on=when.date(),
                country=country,
                reason=reason,
            )
        finally:
            store.close()
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
    with user_errors():
        store = _open(db)
        try:
            change = rename_player(
                store,
                player_id,
                on=when.date(),
                surname=surname,
                firstname=firstname,
                country=country,
                reason=reason,
            )
        finally:
            store.close()
    _print_change("renamed", change)


def _registry(db: str | None) -> Registry:
    store = _open(db)
    try:
        return player_registry(store)
    finally:
        store.close()


def _event_record(event: IdEvent) -> dict[str, object]:
    record: dict[str, object] = {
        "event": event_kind(event).value,
        "date": None if event.when == BEGINNING else event.when.isoformat(),
        "reason": event.reason,
    }
    if isinstance(event, Merged | Unmerged):
        return record | {"kept": int(event.kept), "removed": int(event.removed)}
    return record | {"player": _player_record(event.player)}


def _player_record(p: Player) -> dict[str, object]:
    return {"surname": p.surname, "firstname": p.firstname, "country": p.country}


def _event_line(event: IdEvent) -> str:
    kind = event_kind(event).value
    if isinstance(event, Merged):
        what = f"{event.removed} into {event.kept}"
    elif isinstance(event, Unmerged):
        what = f"{event.removed} from {event.kept}"
    else:
        what = _person(event.player)
    reason = f"  ({event.reason})" if event.reason else ""
    return f"  {_day(event.when):<10}  {kind:<8}  {what}{reason}"


@app.command("history")
def history(
    player_id: Annotated[int, typer.Argument(help="A player ID.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON object.")] = False,
    db: str | None = DbOption,
) -> None:
    """Show who an ID denoted when, and every event of the ID (splits, renames, merges).

    Example: ratinglist players history 170037 --json
    """
    with user_errors():
        registry = _registry(db)
        timeline = registry.timeline(player_id)
        events = registry.history(player_id)
    if as_json:
        document = {
            "id": player_id,
            "timeline": [
                {
                    "from": None if t.start == BEGINNING else t.start.isoformat(),
                    "until": _until(t.end) or None,
                    "person": t.person + 1,
                }
                | _player_record(t.player)
                for t in timeline
            ],
            "events": [_event_record(e) for e in events],
        }
        typer.echo(json.dumps(document))
        return
    typer.echo(f"{player_id}: who it denoted")
    for t in timeline:
        until = _until(t.end)
        typer.echo(
            f"  {_day(t.start):<10} .. {until:<10}  person {t.person + 1}  {_person(t.player)}"
        )
    typer.echo("events")
    for e in events:
        typer.echo(_event_line(e))


@app.command("show")
def show(
    player_id: Annotated[int, typer.Argument(help="A player ID.")],
    db: str | None = DbOption,
) -> None:
    """Show a player: current name, country and rating, merges, earlier owners of the ID.

    Example: ratinglist players show 170037
    """
    with user_errors():
        registry = _registry(db)
        current = registry.owner(player_id)
        merge = registry.merge_of(player_id)
        merged = registry.merged_ids(player_id)
        timeline = registry.timeline(player_id)
    rating = "unrated" if current.rating is None else f"rating {current.rating}"
    typer.echo(f"{player_id}  {_person(current)}  {rating}")
    if merge is not None:
        into = registry.resolve(player_id)
        typer.echo(f"merged into {merge.kept} since {merge.when} (resolves to {into})")
    if merged:
        typer.echo(f"merged into this ID: {', '.join(str(pid) for pid in merged)}")
    latest = timeline[-1].person
    for t in timeline[:-1]:
        until = _until(t.end)
        label = "earlier name" if t.person == latest else "earlier owner"
        since = "" if t.start == BEGINNING else f" from {t.start}"
        typer.echo(f"{label}: {_person(t.player)}{since} until {until}")
