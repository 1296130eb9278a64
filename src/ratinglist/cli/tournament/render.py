"""Rendering tournament values as Rich tables and one-line messages."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer
from rich.table import Table

if TYPE_CHECKING:
    from ratinglist.model.directed import EnteredResult, RoundView

TournamentOption = typer.Option(
    None,
    "--tournament",
    "-t",
    metavar="NAME|ID",
    help="Tournament name or id (default: the most recent one).",
)


def num(value: float) -> str:
    """A number without a useless ``.0`` (``3``, ``2.5``)."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def round_table(view: RoundView) -> Table:
    """The tables of a round (table 1 = top board), then byes; Go: White first, handicap."""
    table = Table(
        title=f"{view.tournament}: round {view.number}", caption=f"log at event {view.seq}"
    )
    if view.white_first:  # the game names White first and gives handicaps (Go)
        return _go_round_table(table, view)
    for col in ("table", "Black", "pts", "White", "pts", "result"):
        table.add_column(col, justify="left" if col in ("Black", "White") else "right")
    for t in view.tables:
        table.add_row(
            str(t.table),
            t.black.label,
            num(t.black_points),
            t.white.label,
            num(t.white_points),
            t.result,
        )
    for who, points in view.byes:
        table.add_row("bye", who.label, num(points), "", "", "")
    return table


def _go_round_table(table: Table, view: RoundView) -> Table:
    for col in ("table", "White", "pts", "Black", "pts", "hd", "result"):
        table.add_column(col, justify="left" if col in ("White", "Black") else "right")
    for t in view.tables:
        table.add_row(
            str(t.table),
            t.white.label,
            num(t.white_points),
            t.black.label,
            num(t.black_points),
            str(t.handicap or 0),
            t.result,
        )
    for who, points in view.byes:
        table.add_row("bye", who.label, num(points), "", "", "", "")
    for who in view.absent:
        table.add_row("absent", who.label, "", "", "", "", "")
    return table


def result_line(r: EnteredResult) -> str:
    """``3 (table 7): 4012 40-24 4013 entered``; the special kind when there is one.

    Go: ``3 (table 2): 5 1-0! 7 entered``, White first; ``unchanged`` when the game already
    had that result (nothing written).
    """
    where = r.round if r.table is None else f"{r.round} (table {r.table})"
    if r.go_result is not None:
        verb = "unchanged" if r.repeated else "corrected" if r.corrected else "entered"
        return f"{where}: {r.first.id} {r.go_result} {r.second.id} {verb}"
    special = "" if r.special == "none" else f" ({r.special})"
    verb = "corrected" if r.corrected else "entered"
    discs = f"{r.black_discs}-{r.white_discs}"
    return f"{where}: {r.black.shown_id} {discs} {r.white.shown_id}{special} {verb}"
