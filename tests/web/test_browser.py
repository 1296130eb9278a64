"""The public site's browser journey, and the browser helpers every journey uses: Playwright
drives Debian's `chromium` against a live server of the site (`serving`), started by
`launched` once per pytest process and lent to each browser module (`lent`: the `browser`
fixture of `tests/conftest.py`).

No browser is downloaded: the tests use Debian's ``chromium-headless-shell`` (the same
Chromium without the desktop browser around it, as Playwright's own headless mode does; half
the CPU per page, docs/decisions.md), or ``/usr/bin/chromium`` where only that is installed,
and install Debian's package with apt-get when neither is. Under ``CI`` a missing browser
fails the tests; elsewhere it skips them. Screenshots for a human (`shot`) are taken only
when ``$RATINGLIST_SCREENSHOTS`` names a folder: a full-page screenshot costs chromium about
0.35 s of CPU and no check reads them.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from ratinglist.web.app import create_app
from tests.waiting import HANG_MS, HANG_S, wait_for
from tests.web.site_fixture import BROKEN, EVIL

pytestmark = pytest.mark.slow

HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
"""Debian's package `chromium-headless-shell`: what the journeys drive when it is there."""
FULL_CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM = HEADLESS_SHELL if HEADLESS_SHELL.exists() else FULL_CHROMIUM
"""The browser the tests launch (`launched`)."""
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = os.environ.get("RATINGLIST_SCREENSHOTS", "")
"""The folder of the screenshots for a human; none are taken when empty (the default)."""


def _ensure_chromium() -> None:
    global CHROMIUM
    if CHROMIUM.exists():
        return
    if shutil.which("apt-get") is not None:
        subprocess.run(
            ["apt-get", "install", "-y", "chromium-headless-shell"], check=False, timeout=600
        )
    CHROMIUM = HEADLESS_SHELL if HEADLESS_SHELL.exists() else FULL_CHROMIUM
    if not CHROMIUM.exists():
        message = (
            f"expected Debian's chromium at {HEADLESS_SHELL} or {FULL_CHROMIUM}, found neither "
            "(apt-get install chromium-headless-shell)"
        )
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


@contextmanager
def lent(
    at_end: Callable[[Callable[[], None]], object],
    launch: Callable[[], AbstractContextManager[Any]] = launched,
) -> Iterator[Any]:
    """The browser of a pytest process: `launch` is entered at the first `with`, its browser
    lent to each `with` after, and closed by the function given to `at_end` (pytest's
    `config.add_cleanup`); a new one is launched when the last is no longer connected.
    Starting Playwright's driver and chromium costs about 0.8 s of CPU (once per module
    before).

    Between loans the browser's event loop is not marked running in the main thread: while
    Playwright's sync API holds the thread, its loop counts as running there, and a later
    test's `asyncio.run()` (Starlette's test client) would fail. Each loan marks it running
    again for the Playwright calls, and at its end closes the contexts a journey left open."""
    global _LENT
    if _LENT is not None and not _LENT[1].is_connected():
        _close_lent()
    if _LENT is None:
        manager = launch()
        _LENT = (manager, manager.__enter__())
        at_end(_close_lent)
        _loop_running(_LENT[1], False)
    browser = _LENT[1]
    _loop_running(browser, True)
    try:
        yield browser
    finally:
        try:
            if browser.is_connected():
                close_contexts(browser)
        finally:
            _loop_running(browser, False)


_LENT: tuple[AbstractContextManager[Any], Any] | None = None
"""The context manager that launched the lent browser, and that browser (`lent`)."""


def _loop_running(browser: Any, running: bool) -> None:
    """Mark the event loop of `browser`'s Playwright running in this thread, or not."""
    asyncio._set_running_loop(browser._loop if running else None)


def _close_lent() -> None:
    """Close the lent browser and stop its Playwright driver (at the session's end)."""
    global _LENT
    if _LENT is None:
        return
    manager, browser = _LENT
    _LENT = None
    _loop_running(browser, True)
    try:
        manager.__exit__(None, None, None)
    finally:
        asyncio._set_running_loop(None)


def shot(page: Any, name: str, *, full_page: bool = True) -> None:
    """Save a screenshot of `page` as `name` in `$RATINGLIST_SCREENSHOTS` for a human to look
    at, when that folder is set; nothing otherwise (a check that reads a screenshot takes its
    own)."""
    if not SCREENSHOTS:
        return
    folder = Path(SCREENSHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / name), full_page=full_page)


def list_filtered_by_a_country_box_and_by_a_country_name(server: str, page: object) -> None:
    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    page.goto(server + "/")
    rows = page.locator("#ratinglist tbody tr")
    expect(rows).to_have_count(6)
    shot(page, "list-desktop.png")
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


