"""Issue 37 item 4 on the web: the live forecast uses the federation's chosen system with
each player's deviation (a newcomer with the system's prior), names it on the page, and a
Go tournament's live page has its forecast (GoR, handicap and komi, newcomers uncertain)."""

from __future__ import annotations

import datetime as dt
import math
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from ratinglist.store import open_store
from ratinglist.store.system_lists import save_system_list
from ratinglist.web.app import create_app
from tests.published import store_ratings
from tests.server.fixtures import PLAYER_IDS, sign_in
from tests.server.test_forecast_web import RATINGS, _json, _play_round, _tournament
from tests.server.test_go_live import _go_tournament

WHR = {pid: (100.0 * k - 300.0, 60.0 + 10 * k) for k, pid in enumerate(PLAYER_IDS[:7])}
"""whr-bayes's list of 2026-10-31: ratings and deviations (WHR's Elo scale) of seven of
the eight entrants; the eighth is a newcomer."""


def whr_bayes(black: tuple[float, float], white: tuple[float, float]) -> float:
    """whr-bayes's prediction (docs/decisions.md, issue 23; MacKay 1992): the Elo curve
    ``1 / (1 + 10^(-d / 400))`` with the difference's variance averaged out, the log-odds
    divided by ``sqrt(1 + pi q^2 v / 8)``, ``q = ln 10 / 400``."""
    q = math.log(10) / 400
    d = black[0] - white[0]
    v = black[1] ** 2 + white[1] ** 2
    return 1 / (1 + math.exp(-q * d / math.sqrt(1 + math.pi * q**2 * v / 8)))


def _store_whr(url: str) -> None:
    with open_store(url) as store, store.begin() as conn:
        save_system_list(
            conn,
            system="whr-bayes",
            as_of=dt.date(2026, 10, 31),
            label=None,
            parameters={},
            game_count=100,
            entries=[(p, r, d, 20, dt.date(2026, 10, 1), None) for p, (r, d) in WHR.items()],
        )


def test_the_live_forecast_is_the_chosen_systems_with_each_deviation(
    server_url: str, app_client: TestClient
) -> None:
    store_ratings(server_url, "2026-10-31", RATINGS)
    _store_whr(server_url)
    director = sign_in(app_client, "director")
    tid = _tournament(director, rounds=3)
    _play_round(director, app_client, tid, 1)
    api: dict[str, Any] = _json(app_client.get(f"/api/v1/live/{tid}/forecast"), 200)
    assert (api["system"], api["system_list"], api["newcomers"]) == ("whr-bayes", "2026-10-31", 1)
    assert (api["newcomer_rating"], api["newcomer_deviation"]) == (-400.0, 550.0)
    newcomer = (-400.0, 550.0)  # whr-bayes's entry and entry deviation
    for g in api["games"] + api["played"]:
        black = WHR.get(g["black"]["id"], newcomer)
        white = WHR.get(g["white"]["id"], newcomer)
        assert abs(g["black_expected"] - whr_bayes(black, white)) < 1e-9
    page = TestClient(app_client.app).get(f"/live/{tid}").text
    assert 'id="forecast-model"' in page
    model = page.split('id="forecast-model"', 1)[1].split("</p>", 1)[0]
    assert "whr-bayes" in model and "2026-10-31" in model and "-400 ± 550" in model
    # a system that publishes no list is refused, naming those that do
    wof = _json(app_client.get(f"/api/v1/live/{tid}/forecast?system=nope"), 400)
    assert "whr-bayes" in str(wof)


def test_a_go_live_page_forecasts_with_the_gor(tmp_path: Path) -> None:
    db = _go_tournament(tmp_path)
    with TestClient(create_app(f"sqlite:///{db}")) as anonymous:
        api = _json(anonymous.get("/api/v1/live/1/forecast"), 200)
        assert api["system"] == "egf" and api["newcomer_rating"] is None
        # every player was entered by rank (no EGF rating): all newcomers, two grades wide
        assert api["newcomers"] == 7 and api["newcomer_deviation"] == 200.0
        assert len(api["games"]) == 3 and api["runs"] > 0
        assert abs(sum(p["first"] for p in api["players"]) - 1) < 1e-9
        tables = _json(anonymous.get("/api/v1/live/1/rounds/1"), 200)["tables"]
        (six,) = [t for t in tables if t["handicap"] == 6]
        assert (six["black_rank"], six["white_rank"]) == ("12k", "5k")
        (g,) = [g for g in api["games"] if g["black"]["id"] == six["black"]["id"]]
        # by hand: 12k = 900, 5k = 1600 (1d = 2100, 100 a grade); six stones with komi 0.5
        # raise Black by 100 (6 - 0.5) = 550; the GoR's log-odds beta(1450) - beta(1600),
        # beta(R) = -7 ln(3300 - R), divided by sqrt(1 + pi v / 8), v the two ranks'
        # variances (200 points each) times beta'(R)^2 = (7 / (3300 - R))^2 where beta is read
        log_odds = -7 * math.log(3300 - 1450) + 7 * math.log(3300 - 1600)
        v = (7 * 200 / (3300 - 1450)) ** 2 + (7 * 200 / (3300 - 1600)) ** 2
        hand = 1 / (1 + math.exp(-log_odds / math.sqrt(1 + math.pi * v / 8)))
        assert abs(g["black_expected"] - hand) < 1e-9
        page = anonymous.get("/live/1").text
        model = page.split('id="forecast-model"', 1)[1].split("</p>", 1)[0]
        assert "egf" in model and "declared rank" in model
