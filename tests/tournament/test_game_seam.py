"""The `Game` seam: each game is a folder, found by listing `tournament/games/`."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import ratinglist.tournament.games as folder
from ratinglist.errors import TournamentError
from ratinglist.tournament import game as seam
from ratinglist.tournament.events import Created, Settings
from ratinglist.tournament.fold import fold


def test_the_games_are_the_folders() -> None:
    found = seam.games()
    assert sorted(found) == ["go", "othello"]
    for name, game in found.items():
        assert isinstance(game, seam.Game)
        assert seam.game_named(name) is game
        assert (Path(folder.__file__).parent / name / "game.py").is_file()


def test_an_unknown_game_is_refused_naming_the_games() -> None:
    with pytest.raises(TournamentError, match=r"expected a game among go, othello, got 'chess'"):
        seam.game_named("chess")
    with pytest.raises(TournamentError, match="expected a game among"):
        fold([Created(Settings("Chess Open", "FRA", "2026-01-01", game="chess"))])


@pytest.fixture()
def third_game(tmp_path: Path) -> Iterator[str]:
    """A folder `coin` beside Othello and Go whose `game.py` reuses Othello's rules under
    another name: the engine must find it without any other edit."""
    (tmp_path / "coin").mkdir()
    (tmp_path / "coin" / "__init__.py").write_text('"""A third game."""\n')
    (tmp_path / "coin" / "game.py").write_text(
        "from ratinglist.tournament.games.othello.game import Othello\n\n\n"
        "class Coin(Othello):\n"
        '    name = "coin"\n'
        '    label = "Coin"\n\n\n'
        "GAME = Coin()\n"
    )
    folder.__path__.append(str(tmp_path))
    seam._load.cache_clear()
    try:
        yield "coin"
    finally:
        folder.__path__.remove(str(tmp_path))
        for name in [m for m in sys.modules if m.startswith(f"{folder.__name__}.coin")]:
            del sys.modules[name]
        seam._load.cache_clear()


def test_a_new_game_is_one_new_folder(third_game: str) -> None:
    assert third_game in seam.games()
    d = fold([Created(Settings("Coin Cup", "FRA", "2026-01-01", game=third_game))])
    assert seam.game_of(d).label == "Coin"
    assert seam.described(d) == "'Coin Cup', a Coin tournament"
