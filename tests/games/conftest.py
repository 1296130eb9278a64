"""The games' contract tests: the test game `draughts_lite` joins Othello and Go while they
run (registered in process by `tournament.game.register_game`, removed after)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ratinglist.tournament.game import register_game, unregister_game
from ratinglist.web.app import create_app
from tests.games.draughts_lite.game import GAME
from tests.server.fixtures import seed_server


@pytest.fixture(autouse=True)
def draughts_lite() -> Iterator[None]:
    """The test game, for one test."""
    register_game(GAME)
    try:
        yield
    finally:
        unregister_game(GAME.name)


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    """The app over a fresh seeded SQLite database (the users of `tests.server.fixtures`)."""
    url = f"sqlite:///{tmp_path / 'web.db'}"
    seed_server(url)
    with TestClient(create_app(url)) as client:
        yield client
