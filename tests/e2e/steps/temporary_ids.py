"""Issue 19 items 6 and 8 in a browser: the director sees each entrant's rating from the
published list, a namesake is a choice, a new player is NEW1; the rating officer gives the
real ID on the ID officer's page and the director's page then shows it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from ratinglist.registry.countries import get_country
from tests.published import store_ratings
from tests.server.fixtures import PLAYER_IDS, browser_sign_in, seed_server
from tests.web.test_browser import serving, shot


@contextmanager
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('tempids') / 'server.db'}"
    seed_server(url)
    store_ratings(url, "2026-10-31", {PLAYER_IDS[1]: 2012.4, PLAYER_IDS[2]: 1650.5})
    with serving(url) as base:
        yield base


def new1_from_the_directors_page_to_the_officers(served: str, browser: Any) -> None:
    from playwright.sync_api import expect

    director = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    d = director.new_page()
    browser_sign_in(d, served, "director")
    d.fill("#new-tournament input[name=name]", "Namesake Open")
    d.fill("#new-tournament input[name=country]", "France")
    d.fill("#new-tournament input[name=start_date]", "2026-11-21")
    with d.expect_navigation():
        d.click("#new-tournament button[type=submit]")
    where = d.url.split("?")[0]
    d.fill("#players", f"{PLAYER_IDS[1]}\n{PLAYER_IDS[2]}")
    with d.expect_navigation():
        d.click("#register button[type=submit]")
    expect(d.locator("#rating-list")).to_contain_text("WOF list of 2026-10-31")
    rows = d.locator("#entrants tbody tr")
    expect(rows).to_have_count(2)
    # 2012.4 rounds to 2012 and 1650.5 to 1650 (half to even): the published list's
    expect(rows.filter(has_text="ANDERSEN")).to_contain_text("2012")
    expect(rows.filter(has_text="BERG")).to_contain_text("1650")
    # a new player named like a registered one: the choice, then "anyway"
    d.click("#register summary")
    d.fill("#register input[name=surname]", "COSTA")
    d.fill("#register input[name=firstname]", "Test")
    d.fill("#register input[name=country]", "BEL")
    with d.expect_navigation():
        d.click("#register button[type=submit]")
    expect(d.locator("#namesakes")).to_contain_text(
        f"Use the registered COSTA, Test ({PLAYER_IDS[3]}"
    )
    with d.expect_navigation():
        d.click("#register-anyway")
    expect(d.locator(".notice")).to_contain_text("temporary identifier NEW1")
    expect(rows.filter(has_text="COSTA")).to_contain_text("NEW1")
    shot(d, "td-temporary-id.png")

    officer = browser.new_context(viewport={"width": 1280, "height": 900})
    o = officer.new_page()
    browser_sign_in(o, served, "officer")
    o.goto(f"{served}/registry")
    pending = o.locator("#temporary-ids tbody tr")
    expect(pending).to_have_count(1)
    expect(pending).to_contain_text("NEW1")
    expect(pending).to_contain_text(f"Is the registered COSTA, Test ({PLAYER_IDS[3]}")
    shot(o, "registry-pending.png")
    with o.expect_navigation():
        o.click("#temporary-ids button:has-text('Give a new FRA ID')")
    message = o.locator(".notice").inner_text()
    assert message.startswith("NEW1 of Namesake Open is COSTA, Test: new ID "), message
    found = re.search(r"new ID (\d+)", message)
    assert found is not None, message
    real = int(found.group(1))
    fra = get_country("FRA").id_range
    assert fra is not None and fra.first <= real <= fra.last
    shot(o, "registry-temporary-id.png")

    d.goto(where)
    costa = rows.filter(has_text="COSTA")
    expect(costa).to_contain_text(str(real))
    expect(costa).not_to_contain_text("NEW1")
    director.close()
    officer.close()
