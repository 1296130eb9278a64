"""The web through the game seam (issue 33): each game's own pages live in
``web/views/games/<name>/`` and are found by listing that folder; nothing else in ``web/``
imports a game's folder; a page or action the tournament's game does not offer answers 404,
an action its state does not allow now 409."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ratinglist.tournament.game import games
from ratinglist.web.app import create_app
from ratinglist.web.views.games import game_folders
from tests.conftest import Seeder
from tests.server.fixtures import PLAYER_IDS, Signed, seed_server, sign_in
from tests.test_layers import PACKAGE, game_violations

WEB = Path(__file__).resolve().parents[2] / "src" / "ratinglist" / "web"


@pytest.fixture
def app_client(seeded_db: Seeder) -> Iterator[TestClient]:
    """A client of the app over a fresh seeded database (a copy of `seed_server`'s, made once
    per session and backend)."""
    with TestClient(create_app(seeded_db("server", seed_server))) as client:
        yield client


def _json(response: Any, status: int) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def test_no_web_module_outside_a_game_folder_imports_a_game() -> None:
    # The rule of `tests/test_layers.py` (one checker for every layer), over the web's modules.
    offenders = {
        str(path.relative_to(PACKAGE)): bad
        for path in sorted(WEB.rglob("*.py"))
        if (bad := game_violations(path))
    }
    assert offenders == {}


def _routes(routes: list[Any], prefix: str = "") -> Iterator[tuple[str, str]]:
    """(path, endpoint module) of each route, inside included routers too."""
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            included = getattr(route, "include_context", None)
            yield from _routes(inner.routes, prefix + getattr(included, "prefix", ""))
        elif hasattr(route, "endpoint"):
            yield prefix + route.path, route.endpoint.__module__


def test_each_game_folder_of_the_web_is_a_game_and_is_served(app_client: TestClient) -> None:
    folders = game_folders()
    assert "go" in folders
    assert set(folders) <= set(games())
    served = dict(_routes(app_client.app.router.routes))  # type: ignore[attr-defined]
    for name in folders:
        assert any(m.startswith(f"ratinglist.web.views.games.{name}.") for m in served.values())
    # Go's pages kept their addresses (interfaces) and are served from Go's folder
    api = "/api/v1/td/tournaments/{tid}"
    for path in ("/td/{tid}/edit", "/td/{tid}/settings", "/td/{tid}/entries", f"{api}/entries",
                 f"{api}/list-players", f"{api}/edit/check"):  # fmt: skip
        assert served[path].startswith("ratinglist.web.views.games.go."), path
    for path in ("/td/{tid}/setup/flags", "/td/{tid}/preview", "/td/{tid}/rounds/{number}/swap"):
        assert served[path].startswith("ratinglist.web.views.games.othello."), path
    # the set-up page serves every game with a set-up (issue 34): generic
    assert served["/td/{tid}/setup"] == "ratinglist.web.views.td_setup"


def _othello(director: Signed, players: int = 4) -> int:
    body = {"name": "Seam Open", "country": "France", "start_date": "2026-11-21", "rounds": 3}
    tid = int(_json(director.post("/api/v1/td/tournaments", body), 201)["id"])
    chosen = [str(p) for p in PLAYER_IDS[1 : players + 1]]
    _json(director.post(f"/api/v1/td/tournaments/{tid}/players", {"players": chosen}), 201)
    return tid


def _go(director: Signed) -> int:
    body = {"name": "Seam Go", "country": "FR", "start_date": "2026-11-21", "rounds": 3,
            "game": "go", "system": "mcmahon", "bar": "4d", "floor": "20k"}  # fmt: skip
    tid = int(_json(director.post("/api/v1/td/tournaments", body), 201)["id"])
    ranks = (("Dupont", "5d"), ("Martin", "3d"), ("Petit", "5k"), ("Durand", "9k"))
    new = [{"surname": n, "firstname": "A", "rank": r} for n, r in ranks]
    _json(director.post(f"/api/v1/td/tournaments/{tid}/entries", {"new": new}), 201)
    return tid


def test_a_go_page_of_an_othello_tournament_is_not_found(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    tid = _othello(director)
    page = app_client.get(f"/td/{tid}/edit")
    assert page.status_code == 404
    assert "Othello tournaments have no page of edits" in page.text
    api = app_client.get(f"/api/v1/td/tournaments/{tid}/edit/check")
    assert _json(api, 404)["error"]["message"].startswith("Othello tournaments have no")
    settings = app_client.get(f"/api/v1/td/tournaments/{tid}/settings")
    assert settings.status_code == 404
    # the director's page of an Othello tournament links to neither
    home = app_client.get(f"/td/{tid}")
    assert home.status_code == 200
    assert 'id="edit-link"' not in home.text and 'id="settings-link"' not in home.text


def test_othello_finals_of_a_go_tournament_are_not_found(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    tid = _go(director)
    refused = director.post(f"/api/v1/td/tournaments/{tid}/finals")
    assert _json(refused, 404)["error"]["message"] == "Go tournaments have no finals"
    page = app_client.get(f"/td/{tid}/finals")
    assert page.status_code == 404 and "Go tournaments have no finals" in page.text
    flags = app_client.post(f"/td/{tid}/setup/flags", data={"csrf_token": director.csrf,
                            "player": "1", "female": "true"})  # fmt: skip
    assert flags.status_code == 404 and "Go tournaments have no seat edits" in flags.text
    swap = app_client.post(f"/td/{tid}/rounds/1/swap", data={"csrf_token": director.csrf,
                           "first": "1", "second": "2", "based_on": "1"})  # fmt: skip
    assert swap.status_code == 404, swap.text[-600:]
    # the Go pages of a Go tournament are there
    assert app_client.get(f"/td/{tid}/edit").status_code == 200
    assert app_client.get(f"/td/{tid}/settings").status_code == 200


def test_pairing_before_the_results_are_in_is_not_allowed_now(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    tid = _othello(director)
    _json(director.post(f"/api/v1/td/tournaments/{tid}/rounds"), 201)
    early = director.post(f"/api/v1/td/tournaments/{tid}/rounds")
    assert _json(early, 409)["error"]["code"] == "conflict"
    # the page's button: the tournament page shows the refusal with 409
    page = app_client.post(f"/td/{tid}/pair", data={"csrf_token": director.csrf})
    assert page.status_code == 409
    assert "expected every result of round 1 before pairing round 2" in page.text


def _heads(page: str, table_id: str) -> list[str]:
    """The column headings of the table `table_id` of `page`."""
    found = re.search(rf'id="{table_id}"><thead><tr>(.*?)</thead>', page, re.S)
    assert found is not None, table_id
    return [re.sub(r"^[^>]*>|<.*?>", "", h).strip() for h in found.group(1).split("<th")[1:]]


def test_the_director_pages_head_a_round_as_its_game_does(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    go, othello = _go(director), _othello(director)
    for tid in (go, othello):
        _json(director.post(f"/api/v1/td/tournaments/{tid}/rounds"), 201)
    # Go names White first and shows the handicap (GO.md); Othello names Black first
    go_page, go_round = app_client.get(f"/td/{go}").text, app_client.get(f"/td/{go}/rounds/1")
    assert _heads(go_page, "round-entry") == ["Table", "White", "Black", "Handicap", "Result"]
    assert _heads(go_round.text, "round-games") == ["Table", "White", "Black", "Handicap", "Result"]
    assert 'name="black_discs"' not in go_page  # a Go result is chosen, never typed in discs
    page = app_client.get(f"/td/{othello}").text
    assert _heads(page, "round-entry") == ["Table", "Black", "White", "Result"]
    assert _heads(app_client.get(f"/td/{othello}/rounds/1").text, "round-games") == [
        "Table", "Black", "White", "Result"]  # fmt: skip
    assert 'name="black_discs"' in page
