"""`ratinglist tournament edit ...`: edit a Go tournament after the fact, as OpenGotha does.

Modify a player, choose the bye, unpair a game, pair players by hand (or pair the rest of a
round), exchange colours, set a handicap, change or renumber table numbers, set the number
of rounds, and the quick check of the registrations before round 1. Each command is one
service call (`service.tournaments.games.go.edits`) writing one undoable event; `--based-on N`
refuses the edit when the log moved past event N (what a page drawn at N saw).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from ratinglist.cli.common import (
    ConfirmOption,
    DbOption,
    asked_first,
    cli_actor,
    console,
    open_tournament,
    user_errors,
)
from ratinglist.cli.tournament.render import TournamentOption

if TYPE_CHECKING:
    from ratinglist.service.tournaments.games.go.edits import (
        GoPlayerLine,
        GoRoundEdit,
        QuickCheckView,
    )

app = typer.Typer(
    help=(
        "Edit a Go tournament after the fact: players, byes, games, colours, handicaps, "
        "tables, number of rounds; the quick check."
    ),
    no_args_is_help=True,
)

RoundArg = Annotated[int, typer.Argument(metavar="ROUND", min=1, help="The round.")]
TableArg = Annotated[int, typer.Argument(metavar="TABLE", min=1, help="The game's table.")]
BasedOn = Annotated[
    int | None,
    typer.Option(
        "--based-on", min=1, help="Refuse the edit if the log moved past this event number."
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", metavar="", help="Print JSON.")]


def _print_round(view: GoRoundEdit, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(asdict(view), ensure_ascii=False))
        return
    if view.done:
        console.print(view.done, highlight=False)
    state = "paired" if view.paired else "not paired yet"
    table = Table(title=f"{view.tournament}: round {view.round} of {view.rounds} ({state})")
    for head in ("table", "White", "Black", "hd", "result"):
        table.add_column(head)
    for g in view.games:
        table.add_row(str(g.table), g.white.label, g.black.label, str(g.handicap), g.result)
    console.print(table)
    if view.bye is not None:
        console.print(f"bye: {view.bye.label}", highlight=False)
    if view.unpaired:
        names = ", ".join(p.label for p in view.unpaired)
        console.print(f"unpaired: {names}", highlight=False)
    if view.not_playing:
        names = ", ".join(p.label for p in view.not_playing)
        console.print(f"not playing: {names}", highlight=False)
    console.print(f"log at event {view.seq}", highlight=False)


def _print_player(line: GoPlayerLine, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(asdict(line), ensure_ascii=False))
        return
    status = "FIN" if line.final else "PRE"
    rounds = ",".join(str(k) for k in line.not_playing) or "none"
    console.print(
        f"{line.player.label}: {line.rank}, rating {line.rating}, club {line.club or '-'}, "
        f"country {line.country or '-'}, {status}, not playing rounds: {rounds}",
        highlight=False,
    )


def _print_check(view: QuickCheckView, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(asdict(view), ensure_ascii=False))
        return
    if view.done:
        console.print(view.done, highlight=False)
    table = Table(title=f"{view.tournament}: quick check of {view.players} players")
    for head in ("player", "finding", "detail"):
        table.add_column(head)
    for f in view.findings:
        table.add_row(f.player.label, f.kind, f.text)
    console.print(table)
    if not view.findings:
        console.print("nothing to check", highlight=False)


def _edit_round(
    db: str | None,
    tournament: str | None,
    as_json: bool,
    based_on: int | None,
    edit: Callable[..., GoRoundEdit],
    *args: int,
) -> None:
    """Run the round edit ``edit(store, tid, *args, actor=..., based_on=...)`` of
    `service.tournaments.games.go.edits` on the tournament named, and print the round after it."""
    with user_errors():
        store, tid = open_tournament(db, tournament)
        view = edit(store, tid, *args, actor=cli_actor(), based_on=based_on)
    _print_round(view, as_json)


@app.command("player")
def player(
    number: Annotated[int, typer.Argument(metavar="PLAYER", help="The player's number.")],
    rank: Annotated[str | None, typer.Option("--rank", help="New rank (3k, 2d).")] = None,
    rating: Annotated[int | None, typer.Option("--rating", help="New rating (EGF).")] = None,
    club: Annotated[str | None, typer.Option("--club", help="New club.")] = None,
    country: Annotated[str | None, typer.Option("--country", help="New country.")] = None,
    not_playing: Annotated[
        str | None,
        typer.Option(
            "--not-playing",
            metavar="ROUNDS",
            help="Every round the player does not play, e.g. 2,3 ('' : plays them all).",
        ),
    ] = None,
    final: Annotated[
        bool | None,
        typer.Option("--final/--preliminary", help="Registration status FIN or PRE."),
    ] = None,
    based_on: BasedOn = None,
    as_json: JsonOpt = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Change a player's rank, rating, club, country, participation or status (or show
    the player's data when no change is given).

    Example: ratinglist tournament edit player 4 --rank 2k --not-playing 3
    """
    with user_errors():
        from ratinglist.service.tournaments.games.go.edits import (
            go_player,
            modify_go_player,
            parse_round_numbers,
        )

        store, tid = open_tournament(db, tournament)
        rounds = None if not_playing is None else parse_round_numbers(not_playing)
        changes = (rank, rating, club, country, rounds, final)
        if all(c is None for c in changes):
            line = go_player(store, tid, number)
        else:
            line = modify_go_player(
                store,
                tid,
                number,
                cli_actor(),
                rank=rank,
                rating=rating,
                club=club,
                country=country,
                not_playing=rounds,
                final=final,
                based_on=based_on,
            )
    _print_player(line, as_json)


