"""``ratinglist tournament forecast``: each game's expected score, each player's chances, and
how well the forecasts of the played games did."""

from __future__ import annotations

import dataclasses
import json
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from ratinglist.cli.common import DbOption, console, open_tournament, user_errors
from ratinglist.cli.tournament.render import TournamentOption

if TYPE_CHECKING:  # the model's module only when the command runs (every command imports this)
    from ratinglist.model.forecast import Forecast


def percent(p: float) -> str:
    """A chance as a whole percentage (``<1%`` for a small chance that is not zero)."""
    if 0 < p < 0.005:
        return "<1%"
    return f"{100 * p:.0f}%"


def as_json(f: Forecast) -> dict[str, Any]:
    """The forecast as JSON values (the same keys as the web API)."""
    return dataclasses.asdict(f)


def forecast_command(
    runs: Annotated[
        int | None,
        typer.Option(
            "--runs",
            min=1,
            max=5000,
            help="Simulated ends of the tournament (default 150 up to 16 players, fewer above).",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Seed of the simulation (default: the tournament's)."),
    ] = None,
    system: Annotated[
        str | None,
        typer.Option(
            "--system",
            help="Rating system of the expected scores (default: the federation's chosen "
            "system: whr-bayes for Othello, egf for Go).",
        ),
    ] = None,
    as_json_: Annotated[bool, typer.Option("--json", metavar="", help="Print JSON.")] = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Print each game's expected score (the federation's chosen rating system, each player
    with their rating's uncertainty, a newcomer uncertain) and each player's chance to finish
    first, in the top four and to reach the finals, by a seeded simulation of the rounds left
    with the tournament's own pairing and tie-breaks; and the log-loss of the forecasts of the
    games played on the board (against 0.693 for a coin).

    Example: ratinglist tournament forecast --runs 1000
    """
    with user_errors():
        from ratinglist.service.tournaments.forecast import forecast, model_text

        found = forecast(*open_tournament(db, tournament), runs, seed, system)
    if as_json_:
        typer.echo(json.dumps(as_json(found), ensure_ascii=False))
        return
    state = "finished" if found.finished else f"{found.rounds_left} rounds left to pair"
    console.print(
        f"{found.tournament}: {state}; {found.runs} runs (seed {found.seed}), "
        f"largest standard error {100 * found.max_error:.1f} points"
    )
    console.print(model_text(found), markup=False)
    if found.games:
        games = Table(title="Games (Black's expected score)")
        for name in ("Round", "Black", "Rating", "Expected", "White", "Rating", "Result"):
            games.add_column(name, justify="right" if name in ("Rating", "Expected") else "left")
        for g in found.games:
            games.add_row(
                g.round,
                g.black.name,
                "" if g.black_rating is None else str(g.black_rating),
                f"{g.black_expected:.2f}",
                g.white.name,
                "" if g.white_rating is None else str(g.white_rating),
                g.result or "-",
            )
        console.print(games)
    if found.players:
        chances = Table(title="Chances")
        columns = ["Player", "Rating", "First", "Top four"] + (["Finals"] if found.finals else [])
        for name in columns:
            chances.add_column(name, justify="left" if name == "Player" else "right")
        for p in found.players:
            row = [
                p.player.name,
                "" if p.rating is None else str(p.rating),
                percent(p.first),
                percent(p.top_four),
            ]
            if found.finals:
                row.append(percent(p.finals or 0.0))
            chances.add_row(*row)
        console.print(chances)
    if found.score is not None:
        s = found.score
        console.print(
            f"Forecasts of the {s.games} games played on the board (forfeits left out), each "
            f"from the strengths before the tournament: mean log-loss {s.log_loss:.3f} "
            f"(a coin: {s.coin_log_loss:.3f}; skill {s.skill:+.3f})"
        )
