"""A tournament's life on the director's pages and the API: shown on /live only when flagged,
read-only after submission with the submission's state and the officer's message, reopened
from the web (the officer's consent once accepted), a draft deleted, assistants revoked."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.server.fixtures import PLAYER_IDS, sign_in
from tests.server.test_td_pages import _csrf, _sign_in_form


def _made(client: TestClient, players: int = 2) -> int:
    """A 1-round Swiss tournament of `players` created and filled through the pages."""
    home = client.get("/td")
    made = client.post(
        "/td/new",
        data={"csrf_token": _csrf(home.text), "name": "Life Open", "country": "France",
              "start_date": "2026-11-21", "rounds": "1", "system": "swiss"},
        follow_redirects=False,
    )  # fmt: skip
    tid = int(made.headers["location"].rsplit("/", 1)[1])
    csrf = _csrf(client.get(f"/td/{tid}").text)
    ids = "\n".join(str(p) for p in PLAYER_IDS[1 : players + 1])
    client.post(f"/td/{tid}/players", data={"csrf_token": csrf, "players": ids})
    return tid


def _submitted(client: TestClient) -> int:
    tid = _made(client)
    csrf = _csrf(client.get(f"/td/{tid}").text)
    client.post(f"/td/{tid}/pair", data={"csrf_token": csrf})
    client.post(
        f"/td/{tid}/result", data={"csrf_token": csrf, "round": "1", "table": "1", "score": "40-24"}
    )
    done = client.post(f"/td/{tid}/submit", data={"csrf_token": csrf, "confirm": "yes"})
    assert done.status_code == 200 and "submitted" in done.text
    return tid


def test_an_unflagged_tournament_is_absent_from_public_live(app_client: TestClient) -> None:
    _sign_in_form(app_client, "director")
    tid = _made(app_client)
    page = app_client.get(f"/td/{tid}")
    assert "Hidden from the public /live pages" in page.text
    assert app_client.get(f"/live/{tid}").status_code == 200  # its director previews it
    with TestClient(app_client.app) as anonymous:
        assert f'href="/live/{tid}"' not in anonymous.get("/live").text
        for path in (f"/live/{tid}", f"/live/{tid}/projector", f"/api/v1/live/{tid}",
                     f"/api/v1/live/{tid}/seq", f"/api/v1/live/{tid}/standings"):  # fmt: skip
            assert anonymous.get(path).status_code == 404, path
        assert tid not in [o["id"] for o in anonymous.get("/api/v1/live").json()]
        shown = app_client.post(
            f"/td/{tid}/live",
            data={"csrf_token": _csrf(page.text), "public": "yes", "based_on": "3"},
        )
        assert shown.status_code == 200 and "shown on /live" in shown.text
        assert f'href="/live/{tid}"' in anonymous.get("/live").text
        assert anonymous.get(f"/live/{tid}").status_code == 200
        assert tid in [o["id"] for o in anonymous.get("/api/v1/live").json()]


def test_the_header_shows_the_system_in_words(app_client: TestClient) -> None:
    _sign_in_form(app_client, "director")
    tid = _made(app_client)
    page = app_client.get(f"/td/{tid}").text
    assert "Swiss, 1 rounds" in page and "table by player count" not in page


def test_after_submission_the_page_is_read_only_and_shows_the_state(
    app_client: TestClient,
) -> None:
    _sign_in_form(app_client, "director")
    tid = _submitted(app_client)
    page = app_client.get(f"/td/{tid}")
    assert 'id="read-only"' in page.text and "waiting for the rating officer" in page.text
    assert "result-form" not in page.text and 'id="pair"' not in page.text
    assert 'id="register"' not in page.text
    refused = app_client.post(
        f"/td/{tid}/result",
        data={"csrf_token": _csrf(page.text), "round": "1", "table": "1", "score": "24-40",
              "correction": "true"},
    )  # fmt: skip
    assert refused.status_code == 409 and "read-only since its submission" in refused.text
    # the pages under the tournament's (rounds, setup, Go edits, settings) answer the same
    late = app_client.post(
        f"/td/{tid}/setup/end-date", data={"csrf_token": _csrf(page.text), "end": "2026-12-31"}
    )
    assert late.status_code == 409 and "read-only since its submission" in late.text
    api = sign_in(TestClient(app_client.app), "director")
    answer = api.client.post(
        f"/api/v1/td/tournaments/{tid}/rounds", headers={"X-CSRF-Token": api.csrf}
    )
    assert answer.status_code == 409 and "read-only" in answer.json()["error"]["message"]
    state = api.client.get(f"/api/v1/td/tournaments/{tid}/lifecycle").json()
    assert state["closed"] and state["may_reopen"] and state["submission"]["status"] == "queued"


def test_the_officers_rejection_and_the_reopening_from_the_web(app_client: TestClient) -> None:
    _sign_in_form(app_client, "director")
    tid = _submitted(app_client)
    officer = sign_in(TestClient(app_client.app), "officer")
    item = officer.client.get(f"/api/v1/td/tournaments/{tid}/lifecycle")
    assert item.status_code == 403  # the officer does not direct it
    queued = officer.client.get("/api/v1/intake").json()
    number = next(i["id"] for i in queued if i["td_tournament_id"] == tid)
    officer.post(f"/api/v1/intake/{number}/reject", {"message": "Round 1 table 1: 24-40"})
    page = app_client.get(f"/td/{tid}")
    assert "rejected by the rating officer" in page.text
    assert "Round 1 table 1: 24-40" in page.text
    reopened = app_client.post(
        f"/td/{tid}/reopen", data={"csrf_token": _csrf(page.text), "reason": "the slip"}
    )
    assert reopened.status_code == 200 and "reopened" in reopened.text
    assert "result-form" in reopened.text and 'id="read-only"' not in reopened.text


def test_once_accepted_the_officer_reopens_on_request(app_client: TestClient) -> None:
    _sign_in_form(app_client, "director")
    tid = _submitted(app_client)
    officer = sign_in(TestClient(app_client.app), "officer")
    queued = officer.client.get("/api/v1/intake").json()
    number = next(i["id"] for i in queued if i["td_tournament_id"] == tid)
    assert officer.post(f"/api/v1/intake/{number}/accept", {}).status_code == 200
    director = sign_in(TestClient(app_client.app), "director")
    refused = director.post(f"/api/v1/td/tournaments/{tid}/reopen", {"reason": "late"})
    assert refused.status_code == 403 and "consent" in refused.json()["error"]["message"]
    page = app_client.get(f"/td/{tid}")
    assert "accepted by the rating officer" in page.text and 'id="reopen-request"' in page.text
    asked = app_client.post(
        f"/td/{tid}/reopen-request", data={"csrf_token": _csrf(page.text), "reason": "typo"}
    )
    assert asked.status_code == 200 and 'id="reopen-asked"' in asked.text
    queue = officer.client.get("/intake").text
    assert 'id="reopen-requests"' in queue and f'href="/intake/{number}"' in queue
    item_page = officer.client.get(f"/intake/{number}")
    assert 'id="officer-reopen"' in item_page.text and "typo" in item_page.text
    done = officer.client.post(
        f"/intake/{number}/reopen",
        data={"csrf_token": officer.csrf, "reason": "typo"},
        follow_redirects=False,
    )
    assert done.status_code == 303
    assert "result-form" in app_client.get(f"/td/{tid}").text


def test_a_draft_is_deleted_after_confirmation(app_client: TestClient) -> None:
    _sign_in_form(app_client, "director")
    tid = _made(app_client)
    ask = app_client.get(f"/td/{tid}/delete")
    assert ask.status_code == 200 and "Delete this tournament for good?" in ask.text
    seq = re.search(r'name="based_on" value="(\d+)"', ask.text)
    assert seq is not None
    done = app_client.post(
        f"/td/{tid}/delete",
        data={"csrf_token": _csrf(ask.text), "based_on": seq.group(1), "confirm": "yes"},
    )
    assert done.status_code == 200 and "deleted Life Open" in done.text
    assert app_client.get(f"/td/{tid}").status_code in (403, 404)
    other = _submitted(app_client)
    api = sign_in(TestClient(app_client.app), "director")
    refused = api.client.delete(
        f"/api/v1/td/tournaments/{other}", headers={"X-CSRF-Token": api.csrf}
    )
    assert refused.status_code == 409 and "expected a draft" in refused.json()["error"]["message"]


def test_assistants_are_listed_and_revoked_on_the_page(app_client: TestClient) -> None:
    _sign_in_form(app_client, "director")
    tid = _made(app_client)
    csrf = _csrf(app_client.get(f"/td/{tid}").text)
    app_client.post(f"/td/{tid}/assistants", data={"csrf_token": csrf, "user": "assistant"})
    page = app_client.get(f"/td/{tid}").text
    assert 'class="assistant">assistant<' in page
    helper = sign_in(TestClient(app_client.app), "assistant")
    assert helper.client.get(f"/td/{tid}").status_code == 200
    done = app_client.post(
        f"/td/{tid}/assistants/revoke", data={"csrf_token": csrf, "user": "assistant"}
    )
    assert done.status_code == 200 and "assistant may no longer enter results" in done.text
    assert 'class="assistant"' not in done.text
    assert helper.client.get(f"/td/{tid}").status_code == 403
