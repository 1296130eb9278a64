"""`ratinglist tournament costs`: OpenGotha's pairing costs of a round of an OpenGotha file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ratinglist.cli.common import console, user_errors


def costs(
    path: Annotated[Path, typer.Argument(help="OpenGotha tournament file (.xml).")],
    round_number: Annotated[int, typer.Option("--round", "-r", help="Round to pair (1-based).")],
    bye: Annotated[
        str | None,
        typer.Option(
            "--bye",
            help="The round's bye chosen by hand: player number (file order) or key.",
        ),
    ] = None,
    group_max: Annotated[
        int | None,
        typer.Option(
            "--group-max",
            help="Pair a field above this size in groups, as OpenGotha does (its size: 600).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Cost of every pair of a round with OpenGotha's rules, and our pairing of it.

    Keeps the rounds before the round (and the round's own bye) as the file has them;
    --bye replaces the round's bye (a bye the director chose by hand).

    Example: ratinglist tournament costs simplemm.xml --round 2 --json
    Example: ratinglist tournament costs notsimplemm.xml --round 3 --bye 4
    Example: ratinglist tournament costs egc2011.xml --round 5 --group-max 600
    """
    from ratinglist.service.tournaments.games.go.costs import opengotha_round_costs

    with user_errors():
        result = opengotha_round_costs(path, round_number, bye, group_max)
    if as_json:
        document = {
            "round": result.round,
            "costs": [
                {"player1": c.player1, "player2": c.player2, **dict(c.parts), "totalCost": c.total}
                for c in result.costs
            ],
            "pairs": [list(p) for p in result.pairs],
            "bye": result.bye,
            "weight": result.weight,
        }
        typer.echo(json.dumps(document, ensure_ascii=False, indent=1))
        return
    console.print(f"round {result.round}: {len(result.pairs)} games, weight {result.weight}")
    for white, black in result.pairs:
        console.print(f"  {white} - {black}", highlight=False)
    if result.bye:
        console.print(f"  bye: {result.bye}", highlight=False)
