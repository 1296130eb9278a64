"""Issue 19 in a browser: a director on a desktop and an assistant on a phone.

A late entry during round 1 and a correction of every round-1 result while the phone holds
round 2 leave every table number as the pages showed it; the phone's result, typed on its
stale page with two disc fields, is stored on the game it showed. The director's undo names
what it cancels, and, drawn before the assistant's newer result, undoes nothing of it.
"""

from __future__ import annotations

import re
from typing import Any

from tests.server.fixtures import PLAYER_IDS, browser_sign_in
from tests.web.test_browser import shot


def _api(page: Any, base: str, path: str, body: object | None = None) -> Any:
    csrf = page.locator("input[name=csrf_token]").first.get_attribute("value")
    response = page.request.post(f"{base}{path}", data=body, headers={"X-CSRF-Token": csrf})
    assert response.ok, response.text()
    return response.json()


def _games(page: Any) -> dict[int, tuple[str, str]]:
    """The games of the round on the page: table -> (Black's ID, White's ID)."""
    out = {}
    for row in page.locator("#round-entry tbody tr").all():
        table = int(row.get_attribute("id").split("-")[1])
        black = row.locator("input[name=black]").get_attribute("value")
        white = row.locator("input[name=white]").get_attribute("value")
        out[table] = (black, white)
    return out


def _click(page: Any, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)


def a_phone_on_a_stale_round_and_the_directors_undo(served: str, browser: Any) -> None:
    desk = browser.new_context(viewport={"width": 1280, "height": 900})
    phone_context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    d, p = desk.new_page(), phone_context.new_page()
    browser_sign_in(d, served, "director")
    made = _api(d, served, "/api/v1/td/tournaments",
                {"name": "Phone Open", "country": "France", "start_date": "2026-11-21",
                 "rounds": 3, "system": "swiss", "seed": 7})  # fmt: skip
    tid = made["id"]
    api = f"/api/v1/td/tournaments/{tid}"
    _api(d, served, f"{api}/players", {"players": [str(x) for x in PLAYER_IDS[:14]]})
    _api(d, served, f"{api}/assistants", {"user": "assistant"})
    _api(d, served, f"{api}/rounds")
    d.goto(f"{served}/td/{tid}")
    round_1 = _games(d)
    # two late entries through the registration form while round 1 is played
    d.fill("#players", f"{PLAYER_IDS[14]}\n{PLAYER_IDS[15]}")
    _click(d, "#register button[type=submit]")
    assert "16 players" in d.inner_text(".notice")
    assert _games(d) == round_1
    for table, (black, white) in round_1.items():
        body = {"round": 1, "table": table, "black": int(black), "white": int(white),
                "score": "40-24" if table % 2 else "24-40"}  # fmt: skip
        _api(d, served, f"{api}/results", body)
    d.goto(f"{served}/td/{tid}")
    _click(d, "#pair")
    # the phone draws round 2
    browser_sign_in(p, served, "assistant")
    p.goto(f"{served}/td/{tid}")
    held = _games(p)
    assert len(held) == 8
    # the director turns every result of round 1 around
    for table, (black, white) in round_1.items():
        body = {"round": 1, "black": int(black), "white": int(white),
                "score": "24-40" if table % 2 else "40-24"}  # fmt: skip
        _api(d, served, f"{api}/corrections", body)
    d.goto(f"{served}/td/{tid}")
    assert _games(d) == held
    # the phone enters table 4 on its stale page, with two disc fields: the game it showed
    names = p.locator("#table-4 td").all_inner_texts()
    black_name = re.sub(r"\s+\S+$", "", names[1]).strip()
    white_name = re.sub(r"\s+\S+$", "", names[2]).strip()
    p.fill("#table-4 input[name=black_discs]", "50")
    p.fill("#table-4 input[name=white_discs]", "14")
    _click(p, "#table-4 button[type=submit]")
    assert p.locator(".conflict").count() == 0
    assert f"table 4: {black_name} 50-14 {white_name} entered" in p.inner_text(".notice")
    assert p.inner_text("#table-4 strong.entered") == "50-14"
    shot(p, "td-phone-stale-round.png")

    # the director enters table 1; the page's undo button names that result
    d.goto(f"{served}/td/{tid}")
    d.fill("#table-1 input[name=black_discs]", "40")
    d.fill("#table-1 input[name=white_discs]", "24")
    _click(d, "#table-1 button[type=submit]")
    assert re.search(
        r"Undo: result 40-24 of round 2, .* entered by director", d.inner_text("#undo")
    )
    # the phone enters table 2 meanwhile; the director's undo, drawn before, is refused
    p.fill("#table-2 input[name=black_discs]", "33")
    p.fill("#table-2 input[name=white_discs]", "31")
    _click(p, "#table-2 button[type=submit]")
    _click(d, "#undo")
    assert d.locator("#confirm").count() == 0
    assert "entered by assistant" in d.inner_text("#confirm-question")
    _click(d, "#cancel")
    assert d.inner_text("#table-2 strong.entered") == "33-31"
    assert d.inner_text("#table-1 strong.entered") == "40-24"
    # drawn again, the button names the assistant's result; cancelling undoes nothing
    assert "33-31" in d.inner_text("#undo") and "entered by assistant" in d.inner_text("#undo")
    _click(d, "#undo")
    assert "Undo: result 33-31 of round 2" in d.inner_text("#confirm-question")
    _click(d, "#cancel")
    assert d.inner_text("#table-2 strong.entered") == "33-31"
    for context in (desk, phone_context):
        context.close()
