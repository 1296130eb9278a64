"""Browser tests of issue 22's fan pages: no page wider than a 390 px phone, the list's pages
and the "official ratings only" link (Debian chromium, Playwright). The list's time to the
`load` event is a benchmark: `benchmarks/list_load.py`."""

from __future__ import annotations

import re
from typing import Any

PHONE = {"width": 390, "height": 844}
"""The phone of issue 22 (iPhone 12-14 class)."""


def no_page_scrolls_sideways_on_a_390_px_phone(base: str, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(base + "/tournaments")
    tournament = page.locator("#tournaments tbody a[href^='/tournaments/']").first.get_attribute(
        "href"
    )
    assert tournament is not None
    for path in ("/", "/tournaments", "/players/50002", tournament, "/search?q=tanaka", "/diff"):
        page.goto(base + path)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{path} is {width} px wide on a 390 px phone"
    context.close()


def official_ratings_only_is_one_click_away(base: str, browser: Any) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport=PHONE, is_mobile=True)
    page = context.new_page()
    page.goto(base + "/")
    rows = page.locator("#ratinglist tbody tr")
    expect(rows).to_have_count(6)
    page.get_by_role("link", name="official ratings only").first.click()
    expect(page).to_have_url(re.compile(r"official=1"))
    # Official means a margin under 200 (DOMAIN.md): nobody with the small archive's 7 or 8
    # games has one.
    expect(rows).to_have_count(0)
    page.get_by_role("link", name="all ratings").first.click()
    expect(rows).to_have_count(6)
    context.close()
