"""The forecast in a browser on a 390 px phone: the live page shows each game's expected
score and each player's chances without scrolling sideways, and redraws them by itself
after a result; the director's forecast page shows the same chances."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest

from tests.published import store_ratings
from tests.server.fixtures import PASSWORD, PLAYER_IDS, browser_sign_in, seed_server
from tests.web.test_browser import serving

PHONE = {"width": 390, "height": 844}


@contextmanager
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('forecast') / 'server.db'}"
    seed_server(url)
    store_ratings(url, "2026-10-31", {p: 1500.0 + 25 * k for k, p in enumerate(PLAYER_IDS)})
    with serving(url) as base:
        yield base


def _api(base: str) -> tuple[httpx.Client, dict[str, str]]:
    client = httpx.Client(base_url=base, timeout=60)
    signed = client.post("/api/v1/login", json={"username": "director", "password": PASSWORD})
    assert signed.status_code == 200, signed.text
    return client, {"X-CSRF-Token": signed.json()["csrf"]}


def _ok(response: httpx.Response) -> Any:
    assert response.status_code in (200, 201), response.text
    return response.json()


def forecast_on_a_phone_updates_after_a_result(served: str, browser: Any) -> None:
    from playwright.sync_api import expect

    client, csrf = _api(served)
    made = _ok(
        client.post(
            "/api/v1/td/tournaments",
            json={"name": "Phone Forecast Open", "country": "France",
                  "start_date": "2026-11-21", "rounds": 5, "system": "swiss", "seed": 3},
            headers=csrf,
        )
    )  # fmt: skip
    tid = made["id"]
    players = {"players": [str(p) for p in PLAYER_IDS]}
    _ok(client.post(f"/api/v1/td/tournaments/{tid}/players", json=players, headers=csrf))
    _ok(client.post(f"/api/v1/td/tournaments/{tid}/live", json={"public": True}, headers=csrf))
    _ok(client.post(f"/api/v1/td/tournaments/{tid}/rounds", headers=csrf))
    tables = _ok(client.get(f"/api/v1/td/tournaments/{tid}/rounds/1"))["tables"]
    for t in tables[1:]:
        body = {"round": 1, "table": t["table"], "black": t["black"]["id"],
                "white": t["white"]["id"], "score": "40-24"}  # fmt: skip
        _ok(client.post(f"/api/v1/td/tournaments/{tid}/results", json=body, headers=csrf))

    phone = browser.new_context(viewport=PHONE, is_mobile=True)
    page = phone.new_page()
    page.goto(f"{served}/live/{tid}")
    expect(page.locator("#forecast-chances tbody tr")).to_have_count(16)
    expect(page.locator("#forecast-games tbody tr")).to_have_count(8)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    api = _ok(client.get(f"/api/v1/live/{tid}/forecast"))
    favourite = api["players"][0]
    first_row = page.locator("#forecast-chances tbody tr").first
    expect(first_row).to_contain_text(favourite["player"]["name"].split(",")[0])

    # the last result of round 1: the live page redraws its forecast by itself
    last = tables[0]
    body = {"round": 1, "table": last["table"], "black": last["black"]["id"],
            "white": last["white"]["id"], "score": "20-44"}  # fmt: skip
    _ok(client.post(f"/api/v1/td/tournaments/{tid}/results", json=body, headers=csrf))
    expect(page.locator("#forecast-games")).to_contain_text("20-44")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    director = phone.new_page()
    browser_sign_in(director, served, "director")
    director.goto(f"{served}/td/{tid}")
    with director.expect_navigation():
        director.click(f"a[href='/td/{tid}/forecast']")
    expect(director.locator("#forecast-chances tbody tr")).to_have_count(16)
    assert director.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.close()
