"""``tournament import``: an OpenGotha file stored as a directed Go tournament."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ratinglist.cli.common import DbOption, open_db, user_errors


def import_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="An OpenGotha .xml file.")],
    db: str | None = DbOption,
) -> None:
    """Store an OpenGotha tournament as a directed tournament (players, rounds, results); it
    becomes the default one, to go on pairing, entering results and exporting.

    Example: ratinglist tournament import Tournoi_de_Juvisy.xml
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.games.go.files import import_opengotha

        done = import_opengotha(open_db(db, create=True), file, Actor.cli_user())
    for line in done.diagnostics:
        typer.echo(line, err=True)
    typer.echo(
        f"imported tournament {done.id}: {done.name} ({done.players} players, "
        f"{done.rounds} rounds, {done.games} games, {done.events} events)"
    )
