"""The players' side through the API and pages (issue 35), in process with `TestClient`:
registration 201 ``pending``, the director's acceptance with the matches and the code, a
player's reports (202, 201, 409 with both versions, 403), check-in, the player's page with
its ETag, and the throttles."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from ratinglist.web.views.player_side import BY_CODE, REGISTRATIONS
from tests.server.fixtures import Signed, sign_in


def _tournament(director: Signed, game: str) -> int:
    made: Any = director.post(
        "/api/v1/td/tournaments",
        {
            "name": f"Phone {game}",
            "country": "France",
            "start_date": "2026-11-21",
            "rounds": 3,
            "game": game,
            "system": "swiss" if game == "othello" else "mcmahon",
        },
    )
    assert made.status_code in (200, 201), made.text
    tid = int(made.json()["id"])
    shown: Any = director.post(f"/api/v1/td/tournaments/{tid}/live", {"public": True})
    assert shown.status_code == 200, shown.text
    return tid


GAMES = {
    "othello": [
        {"name": f"{n}, Anne", "country": "France", "email": f"{n.lower()}@example.org"}
        for n in ("ALPHA", "BRAVO", "CHARLIE", "DELTA")
    ],
    "go": [
        {"name": f"{n}, Ken", "rank": r, "country": "JP", "email": f"{n.lower()}@example.org"}
        for n, r in (("AOKI", "3k"), ("BABA", "1d"), ("CHIBA", "5k"), ("DATE", "2k"))
    ],
}


@pytest.mark.parametrize("game", ["othello", "go"])
def test_register_accept_report_through_the_api(app_client: TestClient, game: str) -> None:
    director = sign_in(app_client, "director")
    tid = _tournament(director, game)
    app_client.cookies.clear()
    closed = app_client.post(f"/api/v1/live/{tid}/registrations", json=GAMES[game][0])
    assert closed.status_code == 409
    director = sign_in(app_client, "director")
    opened: Any = director.post(f"/api/v1/td/tournaments/{tid}/registration", {"open": True})
    assert opened.json()["open"] is True
    app_client.cookies.clear()
    for sent in GAMES[game]:
        answer = app_client.post(f"/api/v1/live/{tid}/registrations", json=sent)
        assert answer.status_code == 201, answer.text
        assert answer.json()["status"] == "pending"
    bad = app_client.post(f"/api/v1/live/{tid}/registrations", json={"name": "x", "email": "y"})
    assert bad.status_code == 400
    huge = app_client.post(
        f"/api/v1/live/{tid}/registrations", json={"name": "X" * 500, "email": "a@b.org"}
    )
    assert huge.status_code in (400, 422)

    director = sign_in(app_client, "director")
    pending: Any = app_client.get(f"/api/v1/td/tournaments/{tid}/registrations")
    rows = pending.json()
    assert [r["status"] for r in rows] == ["pending"] * 4
    for row in rows:
        done: Any = director.post(
            f"/api/v1/td/tournaments/{tid}/registrations/{row['id']}",
            {"decision": "accept", "choice": "new"},
        )
        assert done.status_code == 200, done.text
    codes = {
        c["player"]: c["code"] for c in app_client.get(f"/api/v1/td/tournaments/{tid}/codes").json()
    }
    assert len(codes) == 4
    paired: Any = director.post(f"/api/v1/td/tournaments/{tid}/rounds")
    assert paired.status_code in (200, 201), paired.text
    round_one = app_client.get(f"/api/v1/live/{tid}/rounds/1").json()
    app_client.cookies.clear()

    first, second = round_one["tables"]
    one, two = int(first["black"]["id"]), int(first["white"]["id"])
    score = "40-24" if game == "othello" else "1-0"
    other = "24-40" if game == "othello" else "0-1"
    url = f"/api/v1/live/{tid}/results"
    body = {"round": 1, "table": 1, "score": score}
    assert app_client.post(url, json={**body, "code": codes[one]}).status_code == 202
    # a code tried on another table
    stranger = int(second["black"]["id"])
    assert app_client.post(url, json={**body, "code": codes[stranger]}).status_code == 403
    assert app_client.post(url, json={**body, "code": "AAAAA-AAAAA"}).status_code == 403
    stored = app_client.post(url, json={**body, "code": codes[two]})
    assert stored.status_code == 201 and stored.json()["status"] == "stored"
    again = app_client.post(url, json={**body, "code": codes[two]})
    assert again.status_code == 409
    # the other pair disagrees: 409 with both versions
    three, four = int(second["black"]["id"]), int(second["white"]["id"])
    body2 = {"round": 1, "table": 2}
    assert (
        app_client.post(url, json={**body2, "score": score, "code": codes[three]}).status_code
        == 202
    )
    differ = app_client.post(url, json={**body2, "score": other, "code": codes[four]})
    assert differ.status_code == 409
    assert sorted(v["score"] for v in differ.json()["reports"]) == sorted([score, other])
    live = app_client.get(f"/api/v1/live/{tid}/rounds/1").json()
    assert [t["result"] for t in live["tables"]] == [score, ""]

    # the player's page: the code once, then the cookie; the table and opponent shown
    page = app_client.post(f"/live/{tid}/me", data={"code": codes[three]}, follow_redirects=True)
    assert page.status_code == 200
    assert "me-table" in page.text and first["black"]["name"] not in page.text.split("me-games")[0]
    etag = page.headers["etag"]
    assert app_client.get(f"/live/{tid}/me", headers={"If-None-Match": etag}).status_code == 304
    director = sign_in(app_client, "director")
    td = app_client.get(f"/td/{tid}/players")
    assert td.status_code == 200 and "they differ" in td.text
    welcome = app_client.get(f"/td/{tid}/print/welcome").text
    assert codes[three] in welcome and welcome.count("<svg") == 4
    assert f"/td/{tid}/players" in app_client.get(f"/td/{tid}").text
    app_client.cookies.clear()
    live = app_client.get(f"/live/{tid}").text
    assert "Results still missing, round 1: tables 2" in live
    projector = app_client.get(f"/live/{tid}/projector").text
    assert "Results still missing, round 1: tables 2" in projector
    assert codes[three] not in app_client.get(f"/live/{tid}/print/names").text


def test_check_in_by_code_and_the_manifest(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    tid = _tournament(director, "othello")
    director.post(f"/api/v1/td/tournaments/{tid}/registration", {"open": True})
    app_client.cookies.clear()
    app_client.post(f"/api/v1/live/{tid}/registrations", json=GAMES["othello"][0])
    director = sign_in(app_client, "director")
    rid = app_client.get(f"/api/v1/td/tournaments/{tid}/registrations").json()[0]["id"]
    director.post(
        f"/api/v1/td/tournaments/{tid}/registrations/{rid}", {"decision": "accept", "choice": "new"}
    )
    code = app_client.get(f"/api/v1/td/tournaments/{tid}/codes").json()[0]["code"]
    app_client.cookies.clear()
    assert (
        app_client.post(f"/api/v1/live/{tid}/checkin", json={"code": "AAAAA-AAAAA"}).status_code
        == 403
    )
    done = app_client.post(f"/api/v1/live/{tid}/checkin", json={"code": code})
    assert done.status_code == 200 and done.json()["player"] == "ALPHA, Anne"
    manifest = app_client.get(f"/live/{tid}/manifest.webmanifest")
    assert manifest.json()["start_url"] == f"/live/{tid}/me"
    form = app_client.get(f"/live/{tid}/register")
    assert form.status_code == 200 and "ALPHA, Anne" in form.text


def test_reports_are_throttled_per_code(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    tid = _tournament(director, "othello")
    app_client.cookies.clear()
    statuses = [
        app_client.post(
            f"/api/v1/live/{tid}/results",
            json={"round": 1, "table": 1, "score": "40-24", "code": "BBBBB-BBBBB"},
        ).status_code
        for _ in range(BY_CODE.count + 1)
    ]
    assert statuses[:-1] == [403] * BY_CODE.count and statuses[-1] == 429


def test_registrations_are_throttled_per_address(app_client: TestClient) -> None:
    director = sign_in(app_client, "director")
    tid = _tournament(director, "othello")
    director.post(f"/api/v1/td/tournaments/{tid}/registration", {"open": True})
    app_client.cookies.clear()
    sent = {"name": "ALPHA, Anne", "country": "France", "email": "a@example.org"}
    statuses = [
        app_client.post(f"/api/v1/live/{tid}/registrations", json=sent).status_code
        for _ in range(REGISTRATIONS.count + 1)
    ]
    assert statuses[:-1] == [201] * REGISTRATIONS.count and statuses[-1] == 429
