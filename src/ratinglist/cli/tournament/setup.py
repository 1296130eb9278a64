"""Setting a tournament up: create, list, enter players, withdraw, absent, forbid, force, reopen."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from ratinglist.cli.common import (
    ConfirmOption,
    DbOption,
    asked_first,
    console,
    err_console,
    open_db,
    open_tournament,
    user_errors,
)
from ratinglist.cli.tournament.games import game_settings, with_game_options
from ratinglist.cli.tournament.render import TournamentOption
from ratinglist.cli.tournament.settings import SetOption

if TYPE_CHECKING:
    from ratinglist.service.tournaments.actions import NotRegistered

MATCH_THRESHOLD = 40.0
"""Lowest fuzzy score (0-100) of a registered player offered as a candidate for a name."""
BqRuleOption = typer.Option(
    "--bq-rule", help="Brightwell rule for byes and absences: standard (IFRL) or singapore."
)


@with_game_options
def new(
    name: Annotated[
        str, typer.Argument(metavar="NAME", help="Tournament name, e.g. 'EGP Haarlem 2026'.")
    ],
    country: Annotated[
        str, typer.Option("--country", help="Host country (ID range of new players).")
    ],
    date: Annotated[str, typer.Option("--date", help="First day, YYYY-MM-DD.")],
    end: Annotated[str | None, typer.Option("--end", help="Last day, YYYY-MM-DD.")] = None,
    system: Annotated[
        str | None,
        typer.Option(
            "--system",
            help="swiss, rr, double-rr, ... (default: EOC table); Go: mcmahon (default), swiss, "
            "swisscat, cup, round-robin.",
        ),
    ] = None,
    preset: Annotated[str, typer.Option("--preset", help="Swiss cost model: eoc or papp.")] = "eoc",
    rounds: Annotated[
        int | None, typer.Option("--rounds", min=1, help="Swiss rounds (13; Go: rounds, 5).")
    ] = None,
    game: Annotated[str, typer.Option("--game", help="othello or go.")] = "othello",
    bar: Annotated[str | None, typer.Option("--bar", help="Go McMahon bar, e.g. 4d.")] = None,
    floor: Annotated[
        str | None, typer.Option("--floor", help="Go McMahon floor, e.g. 20k.")
    ] = None,
    criteria: Annotated[
        str | None,
        typer.Option("--criteria", help="Go placement criteria, e.g. MMS,SOSM,SOSOSM."),
    ] = None,
    team_size: Annotated[
        int | None,
        typer.Option("--team-size", help="Go team tournament: boards per team, 2-10 (4)."),
    ] = None,
    team_criteria: Annotated[
        str | None,
        typer.Option(
            "--team-criteria", help="Go team criteria (default TEAMP,BDW,BDW3U,BDW2U,BDW1U,MNR)."
        ),
    ] = None,
    parameters: SetOption = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of every draw (default: random, stored).")
    ] = None,
    bye_discs: Annotated[float, typer.Option("--bye-discs", help="Discs of a bye.")] = 32.0,
    bq_constant: Annotated[float, typer.Option("--bq-constant", help="Brightwell C.")] = 6.0,
    bq_rule: Annotated[str, BqRuleOption] = "standard",
    sender: Annotated[str, typer.Option("--sender", help="%%Sender of the results file.")] = (
        "tournament director"
    ),
    db: str | None = DbOption,
    **go: Any,
) -> None:
    """Create a tournament; it becomes the default one of later commands.

    A Go tournament (--game go) takes OpenGotha's defaults for its system, then --rounds,
    --bar, --floor, --criteria, the Go options and any OpenGotha parameter (--set name=value;
    see tournament settings); a Go team tournament --team-size (then tournament team).
    Example: ratinglist tournament new "EGP Haarlem" --country NLD --date 2026-03-14 --rounds 13
    Example: ratinglist tournament new "Paris Go" --game go --system mcmahon --bar 4d --floor 20k
    --country FRA --date 2026-04-04 --rounds 5
    Example: ratinglist tournament new "Paris Go" --game go --country FR --date 2026-04-04
    --time "60m+3x30s" --komi 7.5 --location Paris --handicap rank --handicap-ceiling 9
    """
    with user_errors():
        from ratinglist.model.directed import NewSettings
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.actions import new_tournament

        settings = NewSettings(
            name=name,
            country=country,
            start=date,
            end=end,
            system=system,
            preset=preset,
            rounds=rounds,
            seed=seed,
            bye_discs=bye_discs,
            bq_constant=bq_constant,
            bq_rule=bq_rule,
            sender=sender,
            game=game.strip().lower(),
            bar=bar,
            floor=floor,
            criteria=criteria,
            team_size=team_size,
            team_criteria=team_criteria,
            **game_settings(go, parameters),
        )
        created = new_tournament(open_db(db, create=True), settings, Actor.cli_user())
    typer.echo(f"created tournament {created.id}: {created.name} (seed {created.seed})")


def register(
    players: Annotated[
        list[str] | None,
        typer.Argument(metavar="NAME|ID", help="Whole names or IDs of registered players (exact)."),
    ] = None,
    new_player: Annotated[
        str | None, typer.Option("--new", help="A new player: 'SURNAME,Firstname'.")
    ] = None,
    country: Annotated[
        str | None, typer.Option("--country", help="Country of the --new player.")
    ] = None,
    first_round: Annotated[
        int | None, typer.Option("--first-round", help="Late entry: first round played.")
    ] = None,
    female: Annotated[bool, typer.Option("--female", metavar="", help="Female class.")] = False,
    youth: Annotated[bool, typer.Option("--youth", metavar="", help="Youth class.")] = False,
    birth_year: Annotated[int | None, typer.Option("--birth-year", help="For age classes.")] = None,
    threshold: Annotated[
        float,
        typer.Option("--threshold", help="Lowest fuzzy score of a candidate offered (0-100)."),
    ] = MATCH_THRESHOLD,
    anyway: Annotated[
        bool,
        typer.Option("--anyway", metavar="", help="Register the --new player despite a namesake."),
    ] = False,
    rank: Annotated[
        str | None, typer.Option("--rank", help="Go: the --new player's rank, e.g. 3k, 2d.")
    ] = None,
    rating: Annotated[
        int | None, typer.Option("--rating", help="Go: EGF-scale rating (default: from rank).")
    ] = None,
    club: Annotated[str, typer.Option("--club", help="Go: club.")] = "",
    egf_pin: Annotated[str, typer.Option("--egf-pin", help="Go: EGF PIN.")] = "",
    ffg_licence: Annotated[str, typer.Option("--ffg-licence", help="Go: FFG licence.")] = "",
    aga_id: Annotated[str, typer.Option("--aga-id", help="Go: AGA id.")] = "",
    from_list: Annotated[
        str | None,
        typer.Option(
            "--list",
            help="Go: enter the NAME|NUMBER players of the stored egf, ffg or aga list (exact).",
        ),
    ] = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Enter players: each by its exact ID or whole name, or a new player.

    A name that is not exactly one player's enters nobody: the nearest players are listed
    with the command that enters each (by ID or list number), and the command exits 1.
    A new player gets a temporary identifier (NEW1, NEW2...) until the country's ID officer
    gives the real ID; a registered namesake is refused (enter that ID, or --anyway);
    running the same --new again adds nothing. In a Go tournament a player is --new with
    --rank and gets the next player number, or comes from a stored Go rating list (--list,
    `go-list import`).
    Example: ratinglist tournament register "Tastet Marc" 4012
    Example: ratinglist tournament register --new "Dupont,Jean" --rank 3k --country FR --club Par
    Example: ratinglist tournament register --list egf "Minieri Davide" 13633719
    """
    from ratinglist.cli.tournament.games import RegisterOptions, register_players

    own = RegisterOptions(
        tuple(players or ()),
        new_player,
        country,
        first_round,
        rank,
        rating,
        club,
        egf_pin,
        ffg_licence,
        aga_id,
        from_list,
        db,
        tournament,
    )
    if register_players(own):
        return
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.actions import Entry, NotRegistered
        from ratinglist.service.tournaments.actions import register_players as register_registered

        try:
            done = register_registered(
                *open_tournament(db, tournament),
                players or [],
                Actor.cli_user(),
                new_player=new_player,
                new_country=country,
                entry=Entry(first_round, female, youth, birth_year),
                threshold=threshold,
                anyway=anyway,
            )
        except NotRegistered as exc:
            _offer_registered(exc)
            raise typer.Exit(1) from exc
    for r in done.found:
        typer.echo(f"{r.query!r} -> {r.player.label} [{r.how}]")
    if done.new_player is not None:
        if done.new_was_retry:
            typer.echo(f"new player {done.new_player.label} was already entered: nothing added")
        else:
            typer.echo(
                f"new player {done.new_player.name} ({done.new_country}) gets the temporary "
                f"identifier {done.new_player.shown_id} (the ID officer gives the real ID)"
            )
    typer.echo(f"{done.entrants} players entered")


