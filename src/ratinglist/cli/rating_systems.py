"""`ratinglist rate --system S` and `ratinglist list --system S` for the systems other than
the WOF list (Elo of seed 002, Glicko-2, WHR, EGF): rendering only, the use cases are in
`service.rating_systems`."""

from __future__ import annotations

import datetime as dt
import json
from typing import Annotated

import typer
from rich.table import Table

from ratinglist.cli.common import console, open_db, print_figures, user_errors

SYSTEM_HELP = (
    "Rating system: wof (the WOF list), elo (seed 002's Elo), glicko2 (Glicko-2), whr (WHR), "
    "egf (the EGF GoR formula), wof-map (the WOF model with a prior and a time decay), "
    "whr-bayes (WHR predicted through its deviations); with --game go: egf (the EGF GoR as the "
    "EGD computes it, handicap and komi included), elo (Elo on Go games, handicap-aware), "
    "glicko (Glicko on Go games, handicap-aware)."
)
"""The registry's systems (`service.rating_systems.system_help`, checked by a test), written
out: reading the registry imports scipy, which `ratinglist list` (the WOF list) does not
need."""
SystemOption = Annotated[str, typer.Option("--system", help=SYSTEM_HELP)]


def rate_other(
    system: str,
    day: dt.date,
    *,
    label: str | None,
    exclude_sender: str | None,
    as_json: bool,
    db: str | None,
) -> None:
    """Compute, store and summarise a list of `system`."""
    from ratinglist.service.rating_systems import compute_system_list

    with user_errors():
        done = compute_system_list(
            open_db(db, create=True), system, day, label=label, exclude_sender=exclude_sender
        )
    summary = {
        "list_id": done.info.id,
        "system": done.info.system,
        "as_of": day.isoformat(),
        "games": done.info.game_count,
        "rated": done.info.rated,
        "seconds": round(done.seconds, 3),
    }
    title = f"{system} list {done.info.id} as of {day.isoformat()}"
    print_figures(summary, ("games", "rated", "seconds"), title, as_json=as_json)


def list_other(
    system: str, list_ref: str | None, limit: int, *, as_json: bool, db: str | None
) -> None:
    """Show a stored list of `system` (the newest, or list id `list_ref`), best first."""
    from ratinglist.errors import RatingError
    from ratinglist.service.rating_systems import system_list_page

    with user_errors():
        if list_ref is not None and not list_ref.strip().isdigit():
            raise RatingError(f"expected a list id for --system {system}, got {list_ref!r}")
        page = system_list_page(
            open_db(db, create=True),
            system,
            None if list_ref is None else int(list_ref),
            None if limit == 0 else limit,
        )
    rows = [
        {
            "rank": e.place,
            "id": e.player,
            "name": f"{e.surname}, {e.firstname}".strip(", "),
            "country": e.country,
            "rating": round(e.rating),
            "deviation": round(e.deviation, 1),
            "title": e.title,
            "games": e.games,
            "last_played": e.last_played.isoformat(),
        }
        for e in page.entries
    ]
    if as_json:
        head = {"id": page.info.id, "system": system, "as_of": page.info.as_of.isoformat()}
        typer.echo(json.dumps({"list": head, "players": rows}))
        return
    table = Table(title=f"{system} list {page.info.id} as of {page.info.as_of.isoformat()}")
    columns = ["rank", "ID", "name", "country", "rating", "deviation", "title", "games"]
    for column in columns:
        table.add_column(
            column, justify="left" if column in ("name", "country", "title") else "right"
        )
    for row in rows:
        table.add_row(
            str(row["rank"]),
            str(row["id"]),
            str(row["name"]),
            str(row["country"]),
            str(row["rating"]),
            f"{row['deviation']:.0f}",
            str(row["title"]),
            str(row["games"]),
        )
    console.print(table)
