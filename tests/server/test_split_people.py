"""After a split, a merge or an unmerge, the player page shows each game under the person who
played it, and every person stays findable (search and their own page)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from fastapi.testclient import TestClient

from ratinglist.service.actor import Actor, ActorKind
from ratinglist.service.registry import merge_players, split_player, unmerge_players
from ratinglist.store import open_store
from ratinglist.store.importer import import_file
from ratinglist.web.app import create_app
from tests.server.fixtures import PLAYER_IDS

ANDERSEN, BERG, COSTA, DUBOIS = PLAYER_IDS[1:5]
OFFICER = Actor(ActorKind.CLI, "officer")


def _file(name: str, day: str, first: int, second: int, third: int) -> str:
    return f"""\
%%Tournament: {name}
%%Country: France
%%Date: {day}

%Round 1
{first} (40)>(24) {second} B
%Round 2
{third} (33)>(31) {first} B
"""


def _import(url: str, folder: Path, file_name: str, text: str) -> None:
    path = folder / file_name
    path.write_text(text, encoding="utf-8")
    store = open_store(url)
    try:
        import_file(store, path)
    finally:
        store.close()


def _page(url: str, path: str) -> str:
    with TestClient(create_app(url)) as client:
        response = client.get(path)
        assert response.status_code == 200, response.text
        return response.text


def _tournaments(page: str) -> str:
    return page.split("<h2>Tournaments", 1)[1]


def test_a_split_shows_each_game_under_the_person_who_played_it(
    server_url: str, tmp_path: Path
) -> None:
    # ANDERSEN holds the ID in 2020; from 2024 the ID denotes NOVAK Petra (IDs are reused)
    _import(server_url, tmp_path, "20200307_Old_Cup.ELO",
            _file("Old Cup", "07/03/2020", ANDERSEN, BERG, COSTA))  # fmt: skip
    store = open_store(server_url)
    try:
        split_player(store, ANDERSEN, "NOVAK", "Petra", on=dt.date(2024, 1, 1), actor=OFFICER)
    finally:
        store.close()
    _import(server_url, tmp_path, "20250405_New_Cup.ELO",
            _file("New Cup", "05/04/2025", ANDERSEN, BERG, DUBOIS))  # fmt: skip

    now = _page(server_url, f"/players/{ANDERSEN}")
    assert "<h1>NOVAK, Petra</h1>" in now
    assert "New Cup" in _tournaments(now) and "Old Cup" not in _tournaments(now)
    assert "DUBOIS" in _tournaments(now) and "COSTA" not in _tournaments(now)
    owners = now.split('id="owners"', 1)[1].split("</p>", 1)[0]
    assert f'href="/players/{ANDERSEN}?owner=1">ANDERSEN, Test</a>' in owners
    assert "to 2023-12-31" in owners and "from 2024-01-01, now" in owners

    before = _page(server_url, f"/players/{ANDERSEN}?owner=1")
    assert "<h1>ANDERSEN, Test</h1>" in before
    assert "Old Cup" in _tournaments(before) and "New Cup" not in _tournaments(before)
    assert "COSTA" in _tournaments(before) and "DUBOIS" not in _tournaments(before)

    # BERG met both: each game names the person of the ID at the time, and links to them
    berg_page = _page(server_url, f"/players/{BERG}")
    h2h = berg_page.split("<h2>Head to head</h2>", 1)[1].split("</table>", 1)[0]
    assert f'<a href="/players/{ANDERSEN}?owner=1">ANDERSEN, Test</a>' in h2h  # 1 game each
    assert f'<a href="/players/{ANDERSEN}">NOVAK, Petra</a>' in h2h
    berg = _tournaments(berg_page)
    old_cup, new_cup = berg.split("Old Cup", 1)[1], berg.split("New Cup", 1)[1].split("Old Cup")[0]
    assert f'<a href="/players/{ANDERSEN}?owner=1">ANDERSEN, Test</a>' in old_cup
    assert f'<a href="/players/{ANDERSEN}">NOVAK, Petra</a>' in new_cup

    found = _page(server_url, "/search?q=ANDERSEN")
    assert f'href="/players/{ANDERSEN}?owner=1">ANDERSEN, Test</a>' in found
    assert "NOVAK" in _page(server_url, "/search?q=NOVAK")
    with TestClient(create_app(server_url)) as client:
        assert client.get(f"/players/{ANDERSEN}?owner=3").status_code == 404
        assert client.get(f"/players/{ANDERSEN}/chart.svg?owner=1").status_code == 200
        # the API the same way
        earlier = client.get(f"/api/v1/players/{ANDERSEN}?owner=1").json()
        assert (earlier["name"], earlier["owner"]) == ("ANDERSEN, Test", 1)
        assert [o["name"] for o in earlier["owners"]] == ["ANDERSEN, Test", "NOVAK, Petra"]
        played = client.get(f"/api/v1/players/{ANDERSEN}/games?owner=1").json()
        assert [t["name"] for t in played["tournaments"]] == ["Old Cup"]
        played = client.get(f"/api/v1/players/{ANDERSEN}/games").json()
        assert [t["name"] for t in played["tournaments"]] == ["New Cup"]
        found = client.get("/api/v1/players?q=ANDERSEN").json()["hits"]
        assert (found[0]["player_id"], found[0]["owner"]) == (ANDERSEN, 1)


def test_merge_and_unmerge_move_the_games_with_the_person(server_url: str, tmp_path: Path) -> None:
    _import(server_url, tmp_path, "20250405_Cup.ELO",
            _file("Spring Cup", "05/04/2025", COSTA, BERG, DUBOIS))  # fmt: skip
    store = open_store(server_url)
    try:
        merge_players(store, ANDERSEN, COSTA, actor=OFFICER, reason="one person")
    finally:
        store.close()
    kept = _page(server_url, f"/players/{ANDERSEN}")
    assert "Spring Cup" in _tournaments(kept) and f"also played as {COSTA}" in kept
    # the merged-away ID is still found, and its page links the person it was merged into
    assert f'href="/players/{COSTA}">COSTA, Test</a>' in _page(server_url, "/search?q=COSTA")
    assert f'<a href="/players/{ANDERSEN}">{ANDERSEN}</a>' in _page(server_url, f"/players/{COSTA}")
    store = open_store(server_url)
    try:
        unmerge_players(store, COSTA, actor=OFFICER, reason="two people after all")
    finally:
        store.close()
    assert "Spring Cup" not in _tournaments(_page(server_url, f"/players/{ANDERSEN}"))
    costa = _page(server_url, f"/players/{COSTA}")
    assert "<h1>COSTA, Test</h1>" in costa and "Spring Cup" in _tournaments(costa)
    assert f'href="/players/{COSTA}">COSTA, Test</a>' in _page(server_url, "/search?q=COSTA")
