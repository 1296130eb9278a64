"""The rating officer's publication desk: lists computed and published, the dry run (diff
against the last published list), publishing one list or a range, unpublishing; pages and
API, for the rating officer only."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from tests.published import store_ratings
from tests.server.fixtures import PLAYER_IDS, sign_in

ANDERSEN, BERG, COSTA, DUBOIS = PLAYER_IDS[1:5]


@pytest.fixture()
def lists(server_url: str) -> dict[str, int]:
    """January published; February and March computed, not published (ids by month)."""
    store_ratings(server_url, "2026-01-31", {ANDERSEN: 1500, BERG: 1600, COSTA: 1700})
    # February: ANDERSEN +40, BERG -10, COSTA left the list, DUBOIS is new
    feb = {ANDERSEN: 1540, BERG: 1590, DUBOIS: 1650}
    store_ratings(server_url, "2026-02-28", feb, publish=False)
    store_ratings(server_url, "2026-03-31", {ANDERSEN: 1550, BERG: 1580, DUBOIS: 1660}, False)
    return {"2026-01": 1, "2026-02": 2, "2026-03": 3}


def _ids(page: str, table: str) -> list[int]:
    body = page.split(f'id="{table}"', 1)[1].split("</table>", 1)[0]
    return [int(n) for n in re.findall(r"<tr><td>(\d+)", body)]


def test_only_the_rating_officer_sees_the_desk(
    app_client: TestClient, lists: dict[str, int]
) -> None:
    assert app_client.get("/publishing", follow_redirects=False).status_code == 303  # sign in
    director = sign_in(TestClient(app_client.app), "director")
    assert director.client.get("/publishing").status_code == 403
    assert director.post("/api/v1/publishing/2").status_code == 403
    officer = sign_in(TestClient(app_client.app), "officer")
    page = officer.client.get("/publishing")
    assert page.status_code == 200
    assert _ids(page.text, "unpublished") == [3, 2] and _ids(page.text, "published") == [1]


def test_publish_shows_the_diff_first_then_publishes(
    app_client: TestClient, lists: dict[str, int]
) -> None:
    officer = sign_in(TestClient(app_client.app), "officer")
    dry = officer.client.get("/publishing/2")
    assert dry.status_code == 200 and "Against the list of 2026-01-31" in dry.text
    movers = dry.text.split('id="movers"', 1)[1].split("</table>", 1)[0]
    assert movers.index("ANDERSEN") < movers.index("BERG")  # +40 before -10
    assert "+40" in movers and "−10" in movers  # the minus sign
    assert "COSTA" in dry.text.split('id="dropped"', 1)[1].split("</table>", 1)[0]
    assert "DUBOIS" in dry.text.split('id="newcomers"', 1)[1].split("</table>", 1)[0]
    assert _ids(officer.client.get("/publishing").text, "published") == [1]  # dry run only
    with TestClient(app_client.app) as anonymous:
        assert anonymous.get("/diff").status_code == 404  # one list published
        done = officer.client.post(
            "/publishing/2", data={"csrf_token": officer.csrf, "confirm": "yes"}
        )
        assert done.status_code == 200 and _ids(done.text, "published") == [2, 1]
        diff = anonymous.get("/diff")
        assert diff.status_code == 200 and "2026-02-28" in diff.text


def test_a_range_is_published_in_one_action_and_unpublished(
    app_client: TestClient, lists: dict[str, int]
) -> None:
    officer = sign_in(TestClient(app_client.app), "officer")
    dry = officer.client.get("/publishing/range?first=2026-01&last=2026-04&every=month")
    assert dry.status_code == 200
    summary = dry.text.split('id="range-summary">', 1)[1].split("</p>", 1)[0]
    # January, February, March are stored (January published); April is missing
    assert summary.startswith("3 stored lists in the range (2 not published yet); 1 month ")
    assert "The newest list of the range: 2026-03-31" in dry.text
    done = officer.client.post(
        "/publishing/range",
        data={"csrf_token": officer.csrf, "first": "2026-01", "last": "2026-04", "every": "month"},
    )
    assert _ids(done.text, "published") == [3, 2, 1] and 'id="unpublished"' not in done.text
    api = officer.client.post(
        "/api/v1/publishing/range",
        json={"first": "2026-02", "last": "2026-03", "published": False},
        headers={"X-CSRF-Token": officer.csrf},
    )
    assert api.status_code == 200
    assert [(c["list"], c["published"], c["changed"]) for c in api.json()["changes"]] == [
        (2, False, True),
        (3, False, True),
    ]


def test_unpublish_asks_first(app_client: TestClient, lists: dict[str, int]) -> None:
    officer = sign_in(TestClient(app_client.app), "officer")
    ask = officer.client.get("/publishing/1/unpublish")
    assert "Withdraw the list of 2026-01-31 from the site?" in ask.text
    not_yet = officer.client.post("/publishing/1/unpublish", data={"csrf_token": officer.csrf})
    assert _ids(officer.client.get("/publishing").text, "published") == [1]
    assert not_yet.url.path == "/publishing/1/unpublish"
    done = officer.client.post(
        "/publishing/1/unpublish", data={"csrf_token": officer.csrf, "confirm": "yes"}
    )
    assert _ids(done.text, "unpublished") == [3, 2, 1] and 'id="published"' not in done.text


def test_the_api_dry_run_counts_every_group(app_client: TestClient, lists: dict[str, int]) -> None:
    officer = sign_in(TestClient(app_client.app), "officer")
    board = officer.client.get("/api/v1/publishing").json()
    assert [d["id"] for d in board["unpublished"]] == [3, 2]
    assert [d["id"] for d in board["published"]] == [1]
    span = officer.client.get("/api/v1/publishing/range?first=2026-02&last=2026-04").json()
    assert [d["id"] for d in span["lists"]] == [2, 3] and span["missing"] == ["2026-04-30"]
    found = officer.client.get("/api/v1/publishing/2").json()
    counts = {g["name"]: g["count"] for g in found["diff"]["groups"]}
    assert (counts["movers"], counts["newcomers"], counts["dropped"]) == (2, 1, 1)
    assert found["previous"]["id"] == 1
    changed = officer.post("/api/v1/publishing/2")
    assert changed.status_code == 200 and changed.json()["changed"] is True
    again = officer.post("/api/v1/publishing/2")
    assert again.json()["changed"] is False  # a second publication changes nothing
    gone = officer.client.delete("/api/v1/publishing/2", headers={"X-CSRF-Token": officer.csrf})
    assert gone.json()["published"] is False
