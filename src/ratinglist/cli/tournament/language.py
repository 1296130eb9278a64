"""The tournament's language (issue 36): its pages and printed sheets speak it."""

from __future__ import annotations

from typing import Annotated

import typer

from ratinglist.cli.common import DbOption, open_tournament, user_errors
from ratinglist.cli.tournament.render import TournamentOption


def language_command(
    language: Annotated[str, typer.Argument(help="en (English), fr (French) or ja (Japanese).")],
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Set the tournament's language: its director, live and printed pages speak it to
    visitors who chose no language themselves.

    Example: ratinglist tournament language fr
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.language import set_language

        code = set_language(*open_tournament(db, tournament), language, Actor.cli_user())
    typer.echo(f"language: {code}")
