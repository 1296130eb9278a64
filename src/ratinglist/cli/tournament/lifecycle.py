"""A tournament's life around its rounds: shown on the public live pages or not, the state
of its submission, deleting a draft, listing and revoking assistants."""

from __future__ import annotations

from typing import Annotated

import typer

from ratinglist.cli.common import DbOption, open_tournament, user_errors
from ratinglist.cli.tournament.render import TournamentOption


def live_command(
    shown: Annotated[
        bool, typer.Option("--on/--off", help="Show it on the public /live pages, or hide it.")
    ] = True,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Show the tournament on the public live pages (hidden until its director shows it).

    Example: ratinglist tournament live --on
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.lifecycle import show_on_live

        changed = show_on_live(*open_tournament(db, tournament), shown, Actor.cli_user())
    state = "shown on /live" if shown else "hidden from /live"
    typer.echo(state if changed else f"already {state}; nothing changed")


def state_command(db: str | None = DbOption, tournament: str | None = TournamentOption) -> None:
    """The tournament's life: shown on /live or not, submitted, the rating officer's decision
    and message, a pending request to reopen, its assistants.

    Example: ratinglist tournament state
    """
    with user_errors():
        from ratinglist.service.tournaments.lifecycle import lifecycle

        life = lifecycle(*open_tournament(db, tournament))
    typer.echo(f"on /live: {'shown' if life.public else 'hidden'}")
    typer.echo(f"closed: {'yes (submitted)' if life.closed else 'no'}")
    sent = life.submission
    if sent is None:
        typer.echo("results file: never submitted to the rating officer")
    else:
        typer.echo(f"results file: queue item {sent.item}, {sent.status}")
        if sent.message:
            typer.echo(f"rating officer's message: {sent.message}")
        if sent.reopen_request:
            typer.echo(f"asked to reopen: {sent.reopen_request}")
    typer.echo(f"assistants: {', '.join(life.assistants) or 'none'}")
    if life.draft:
        typer.echo("draft: no round paired (it may be deleted)")


def delete_command(
    yes: Annotated[bool, typer.Option("--yes", help="Delete without asking.")] = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Delete a draft for good (no round paired, never submitted).

    Example: ratinglist tournament delete --tournament 7 --yes
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.lifecycle import delete_draft

        store, tid = open_tournament(db, tournament)
        if not yes:
            typer.confirm(f"Delete tournament {tid} for good?", abort=True)
        name = delete_draft(store, tid, Actor.cli_user())
    typer.echo(f"deleted {name} (tournament {tid})")


def assistants_command(
    db: str | None = DbOption, tournament: str | None = TournamentOption
) -> None:
    """List the users who may enter results of the tournament (its assistants).

    Example: ratinglist tournament assistants
    """
    with user_errors():
        from ratinglist.service.tournaments.lifecycle import assistants

        names = assistants(*open_tournament(db, tournament))
    typer.echo("\n".join(names) if names else "no assistants")


def invite_command(
    user: Annotated[str, typer.Argument(help="The user name of an existing account.")],
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Let an existing user enter results of the tournament (the assistant role).

    Example: ratinglist tournament invite anna
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.server import invite_assistant

        invite_assistant(*open_tournament(db, tournament), user.strip(), Actor.cli_user())
    typer.echo(f"{user.strip()} may now enter results")


def revoke_command(
    user: Annotated[str, typer.Argument(help="The assistant's user name.")],
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Take the assistant role of the tournament from a user.

    Example: ratinglist tournament revoke anna
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.lifecycle import revoke_assistant

        name = revoke_assistant(*open_tournament(db, tournament), user, Actor.cli_user())
    typer.echo(f"{name} may no longer enter results")
