"""The players' side from the terminal (issue 35): online registration open or closed, the
registrations sent (accept, refuse), the players' codes, check-in, player reporting."""

from __future__ import annotations

from typing import Annotated

import typer

from ratinglist.cli.common import DbOption, cli_actor, open_tournament, user_errors
from ratinglist.cli.tournament.render import TournamentOption


def registration_command(
    open_: Annotated[
        bool | None,
        typer.Option("--open/--close", help="Open online registration, or close it."),
    ] = None,
    closes: Annotated[
        str | None,
        typer.Option(
            "--closes", help="When it closes: YYYY-MM-DD (end of day) or YYYY-MM-DDTHH:MM, UTC."
        ),
    ] = None,
    cap: Annotated[int | None, typer.Option("--cap", help="At most N players.", min=1)] = None,
    accept: Annotated[
        int | None, typer.Option("--accept", help="Accept the registration with this number.")
    ] = None,
    as_: Annotated[
        str, typer.Option("--as", help="Enter it as this match (a WOF ID, egf:PIN...) or 'new'.")
    ] = "",
    refuse: Annotated[
        int | None, typer.Option("--refuse", help="Refuse the registration with this number.")
    ] = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Open or close online registration, or decide one sent; without an option, list them
    (the pending ones with the matches to enter them as).

    Example: ratinglist tournament registration --open --closes 2026-12-01 --cap 64
    """
    with user_errors():
        from ratinglist.errors import N_, TournamentInputError
        from ratinglist.service.tournaments.players_side import registrations as reg
        from ratinglist.service.tournaments.players_side.settings import (
            parse_moment,
            set_registration,
        )

        when = parse_moment(closes) if closes else None
        if open_ is None and (closes or cap is not None):
            raise TournamentInputError(
                N_("expected --open with --closes or --cap, got them alone; nothing changed")
            )
        store, tid = open_tournament(db, tournament)
        if open_ is not None:
            row = set_registration(store, tid, cli_actor(), open_=open_, closes=when, cap=cap)
            if not row.registration_open:
                typer.echo("online registration closed")
                return
            until = "" if row.closes_at is None else f" until {row.closes_at:%Y-%m-%d %H:%M} UTC"
            limit = "" if row.cap is None else f", at most {row.cap} players"
            typer.echo(f"online registration open{until}{limit}: /live/{tid}/register")
            return
        if accept is not None:
            if not as_:
                raise TournamentInputError("expected --as MATCH (or --as new) with --accept")
            done = reg.accept_registration(store, tid, accept, as_, cli_actor())
            typer.echo(f"{done.player.name} entered as {done.player.shown_id}, code {done.code}")
            return
        if refuse is not None:
            row_refused = reg.refuse_registration(store, tid, refuse, cli_actor())
            typer.echo(f"registration {refuse} ({row_refused.fields.get('name', '')}) refused")
            return
        found = reg.pending_registrations(store, tid)
    if not found:
        typer.echo("no registration sent online")
    for r in found:
        details = ", ".join(f"{k} {v}" for k, v in r.fields.items() if k != "name" and v)
        typer.echo(f"{r.id:>4}  {r.status:<8}  {r.fields.get('name', '')}  ({details})  {r.email}")
        for key, label in r.candidates:
            typer.echo(f"        --accept {r.id} --as {key}   {label}")
        if r.status == "pending":
            typer.echo(f"        --accept {r.id} --as new   a new player, as typed")


def codes_command(db: str | None = DbOption, tournament: str | None = TournamentOption) -> None:
    """Every entrant's personal code (given to those without one): they open the player's
    page /live/N/me, check in and report results with it. Keep the list private.

    Example: ratinglist tournament codes
    """
    with user_errors():
        from ratinglist.service.tournaments.players_side.codes import ensure_codes

        found = ensure_codes(*open_tournament(db, tournament))
    for c in found:
        typer.echo(f"{c.player.shown_id:>8}  {c.code}  {c.player.name}")


def checkin_command(
    players: Annotated[list[int] | None, typer.Argument(help="Players to check in.")] = None,
    undo: Annotated[bool, typer.Option("--undo", help="Take their check-in back.")] = False,
    until: Annotated[
        str | None,
        typer.Option(
            "--until",
            help="Deadline (YYYY-MM-DDTHH:MM, UTC; 'none' to clear): players not checked in "
            "by then are absent from round 1.",
        ),
    ] = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Check players in at the venue (before round 1), set the deadline, or list who is in.

    Example: ratinglist tournament checkin 4012 4013
    """
    with user_errors():
        from ratinglist.service.tournaments.players_side.checkin import check_in, checkin_list
        from ratinglist.service.tournaments.players_side.settings import (
            parse_moment,
            set_checkin_deadline,
        )

        store, tid = open_tournament(db, tournament)
        if until is not None:
            when = None if until.strip().lower() == "none" else parse_moment(until)
            set_checkin_deadline(store, tid, when, cli_actor())
            typer.echo(
                "no check-in deadline"
                if when is None
                else f"check-in until {when:%Y-%m-%d %H:%M} UTC"
            )
        for p in players or []:
            who = check_in(store, tid, p, cli_actor(), undo=undo)
            typer.echo(f"{who.name} {'not ' if undo else ''}checked in")
        shown = checkin_list(store, tid)
    if not players and until is None:
        for line in shown.lines:
            at = "–" if line.at is None else f"{line.at:%H:%M}"
            typer.echo(f"{line.player.shown_id:>8}  {at:>5}  {line.player.name}")
    typer.echo(f"{shown.present} of {len(shown.lines)} checked in")


def reporting_command(
    on: Annotated[
        bool, typer.Option("--on/--off", help="Let players report their results, or not.")
    ] = True,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Switch results reported by players (with their codes) on or off.

    Example: ratinglist tournament reporting --off
    """
    with user_errors():
        from ratinglist.service.tournaments.players_side.settings import set_reporting

        set_reporting(*open_tournament(db, tournament), on, cli_actor())
    typer.echo("player reporting on" if on else "player reporting off")
