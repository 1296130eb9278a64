"""`cli.tables`: a long table printed without rich's layout reads exactly as rich prints it;
a terminal gets a screenful unless --all."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.table import Table

from ratinglist.cli.tables import plain_table, print_table, screenful


def _table(rows: list[tuple[str, ...]], title: str | None = "EGC: standings after 9 rounds",
           caption: str | None = "log at event 3256") -> Table:  # fmt: skip
    table = Table(title=title, caption=caption)
    for col in ("#", "name", "country", "points"):
        table.add_column(col, justify="left" if col in ("name", "country") else "right")
    for row in rows:
        table.add_row(*row)
    return table


def _rich(table: Table, width: int) -> str:
    out = Console(file=io.StringIO(), width=width)
    out.print(table)
    text = out.file.getvalue()
    assert isinstance(text, str)
    return text


ROWS = [
    ("1", "ZHANG Shuai", "CN", "9"),
    ("2", "DUPONT Jean-Pierre (withdrawn)", "FR", "8.5"),
    ("10", "山田 太郎", "JP", "7"),
    ("11", "Ødegård Åse", "NO", "0.5"),
]


@pytest.mark.parametrize(
    ("rows", "title", "caption", "width"),
    [
        (ROWS, "EGC: standings after 9 rounds", "log at event 3256", 80),
        (ROWS, None, None, 60),
        ([], "a very long title of a table that has no rows at all, wider than it", None, 120),
        (ROWS[:1], "odd", "even", 80),
    ],
)
def test_plain_table_is_what_rich_prints(
    rows: list[tuple[str, ...]], title: str | None, caption: str | None, width: int
) -> None:
    table = _table(rows, title, caption)
    plain = plain_table(table, width)
    if plain is None:  # wider title than table: rich lays it out
        assert title is not None and len(title) > 40
        return
    assert plain == _rich(table, width)


def test_rich_lays_out_what_it_must() -> None:
    assert plain_table(_table(ROWS), 30) is None  # too wide: rich wraps
    assert plain_table(_table([("1", "[bold]X[/bold]", "FR", "1")]), 80) is None  # markup


def test_a_file_gets_the_whole_width() -> None:
    wide = [(str(k), f"Player {k} " + "x" * 90, "FR", "1") for k in range(1, 4)]
    to_file = Console(file=io.StringIO(), width=80)
    print_table(_table(wide), to_file)
    assert to_file.file.getvalue() == _rich(_table(wide), 200)


def test_a_file_gets_every_row_a_terminal_a_screenful() -> None:
    rows = [(str(k), f"Player {k}", "FR", "1") for k in range(1, 101)]
    to_file = Console(file=io.StringIO(), width=80)
    print_table(_table(rows), to_file)
    assert "Player 100 " in to_file.file.getvalue()
    terminal = Console(file=io.StringIO(), width=80, height=30, force_terminal=True)
    print_table(_table(rows), terminal)
    shown = terminal.file.getvalue()
    assert "Player 22 " in shown and "Player 23 " not in shown
    assert "first 22 of 100 rows (--all: every row)" in shown
    every = Console(file=io.StringIO(), width=80, height=30, force_terminal=True)
    print_table(_table(rows), every, all_rows=True)
    assert "Player 100 " in every.file.getvalue()


def test_a_short_table_is_not_cut() -> None:
    assert screenful(_table(ROWS), 10).row_count == len(ROWS)
