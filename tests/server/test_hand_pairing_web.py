"""Hand pairings asked first on the web (issue 34 item 4), for both games through the seam:
Go's pairing by hand on the edit page and Othello's forced pair on the set-up page show the
concerns (a repeated game, a forbidden pair) on a confirmation page and write nothing until
the director confirms, as OpenGotha asks."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from tests.server.fixtures import PLAYER_IDS, sign_in
from tests.server.test_go_setup_web import _go
from tests.server.test_td_pages import _csrf


def _json(response: Any, status: int) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def _hidden(page: str) -> dict[str, str]:
    form = re.search(
        r'<form method="post" action="([^"]+)"[^>]*id="confirm">(.*?)</form>', page, re.S
    )
    assert form is not None, page[-1500:]
    return {
        "_action": form.group(1),
        **dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form.group(2))),
    }


def test_go_hand_pairing_of_a_forbidden_pair_is_confirmed_first(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    tid = _go(director)
    page = app_client.get(f"/td/{tid}/setup")
    app_client.post(f"/td/{tid}/setup/forbidden",
                    data={"csrf_token": _csrf(page.text), "first": "1", "second": "2"})  # fmt: skip
    _json(director.post(f"/api/v1/td/tournaments/{tid}/rounds"), 201)
    edit = app_client.get(f"/td/{tid}/edit?round=1").text
    for table in re.findall(r'id="unpair-(\d+)"', edit):
        edit = app_client.get(f"/td/{tid}/edit?round=1").text
        seq = re.search(r'name="based_on" value="(\d+)"', edit)
        assert seq is not None
        app_client.post(f"/td/{tid}/edit/unpair", data={"csrf_token": _csrf(edit),
                        "round": "1", "table": table, "based_on": seq.group(1)})  # fmt: skip
    edit = app_client.get(f"/td/{tid}/edit?round=1").text
    seq = re.search(r'name="based_on" value="(\d+)"', edit)
    assert seq is not None and "edit/unpair" not in edit
    asked = app_client.post(f"/td/{tid}/edit/pair", data={"csrf_token": _csrf(edit), "round": "1",
                            "based_on": seq.group(1), "first": "1", "second": "2"})  # fmt: skip
    assert asked.status_code == 200
    assert "Dupont, A and Martin, A are a forbidden pair" in asked.text
    assert 'id="confirm"' in asked.text
    assert "edit/unpair" not in app_client.get(f"/td/{tid}/edit?round=1").text  # nothing written
    fields = _hidden(asked.text)
    action = fields.pop("_action")
    done = app_client.post(action, data=fields)
    assert done.status_code == 200 and re.search(r"paired table \d+: ", done.text)
    assert "edit/unpair" in done.text


def test_othello_forced_rematch_is_confirmed_first(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    body = {"name": "Forced Open", "country": "France", "start_date": "2026-11-21", "rounds": 3}
    tid = int(_json(director.post("/api/v1/td/tournaments", body), 201)["id"])
    chosen = [str(p) for p in PLAYER_IDS[1:5]]
    _json(director.post(f"/api/v1/td/tournaments/{tid}/players", {"players": chosen}), 201)
    shown = _json(director.post(f"/api/v1/td/tournaments/{tid}/rounds"), 201)
    for t in shown["tables"]:
        _json(director.post(f"/api/v1/td/tournaments/{tid}/results",
                            {"round": 1, "table": t["table"], "score": "40-24"}), 201)  # fmt: skip
    black, white = shown["tables"][0]["black"], shown["tables"][0]["white"]
    page = app_client.get(f"/td/{tid}/setup")
    # Othello's own set-up controls (late entries, class flags) come with the generic page
    assert 'id="entry"' in page.text and 'id="flags"' in page.text
    asked = app_client.post(f"/td/{tid}/setup/forced", data={"csrf_token": _csrf(page.text),
                            "first": str(black["id"]), "second": str(white["id"])})  # fmt: skip
    assert asked.status_code == 200
    assert f"{black['name']} and {white['name']} already played each other (round 1)" in asked.text
    assert "forced in round 2" not in app_client.get(f"/td/{tid}/setup").text
    fields = _hidden(asked.text)
    done = app_client.post(fields.pop("_action"), data=fields)
    assert done.status_code == 200 and "forced in round 2" in done.text
