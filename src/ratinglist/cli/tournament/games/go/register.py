"""Entering Go players (``tournament register`` with ``--list`` or ``--rank``): from a stored
federation rating list, or new with a rank."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from ratinglist.cli.common import open_tournament, user_errors
from ratinglist.cli.tournament.setup import offer_choices

if TYPE_CHECKING:
    from ratinglist.cli.tournament.games import RegisterOptions
    from ratinglist.service.tournaments.games.go.list_entries import NotOnList


def register_go_players(o: RegisterOptions) -> None:
    """Enter the players `o` names: from the stored list ``--list``, else one new with a rank."""
    if o.from_list is not None:
        _register_from_list(o.from_list, list(o.players), o.rank, o.first_round, o.db, o.tournament)
        return
    if o.rank is not None:
        _register_go(
            o.new_player,
            o.rank,
            o.rating,
            o.country,
            o.club,
            o.egf_pin,
            o.ffg_licence,
            o.aga_id,
            o.first_round,
            o.db,
            o.tournament,
        )


def _register_from_list(
    origin: str,
    queries: list[str],
    rank: str | None,
    first_round: int | None,
    db: str | None,
    tournament: str | None,
) -> None:
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.games.go.list_entries import (
            NotOnList,
            register_from_list,
        )

        try:
            entries, count = register_from_list(
                *open_tournament(db, tournament),
                origin,
                queries,
                Actor.cli_user(),
                rank=rank,
                first_round=first_round,
            )
        except NotOnList as exc:
            _offer_list_players(exc)
            raise typer.Exit(1) from exc
    for e in entries:
        where = f"{origin.upper()} {e.number}"
        typer.echo(f"{e.query!r} -> {e.player.name} [{where}] as player {e.player.id}")
    typer.echo(f"{count} players entered")


def _offer_list_players(exc: NotOnList) -> None:
    """The refusal of a query that names no list player exactly (`offer_choices`)."""
    from ratinglist.service.tournaments.games.go.list_entries import (
        choice_key,
        describe_list_player,
    )

    command = f"ratinglist tournament register --list {exc.origin.lower()}"
    choices = []
    for p in exc.candidates:
        key = choice_key(p)
        shown = key if key == p.number else f"'{key}'"
        choices.append((describe_list_player(p), f"{command} {shown}"))
    offer_choices(exc, exc.query, choices, "--rank RANK")


def _register_go(
    name: str | None,
    rank: str,
    rating: int | None,
    country: str | None,
    club: str,
    egf_pin: str,
    ffg_licence: str,
    aga_id: str,
    first_round: int | None,
    db: str | None,
    tournament: str | None,
) -> None:
    with user_errors():
        from ratinglist.errors import TournamentInputError
        from ratinglist.model.directed import GoEntry
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.games.go.list_entries import register_go

        if name is None:
            raise TournamentInputError("expected --new 'SURNAME,First' with --rank, got none")
        entry = GoEntry(
            name, rank, rating, country or "", club, egf_pin, ffg_licence, aga_id, first_round
        )
        people, count = register_go(*open_tournament(db, tournament), [entry], Actor.cli_user())
    for p in people:
        typer.echo(f"entered {p.name} ({rank}) as player {p.id}")
    typer.echo(f"{count} players entered")
