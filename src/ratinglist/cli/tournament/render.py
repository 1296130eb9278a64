"""Rendering tournament values as Rich tables and one-line messages."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import typer
from rich.table import Table

from ratinglist.model.folders import optional_module

if TYPE_CHECKING:
    from ratinglist.model.directed import EnteredResult, RoundView, ShownTable

TournamentOption = typer.Option(
    None,
    "--tournament",
    "-t",
    metavar="NAME|ID",
    help="Tournament name or id (default: the most recent one).",
)
AllRowsOption = typer.Option(
    "--all",
    help="On a terminal, every row (default: the rows that fit the screen; a file or a pipe "
    "gets every row).",
)


def num(value: float) -> str:
    """A number without a useless ``.0`` (``3``, ``2.5``)."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def round_table(view: RoundView) -> Table:
    """The tables of a round (table 1 = top board), then byes, drawn by the game's own
    renderer (``games/<name>/render.py``'s ``round_table``) or, for a game without one, with
    its players in the game's order (`RoundView.columns`) and the absent players last."""
    table = Table(
        title=f"{view.tournament}: round {view.number}", caption=f"log at event {view.seq}"
    )
    own = game_renderer(view.game, "round_table")
    if own is not None:
        drawn: Table = own(table, view)
        return drawn
    first, second = view.columns
    heads = ("table", first, "pts", second, "pts", *(("hd",) if view.handicaps else ()), "result")
    for col in heads:
        table.add_column(col, justify="left" if col in (first, second) else "right")
    for seat in view.seats():
        t = seat.line
        hd = (str(t.handicap or 0),) if view.handicaps else ()
        table.add_row(
            str(t.table),
            seat.first.label,
            num(seat.first_points),
            seat.second.label,
            num(seat.second_points),
            *hd,
            t.result,
        )
    blank = ("",) * (len(heads) - 3)
    for who, points in view.byes:
        table.add_row("bye", who.label, num(points), *blank)
    for who in view.absent:
        table.add_row("absent", who.label, "", *blank)
    return table


def game_renderer(game: str, name: str) -> Callable[..., Any] | None:
    """The function `name` of game `game`'s ``render`` module in its command folder
    (`cli.tournament.games`), None when the game has none."""
    if not game.isidentifier():
        return None
    found = optional_module(f"ratinglist.cli.tournament.games.{game}.render")
    if found is None:
        return None
    own: Callable[..., Any] | None = getattr(found, name, None)
    return own


def part_label(name: str) -> str:
    """The short column title a game gives a pairing cost part (its renderer's
    ``PART_LABELS``), else the part's own name."""
    from ratinglist.cli.tournament.games import game_folders

    for folder in game_folders():
        labels = game_renderer(folder.__name__.rsplit(".", 1)[-1], "part_label")
        if labels is not None and (label := labels(name)) is not None:
            found: str = label
            return found
    return name


def shown_table(title: str, shown: ShownTable) -> Table:
    """A table as the game shows it (`ShownTable`: columns and cells as data); a cell's note
    in brackets, a withdrawn player's row marked."""
    table = Table(title=title)
    for column in shown.columns:
        table.add_column(column.label, justify="right" if column.kind else "left")
    for row in shown.rows:
        cells = [c.text + (f" ({c.note})" if c.note else "") for c in row.cells]
        if row.excluded and len(cells) > 1:
            cells[1] += " (withdrawn)"
        table.add_row(*cells)
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
