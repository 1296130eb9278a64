"""Playing the rounds: pair, enter and correct results (one, by table, or a sheet), undo, finals."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from ratinglist.cli.common import DbOption, console, open_tournament, user_errors
from ratinglist.cli.tables import print_table
from ratinglist.cli.tournament.render import (
    AllRowsOption,
    TournamentOption,
    result_line,
    round_table,
)
from ratinglist.errors import TournamentInputError

if TYPE_CHECKING:
    from ratinglist.model.directed import ResultSpec

GameArgs = Annotated[
    list[str] | None,
    typer.Argument(
        metavar="ROUND BLACK WHITE SCORE",
        help="ROUND BLACK WHITE [SCORE], or with --table: [ROUND] SCORE.",
        show_default=False,
    ),
]
TableOpt = Annotated[
    int | None, typer.Option("--table", help="Table number (1 = top board) instead of players.")
]
SpecialOpt = Annotated[
    str | None, typer.Option("--special", help="time-default, flag, resign or forfeit.")
]
WinnerOpt = Annotated[int | None, typer.Option("--winner", help="Winner of a special result.")]
BasedOnOpt = Annotated[
    int | None,
    typer.Option(
        "--based-on", help="Log event number you saw (default: the latest); see tournament show."
    ),
]


def pair(
    group_max: Annotated[
        int | None,
        typer.Option(
            "--group-max",
            help="Go: pair a field above this size in groups, as OpenGotha does (600).",
        ),
    ] = None,
    all_rows: Annotated[bool, AllRowsOption] = False,
    with_report: Annotated[
        bool,
        typer.Option(
            "--report",
            help="Then list the round's concerns (Go: OpenGotha's pairing report: unpaired "
            "players, rematches, colour imbalance, handicap over the ceiling, games within a "
            "club or a country); the costs: tournament report.",
        ),
    ] = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Pair the next round (round robin or Swiss by the tournament's system) and publish it.

    Example: ratinglist tournament pair
    Example: ratinglist tournament pair --group-max 600
    Example: ratinglist tournament pair --report
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.actions import pair as pair_round

        if group_max is not None and group_max < 2:
            raise TournamentInputError(f"expected a group size of at least 2, got {group_max}")
        where = open_tournament(db, tournament)
        view = pair_round(*where, Actor.cli_user(), group_max=group_max)
    print_table(round_table(view), console, all_rows=all_rows)
    if with_report:
        from ratinglist.cli.tournament.report import print_concerns
        from ratinglist.errors import RatinglistError
        from ratinglist.service.tournaments.printing import pairing_report

        try:
            print_concerns(pairing_report(*where, view.number))
        except RatinglistError as exc:  # the round is paired: say why there is no report
            typer.echo(f"no pairing report: {exc}")


def _is_score(word: str) -> bool:
    """An Othello disc score (``40-24``) or a Go result (``1-0``, ``=``, ``0-1!``; ``?``
    in a correction removes a Go result)."""
    return "-" in word or word.rstrip("!") in ("=", "½-½", "?")


def _spec(
    words: list[str], table: int | None, special: str | None, winner: int | None
) -> ResultSpec:
    from ratinglist.model.directed import ResultSpec
    from ratinglist.model.ids import player_token

    if table is not None:
        if len(words) > 2 or (special is None and not words):
            raise TournamentInputError(
                f"expected [ROUND] SCORE with --table, got {' '.join(words) or 'nothing'!r}"
            )
        score = words[-1] if words and _is_score(words[-1]) else None
        head = words[:-1] if score is not None else words
        round_label = head[0] if head else None
        return ResultSpec(round_label, None, None, table, score, special, winner)
    black = player_token(words[1]) if len(words) in (3, 4) else None
    white = player_token(words[2]) if len(words) in (3, 4) else None
    if black is None or white is None:
        raise TournamentInputError(
            f"expected ROUND BLACK WHITE [SCORE] (or --table N SCORE), got {' '.join(words)!r}"
        )
    score = words[3] if len(words) == 4 else None
    return ResultSpec(words[0], black, white, None, score, special, winner)


def _enter(
    correction: bool,
    words: list[str] | None,
    table: int | None,
    special: str | None,
    winner: int | None,
    based_on: int | None,
    db: str | None,
    tournament: str | None,
) -> None:
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.results import enter_result

        spec = _spec(words or [], table, special, winner)
        done = enter_result(
            *open_tournament(db, tournament),
            spec,
            Actor.cli_user(),
            correction=correction,
            based_on=based_on,
        )
    typer.echo(result_line(done))


def result_command(
    words: GameArgs = None,
    table: TableOpt = None,
    special: SpecialOpt = None,
    winner: WinnerOpt = None,
    based_on: BasedOnOpt = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Enter a game's result (the winner gets the empty squares; a draw is 32-32).

    By players: ROUND BLACK WHITE SCORE. By table of the current round: --table 7 40-24.
    Go: ROUND P1 P2 RESULT for the players as named (1-0: P1 wins, 0-1, = jigo, 0-0 both
    lose, 1-1 both win; ! after it: by default), or --table 2 1-0 (White first).
    Example: ratinglist tournament result 3 4012 4013 40-24
    Example: ratinglist tournament result 2 --table 1 0-1!
    """
    _enter(False, words, table, special, winner, based_on, db, tournament)


