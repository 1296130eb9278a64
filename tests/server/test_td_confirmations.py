"""Issue 32, items 2 and 4 on the director's pages: a button that ends or skips something
asks first on its own page (no JavaScript needed) and names what it skips; no button offers
what the server would refuse; an unfinished submission needs its reason."""

from __future__ import annotations

import html as html_module
import re

from fastapi.testclient import TestClient

from tests.server.fixtures import PLAYER_IDS
from tests.server.test_td_pages import _csrf, _sign_in_form


def _made(client: TestClient, players: int, rounds: int) -> tuple[int, str]:
    """A Swiss tournament of `players` and `rounds` made through the pages, and a CSRF token."""
    home = client.get("/td")
    made = client.post(
        "/td/new",
        data={"csrf_token": _csrf(home.text), "name": "Ask Open", "country": "France",
              "start_date": "2026-11-21", "rounds": str(rounds), "system": "swiss"},
        follow_redirects=False,
    )  # fmt: skip
    tid = int(made.headers["location"].rsplit("/", 1)[1])
    csrf = _csrf(client.get(f"/td/{tid}").text)
    ids = "\n".join(str(p) for p in PLAYER_IDS[1 : players + 1])
    client.post(f"/td/{tid}/players", data={"csrf_token": csrf, "players": ids})
    return tid, csrf


def _round(client: TestClient, tid: int, csrf: str, number: int, tables: int) -> None:
    client.post(f"/td/{tid}/pair", data={"csrf_token": csrf})
    for table in range(1, tables + 1):
        client.post(
            f"/td/{tid}/result",
            data={"csrf_token": csrf, "round": str(number), "table": str(table), "score": "40-24"},
        )


def _text(html: str) -> str:
    return " ".join(html_module.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_the_finals_ask_first_and_name_the_rounds_they_skip(app_client: TestClient) -> None:
    _sign_in_form(app_client, "director")
    tid, csrf = _made(app_client, players=4, rounds=3)
    _round(app_client, tid, csrf, 1, 2)
    page = app_client.get(f"/td/{tid}").text
    assert 'id="start-finals"' in page and "Start the finals now (skips rounds 2-3)" in page
    # one tap (a POST without the confirmation) starts nothing: it leads to the question
    tapped = app_client.post(f"/td/{tid}/finals", data={"csrf_token": csrf})
    assert tapped.status_code == 200 and 'id="confirm-question"' in tapped.text
    question = _text(tapped.text)
    assert "Rounds 2 and 3 will not be played." in question
    assert "No further round can be paired." in question
    assert 'id="finals-entry"' not in app_client.get(f"/td/{tid}").text
    done = app_client.post(f"/td/{tid}/finals", data={"csrf_token": csrf, "confirm": "yes"})
    assert done.status_code == 200 and "finals started" in done.text
    assert 'id="pair"' not in done.text and 'id="start-finals"' not in done.text


def test_no_pairing_is_offered_past_the_planned_rounds(app_client: TestClient) -> None:
    _sign_in_form(app_client, "director")
    tid, csrf = _made(app_client, players=4, rounds=2)
    _round(app_client, tid, csrf, 1, 2)
    assert ">Pair round 2</button>" in app_client.get(f"/td/{tid}").text
    _round(app_client, tid, csrf, 2, 2)
    page = app_client.get(f"/td/{tid}").text
    assert "Pair round 3" not in page and 'id="pair"' not in page
    assert "All 2 rounds are paired." in page
    # the finals after every round skip nothing
    assert "Start the finals</button>" in page
    question = _text(app_client.get(f"/td/{tid}/finals").text)
    assert "will not be played" not in question and "Start the finals with " in question


def test_an_empty_tournament_offers_no_submission_and_is_refused(app_client: TestClient) -> None:
    _sign_in_form(app_client, "director")
    tid, csrf = _made(app_client, players=4, rounds=2)
    assert 'id="submit"' not in app_client.get(f"/td/{tid}").text
    asked = app_client.get(f"/td/{tid}/submit")
    assert asked.status_code == 400 and "an empty tournament is not sent" in asked.text
    assert 'id="confirm"' not in asked.text
    refused = app_client.post(f"/td/{tid}/submit", data={"csrf_token": csrf, "confirm": "yes"})
    # not allowed now (nothing to send yet): 409, as every refusal of the tournament's state
    assert refused.status_code == 409 and "expected at least one game with a result" in (
        refused.text
    )


def test_an_unfinished_submission_asks_for_its_reason(app_client: TestClient) -> None:
    _sign_in_form(app_client, "director")
    tid, csrf = _made(app_client, players=4, rounds=3)
    _round(app_client, tid, csrf, 1, 2)
    asked = app_client.get(f"/td/{tid}/submit")
    assert asked.status_code == 200
    shown = _text(asked.text)
    assert "'Ask Open' is unfinished." in shown
    assert "Rounds 2 and 3 of 3 were not played" in shown
    assert re.search(r'<textarea name="reason" id="confirm-reason" required', asked.text)
    tapped = app_client.post(f"/td/{tid}/submit", data={"csrf_token": csrf})
    assert 'id="confirm-question"' in tapped.text  # no confirmation: the question again
    refused = app_client.post(f"/td/{tid}/submit", data={"csrf_token": csrf, "confirm": "yes"})
    assert refused.status_code == 400
    assert "expected a reason to submit 'Ask Open'" in _text(refused.text)
    done = app_client.post(
        f"/td/{tid}/submit",
        data={"csrf_token": csrf, "confirm": "yes", "reason": "two players fell ill"},
    )
    assert done.status_code == 200 and "submitted" in done.text and "(queued)" in done.text
