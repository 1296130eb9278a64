"""Every message a user sees names players and tournaments, never internal numbers; a
director's own reopening is told as theirs, not as the rating officer's rejection."""

from __future__ import annotations

import html

from fastapi.testclient import TestClient

from ratinglist.web.app import create_app
from tests.server.fixtures import EVIL, PLAYER_IDS, SURNAMES, sign_in
from tests.server.test_td_lifecycle_pages import _csrf, _sign_in_form, _submitted
from tests.server.test_td_round_pages import _seq, _tables, _tournament

NAMES = {
    pid: f"{surname}, Test" for pid, surname in zip(PLAYER_IDS, (EVIL, *SURNAMES), strict=True)
}


def _notice(page: str) -> str:
    return page.split('class="notice"', 1)[1].split("</p>", 1)[0]


def test_swap_and_colours_messages_name_the_players(app_client: TestClient) -> None:
    where, csrf = _tournament(app_client, players=6)
    preview = app_client.get(f"{where}/preview")
    app_client.post(f"{where}/preview", data={"csrf_token": csrf, "based_on": _seq(preview.text)})
    page = app_client.get(f"{where}/rounds/1").text
    (a, _), (c, _), (black, white) = _tables(page)
    swapped = app_client.post(
        f"{where}/rounds/1/swap",
        data={"csrf_token": csrf, "first": a, "second": c, "based_on": _seq(page)},
    )
    said = _notice(swapped.text)
    assert f"round 1: {html.escape(NAMES[a])} and {html.escape(NAMES[c])} swapped" in said
    assert str(a) not in said and str(c) not in said
    page = app_client.get(f"{where}/rounds/1").text
    exchanged = app_client.post(
        f"{where}/rounds/1/colours",
        data={"csrf_token": csrf, "black": black, "white": white, "based_on": _seq(page)},
    )
    said = _notice(exchanged.text)
    assert html.escape(f"colours of {NAMES[black]} - {NAMES[white]} exchanged") in said
    assert str(black) not in said


def test_a_directors_own_reopening_is_not_the_officers_rejection(
    app_client: TestClient,
) -> None:
    _sign_in_form(app_client, "director")
    tid = _submitted(app_client)
    page = app_client.get(f"/td/{tid}")
    reopened = app_client.post(
        f"/td/{tid}/reopen", data={"csrf_token": _csrf(page.text), "reason": "the slip"}
    )
    assert "reopened: correct it, then submit it again" in reopened.text
    assert "(event" not in reopened.text
    state = reopened.text.split('id="submission-state"', 1)[1].split("</p>", 1)[0]
    assert "rejected by the rating officer" not in state
    assert "withdrawn from the queue: director reopened the tournament" in state
    assert '<q id="reopen-reason">the slip</q>' in state
    # the officer's own rejection still says so, with who decided
    officer = sign_in(TestClient(app_client.app), "officer")
    tid = _submitted(app_client)
    queued = officer.client.get("/api/v1/intake").json()
    number = next(i["id"] for i in queued if i["td_tournament_id"] == tid)
    officer.post(f"/api/v1/intake/{number}/reject", {"message": "Round 1 table 1: 24-40"})
    state = app_client.get(f"/td/{tid}").text.split('id="submission-state"', 1)[1]
    assert "rejected by the rating officer</strong> (officer)" in state.split("</p>", 1)[0]


def test_a_merge_says_whom_it_merged(app_client: TestClient, server_url: str) -> None:
    from tests.server.test_registry_pages import _officer_form

    csrf = _officer_form(app_client, server_url, "idfra9")
    kept, removed = PLAYER_IDS[8], PLAYER_IDS[9]
    merged = app_client.post(
        "/registry/merges", data={"csrf_token": csrf, "kept": kept, "removed": removed}
    )
    assert merged.status_code == 200
    said = f"{NAMES[removed]} ({removed}) merged into {NAMES[kept]} ({kept})"
    assert said in merged.text


def test_the_officers_intake_actions_say_what_was_done(app_client: TestClient) -> None:
    from tests.server.test_intake_web import NAME, PARIS
    from tests.server.test_intake_web import _csrf as csrf_of

    sign_in(app_client, "director")
    token = csrf_of(app_client.get("/intake/upload").text)
    sent = app_client.post(
        "/intake/upload",
        data={"csrf_token": token},
        files={"upload": (NAME, PARIS.encode("ascii"), "application/octet-stream")},
        follow_redirects=False,
    )
    page_url = sent.headers["location"]
    app_client.cookies.clear()
    sign_in(app_client, "officer")
    page = app_client.get(page_url)
    fixed = app_client.post(
        page_url + "/fix", data={"csrf_token": csrf_of(page.text), "old": "NEW1", "new_id": "on"}
    )
    said = fixed.text.split('id="flash">', 1)[1].split("</p>", 1)[0]
    assert said.startswith("MARTIN, Paul registered with the new ID ")
    assert said.endswith(f"in place of NEW1 in {NAME}.")
    accepted = app_client.post(page_url + "/accept", data={"csrf_token": csrf_of(fixed.text)})
    said = accepted.text.split('id="flash">', 1)[1].split("</p>", 1)[0]
    assert said.startswith(f"Accepted {NAME}: its tournament is imported")
    again = app_client.get(page_url)
    assert 'id="flash"' not in again.text  # shown once
    # the public ID history: dated from the tournament (%%Date 21/11/2026), no queue number
    new_id = fixed.text.split("registered with the new ID ", 1)[1].split(",", 1)[0]
    assert new_id.isdigit()
    with TestClient(create_app(app_client.app.state.url)) as c:
        history = c.get(f"/players/{new_id}").text.split("<h2>ID history</h2>", 1)[1]
    history = history.split("</ul>", 1)[0]
    assert f"2026-11-21: assigned {new_id} (new player of {NAME})" in history
