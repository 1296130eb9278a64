"""The director's changes around a round (issue 22): preview a pairing and store it, swap two
players or exchange colours in a stored round, reinstate a withdrawn player, the end date
and a player's class flags; the same service calls as the TD pages and the API."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer

from ratinglist.cli.common import DbOption, cli_actor, console, open_tournament, user_errors
from ratinglist.cli.tournament.render import TournamentOption, round_table
from ratinglist.cli.tournament.setup import _player

if TYPE_CHECKING:
    from ratinglist.model.directed import RoundView

BasedOn = Annotated[
    int | None,
    typer.Option("--based-on", help="Log event number you saw (refused when the log moved since)."),
]


def _two_players(
    db: str | None,
    tournament: str | None,
    change: Callable[..., RoundView],
    round_number: int,
    first: str,
    second: str,
    based_on: int | None,
) -> None:
    """Run the change ``change(store, tid, round, first, second, actor, based_on)`` of a
    stored round's game(s) (`service.tournaments.rounds`), and print the round after it."""
    with user_errors():
        one, two = _player(first), _player(second)
        where = open_tournament(db, tournament)
        view = change(*where, round_number, one, two, cli_actor(), based_on)
    console.print(round_table(view))


def preview(
    store: Annotated[
        int | None,
        typer.Option("--store", metavar="EVENT", help="Store the pairing previewed at EVENT."),
    ] = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Show the next round's pairing without storing it; with --store EVENT, store it
    (refused when the log moved since that preview).

    Example: ratinglist tournament preview
    Example: ratinglist tournament preview --store 42
    """
    with user_errors():
        from ratinglist.service.tournaments.rounds import preview_pairing, store_pairing

        if store is None:
            shown = preview_pairing(*open_tournament(db, tournament))
            console.print(round_table(shown.round))
            typer.echo(
                f"not stored: ratinglist tournament preview --store {shown.based_on} stores it"
            )
            return
        view = store_pairing(*open_tournament(db, tournament), cli_actor(), store)
    console.print(round_table(view))


def swap(
    round_number: Annotated[int, typer.Argument(metavar="ROUND", help="A stored round.")],
    first: Annotated[str, typer.Argument(metavar="ID", help="Player ID (or NEW1).")],
    second: Annotated[str, typer.Argument(metavar="ID", help="Player ID of another game.")],
    based_on: BasedOn = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Swap two players between two games of a stored round (each takes the other's seat);
    refused once either game has a result.

    Example: ratinglist tournament swap 3 4012 4013
    """
    from ratinglist.service.tournaments.rounds import swap_players

    _two_players(db, tournament, swap_players, round_number, first, second, based_on)


def colours(
    round_number: Annotated[int, typer.Argument(metavar="ROUND", help="A stored round.")],
    black: Annotated[str, typer.Argument(metavar="BLACK", help="Player ID with Black now.")],
    white: Annotated[str, typer.Argument(metavar="WHITE", help="Player ID with White now.")],
    based_on: BasedOn = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Exchange the colours of a game of a stored round; refused once it has a result.

    Example: ratinglist tournament colours 3 4012 4013
    """
    from ratinglist.service.tournaments.rounds import exchange_colours

    _two_players(db, tournament, exchange_colours, round_number, black, white, based_on)


def reinstate(
    player: Annotated[str, typer.Argument(metavar="ID", help="A withdrawn player.")],
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """A withdrawn player plays again from the next round (the rounds missed stay not played).

    Example: ratinglist tournament reinstate 4012
    """
    with user_errors():
        from ratinglist.service.tournaments.rounds import reinstate as reinstate_player

        done = reinstate_player(*open_tournament(db, tournament), _player(player), cli_actor())
    typer.echo(f"{done.label} reinstated: paired again from the next round")


def end_date(
    end: Annotated[str, typer.Argument(metavar="DATE", help="Last day, YYYY-MM-DD.")],
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Set the tournament's last day.

    Example: ratinglist tournament end-date 2026-03-15
    """
    with user_errors():
        from ratinglist.service.tournaments.rounds import set_end_date

        done = set_end_date(*open_tournament(db, tournament), end, cli_actor())
    typer.echo(f"last day: {done}")


def flags(
    player: Annotated[str, typer.Argument(metavar="ID", help="Player ID (or NEW1).")],
    female: Annotated[bool, typer.Option("--female", metavar="", help="Female class.")] = False,
    youth: Annotated[bool, typer.Option("--youth", metavar="", help="Youth class.")] = False,
    birth_year: Annotated[int | None, typer.Option("--birth-year", help="For age classes.")] = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Set a player's class flags (they replace the flags given at registration).

    Example: ratinglist tournament flags 4012 --female --birth-year 2010
    """
    with user_errors():
        from ratinglist.service.tournaments.rounds import set_flags

        done = set_flags(
            *open_tournament(db, tournament),
            _player(player),
            cli_actor(),
            female=female,
            youth=youth,
            birth_year=birth_year,
        )
    shown = [w for w, on in (("female", done.female), ("youth", done.youth)) if on]
    if done.birth_year is not None:
        shown.append(f"born {done.birth_year}")
    typer.echo(f"{done.player.label}: {', '.join(shown) or 'no class flags'}")
