"""Issue 37, item 1: the public Go list, a Go player's page (with the rating chart) and a
Go tournament's page answer 200 with Go's own columns; the same data under /api/v1/go/."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ratinglist.service.go.archive import import_go_archive
from ratinglist.store.database import open_store
from ratinglist.web.app import create_app


@pytest.fixture(scope="module")
def go_client(real_data: Path, tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    url = f"sqlite:///{tmp_path_factory.mktemp('goweb') / 'go.db'}"
    store = open_store(url)
    try:
        import_go_archive(store, [real_data / "go" / "opengotha" / "Tournoi_de_Juvisy.xml"])
    finally:
        store.close()
    return TestClient(create_app(url))


def test_the_go_list_player_and_tournament_pages_have_go_columns(go_client: TestClient) -> None:
    page = go_client.get("/go/")
    assert page.status_code == 200
    head = page.text[page.text.index("<thead>") : page.text.index("</thead>")]
    for column in ("Rank", "GoR", "Club", "Country"):
        assert column in head
    found = go_client.get("/api/v1/go/list").json()
    assert found["game"] == "go" and found["system"] == "egf"
    first = found["players"][0]
    assert f'href="/go/players/{first["player"]}"' in page.text
    player = go_client.get(f"/go/players/{first['player']}")
    assert player.status_code == 200
    assert f"/go/players/{first['player']}/chart.svg" in player.text
    for column in ("Handicap", "Komi", "Colour", "GoR"):
        assert column in player.text
    chart = go_client.get(f"/go/players/{first['player']}/chart.svg")
    assert chart.status_code == 200 and chart.headers["content-type"].startswith("image/svg")
    detail = go_client.get(f"/api/v1/go/players/{first['player']}").json()
    assert detail["rating"] == round(first["rating"]) and detail["rank"] == first["rank"]
    tournament = detail["tournaments"][0]["id"]
    shown = go_client.get(f"/go/tournaments/{tournament}")
    assert shown.status_code == 200 and "Tournoi" in shown.text
    assert "GoR before" in shown.text


def test_an_unknown_go_player_or_tournament_is_404(go_client: TestClient) -> None:
    assert go_client.get("/go/players/999999").status_code == 404
    assert go_client.get("/go/tournaments/999999").status_code == 404
    assert go_client.get("/api/v1/go/players/999999").status_code == 404


def test_a_player_page_offers_the_candidates_never_merged(tmp_path: Path) -> None:
    import datetime as dt

    from ratinglist.model.go.archive import (
        GoArchiveGame,
        GoArchiveTournament,
        GoEntry,
        GoOutcome,
        player_identity,
    )
    from ratinglist.store.go.archive import save_go_tournament

    def entry(club: str, pin: str = "") -> GoEntry:
        who = player_identity(pin, "Novak", "Anna", "CZ", club)
        return GoEntry(who, pin, "Novak", "Anna", "CZ", club, "3k", 1800, "INI")

    other = GoEntry(player_identity("", "Dvorak", "Petr", "CZ", "Brno"), "", "Dvorak", "Petr",
                    "CZ", "Brno", "3k", 1800, "INI")  # fmt: skip
    url = f"sqlite:///{tmp_path / 'c.db'}"
    store = open_store(url)
    try:
        for day, anna in (
            (dt.date(2020, 10, 3), entry("Brno")),
            (dt.date(2020, 11, 7), entry("Olom")),
        ):
            game = GoArchiveGame(0, anna.identity, other.identity, 0, 7.5, GoOutcome.WHITE)
            name = str(day)
            t = GoArchiveTournament(
                name, name, name, "", day, day, 19, 7.5, "A", (anna, other), (game,)
            )
            save_go_tournament(store, t)
    finally:
        store.close()
    client = TestClient(create_app(url))
    players = {
        p["club"]: p["player"]
        for p in client.get("/api/v1/go/list").json()["players"]
        if p["name"] == "Novak Anna"
    }
    assert set(players) == {"Brno", "Olom"}  # two players: not merged
    page = client.get(f"/go/players/{players['Olom']}")
    assert page.status_code == 200 and 'id="candidates"' in page.text
    assert f'href="/go/players/{players["Brno"]}"' in page.text
    assert client.get(f"/api/v1/go/players/{players['Brno']}").json()["candidates"] == [
        players["Olom"]
    ]


def test_the_public_api_takes_the_game(go_client: TestClient) -> None:
    """Othello's endpoints with ``game=go`` answer Go's list and players in their shapes."""
    listed = go_client.get("/api/v1/go/list").json()["players"]
    entries = go_client.get("/api/v1/lists/latest/entries?game=go&limit=5").json()
    assert entries["total"] == len(listed) and len(entries["entries"]) == 5
    first = entries["entries"][0]
    assert first["rank"] == 1 and first["player_id"] == listed[0]["player"]
    assert first["rating"] == round(listed[0]["rating"])
    player = go_client.get(f"/api/v1/players/{first['player_id']}?game=go").json()
    assert player["rating"] == first["rating"] and player["world_place"] == 1
    assert go_client.get("/api/v1/lists/latest/entries?game=chess").status_code == 404
    assert go_client.get("/api/v1/lists/2020-10-03/entries?game=go").status_code == 404
