"""The director's pages and the live pages, through forms as a browser posts them."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.server.fixtures import EVIL, PASSWORD, PLAYER_IDS


def _sign_in_form(client: TestClient, user: str) -> None:
    form = client.get("/login?next=/td")
    token = re.search(r'name="csrf_token" value="([^"]+)"', form.text)
    assert token is not None
    done = client.post(
        "/login",
        data={"username": user, "password": PASSWORD, "csrf_token": token.group(1), "next": "/td"},
        follow_redirects=False,
    )
    assert done.status_code == 303 and done.headers["location"] == "/td"


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def _seq(page: str) -> int:
    found = re.search(r'name="based_on" value="(\d+)"', page)
    assert found is not None
    return int(found.group(1))


def test_a_tournament_run_through_the_pages(app_client: TestClient) -> None:
    _sign_in_form(app_client, "director")
    home = app_client.get("/td")
    assert home.status_code == 200 and "New tournament" in home.text
    made = app_client.post(
        "/td/new",
        data={"csrf_token": _csrf(home.text), "name": "Lyon Open", "country": "France",
              "start_date": "2026-11-21", "rounds": "2", "system": ""},
        follow_redirects=False,
    )  # fmt: skip
    assert made.status_code == 303
    where = made.headers["location"].split("?")[0]
    page = app_client.get(where)
    csrf = _csrf(page.text)
    lines = "\n".join(str(p) for p in PLAYER_IDS)
    app_client.post(f"{where}/players", data={"csrf_token": csrf, "players": lines})
    paired = app_client.post(f"{where}/pair", data={"csrf_token": csrf})
    assert paired.status_code == 200 and "round 1 paired: 8 tables" in paired.text
    seq = _seq(paired.text)
    entered = app_client.post(
        f"{where}/result",
        data={"csrf_token": csrf, "round": "1", "table": "1", "score": "40-24", "based_on": seq},
    )
    assert entered.status_code == 200 and "40-24" in entered.text
    # a second device on the same stale page enters another result for table 1: refused, 409
    stale = app_client.post(
        f"{where}/result",
        data={"csrf_token": csrf, "round": "1", "table": "1", "score": "20-44", "based_on": seq},
    )
    assert stale.status_code == 409
    assert "40-24" in stale.text
    # but a result at another table, based on the same stale page, is stored
    other = app_client.post(
        f"{where}/result",
        data={"csrf_token": csrf, "round": "1", "table": "2", "score": "33-31", "based_on": seq},
    )
    assert other.status_code == 200 and "33-31" in other.text
    # the XSS probe is shown as text on every page
    tid = where.rsplit("/", 1)[1]
    for path in (where, f"{where}/standings", f"/live/{tid}", f"/live/{tid}/projector",
                 f"/live/{tid}/projector?view=standings", "/live"):  # fmt: skip
        shown = app_client.get(path)
        assert shown.status_code == 200, path
        assert EVIL not in shown.text, path
    assert "&lt;img src=x onerror=alert(1)&gt;" in app_client.get(f"/live/{tid}").text


def test_live_pages_are_public_and_poll_the_event_number(app_client: TestClient) -> None:
    _sign_in_form(app_client, "director")
    home = app_client.get("/td")
    made = app_client.post(
        "/td/new",
        data={"csrf_token": _csrf(home.text), "name": "Open Live", "country": "France",
              "start_date": "2026-11-21", "rounds": "2"},
        follow_redirects=False,
    )  # fmt: skip
    tid = made.headers["location"].split("?")[0].rsplit("/", 1)[1]
    csrf = _csrf(app_client.get(f"/td/{tid}").text)
    app_client.post(f"/td/{tid}/live", data={"csrf_token": csrf, "public": "yes"})
    with TestClient(app_client.app) as anonymous:
        before = anonymous.get(f"/api/v1/live/{tid}/seq").json()["seq"]
        csrf = _csrf(app_client.get(f"/td/{tid}").text)
        app_client.post(f"/td/{tid}/players", data={"csrf_token": csrf, "players": "500002"})
        after = anonymous.get(f"/api/v1/live/{tid}/seq").json()["seq"]
        assert after == before + 1
        page = anonymous.get(f"/live/{tid}")
        assert page.status_code == 200 and "ANDERSEN" in page.text
        assert 'http-equiv="refresh"' in page.text
        assert anonymous.get(f"/td/{tid}", follow_redirects=False).status_code == 303
