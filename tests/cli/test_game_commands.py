"""Each game's commands are found by listing `cli/tournament/games/` (issue 33): Go's commands
come from its folder, a file is replayed by the game whose files have its suffix, and a round
of a game without a renderer of its own is drawn with its players in the game's order."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
import typer.main
from rich.console import Console

from ratinglist.cli.app import app
from ratinglist.cli.tournament.games import game_folders, register_commands, replay_module
from ratinglist.cli.tournament.render import round_table
from ratinglist.errors import NotOffered
from ratinglist.model import PlayerId
from ratinglist.model.directed import Person, RoundView, TableLine
from ratinglist.service.tournaments.games import game_module, offered, service_games


def test_the_game_folders_are_listed() -> None:
    assert [f.__name__.rsplit(".", 1)[-1] for f in game_folders()] == ["go", "othello"]
    assert service_games() == ("go", "othello")


def test_go_registers_its_commands_in_a_tournament_group() -> None:
    group = typer.Typer()

    @group.command("pair")
    def pair() -> None:  # a group needs one command of its own to list the others
        pass

    register_commands(group)
    commands = typer.main.get_group(group).commands
    assert {"costs", "import", "settings", "team", "edit"} <= set(commands)


def test_top_level_game_groups_are_in_the_application() -> None:
    commands = typer.main.get_group(app).commands
    assert {"go-file", "go-list"} <= set(commands)


@pytest.mark.parametrize(
    ("name", "game"), [("x.xml", "go"), ("x.XML", "go"), ("x.ELO", "othello"), ("x", "othello")]
)
def test_a_file_is_replayed_by_the_game_of_its_suffix(name: str, game: str) -> None:
    assert replay_module(Path(name)).__name__ == f"ratinglist.cli.tournament.games.{game}.replay"


def test_a_use_case_a_game_lacks_is_not_offered() -> None:
    assert game_module("go", "registration") is None
    assert game_module("othello", "registration") is not None
    assert game_module("no such game", "setup") is None
    with pytest.raises(NotOffered, match="new players"):
        offered("go", "registration", "new players under temporary IDs")


def _text(view: RoundView) -> list[list[str]]:
    """The header and body rows of a round as `tournament show` prints it."""
    console = Console(width=200, record=True)
    console.print(round_table(view))
    rows = []
    for line in console.export_text().splitlines():
        bar = line.strip()[:1]
        if bar in "┃│":
            rows.append([cell.strip() for cell in line.strip().strip(bar).split(bar)])
    return rows


def test_a_game_without_its_own_renderer_is_drawn_in_its_players_order() -> None:
    a, b, c = (Person(PlayerId(n), f"P{n}") for n in (1, 2, 3))
    first = RoundView("Draughts", 1, 5, (TableLine(1, a, 0, b, 0, "2-0"),), ((c, 1.0),), (), "d")
    second = RoundView(
        "Draughts", 1, 5, (TableLine(1, a, 0, b, 0, "2-0"),), (), (c,), "d", white_first=True
    )
    assert _text(first) == [
        ["table", "Black", "pts", "White", "pts", "result"],
        ["1", a.label, "0", b.label, "0", "2-0"],
        ["bye", c.label, "1", "", "", ""],
    ]
    assert _text(second) == [
        ["table", "White", "pts", "Black", "pts", "result"],
        ["1", b.label, "0", a.label, "0", "2-0"],
        ["absent", c.label, "", "", "", ""],
    ]


def test_a_cost_part_is_titled_by_the_game_that_names_it() -> None:
    from ratinglist.cli.tournament.render import part_label

    assert part_label("mainDUDDCost") == "DU/DD"  # OpenGotha's draw-up/draw-down part (Go)
    assert part_label("colour_balance") == "colour_balance"  # no game titles it: its name
