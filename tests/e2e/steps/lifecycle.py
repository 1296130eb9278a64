"""In a browser: the director submits and reopens a tournament (`reopen_after_submit`), and
the rating officer publishes a list after its dry run, then unpublishes it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.e2e.steps.td_common import reopen_after_submit
from tests.published import store_ratings
from tests.server.fixtures import PLAYER_IDS, browser_sign_in, seed_server
from tests.web.test_browser import serving

ANDERSEN, BERG, COSTA, DUBOIS = PLAYER_IDS[1:5]


@contextmanager
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('life') / 'server.db'}"
    seed_server(url)
    store_ratings(url, "2026-01-31", {ANDERSEN: 1500, BERG: 1600, COSTA: 1700})
    store_ratings(url, "2026-02-28", {ANDERSEN: 1540, BERG: 1590, DUBOIS: 1650}, publish=False)
    with serving(url) as base:
        yield base


def a_director_submits_and_reopens_from_the_web(served: str, browser: Any) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    d = context.new_page()
    browser_sign_in(d, served, "director")
    d.fill("#new-tournament input[name=name]", "Reopen Open")
    d.fill("#new-tournament input[name=country]", "France")
    d.fill("#new-tournament input[name=start_date]", "2026-11-21")
    d.fill("#new-tournament input[name=rounds]", "1")
    d.select_option("#new-tournament select[name=system]", "swiss")
    with d.expect_navigation():
        d.click("#new-tournament button[type=submit]")
    tid = re.search(r"/td/(\d+)", d.url).group(1)  # type: ignore[union-attr]
    expect(d.locator("main .meta").first).to_contain_text("Swiss, 1 rounds")
    d.fill("#players", "\n".join(str(p) for p in PLAYER_IDS[1:5]))
    with d.expect_navigation():
        d.click("#register button[type=submit]")
    with d.expect_navigation():
        d.click("#pair")
    for table in (1, 2):
        d.fill(f"#table-{table} input[name=black_discs]", "40")
        d.fill(f"#table-{table} input[name=white_discs]", "24")
        with d.expect_navigation():
            d.click(f"#table-{table} button[type=submit]")
    reopen_after_submit(d, served, tid)
    # the tournament's life section fits a 390 px phone (the entrants table is another's)
    right = d.evaluate(
        "Math.max(...[...document.querySelectorAll('#lifecycle *')]"
        ".map(e => e.getBoundingClientRect().right))"
    )
    assert right <= 390, right
    context.close()


def the_officer_publishes_after_the_dry_run_then_unpublishes(served: str, browser: Any) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    o = context.new_page()
    browser_sign_in(o, served, "officer")
    o.goto(f"{served}/publishing")
    expect(o.locator("#unpublished tbody tr")).to_have_count(1)
    with o.expect_navigation():
        o.click("#publish-2")
    expect(o.locator("#dry-run")).to_contain_text("Against the list of 2026-01-31")
    movers = o.locator("#movers + div table tbody tr")
    expect(movers).to_have_count(2)
    expect(movers.first).to_contain_text("ANDERSEN")  # +40, the biggest move
    expect(movers.first).to_contain_text("+40")
    with o.expect_navigation():
        o.click("#confirm button[type=submit]")
    expect(o.locator("#published tbody tr").first).to_contain_text("2026-02-28")
    o.goto(f"{served}/")
    expect(o.locator("main")).to_contain_text("2026-02-28")  # the list page shows the new date
    o.goto(f"{served}/publishing")
    with o.expect_navigation():
        o.click("#unpublish-2")
    expect(o.locator("#confirm-question")).to_contain_text("Withdraw the list of 2026-02-28")
    with o.expect_navigation():
        o.click("#confirm button[type=submit]")
    expect(o.locator("#unpublished tbody tr")).to_have_count(1)
    o.goto(f"{served}/")
    o.reload()  # the browser may keep the page it was sent (public, max-age)
    expect(o.locator("main")).not_to_contain_text("2026-02-28")
    context.close()
