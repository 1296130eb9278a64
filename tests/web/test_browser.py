"""The public site's browser journey, and the browser helpers every journey uses: Playwright
drives Debian's `chromium` against a live server of the site (`serving`), started by
`launched` (once per session: the `browser` fixture of `tests/conftest.py`).

No browser is downloaded: the test uses ``/usr/bin/chromium`` and installs Debian's package
with apt-get when it is missing. Under ``CI`` a missing browser fails the tests; elsewhere it
skips them. Screenshots go to ``$RATINGLIST_SCREENSHOTS`` (default
``/tmp/ratinglist-screenshots``).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from ratinglist.web.app import create_app
from tests.waiting import HANG_MS, HANG_S, wait_for
from tests.web.site_fixture import BROKEN, EVIL

pytestmark = pytest.mark.slow

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(os.environ.get("RATINGLIST_SCREENSHOTS", "/tmp/ratinglist-screenshots"))


def _ensure_chromium() -> None:
    if CHROMIUM.exists():
        return
    if shutil.which("apt-get") is not None:
        subprocess.run(["apt-get", "install", "-y", "chromium"], check=False, timeout=600)
    if not CHROMIUM.exists():
        message = f"expected Debian's chromium at {CHROMIUM}, found none (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(url: str) -> Iterator[str]:
    """A live server of the app over the database `url` on a free port; its base URL."""
    port = _free_port()
    config = uvicorn.Config(create_app(url), host="127.0.0.1", port=port, log_level="error")
    live = uvicorn.Server(config)
    thread = threading.Thread(target=live.run, daemon=True)
    thread.start()

    def started() -> bool:
        assert thread.is_alive() or live.started, "the test server stopped before it started"
        return bool(live.started)

    wait_for(started, "the test server to start")
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        live.should_exit = True
        thread.join(timeout=HANG_S)


@contextmanager
def launched() -> Iterator[Any]:
    """Headless Debian chromium under Playwright. Every wait of its pages (a load, a click,
    an `expect`) lasts until what it waits for happens, up to `HANG_MS`: Playwright's 5 s and
    30 s defaults made a loaded machine fail the tests."""
    _ensure_chromium()
    from playwright.sync_api import BrowserContext, expect, sync_playwright

    expect.set_options(timeout=HANG_MS)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), args=ARGS, headless=True, timeout=HANG_MS
        )
        new_context = browser.new_context

        def patient_context(*args: Any, **kwargs: Any) -> BrowserContext:
            context = new_context(*args, **kwargs)
            context.set_default_timeout(HANG_MS)
            context.set_default_navigation_timeout(HANG_MS)
            return context

        browser.new_context = patient_context  # type: ignore[method-assign]
        try:
            yield browser
        finally:
            browser.close()


def _shot(page: object, name: str) -> None:
    from playwright.sync_api import Page

    assert isinstance(page, Page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / name), full_page=True)


def list_filtered_by_a_country_box_and_by_a_country_name(server: str, page: object) -> None:
    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    page.goto(server + "/")
    rows = page.locator("#ratinglist tbody tr")
    expect(rows).to_have_count(6)
    _shot(page, "list-desktop.png")
    # Unchecking France hides the French players at once.
    page.get_by_label("France", exact=True).uncheck()
    expect(page.locator("#ratinglist tbody tr:visible")).to_have_count(4)
    expect(page.locator('#ratinglist tbody tr[data-c="FRA"]:visible')).to_have_count(0)
    # A click on a country's name keeps that country only.
    page.locator("#countries").get_by_role("link", name="Japan").click()
    expect(page.locator("#ratinglist tbody tr")).to_have_count(2)
    expect(page.locator('#ratinglist tbody tr[data-c="JPN"]')).to_have_count(2)
    # The script name is text, not markup.
    page.goto(server + "/")
    expect(page.get_by_role("link", name=f"{EVIL}, Evil")).to_be_visible()


def list_on_a_phone(server: str, browser: object) -> None:
    from playwright.sync_api import Browser

    assert isinstance(browser, Browser)
    context = browser.new_context(viewport={"width": 375, "height": 812}, is_mobile=True)
    phone = context.new_page()
    phone.goto(server + "/")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the list is {width} px wide on a 375 px phone"
    _shot(phone, "list-phone.png")
    context.close()


def search_a_misspelled_name_then_see_the_chart(server: str, page: object) -> None:
    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    page.goto(server + "/tournaments")
    page.get_by_placeholder("Player name or ID").fill("tanaak hirosi")
    page.get_by_role("button", name="Search").click()
    page.get_by_role("link", name="TANAKA, Hiroshi").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("TANAKA, Hiroshi")
    chart = page.locator("figure.chart img")
    expect(chart).to_be_visible()
    page.wait_for_function(
        "() => { const i = document.querySelector('figure.chart img');"
        " return i.complete && i.naturalWidth > 0; }"
    )
    _shot(page, "player.png")


def sort_tournaments_by_country_and_open_one(server: str, page: object) -> None:
    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    page.goto(server + "/tournaments")
    page.get_by_label("sort by Country ascending").click()
    countries = page.locator("#tournaments tbody tr td:nth-child(3)").all_inner_texts()
    assert countries == sorted(countries) and len(countries) == 3
    page.get_by_role("link", name="Paris Open").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Paris Open")
    expect(page.locator("#standings tbody tr")).to_have_count(6)
    expect(page.locator("td.winner").first).to_be_visible()
    _shot(page, "tournament.png")


def upload_a_broken_file_to_check(server: str, page: object, tmp_path: Path) -> None:
    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    broken = tmp_path / "20260101_Broken.ELO"
    broken.write_text(BROKEN, encoding="ascii")
    page.goto(server + "/check")
    page.locator("#upload").set_input_files(str(broken))
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#result h2")).to_contain_text("error")
    expect(page.locator("pre.source .line.error").first).to_be_visible()
    _shot(page, "check.png")


def _fresh_page(browser: Any) -> Any:
    """A page in a new desktop-sized context."""
    return browser.new_context(viewport={"width": 1280, "height": 900}).new_page()


def test_the_public_site_journey(
    site_db: str, browser: Any, tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    """A visitor's tour of the small site (the list by country, on a phone, a misspelled
    search, the tournaments sorted, a broken file checked, the fan pages on a 390 px phone),
    then every kind of page, public and private, loads nothing from another origin."""
    from tests.e2e.steps import fan, origins  # they import `serving` from here

    with serving(site_db) as server:
        list_filtered_by_a_country_box_and_by_a_country_name(server, _fresh_page(browser))
        list_on_a_phone(server, browser)
        search_a_misspelled_name_then_see_the_chart(server, _fresh_page(browser))
        sort_tournaments_by_country_and_open_one(server, _fresh_page(browser))
        upload_a_broken_file_to_check(server, _fresh_page(browser), tmp_path)
        close_contexts(browser)
        fan.no_page_scrolls_sideways_on_a_390_px_phone(server, browser)
        fan.official_ratings_only_is_one_click_away(server, browser)
    with origins.served(tmp_path_factory) as base:
        origins.no_page_loads_anything_from_another_origin(base, browser, tmp_path)
    close_contexts(browser)


def close_contexts(browser: Any) -> None:
    """Close every context a step left open (the session's browser stays)."""
    for context in list(browser.contexts):
        context.close()