def correct_command(
    words: GameArgs = None,
    table: TableOpt = None,
    special: SpecialOpt = None,
    winner: WinnerOpt = None,
    based_on: BasedOnOpt = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Correct an entered result; standings change, published pairings do not.

    Go: a correction to ? removes the result (before editing the game).
    Example: ratinglist tournament correct 2 4012 4013 33-31
    Example: ratinglist tournament correct 2 --table 3 ?
    """
    _enter(True, words, table, special, winner, based_on, db, tournament)


def results_command(
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            help="Lines 'ROUND BLACK WHITE SCORE' or 'ROUND Tn SCORE' ('%' starts a comment).",
        ),
    ],
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Enter many results from a text file, all or nothing, in one transaction.

    A line is 'ROUND BLACK WHITE SCORE', 'ROUND Tn SCORE' (table n) or, for a special
    result, 'ROUND Tn forfeit WINNER' ('time-default WINNER 30-34', 'flag', 'resign').
    Every line is checked before anything is stored. Example: ratinglist tournament results r5.txt
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.results import enter_sheet

        try:
            data = file.read_bytes()
        except OSError as exc:
            raise TournamentInputError(f"could not read {str(file)!r}: {exc.strerror}") from exc
        done = enter_sheet(*open_tournament(db, tournament), data, file.name, Actor.cli_user())
    typer.echo(f"{len(done.entered)} results entered")


def undo(db: str | None = DbOption, tournament: str | None = TournamentOption) -> None:
    """Cancel the most recent action still in force (it stays in the log) and say what it was.

    Example: ratinglist tournament undo
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.actions import undo as undo_last

        done = undo_last(*open_tournament(db, tournament), Actor.cli_user())
    typer.echo(f"undone: {done.what} (event {done.seq})")


def finals(
    start: Annotated[
        bool,
        typer.Option(
            "--start", metavar="", help="Start the finals with the top 4 of the standings."
        ),
    ] = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Show the finals games due; with --start, start the finals first (SF1/SF2 or F1-F3, 3P).

    Example: ratinglist tournament finals --start
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.actions import finals_games, start_finals

        handle, number = open_tournament(db, tournament)
        view = (
            start_finals(handle, number, Actor.cli_user())
            if start
            else finals_games(handle, number)
        )
    table = Table(title=f"{view.tournament}: finals")
    for col in ("stage", "match", "Black", "White", "result"):
        table.add_column(col)
    for g in view.games:
        table.add_row(g.stage, g.match, g.black.label, g.white.label, g.result)
    console.print(table)