def list_on_a_phone(server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 812}, is_mobile=True)
    phone = context.new_page()
    phone.goto(server + "/")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the list is {width} px wide on a 375 px phone"
    shot(phone, "list-phone.png")
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
    shot(page, "player.png")


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
    shot(page, "tournament.png")


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
    shot(page, "check.png")


def _fresh_page(browser: Any) -> Any:
    """A desktop-sized page in a context no other story holds."""
    return browser.new_context(viewport={"width": 1280, "height": 900}).new_page()


def test_the_public_site_journey(
    site_db: str, browser: Any, tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    """A visitor's tour of the small site (the list by country, on a phone, a misspelled
    search, the tournaments sorted, a broken file checked, the fan pages on a 390 px phone),
    then every kind of page, public and private, loads nothing from another origin. Each
    visit is a new visitor (no cookies) on a page kept from the last one (`Devices`)."""
    from tests.e2e.steps import fan, origins  # they import `serving` from here

    devices = Devices(browser)
    with serving(site_db) as server:
        list_filtered_by_a_country_box_and_by_a_country_name(server, _fresh_page(devices))
        close_contexts(devices)
        list_on_a_phone(server, devices)
        search_a_misspelled_name_then_see_the_chart(server, _fresh_page(devices))
        close_contexts(devices)
        sort_tournaments_by_country_and_open_one(server, _fresh_page(devices))
        close_contexts(devices)
        upload_a_broken_file_to_check(server, _fresh_page(devices), tmp_path)
        close_contexts(devices)
        fan.no_page_scrolls_sideways_on_a_390_px_phone(server, devices)
        fan.official_ratings_only_is_one_click_away(server, devices)
    with origins.served(tmp_path_factory) as base:  # its page keeps its listeners: not kept
        origins.no_page_loads_anything_from_another_origin(base, browser, tmp_path)
    close_contexts(browser)


DEFAULT_VIEWPORT = {"width": 1280, "height": 720}
"""Playwright's viewport when a context names none."""


class Device:
    """A context of `Devices` lent to one story: it stands in for Playwright's
    `BrowserContext` (`new_page`, `close`, the rest passed through). Its first page is kept
    between stories; `close` hands it back with no cookies, its page on ``about:blank`` at the
    context's viewport, and closes the story's other pages. A story removes the listeners it
    adds to a page (`page.remove_listener`)."""

    def __init__(self, context: Any, key: str, viewport: dict[str, int]) -> None:
        self.context = context
        self.key = key
        self.viewport = viewport
        self.lent = True
        self.kept: Any = None
        self.given = False
        self.extra: list[Any] = []

    def new_page(self) -> Any:
        """The kept page for the story's first page (a new one when none is open), then new
        pages of this context."""
        if self.given:
            page = self.context.new_page()
            self.extra.append(page)
            return page
        if self.kept is None or self.kept.is_closed():
            self.kept = self.context.new_page()
        self.given = True
        return self.kept

    def close(self) -> None:
        """Hand the context back to its `Devices` for the next story."""
        if not self.lent:
            return
        for page in self.extra:
            if not page.is_closed():
                page.close()
        self.extra = []
        self.context.clear_cookies()
        if self.kept is not None and not self.kept.is_closed():
            self.kept.goto("about:blank")  # stops a live page's polling
            self.kept.set_viewport_size(self.viewport)
        self.given = False
        self.lent = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self.context, name)


class Devices:
    """The session's browser for a journey's stories, keeping their contexts and pages: a new
    page costs chromium about 0.45 s of CPU (its renderer process), a page handed back and
    opened again about 0.1 s. It stands in for Playwright's `Browser` in the steps
    (`new_context`, `contexts`): `new_context` lends a context made with the same options
    that no story holds, else makes one; `close_contexts` hands them all back. Each story
    still starts with no cookies and its own tournament."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.made: list[Device] = []

    def new_context(self, **options: Any) -> Device:
        """A context with `options` that no story holds (see `Device`)."""
        key = repr(sorted(options.items()))
        for device in self.made:
            if device.key == key and not device.lent:
                device.lent = True
                return device
        viewport = dict(options.get("viewport") or DEFAULT_VIEWPORT)
        device = Device(self.browser.new_context(**options), key, viewport)
        self.made.append(device)
        return device

    @property
    def contexts(self) -> list[Device]:
        """The contexts lent to the story now running."""
        return [device for device in self.made if device.lent]


def close_contexts(browser: Any) -> None:
    """Close every context a step left open (the session's browser stays); `Devices` get
    theirs back for the next story."""
    for context in list(browser.contexts):
        context.close()
