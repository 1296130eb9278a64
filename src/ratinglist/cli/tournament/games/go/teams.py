"""`ratinglist tournament team ...`: the teams of a Go team tournament (enter them, set their
players per round and board, pair the teams of a round, team standings)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from ratinglist.cli.common import DbOption, console, open_tournament, user_errors
from ratinglist.cli.tournament.render import TournamentOption, round_table
from ratinglist.errors import TournamentInputError

if TYPE_CHECKING:
    from ratinglist.service.tournaments.games.go.teams import TeamLine, TeamsView

app = typer.Typer(
    help="Teams of a Go team tournament: add, boards, show, pair, standings.",
    no_args_is_help=True,
)

RoundOpt = Annotated[
    int | None, typer.Option("--round", min=1, help="The round (default: the next to pair).")
]


def _label(team: TeamLine) -> str:
    return f"{team.number} {team.name}"


def _teams_table(view: TeamsView) -> Table:
    table = Table(title=f"{view.tournament}: teams in round {view.round}")
    table.add_column("team")
    for board in range(view.team_size):
        table.add_column(f"board {board + 1}")
    for team in view.teams:
        cells = ["-" if p is None else p.label for p in team.boards[: view.team_size]]
        cells += [""] * (view.team_size - len(cells))
        table.add_row(_label(team), *cells)
    return table


@app.command("add")
def add(
    names: Annotated[list[str], typer.Argument(metavar="NAME...", help="Team names.")],
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Enter teams of a Go tournament, numbered after the last one.

    The team size is set by tournament new --team-size (OpenGotha's 4 by default).

    Example: ratinglist tournament team add Angers Lorient "Rennes 1"
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.games.go.teams import add_teams

        view = add_teams(*open_tournament(db, tournament), names, Actor.cli_user())
    console.print(_teams_table(view))


@app.command("boards")
def boards(
    team: Annotated[str, typer.Argument(metavar="TEAM", help="Team number or name.")],
    players: Annotated[
        list[int],
        typer.Argument(metavar="PLAYER...", help="Player numbers, board 1 first (0: empty)."),
    ],
    round_number: RoundOpt = None,
    by_rating: Annotated[
        bool, typer.Option("--by-rating", help="Boards in rating order, the highest on board 1.")
    ] = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Set a team's players of a round, board 1 (the strongest) first.

    They stay on their boards in the later rounds whose boards are still empty (OpenGotha's
    rule). With --by-rating the players go on the boards in rating order.

    Example: ratinglist tournament team boards Angers 4 9 12 --round 1
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.games.go.teams import set_team_boards

        view = set_team_boards(
            *open_tournament(db, tournament),
            team,
            players,
            Actor.cli_user(),
            round_number,
            by_rating,
        )
    console.print(_teams_table(view))


@app.command("show")
def show(
    round_number: RoundOpt = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Show the teams and their players, board by board, in a round.

    Example: ratinglist tournament team show --round 2
    """
    with user_errors():
        from ratinglist.service.tournaments.games.go.teams import show_teams

        view = show_teams(*open_tournament(db, tournament), round_number)
    console.print(_teams_table(view))


def _match(text: str) -> tuple[str, str]:
    first, sep, second = text.partition(":")
    if not sep or not first.strip() or not second.strip():
        raise TournamentInputError(f"expected a match as TEAM:TEAM (e.g. 1:4), got {text!r}")
    return first.strip(), second.strip()


@app.command("pair")
def pair(
    matches: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[TEAM:TEAM...]",
            help="The matches by hand (first team: White on board 1 when the colour "
            "balance is equal); none: automatic.",
            show_default=False,
        ),
    ] = None,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Pair the next round by teams, automatically or as given, and publish it.

    Automatic: team points, then the team criteria, no repeated match (split and slip in
    each group of equal points). Each match's boards are paired as OpenGotha pairs them.

    Example: ratinglist tournament team pair
    Example: ratinglist tournament team pair 1:4 2:3
    """
    with user_errors():
        from ratinglist.service.actor import Actor
        from ratinglist.service.tournaments.games.go.teams import pair_team_round

        given = None if not matches else [_match(m) for m in matches]
        view = pair_team_round(*open_tournament(db, tournament), Actor.cli_user(), given)
    for first, second in view.matches:
        typer.echo(f"{_label(first)} - {_label(second)}")
    if view.bye is not None:
        typer.echo(f"bye: {_label(view.bye)}")
    for team in view.sitting_out:
        typer.echo(f"not paired (a board without a player who plays): {_label(team)}")
    console.print(round_table(view.round))


@app.command("standings")
def standings(
    through: Annotated[
        int | None,
        typer.Option("--round", min=0, help="After this round (default: the last played)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list.")] = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Team standings on the tournament's team criteria (TEAMP, SOST, BDW, BDWxU, MNR).

    Each match shows as opponent, +/=/- and board wins.

    Example: ratinglist tournament team standings --round 3
    """
    with user_errors():
        from ratinglist.service.tournaments.games.go.teams import team_standings_view

        view = team_standings_view(*open_tournament(db, tournament), through)
    if as_json:
        rows = [
            {
                "place": line.place,
                "number": line.number,
                "team": line.name,
                **dict(zip(view.criteria, line.values, strict=True)),
                "matches": list(line.matches),
            }
            for line in view.lines
        ]
        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    table = Table(title=f"{view.tournament}: teams after round {view.through}")
    for col in ("pl", "team", *view.criteria):
        table.add_column(col, justify="left" if col == "team" else "right")
    for r in range(view.through):
        table.add_column(f"r{r + 1}", justify="right")
    for line in view.lines:
        place = "" if line.tied else str(line.place)
        table.add_row(
            place, f"{line.number} {line.name}", *line.values, *line.matches[: view.through]
        )
    console.print(table)
