"""Issue 31 in a browser: the search box of the Go registration. Typing part of a name shows
candidates of the stored FFG list with rank, club and licence; choosing one enters exactly
that player. The list is the one OpenGotha ships (PROVENANCE.md), whose line
``DUPUIS Jean  -9999 - 9725054 75Pa FR`` is unrated: GO.md b clamps it to -900, 30k. The site is
`tests.e2e.steps.go.served`, which stores that list."""

from __future__ import annotations

import re
from typing import Any

from ratinglist.store import open_store
from ratinglist.store.tournament_events import load_events
from ratinglist.tournament.fold import fold
from tests.server.fixtures import browser_sign_in


def _new_go(page: Any, base: str, name: str) -> int:
    """Sign the director in and create a Go tournament through the page; its number."""
    browser_sign_in(page, base, "director")
    form = "#new-tournament"
    page.fill(f"{form} input[name=name]", name)
    page.fill(f"{form} input[name=country]", "FR")
    page.fill(f"{form} input[name=start_date]", "2026-11-21")
    page.select_option(f"{form} select[name=game]", "go")
    page.fill(f"{form} input[name=rounds]", "3")
    with page.expect_navigation():
        page.press(f"{form} input[name=name]", "Enter")
    return int(re.search(r"/td/(\d+)", page.url).group(1))  # type: ignore[union-attr]


def typing_part_of_a_name_and_choosing_a_candidate_enters_exactly_that_player(
    served: tuple[str, str], browser: Any
) -> None:
    from playwright.sync_api import expect

    base, url = served
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    tid = _new_go(page, base, "Search Go Cup")

    page.select_option("#origin", "ffg")
    page.type("#list-search", "dupuis je", delay=20)
    hits = page.locator("#list-hits button")
    expect(hits.first).to_be_visible()
    wanted = hits.filter(has_text="DUPUIS Jean — 30k, club 75Pa, FFG 9725054")
    expect(wanted).to_have_count(1)
    # other candidates are shown too (DUPUIS Jérôme...), none is entered by typing
    assert hits.count() > 1
    wanted.click()
    expect(page.locator("#players")).to_have_value("9725054")
    expect(page.locator("#list-hits button")).to_have_count(0)
    with page.expect_navigation():
        page.click("#register button[type=submit]")
    expect(page.locator(".notice")).to_have_text("entered DUPUIS, Jean (9725054); 1 players")
    expect(page.locator("#entrants tbody tr")).to_have_count(1)

    with open_store(url) as store:
        play = fold(load_events(store, tid)).play
    entered = [(p.name, p.first_name, p.ffg_licence, str(p.rank)) for p in play.players]  # type: ignore[union-attr]
    assert entered == [("DUPUIS", "Jean", "9725054", "30k")]
    context.close()


def the_search_says_when_nobody_is_near(served: tuple[str, str], browser: Any) -> None:
    from playwright.sync_api import expect

    base, _ = served
    context = browser.new_context()
    page = context.new_page()
    _new_go(page, base, "Empty Search Cup")
    page.select_option("#origin", "ffg")
    page.type("#list-search", "qqqqxxxxzzzz", delay=10)
    expect(page.locator("#list-hits li")).to_have_text(
        "not found in the FFG list: enter a new player below"
    )
    context.close()