def _typed_name(query: str) -> tuple[str, str]:
    """A typed ``Surname Firstname`` as (surname, first name): the last word is the first
    name (``van der Berg Jan``)."""
    words = query.split()
    if len(words) < 2:
        return query.strip(), ""
    return " ".join(words[:-1]), words[-1]


def offer_choices(
    exc: Exception, query: str, choices: list[tuple[str, str]], new_option: str
) -> None:
    """The refusal `exc` of `query`, the command entering each candidate (label, command) and
    the one entering a new player (`new_option`: what else it needs): nothing is guessed."""
    err_console.print(f"[red]error:[/red] {exc}", highlight=False, markup=True, soft_wrap=True)
    for label, command in choices:
        typer.echo(f"  {label}: {command}", err=True)
    surname, first = _typed_name(query)
    typer.echo(
        f"  not found: enter as a new player? ratinglist tournament register "
        f"--new '{surname},{first}' {new_option}",
        err=True,
    )


def _offer_registered(exc: NotRegistered) -> None:
    """The refusal of a name that is not exactly one registered player's (`offer_choices`)."""
    choices = [
        (f"{p.name} ({p.id}, {p.country})", f"ratinglist tournament register {p.id}")
        for p in exc.candidates
    ]
    offer_choices(exc, exc.query, choices, "--country CODE")


