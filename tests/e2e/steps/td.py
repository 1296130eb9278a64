"""The tournament server in a browser: a 16-player Swiss tournament with its finals, run by
a director and an assistant in two browser contexts entering results at the same time (each
on a page drawn before the other's entries), while a third, anonymous context watches the
live page update by itself. The exported .ELO file reads back with no error."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ratinglist.formats.diagnostics import Severity
from ratinglist.formats.elo import parse_elo
from tests.server.fixtures import EVIL, PLAYER_IDS, browser_sign_in
from tests.web.test_browser import shot

ROUNDS = 3


def _enter(page: Any, table: int, score: str) -> None:
    # issue 19: two disc fields (a phone's numeric keypad has no "-")
    black, white = score.split("-")
    page.fill(f"#table-{table} input[name=black_discs]", black)
    page.fill(f"#table-{table} input[name=white_discs]", white)
    with page.expect_navigation():
        page.click(f"#table-{table} button[type=submit]")
    assert page.locator(".conflict").count() == 0, page.inner_text(".conflict")
    assert f"table {table}:" in page.inner_text(".notice")


def _score(round_number: int, table: int) -> str:
    # varied results: black wins at odd tables, white at even ones, by varying margins
    margin = 2 * ((round_number + table) % 7) + 2
    black = 32 + margin // 2 if table % 2 else 32 - margin // 2
    return f"{black}-{64 - black}"


def two_directors_and_a_live_viewer(served: str, browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    director = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    assistant = browser.new_context(viewport={"width": 1280, "height": 900})
    viewer = browser.new_context(viewport={"width": 1280, "height": 900})
    d, a, v = director.new_page(), assistant.new_page(), viewer.new_page()
    browser_sign_in(d, served, "director")
    d.fill("#new-tournament input[name=name]", "Browser Open")
    d.fill("#new-tournament input[name=country]", "France")
    d.fill("#new-tournament input[name=start_date]", "2026-11-21")
    d.fill("#new-tournament input[name=rounds]", str(ROUNDS))
    d.select_option("#new-tournament select[name=system]", "swiss")
    with d.expect_navigation():
        d.click("#new-tournament button[type=submit]")
    tid = re.search(r"/td/(\d+)", d.url).group(1)  # type: ignore[union-attr]
    with d.expect_navigation():
        d.click("#show-live")  # hidden from the public /live pages until shown
    d.fill("#players", "\n".join(str(p) for p in PLAYER_IDS))
    with d.expect_navigation():
        d.click("#register button[type=submit]")
    expect(d.locator("#entrants tbody tr")).to_have_count(16)
    d.fill("input[name=user]", "assistant")
    with d.expect_navigation():
        d.click("text=Let them enter results")
    browser_sign_in(a, served, "assistant")

    v.goto(f"{served}/live/{tid}")
    expect(v.locator("#live-standings tbody tr")).to_have_count(16)
    expect(v.locator("#live-standings")).to_contain_text(EVIL)  # shown as text
    assert v.locator("#live-standings img").count() == 0
    before = v.inner_text("#live-standings")

    for k in range(1, ROUNDS + 1):
        with d.expect_navigation():
            d.click("#pair")
        a.goto(f"{served}/td/{tid}")  # d's page was drawn by the pairing, at the same event
        # both pages are now drawn at the same event; each enters half the tables in turn,
        # the other's page being stale every time
        for table in range(1, 9, 2):
            _enter(d, table, _score(k, table))
            _enter(a, table + 1, _score(k, table + 1))
        d.goto(f"{served}/td/{tid}")
        expect(d.locator("#round-entry strong.entered")).to_have_count(8)
        if k == 1:
            # the viewer's page changed by itself, without a reload
            v.wait_for_function(
                "before => document.querySelector('#live-standings').innerText !== before",
                arg=before,
            )
            shot(v, "td-live-after-round-1.png")
            v.goto("about:blank")  # the viewer looks again at the finals; no polling till then
    with d.expect_navigation():
        d.click("#start-finals")  # asks first, on its own page
    expect(d.locator("#confirm-question")).to_contain_text("Start the finals with ")
    with d.expect_navigation():
        d.click("#confirm button[type=submit]")
    for _ in range(10):
        open_games = d.locator("#finals-entry tbody tr:not(:has(strong.entered))")
        if open_games.count() == 0:
            break
        row = open_games.first
        row.locator("input[name=black_discs]").fill("40")
        row.locator("input[name=white_discs]").fill("24")
        with d.expect_navigation():
            row.locator("button[type=submit]").click()
    assert d.locator("#finals-entry tbody tr").count() >= 2
    assert d.locator("#finals-entry tbody tr:not(:has(strong.entered))").count() == 0
    shot(d, "td-phone-finals.png")
    v.goto(f"{served}/live/{tid}")
    expect(v.locator("#finals")).to_be_visible()
    shot(v, "td-live-finals.png")

    exported = d.request.get(f"{served}/api/v1/td/tournaments/{tid}/export")
    assert exported.ok
    text = exported.text()
    parsed = parse_elo(text, "export.ELO")
    errors = [x for x in parsed.diagnostics if x.severity is Severity.ERROR]
    assert errors == []
    finals_games = d.locator("#finals-entry tbody tr").count()
    assert len(parsed.games) == ROUNDS * 8 + finals_games
    for context in (director, assistant, viewer):
        context.close()
