"""`ratinglist players ...`: search, add, merge, unmerge, export and import the registry."""

from __future__ import annotations

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
from ratinglist.store import (
    Store,
    add_player,
    export_players_list,
    import_players_list,
    latest_rating_list,
    merge_players,
    open_store,
    players_with_list_ratings,
    search_players,
    unmerge_players,
)

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
    db: str | None = DbOption,
) -> None:
    """Load a Papp players list into the registry (new IDs added, known IDs updated).

    Example: ratinglist players import-list joueurs.txt
    """
    with user_errors():
        players_list = read_players_list(file)
        store = _open(db)
        try:
            done = import_players_list(store, players_list)
        finally:
            store.close()
    typer.echo(
        f"players list {file}: {done.added:,} added, {done.updated:,} updated, "
        f"{done.unchanged:,} unchanged"
    )