@app.command("show")
def show(
    round_number: Annotated[
        int | None, typer.Argument(metavar="[ROUND]", help="The round (default: the last paired).")
    ] = None,
    as_json: JsonOpt = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Show a round as it is edited: games, bye, unpaired players, players not playing.

    Example: ratinglist tournament edit show 2
    """
    with user_errors():
        from ratinglist.service.tournaments.games.go.edits import go_round_edit

        view = go_round_edit(*open_tournament(db, tournament), round_number)
    _print_round(view, as_json)


@app.command("bye")
def bye(
    round_number: RoundArg,
    number: Annotated[int, typer.Argument(metavar="PLAYER", help="The bye (0: no bye).")],
    based_on: BasedOn = None,
    as_json: JsonOpt = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Choose the bye of a round: before it is paired (the pairing gives that player the
    bye), or in a paired round in place of its bye (the player must be unpaired in it).

    Example: ratinglist tournament edit bye 3 7
    """
    from ratinglist.service.tournaments.games.go.edits import choose_go_bye

    _edit_round(db, tournament, as_json, based_on, choose_go_bye, round_number, number)


@app.command("unpair")
def unpair(
    round_number: RoundArg,
    table: TableArg,
    based_on: BasedOn = None,
    as_json: JsonOpt = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Unpair the game at a table (it must have no result): both players become unpaired.

    Example: ratinglist tournament edit unpair 2 5
    """
    from ratinglist.service.tournaments.games.go.edits import unpair_go_game

    _edit_round(db, tournament, as_json, based_on, unpair_go_game, round_number, table)


@app.command("pair")
def pair(
    round_number: RoundArg,
    players: Annotated[
        list[int] | None,
        typer.Argument(metavar="[P1 P2]", help="Two unpaired players (none: all of them)."),
    ] = None,
    based_on: BasedOn = None,
    confirm: ConfirmOption = False,
    as_json: JsonOpt = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Pair two unpaired players of a paired round by hand (OpenGotha's colours and
    handicap, the lowest free table), or with no players pair all the unpaired ones. Two
    players who already played each other or are a forbidden pair are asked first
    (--confirm: pair them anyway).

    Example: ratinglist tournament edit pair 2 4 9
    """
    with user_errors():
        from ratinglist.errors import TournamentInputError
        from ratinglist.service.tournaments.games.go.edits import pair_go_players

        chosen = list(players or [])
        if chosen and len(chosen) != 2:
            raise TournamentInputError(f"expected two player numbers or none, got {len(chosen)}")
        where = open_tournament(db, tournament)

        def call(confirmed: bool) -> GoRoundEdit:
            return pair_go_players(
                *where,
                round_number,
                cli_actor(),
                (chosen[0], chosen[1]) if chosen else None,
                based_on,
                confirmed=confirmed,
            )

        view = asked_first(call, confirm)
    _print_round(view, as_json)


@app.command("colours")
def colours(
    round_number: RoundArg,
    table: TableArg,
    based_on: BasedOn = None,
    as_json: JsonOpt = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Exchange White and Black of the game at a table (it must have no result).

    Example: ratinglist tournament edit colours 2 5
    """
    from ratinglist.service.tournaments.games.go.edits import exchange_go_colours

    _edit_round(db, tournament, as_json, based_on, exchange_go_colours, round_number, table)


@app.command("handicap")
def handicap(
    round_number: RoundArg,
    table: TableArg,
    stones: Annotated[int, typer.Argument(metavar="HANDICAP", help="0-9 stones.")],
    based_on: BasedOn = None,
    as_json: JsonOpt = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Set the handicap of the game at a table (it must have no result).

    Example: ratinglist tournament edit handicap 2 5 3
    """
    from ratinglist.service.tournaments.games.go.edits import set_go_handicap

    _edit_round(db, tournament, as_json, based_on, set_go_handicap, round_number, table, stones)


@app.command("table")
def table(
    round_number: RoundArg,
    old: TableArg,
    new: Annotated[int, typer.Argument(metavar="NEW", min=1, help="The new table number.")],
    based_on: BasedOn = None,
    as_json: JsonOpt = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Give the game at a table a new table number; a game already there takes the old one.

    Example: ratinglist tournament edit table 2 5 1
    """
    from ratinglist.service.tournaments.games.go.edits import change_go_table

    _edit_round(db, tournament, as_json, based_on, change_go_table, round_number, old, new)


@app.command("renumber")
def renumber(
    round_number: RoundArg,
    based_on: BasedOn = None,
    as_json: JsonOpt = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Renumber the tables of a round as OpenGotha does: best placed games first.

    Example: ratinglist tournament edit renumber 2
    """
    from ratinglist.service.tournaments.games.go.edits import renumber_go_tables

    _edit_round(db, tournament, as_json, based_on, renumber_go_tables, round_number)


@app.command("rounds")
def rounds(
    count: Annotated[int, typer.Argument(metavar="ROUNDS", min=1, help="The number of rounds.")],
    based_on: BasedOn = None,
    as_json: JsonOpt = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Set the number of rounds of a running tournament (raised at any time; lowered to no
    fewer than the rounds paired).

    Example: ratinglist tournament edit rounds 6
    """
    from ratinglist.service.tournaments.games.go.edits import set_go_rounds

    _edit_round(db, tournament, as_json, based_on, set_go_rounds, count)


@app.command("check")
def check(
    ranks_from_ratings: Annotated[
        bool,
        typer.Option("--ranks-from-ratings", help="Set every rank from the player's rating."),
    ] = False,
    final: Annotated[
        bool, typer.Option("--final", help="Make every preliminary registration final.")
    ] = False,
    based_on: BasedOn = None,
    as_json: JsonOpt = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """OpenGotha's quick check before round 1: ranks that differ from the rating's rank,
    McMahon ranks outside the bar and floor, preliminary registrations; with
    --ranks-from-ratings and/or --final, fix them.

    Example: ratinglist tournament edit check --ranks-from-ratings --final
    """
    with user_errors():
        from ratinglist.service.tournaments.games.go.edits import (
            fix_go_registrations,
            go_quick_check,
        )

        store, tid = open_tournament(db, tournament)
        if ranks_from_ratings or final:
            view = fix_go_registrations(
                store,
                tid,
                cli_actor(),
                ranks_from_ratings=ranks_from_ratings,
                final=final,
                based_on=based_on,
            )
        else:
            view = go_quick_check(store, tid)
    _print_check(view, as_json)
