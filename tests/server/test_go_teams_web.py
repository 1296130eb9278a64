"""A Go team tournament's pages (issue 34 item 4), in-process: the new-tournament form's
team size, the teams page (teams, boards), the director page's "Pair round" pairing by teams
(GO.md h: each match's boards, board 1 against board 1), results, the team standings."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from tests.server.fixtures import sign_in
from tests.server.test_td_pages import _csrf, _sign_in_form


def _json(response: Any, status: int) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def _post(client: TestClient, tid: int, path: str, **data: str) -> str:
    page = client.get(f"/td/{tid}/teams")
    assert page.status_code == 200, page.text[-500:]
    done = client.post(f"/td/{tid}{path}", data={"csrf_token": _csrf(page.text), **data})
    assert done.status_code == 200, done.text[-800:]
    return done.text


def test_teams_on_the_web_and_the_pair_button(app_client: TestClient) -> None:
    _sign_in_form(app_client, "director")
    home = app_client.get("/td")
    made = app_client.post(
        "/td/new",
        data={"csrf_token": _csrf(home.text), "name": "Team Go", "country": "France",
              "start_date": "2026-11-21", "rounds": "2", "game": "go", "team_size": "2"},
        follow_redirects=False,
    )  # fmt: skip
    assert made.status_code == 303, made.text
    tid = int(made.headers["location"].split("?")[0].rsplit("/", 1)[1])
    director = sign_in(app_client, "director")
    ranks = (("Alder", "3d"), ("Birch", "1k"), ("Cedar", "2d"), ("Dogwood", "2k"))
    new = [{"surname": n, "firstname": "A", "rank": r} for n, r in ranks]
    _json(director.post(f"/api/v1/td/tournaments/{tid}/entries", {"new": new}), 201)
    assert f'href="/td/{tid}/teams"' in app_client.get(f"/td/{tid}").text
    done = _post(app_client, tid, "/teams/add", names="Amber\nBasalt")
    assert "2 teams entered; 2 teams" in done
    done = _post(app_client, tid, "/teams/boards", team="1", players="1 2", round="1")
    assert "team Amber, round 1: Alder, A, Birch, A" in done
    done = _post(app_client, tid, "/teams/boards", team="2", players="4 3", by_rating="true")
    assert "team Basalt, round 1: Cedar, A, Dogwood, A" in done  # 2d on board 1
    typo = {"csrf_token": director.csrf, "team_matches": "1-2"}
    refused = app_client.post(f"/td/{tid}/teams/pair", data=typo)
    assert refused.status_code == 400 and "expected matches as TEAM:TEAM" in refused.text
    # the director page's "Pair round" pairs a team tournament by teams
    page = app_client.get(f"/td/{tid}")
    paired = app_client.post(f"/td/{tid}/pair", data={"csrf_token": _csrf(page.text)})
    assert paired.status_code == 200 and "round 1 paired: 2 tables" in paired.text
    shown = _json(app_client.get(f"/api/v1/td/tournaments/{tid}/rounds/1"), 200)
    boards = {frozenset((t["white"]["id"], t["black"]["id"])) for t in shown["tables"]}
    assert boards == {frozenset((1, 3)), frozenset((2, 4))}  # board 1 v board 1, 2 v 2
    for t in shown["tables"]:
        body = {"round": 1, "table": t["table"], "score": "1-0"}
        _json(director.post(f"/api/v1/td/tournaments/{tid}/results", body), 201)
    teams = app_client.get(f"/td/{tid}/teams").text
    rows = re.findall(r"<tr><td class=\"n\">(\d*)<td>(Amber|Basalt)", teams)
    assert len(rows) == 2 and 'id="team-standings"' in teams
