"""`ratinglist tournament report`: a round's pairing report (each pair's cost parts and each
player's next-best opponents), as tables or as the JSON the API gives."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from ratinglist.cli.common import DbOption, console, open_tournament, user_errors
from ratinglist.cli.tournament.render import TournamentOption


def report(
    round_number: Annotated[
        int | None, typer.Option("--round", metavar="N", help="Round (default: the last paired).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", metavar="", help="Print JSON.")] = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Show a round's pairing report: each pair's cost parts, and for each player the next
    best other opponents with the cost difference against the pair chosen.

    Go: OpenGotha's costs (higher is better). Othello: the Swiss engine's (lower is better).
    Example: ratinglist tournament report --round 3
    Example: ratinglist tournament report --round 3 --json
    """
    with user_errors():
        from pydantic import TypeAdapter

        from ratinglist.model.report import PairingReport
        from ratinglist.service.tournaments.printing import pairing_report

        found = pairing_report(*open_tournament(db, tournament), round_number)
    if as_json:
        typer.echo(json.dumps(TypeAdapter(PairingReport).dump_python(found, mode="json")))
        return
    first, second = found.columns
    better = "higher is better" if found.better == "higher" else "lower is better"
    table = Table(title=f"Round {found.number}: pair costs ({found.preset}, {better})")
    for title in ("Table", first, second):
        table.add_column(title, justify="right" if title == "Table" else "left")
    for name in found.part_names:
        table.add_column(name, justify="right")
    table.add_column("total", justify="right")
    for p in found.pairs:
        mark = " [forced]" if p.forced else ""
        table.add_row(
            str(p.table), p.first.label + mark, p.second.label, *(str(v) for _, v in p.parts),
            str(p.total),
        )  # fmt: skip
    console.print(table)
    alt = Table(title="Next-best opponents (difference: their pair's total minus the chosen)")
    for title in ("Player", "Chosen", "total", "Alternatives"):
        alt.add_column(title, justify="right" if title == "total" else "left")
    for line in found.players:
        others = "; ".join(f"{o.opponent.label} {o.difference:+d}" for o in line.options)
        alt.add_row(
            line.player.label,
            "BYE" if line.partner is None else line.partner.label,
            "" if line.total is None else str(line.total),
            others,
        )
    console.print(alt)
    typer.echo(f"total {found.total}")
