"""A Go tournament's settings in a browser on a 390 px phone: the new-tournament form's Go
fields, then the settings page (no sideways scrolling), a change and its notice."""

from __future__ import annotations

import re
from typing import Any

from tests.server.fixtures import browser_sign_in
from tests.web.test_browser import shot


def _no_sideways_scroll(page: Any) -> None:
    wide = page.evaluate(
        "[...document.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > 391)"
        ".slice(0, 8).map(e => e.tagName + '#' + e.id + '.' + e.className + ' ' + "
        "Math.round(e.getBoundingClientRect().width))"
    )
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, wide
    assert width <= 390, f"{page.url} is {width} px wide"


def a_phone_sets_and_changes_go_settings(served: str, browser: Any) -> None:
    from playwright.sync_api import expect

    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    d = phone.new_page()
    browser_sign_in(d, served, "director")
    d.fill("#new-tournament input[name=name]", "Paris Go")
    d.fill("#new-tournament input[name=country]", "France")
    d.fill("#new-tournament input[name=start_date]", "2026-11-21")
    d.select_option("#new-tournament select[name=game]", "go")
    d.click("#settings-go summary")
    d.fill("#new-tournament input[name=time]", "60m+3x30s")
    d.fill("#new-tournament input[name=komi]", "7.5")
    d.fill("#new-tournament input[name=location]", "Paris")
    d.fill("#new-tournament input[name=handicap]", "rank")
    d.fill("#new-tournament input[name=handicap_ceiling]", "9")
    _no_sideways_scroll(d)
    with d.expect_navigation():
        d.click("#new-tournament button[type=submit]")
    tid = re.search(r"/td/(\d+)", d.url).group(1)  # type: ignore[union-attr]
    with d.expect_navigation():
        d.click("#settings-link")
    expect(d.locator("#egf-class")).to_have_text("A")
    expect(d.locator("#settings")).to_contain_text("STDBYOYOMI")
    _no_sideways_scroll(d)
    d.fill("#settings-form input[name=komi]", "6.5")
    d.fill("#settings-form textarea[name=parameters]", "paiMaSeedSystem1=SPLITANDFOLD")
    with d.expect_navigation():
        d.click("#settings-form button[type=submit]")
    expect(d.locator(".notice")).to_contain_text("settings changed")
    expect(d.locator("#settings")).to_contain_text("SPLITANDFOLD")
    assert d.url.endswith(f"/td/{tid}/settings")
    _no_sideways_scroll(d)
    shot(d, "go-settings-phone.png")
    phone.close()