def _player(text: str) -> int:
    """A player argument: an ID, or a temporary identifier such as NEW1."""
    from ratinglist.errors import TournamentInputError
    from ratinglist.model.ids import player_token

    found = player_token(text)
    if found is None:
        raise TournamentInputError(f"expected a player ID or a temporary identifier, got {text!r}")
    return int(found)


def withdraw_command(
    player: Annotated[str, typer.Argument(metavar="ID", help="Player ID (or NEW1).")],
    from_round: Annotated[
        int | None, typer.Option("--from-round", help="First round not played (default: next).")
    ] = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Withdraw a player (no re-entry; later rounds pair the others).

    Example: ratinglist tournament withdraw 4012
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.actions import withdraw

        pid = _player(player)
        done = withdraw(*open_tournament(db, tournament), pid, Actor.cli_user(), from_round)
    typer.echo(f"{done.player.label} withdrawn from round {done.round}")


def absent_command(
    player: Annotated[str, typer.Argument(metavar="ID", help="Player ID (or NEW1).")],
    round_number: Annotated[
        int | None, typer.Option("--round", help="Round missed (default: next).")
    ] = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Declare a player absent for one round (no game, no bye).

    Example: ratinglist tournament absent 4012 --round 5
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.actions import absent

        pid = _player(player)
        done = absent(*open_tournament(db, tournament), pid, Actor.cli_user(), round_number)
    typer.echo(f"{done.player.label} absent in round {done.round}")


def forbid_command(
    first: Annotated[str, typer.Argument(metavar="ID", help="Player ID (or NEW1).")],
    second: Annotated[str, typer.Argument(metavar="ID", help="Player ID (or NEW1).")],
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Never pair two players together (e.g. family members).

    Example: ratinglist tournament forbid 4012 4013
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.actions import forbid

        one, two = _player(first), _player(second)
        a, b = forbid(*open_tournament(db, tournament), one, two, Actor.cli_user())
    typer.echo(f"{a.label} and {b.label} will not be paired")


def force_command(
    black: Annotated[str, typer.Argument(metavar="BLACK", help="Player ID with Black.")],
    white: Annotated[str, typer.Argument(metavar="WHITE", help="Player ID with White.")],
    confirm: ConfirmOption = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Impose a pair on the next round; the pairing keeps it. A pair that already played
    or is forbidden is asked first (--confirm: pair them anyway).

    Example: ratinglist tournament force 4012 4013
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.actions import force

        on_black, on_white = _player(black), _player(white)
        where = open_tournament(db, tournament)

        def call(confirmed: bool) -> tuple[int, Any, Any]:
            return force(*where, on_black, on_white, Actor.cli_user(), confirmed=confirmed)

        k, b, w = asked_first(call, confirm)
    typer.echo(f"round {k}: {b.label} (Black) - {w.label} (White) forced")


def reopen(
    reason: Annotated[
        str, typer.Argument(metavar="REASON", help="Why the tournament is reopened.")
    ],
    officer: Annotated[
        bool,
        typer.Option(
            "--officer",
            help="Reopen as the rating officer (needed once the officer accepted the results).",
        ),
    ] = False,
    request: Annotated[
        bool,
        typer.Option(
            "--request", help="Ask the rating officer to reopen (the results were accepted)."
        ),
    ] = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Reopen a submitted tournament so it can be changed (recorded in the log).

    A file still in the rating officer's queue is withdrawn from it. Once the officer
    accepted the results, the director asks (--request) and the officer reopens (--officer).

    Example: ratinglist tournament reopen "wrong score at table 3 of round 5"
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.lifecycle import reopen as reopen_tournament
        from ratinglist.service.tournaments.lifecycle import request_reopen

        store, tid = open_tournament(db, tournament)
        if request:
            seq = request_reopen(store, tid, reason, Actor.cli_user())
            typer.echo(f"asked the rating officer to reopen it (event {seq})")
            return
        seq = reopen_tournament(store, tid, reason, Actor.cli_user(), officer=officer)
    typer.echo(f"reopened (event {seq}): submit it again when done")


def list_command(db: str | None = DbOption) -> None:
    """List the tournaments in the database, most recent first.

    Example: ratinglist tournament list
    """
    with user_errors():
        from ratinglist.service.tournaments.actions import list_tournaments

        found = list_tournaments(open_db(db))
    table = Table(title="Tournaments")
    for col in ("id", "name", "country", "start", "status", "events"):
        table.add_column(col)
    for i in found:
        table.add_row(str(i.id), i.name, i.country, i.start, i.status, str(i.events))
    console.print(table)
