"""`ratinglist demo`: build the demo database from the bundled synthetic archive."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ratinglist.cli.common import cli_actor, user_errors

DEMO_TOP = 10
"""How many players of the demo rating list `ratinglist demo` prints."""

DEFAULT_DEMO_DB = "demo.db"


def demo(
    db: Annotated[Path, typer.Option("--db", help="SQLite file to create.")] = Path(
        DEFAULT_DEMO_DB
    ),
    force: Annotated[
        bool, typer.Option("--force", help="Replace the file if it exists (deletes it first).")
    ] = False,
    live: Annotated[
        bool,
        typer.Option(
            "--live",
            help="Add a running tournament and demo accounts (demo-admin, demo-director, "
            "demo-assistant; password demo-password) for the live and director pages.",
        ),
    ] = False,
) -> None:
    """Create the demo database from the bundled synthetic archive and show the import.

    Refuses an existing file unless --force. The archive is examples/demo_archive/ (see
    `make demo-data`). Then computes and stores the rating list as of the last demo
    tournament and prints its top.

    Example: ratinglist demo --db demo.db --force --live
    """
    from ratinglist.cli.importing import import_progress, print_summary
    from ratinglist.cli.rating import print_page
    from ratinglist.model.text import format_count
    from ratinglist.service.demo import build_demo
    from ratinglist.service.rating_lists import list_page

    with user_errors():
        with import_progress() as advance:
            built = build_demo(db, force=force, actor=cli_actor(), progress=advance)
        print_summary(built.summary, title=f"Demo database {db}")
        print_page(list_page(built.db, limit=DEMO_TOP))
    info = built.rated.info
    typer.echo(
        f"rating list {info.id} as of {info.as_of.isoformat()}: "
        f"{format_count(info.rated)} rated, {format_count(info.listed)} listed, "
        f"{format_count(info.official)} official ({built.rated.seconds:.2f} s)"
    )
    other = built.system.info
    typer.echo(
        f"{other.system} list {other.id} as of {other.as_of.isoformat()} "
        f"({built.system.seconds:.2f} s): /systems/{other.system}"
    )
    if live:
        from ratinglist.service.demo import DEMO_PASSWORD, add_live_demo

        with user_errors():
            shown = add_live_demo(built.db, actor=cli_actor())
        typer.echo(
            f"running tournament {shown.tournament} with {shown.results} results: /live/"
            f"{shown.tournament}; accounts {', '.join(shown.users)} (password {DEMO_PASSWORD})"
        )
    typer.echo(f"demo database ready: {db}")
