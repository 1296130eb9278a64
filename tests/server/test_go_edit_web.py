"""Editing a Go tournament after the fact on the director's page (``/td/{tid}/edit``) and
through the JSON API (``/api/v1/td/tournaments/{tid}/edit/...``): each action, and a write
from a stale page or an older log position refused with 409.

Expectations as in `tests/go/test_go_edits.py` (OpenGotha's guide and GO.md): an unpaired
game's players are listed unpaired; a hand-made pair gets the lowest free table and
OpenGotha's handicap (MMS difference - 1, capped at 9, the stronger White); a table moved
onto a used number swaps with the game there; the number of rounds can be raised.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from ratinglist.model.go import parse_rank
from tests.server.fixtures import Signed, sign_in

PLAYERS = {"Dupont": "5d", "Martin": "3d", "Bernard": "1k", "Petit": "5k", "Durand": "12k"}
"""Surname -> rank; player numbers 1-5 in this order."""


def _json(response: Any, status: int) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def _go(director: Signed) -> int:
    made = _json(
        director.post(
            "/api/v1/td/tournaments",
            {
                "name": "Edit Go",
                "country": "FR",
                "start_date": "2026-11-21",
                "rounds": 3,
                "game": "go",
                "system": "mcmahon",
                "bar": "4d",
                "floor": "20k",
            },
        ),
        201,
    )
    tid = int(made["id"])
    new = [{"surname": n, "firstname": "A", "rank": r} for n, r in PLAYERS.items()]
    _json(director.post(f"/api/v1/td/tournaments/{tid}/entries", {"new": new}), 201)
    return tid


def _games(view: dict[str, Any]) -> dict[int, tuple[str, str, int]]:
    return {
        g["table"]: (
            g["white"]["name"].split(",")[0],
            g["black"]["name"].split(",")[0],
            g["handicap"],
        )
        for g in view["games"]
    }


def _handicap(strong: str, weak: str) -> int:
    start = [max(-20, min(3, parse_rank(PLAYERS[n]).value)) for n in (strong, weak)]
    a, b = (min(0, s) for s in start)
    return max(0, min(9, abs(a - b) - 1))


def test_every_edit_through_the_api(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    tid = _go(director)
    base = f"/api/v1/td/tournaments/{tid}"
    # the quick check before round 1: Dupont 5d is above the bar 4d
    check = _json(app_client.get(f"{base}/edit/check"), 200)
    assert ("Dupont, A", "above-bar") in {
        (f["player"]["name"], f["kind"]) for f in check["findings"]
    }
    player = _json(director.post(f"{base}/edit/players/5", {"final": False}), 201)
    assert player["final"] is False
    fixed = _json(director.post(f"{base}/edit/check", {"final": True}), 201)
    assert "preliminary" not in {f["kind"] for f in fixed["findings"]}
    bye = _json(director.post(f"{base}/edit/byes", {"round": 1, "player": 1}), 201)
    assert bye["bye"]["name"] == "Dupont, A" and bye["paired"] is False
    _json(director.post(f"{base}/rounds"), 201)
    view = _json(app_client.get(f"{base}/edit/rounds/1"), 200)
    assert view["bye"]["name"] == "Dupont, A" and len(view["games"]) == 2
    games = _games(view)
    seq = view["seq"]
    unpaired = _json(director.post(f"{base}/edit/unpair", {"round": 1, "table": 1}), 201)
    assert sorted(p["name"].split(",")[0] for p in unpaired["unpaired"]) == sorted(games[1][:2])
    # the two players again, by hand: the lowest free table, OpenGotha's colours and handicap
    a, b = (list(PLAYERS).index(n) + 1 for n in games[1][:2])
    paired = _json(director.post(f"{base}/edit/pair", {"round": 1, "players": [b, a]}), 201)
    strong, weak = sorted(games[1][:2], key=lambda n: -parse_rank(PLAYERS[n]).value)
    white, black, handicap = _games(paired)[1]
    assert {white, black} == {strong, weak} and handicap == _handicap(strong, weak)
    if handicap:  # a handicap game: the stronger takes White
        assert white == strong
    swapped = _json(director.post(f"{base}/edit/colours", {"round": 1, "table": 1}), 201)
    assert _games(swapped)[1][:2] == (black, white)
    stones = 1 if _games(swapped)[1][2] != 1 else 2
    body = {"round": 1, "table": 1, "handicap": stones}
    assert _games(_json(director.post(f"{base}/edit/handicap", body), 201))[1][2] == stones
    moved = _json(
        director.post(f"{base}/edit/tables", {"round": 1, "table": 1, "new_table": 2}), 201
    )
    assert _games(moved)[2][:2] == (black, white) and _games(moved)[1] == games[2]
    renumbered = _json(director.post(f"{base}/edit/renumber", {"round": 1}), 201)
    assert sorted(_games(renumbered)) == [1, 2]
    rounds = _json(director.post(f"{base}/edit/rounds", {"rounds": 4}), 201)
    assert rounds["rounds"] == 4
    assert _json(app_client.get(f"{base}"), 200)["rounds"] == 4
    # a write based on an older log position is refused, nothing written
    stale = director.post(f"{base}/edit/colours", {"round": 1, "table": 1, "based_on": seq})
    assert stale.status_code == 409, stale.text
    assert _json(app_client.get(f"{base}/edit/rounds/1"), 200)["seq"] == rounds["seq"]
    # bad input: a 4xx naming what was expected, never a traceback
    bad = director.post(f"{base}/edit/handicap", {"round": 1, "table": 1, "handicap": 12})
    assert 400 <= bad.status_code < 500 and "handicap" in bad.text
    unknown = director.post(f"{base}/edit/unpair", {"round": 1, "table": 9})
    assert 400 <= unknown.status_code < 500 and "expected a table" in unknown.text
    # undo cancels the last edit
    undone = _json(director.post(f"{base}/undo"), 200)
    assert "number of rounds" in undone["what"]
    assert _json(app_client.get(f"{base}"), 200)["rounds"] == 3


def _form_fields(html: str, action: str) -> dict[str, str]:
    form = re.search(
        rf'<form method="post" action="{re.escape(action)}"[^>]*>(.*?)</form>', html, re.S
    )
    assert form is not None, action
    return dict(re.findall(r'<input type="hidden" name="([a-z_]+)" value="([^"]*)"', form.group(1)))


def test_the_edit_page_forms(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    tid = _go(director)
    _json(director.post(f"/api/v1/td/tournaments/{tid}/rounds"), 201)
    client = app_client
    home = client.get(f"/td/{tid}")
    assert f'href="/td/{tid}/edit"' in home.text
    page = client.get(f"/td/{tid}/edit?round=1")
    assert page.status_code == 200, page.text
    before = _games(_json(client.get(f"/api/v1/td/tournaments/{tid}/edit/rounds/1"), 200))
    fields = _form_fields(page.text, f"/td/{tid}/edit/colours")
    assert fields["round"] == "1" and fields["based_on"]
    posted = client.post(f"/td/{tid}/edit/colours", data=fields, follow_redirects=False)
    assert posted.status_code == 303 and posted.headers["location"] == f"/td/{tid}/edit?round=1"
    shown = client.get(posted.headers["location"])
    assert shown.status_code == 200 and "White is now" in shown.text
    table = int(fields["table"])
    after = _games(_json(client.get(f"/api/v1/td/tournaments/{tid}/edit/rounds/1"), 200))
    assert after[table][:2] == before[table][1::-1]
    # the same form again is from a stale page: 409, nothing written
    again = client.post(f"/td/{tid}/edit/colours", data=fields)
    assert again.status_code == 409 and "Another device changed this" in again.text
    assert _games(_json(client.get(f"/api/v1/td/tournaments/{tid}/edit/rounds/1"), 200)) == after
    # a fresh page's forms: unpair, then the players are listed unpaired and paired again
    page = client.get(f"/td/{tid}/edit?round=1")
    unpair = _form_fields(page.text, f"/td/{tid}/edit/unpair")
    done = client.post(f"/td/{tid}/edit/unpair", data=unpair)
    assert done.status_code == 200 and 'id="unpaired"' in done.text
    rest = _form_fields(done.text, f"/td/{tid}/edit/pair")
    assert client.post(f"/td/{tid}/edit/pair", data=rest).status_code == 200
    page = client.get(f"/td/{tid}/edit?round=1")
    assert 'id="unpaired"' not in page.text
    # a player's form: every field as shown, the rank changed
    form = re.search(
        r'<form method="post" action="/td/\d+/edit/player"[^>]*>(.*?)</form>', page.text, re.S
    )
    assert form is not None
    data = dict(re.findall(r'<input type="hidden" name="([a-z_]+)" value="([^"]*)"', form.group(1)))
    data |= {
        "rank": "4d",
        "rating": "2400",
        "club": "Par",
        "country": "FR",
        "not_playing": "3",
        "status": "FIN",
    }
    saved = client.post(f"/td/{tid}/edit/player", data=data)
    assert saved.status_code == 200 and "4d, rating 2400" in saved.text
    line = _json(client.get(f"/api/v1/td/tournaments/{tid}/edit/players/{data['player']}"), 200)
    assert (line["rank"], line["not_playing"]) == ("4d", [3])
    # bad input on a form: a 4xx page, not a traceback
    wrong = client.post(f"/td/{tid}/edit/handicap", data={**unpair, "handicap": "x"})
    assert 400 <= wrong.status_code < 500
