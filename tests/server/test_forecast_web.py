"""Forecasts on the web (issue 22 item 11): the live page, the director's forecast page and
the JSON API show the same figures, updated after every result; after the tournament, how
well the game forecasts did."""

from __future__ import annotations

import html
import re
from typing import Any

from fastapi.testclient import TestClient

from ratinglist.model.forecast import log_loss
from tests.published import store_ratings
from tests.server.fixtures import PLAYER_IDS, Signed, sign_in

RATINGS = {pid: 1400.0 + 40 * k for k, pid in enumerate(PLAYER_IDS[:8])}


def _json(response: Any, status: int) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def _tournament(director: Signed, rounds: int) -> int:
    made = _json(
        director.post(
            "/api/v1/td/tournaments",
            {"name": "Forecast Open", "country": "France", "start_date": "2026-11-21",
             "rounds": rounds, "system": "swiss", "seed": 7},
        ),
        201,
    )  # fmt: skip
    tid = int(made["id"])
    body = {"players": [str(p) for p in PLAYER_IDS[:8]]}
    _json(director.post(f"/api/v1/td/tournaments/{tid}/players", body), 201)
    _json(director.post(f"/api/v1/td/tournaments/{tid}/live", {"public": True}), 200)
    return tid


def _play_round(director: Signed, client: TestClient, tid: int, number: int) -> None:
    _json(director.post(f"/api/v1/td/tournaments/{tid}/rounds"), 201)
    view = _json(client.get(f"/api/v1/td/tournaments/{tid}/rounds/{number}"), 200)
    for t in view["tables"]:
        black, white = t["black"]["id"], t["white"]["id"]
        score = "40-24" if black > white else "24-40"  # the higher ID (the higher rating) wins
        body = {"round": number, "table": t["table"], "black": black, "white": white,
                "score": score}  # fmt: skip
        _json(director.post(f"/api/v1/td/tournaments/{tid}/results", body), 201)


def _page_chances(text: str) -> dict[str, tuple[str, str]]:
    """Player name -> (first, top four) as the page shows them."""
    table = text.split('id="forecast-chances"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(
        r"<tr><td>(.*?) <small>[^<]*</small><td class=\"n\">([^<]*)<td class=\"n\">([^<\s]*)", table
    )
    return {html.unescape(name): (first, top) for name, first, top in rows}


def _percent(p: float) -> str:
    return "&lt;1%" if 0 < p < 0.005 else f"{100 * p:.0f}%"


def test_live_page_td_page_and_api_show_the_same_forecast(
    server_url: str, app_client: TestClient
) -> None:
    store_ratings(server_url, "2026-10-31", RATINGS)
    director = sign_in(app_client, "director")
    tid = _tournament(director, rounds=3)
    _play_round(director, app_client, tid, 1)
    api = _json(app_client.get(f"/api/v1/live/{tid}/forecast"), 200)
    assert api["runs"] == 150 and api["rounds_left"] == 2 and not api["finished"]
    assert abs(sum(p["first"] for p in api["players"]) - 1) < 1e-9
    assert abs(sum(p["top_four"] for p in api["players"]) - 4) < 1e-9
    # each game's expected score is the WOF model on the ratings as registered
    for g in api["games"]:
        diff = g["black_rating"] - g["white_rating"]
        assert abs(g["black_expected"] - 1 / (1 + 3 ** (-diff / 200))) < 1e-12
    anonymous = TestClient(app_client.app)
    page = anonymous.get(f"/live/{tid}")
    assert page.status_code == 200
    shown = _page_chances(page.text)
    assert shown == {
        p["player"]["name"]: (_percent(p["first"]), _percent(p["top_four"])) for p in api["players"]
    }
    td = app_client.get(f"/td/{tid}/forecast")
    assert td.status_code == 200 and _page_chances(td.text) == shown
    assert f'href="/td/{tid}/forecast"' in app_client.get(f"/td/{tid}").text
    assert anonymous.get(f"/td/{tid}/forecast", follow_redirects=False).status_code in (
        303,
        401,
    )
    # the same seed and runs give the same figures; another seed, its own
    again = _json(app_client.get(f"/api/v1/live/{tid}/forecast?runs=150&seed=7"), 200)
    assert again["players"] == api["players"]
    assert _json(app_client.get(f"/api/v1/live/{tid}/forecast?runs=30&seed=1"), 200)["runs"] == 30
    refused = app_client.get(f"/api/v1/live/{tid}/forecast?runs=0")
    assert refused.status_code == 400 and "runs" in refused.text

    # a result of round 2 moves the log: the forecast follows
    _json(director.post(f"/api/v1/td/tournaments/{tid}/rounds"), 201)
    view = _json(app_client.get(f"/api/v1/td/tournaments/{tid}/rounds/2"), 200)
    t = view["tables"][0]
    body = {"round": 2, "table": 1, "black": t["black"]["id"], "white": t["white"]["id"],
            "score": "64-0"}  # fmt: skip
    _json(director.post(f"/api/v1/td/tournaments/{tid}/results", body), 201)
    after = _json(app_client.get(f"/api/v1/live/{tid}/forecast"), 200)
    assert after["seq"] > api["seq"] and after["rounds_left"] == 1
    black = t["black"]["id"]
    assert [g["result"] for g in after["games"] if g["black"]["id"] == black] == ["64-0"]


def test_after_the_tournament_the_log_loss_of_the_game_forecasts(
    server_url: str, app_client: TestClient
) -> None:
    store_ratings(server_url, "2026-10-31", RATINGS)
    director = sign_in(app_client, "director")
    tid = _tournament(director, rounds=2)
    for number in (1, 2):
        _play_round(director, app_client, tid, number)
    _json(director.post(f"/api/v1/td/tournaments/{tid}/submit"), 201)
    api = _json(app_client.get(f"/api/v1/live/{tid}/forecast"), 200)
    assert api["finished"] and api["runs"] == 0 and len(api["played"]) == 8
    # recomputed by hand from the games as played: Black's expected score by the ratings,
    # Black's points by the result
    losses = []
    for g in api["played"]:
        p = 1 / (1 + 3 ** (-(g["black_rating"] - g["white_rating"]) / 200))
        black, white = (int(x) for x in g["result"].split("-"))
        losses.append(log_loss(p, 1.0 if black > white else 0.0))
    mean = sum(losses) / len(losses)
    assert abs(api["score"]["log_loss"] - mean) < 1e-12
    assert api["score"]["log_loss"] < api["score"]["coin_log_loss"]  # the favourites won
    page = TestClient(app_client.app).get(f"/live/{tid}").text
    assert 'id="forecast-score"' in page and f"{mean:.3f}" in page
