"""Each tournament page is drawn from one load of the tournament (issue 33): its parts (the
round, the standings, the game's facts, the entrants, the pending undo, the lifecycle, the
forecast) read one snapshot of the log, never the tournament again."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import ratinglist.service.tournaments.log as log
from ratinglist.web.app import create_app
from tests.conftest import Seeder
from tests.server.fixtures import PLAYER_IDS, seed_server, sign_in

LOADS_PER_PAGE = 1
"""The rule: a page reads the tournament once (whatever the number of its parts)."""


@pytest.fixture
def app_client(seeded_db: Seeder) -> Iterator[TestClient]:
    """A client of the app over a fresh seeded database (a copy of `seed_server`'s, made once
    per session and backend)."""
    with TestClient(create_app(seeded_db("server", seed_server))) as client:
        yield client


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The tournaments loaded (read and folded) since the fixture was made."""
    seen: list[int] = []
    real = log._loaded

    def counting(store: Any, tournament: int, conn: Any) -> log.Loaded:
        seen.append(tournament)
        return real(store, tournament, conn)

    monkeypatch.setattr(log, "_loaded", counting)
    return seen


def _count(client: TestClient, loads: list[int], path: str) -> int:
    loads.clear()
    response = client.get(path)
    assert response.status_code == 200, (path, response.text[:300])
    return len(loads)


def test_each_othello_page_loads_the_tournament_once(
    app_client: TestClient, loads: list[int]
) -> None:
    director = sign_in(app_client, "director")
    body = {"name": "One Load", "country": "France", "start_date": "2026-11-21", "rounds": 3}
    tid = director.post("/api/v1/td/tournaments", body).json()["id"]  # type: ignore[attr-defined]
    players = {"players": [str(p) for p in PLAYER_IDS[1:9]]}
    director.post(f"/api/v1/td/tournaments/{tid}/players", players)
    director.post(f"/api/v1/td/tournaments/{tid}/rounds")
    director.post(
        f"/api/v1/td/tournaments/{tid}/results", {"round": 1, "table": 1, "score": "40-24"}
    )
    pages = (f"/td/{tid}", f"/td/{tid}/standings", f"/td/{tid}/rounds/1", f"/td/{tid}/setup",
             f"/live/{tid}", f"/live/{tid}/projector", f"/api/v1/live/{tid}")  # fmt: skip
    counted = {path: _count(app_client, loads, path) for path in pages}
    assert counted == dict.fromkeys(pages, LOADS_PER_PAGE)
    # a write after a page is read on the log's head, not on the page's snapshot
    director.post(
        f"/api/v1/td/tournaments/{tid}/results", {"round": 1, "table": 2, "score": "33-31"}
    )
    assert "33-31" in app_client.get(f"/td/{tid}").text


def test_each_go_page_loads_the_tournament_once(app_client: TestClient, loads: list[int]) -> None:
    director = sign_in(app_client, "director")
    body = {"name": "One Load Go", "country": "FR", "start_date": "2026-11-21", "rounds": 3,
            "game": "go", "system": "mcmahon", "bar": "4d", "floor": "20k"}  # fmt: skip
    tid = director.post("/api/v1/td/tournaments", body).json()["id"]  # type: ignore[attr-defined]
    ranks = (("Dupont", "5d"), ("Martin", "3d"), ("Petit", "5k"), ("Durand", "9k"))
    new = [{"surname": n, "firstname": "A", "rank": r} for n, r in ranks]
    director.post(f"/api/v1/td/tournaments/{tid}/entries", {"new": new})
    director.post(f"/api/v1/td/tournaments/{tid}/rounds")
    pages = (f"/td/{tid}", f"/td/{tid}/standings", f"/td/{tid}/rounds/1", f"/live/{tid}",
             f"/live/{tid}/projector", f"/td/{tid}/setup")  # fmt: skip
    counted = {path: _count(app_client, loads, path) for path in pages}
    assert counted == dict.fromkeys(pages, LOADS_PER_PAGE)
