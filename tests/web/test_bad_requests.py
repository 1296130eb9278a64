"""Every route with bad parameters answers 4xx (one HTML page, one JSON shape), never 500."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

BAD_PAGES = [
    "/?date=2026-13-45",
    "/?date=1999-01-01",
    "/?date=yesterday",
    "/?ct=Atlantis",
    "/players/99999999",
    "/players/-5",
    "/players/abc",
    "/players/99999999/chart.svg",
    "/players/50002/why?before=999&after=1",
    "/tournaments?page=-1",
    "/tournaments?page=0",
    "/tournaments?sort=rating",
    "/tournaments?order=up",
    "/tournaments/424242",
    "/tournaments/-1",
    "/tournaments/424242/file",
    "/diff?from=2026-99-01",
    "/diff?from=1990-01-01",
    "/downloads/lists/2026-02-30.csv",
    "/downloads/lists/1990-01-01.csv",
    "/downloads/results-1850.zip",
    "/downloads/results-1999.zip",
    "/search?q=" + "x" * 500,
    "/no/such/page",
]

BAD_API = [
    "/api/v1/lists/2026-13-01/entries",
    "/api/v1/lists/1990-01-01/entries",
    "/api/v1/lists/latest/entries?limit=100000000",
    "/api/v1/lists/latest/entries?limit=0",
    "/api/v1/lists/latest/entries?offset=-3",
    "/api/v1/lists/latest/entries?continent=Mars",
    "/api/v1/players?q=",
    "/api/v1/players/99999999",
    "/api/v1/players/-1/history",
    "/api/v1/players/99999999/games",
    "/api/v1/players/50002/explain?before=12345",
    "/api/v1/tournaments?limit=5000000",
    "/api/v1/tournaments?offset=-1",
    "/api/v1/tournaments?sort=size",
    "/api/v1/tournaments/999999/games",
    "/api/v1/diff?from=2026-02-31",
    "/api/v1/diff?to=1980-01-01",
    "/api/v1/nothing",
]


@pytest.mark.parametrize("url", BAD_PAGES)
def test_bad_page_request_is_a_4xx_html_page(client: TestClient, url: str) -> None:
    answer = client.get(url)
    assert 400 <= answer.status_code < 500, (url, answer.status_code)
    assert answer.headers["content-type"].startswith("text/html")
    assert '<section class="error">' in answer.text


@pytest.mark.parametrize("url", BAD_API)
def test_bad_api_request_is_a_4xx_json_error(client: TestClient, url: str) -> None:
    answer = client.get(url)
    assert 400 <= answer.status_code < 500, (url, answer.status_code)
    error = answer.json()["error"]
    assert error["status"] == answer.status_code
    assert set(error) == {"status", "code", "message"} and error["message"]


def test_check_refuses_a_huge_file(client: TestClient) -> None:
    answer = client.post("/check", data={"text": "x" * (3 * 1024 * 1024)})
    assert 400 <= answer.status_code < 500
