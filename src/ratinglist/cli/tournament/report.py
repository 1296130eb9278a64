"""`ratinglist tournament report`: a round's pairing report (each pair's cost parts and each
player's next-best opponents), and `ratinglist tournament print`: a sheet to print; as
tables or as the JSON the API gives."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from ratinglist.cli.common import DbOption, console, open_tournament, user_errors
from ratinglist.cli.tournament.render import TournamentOption

if TYPE_CHECKING:
    from ratinglist.model.report import PairingReport


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
    print_concerns(found)
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


def print_concerns(found: PairingReport) -> None:
    """A round's concerns (OpenGotha's pairing report), one a line; nothing for a game
    whose report has none."""
    if found.concerns is None:
        return
    if not found.concerns:
        typer.echo(f"Round {found.number}: no concern (all paired, no rematch, colours and "
                   f"handicaps within bounds, no game within a club or a country)")  # fmt: skip
        return
    typer.echo(f"Round {found.number}: {len(found.concerns)} concerns")
    for c in found.concerns:
        typer.echo(f"  {c.kind}: {c.text}")


def print_command(
    sheet: Annotated[
        str,
        typer.Argument(metavar="SHEET", help="pairings, names, slips, standings, grid or welcome."),
    ],
    round_number: Annotated[
        int | None, typer.Option("--round", metavar="N", help="Round (default: the last paired).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", metavar="", help="Print JSON.")] = False,
    db: str | None = DbOption,
    tournament: str | None = TournamentOption,
) -> None:
    """Show a sheet to print (the web page /td/ID/print/SHEET prints it on A4): pairings by
    table or by name, result slips, standings, the cross table, welcome sheets.

    Example: ratinglist tournament print names --round 2
    Example: ratinglist tournament print grid --json
    """
    with user_errors():
        from pydantic import TypeAdapter

        from ratinglist.model.report import PrintSheet
        from ratinglist.service.tournaments.printing import print_sheet

        found = print_sheet(*open_tournament(db, tournament), sheet, round_number)
    if as_json:
        typer.echo(json.dumps(TypeAdapter(PrintSheet).dump_python(found, mode="json")))
        return
    typer.echo(f"{found.tournament}: {found.title}")
    if found.table is not None:
        table = Table()
        for column in found.table.columns:
            table.add_column(column.label, justify="right" if column.kind == "n" else "left")
        for row in found.table.rows:
            table.add_row(*(f"{c.text} {c.note}".strip() for c in row.cells))
        console.print(table)
    for n in found.names:
        against = "bye" if n.opponent is None else f"{n.colour} v {n.opponent.label}"
        typer.echo(f"{n.player.label}: {'' if n.table is None else f'table {n.table}, '}{against}")
    for s in found.slips:
        first, second = found.columns
        typer.echo(
            f"table {s.table}: {first} {s.first.label} - {second} {s.second.label}"
            + ("" if not s.handicap else f" (handicap {s.handicap})")
        )
    for w in found.welcome:
        first_game = (
            "round 1 not paired"
            if w.opponent is None and w.colour != "bye"
            else "round 1: bye"
            if w.opponent is None
            else f"round 1: table {w.table}, {w.colour} v {w.opponent.label}"
        )
        typer.echo(f"{w.player.label}, {w.country or '-'}, {w.rating or '-'}: {first_game}")
