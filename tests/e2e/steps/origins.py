"""Every kind of page in a browser under the Content-Security-Policy (issue 19, item 10): no
request leaves the site's origin (Playwright records every request of every page, the API
docs included), no script or style is refused by the policy, Swagger UI draws the API, and
a form that asks before it sends (``data-confirm``) still asks."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.server.fixtures import PLAYER_IDS, browser_sign_in, seed_server
from tests.web.site_fixture import build_site_db
from tests.web.test_browser import serving

PUBLIC = (
    "/",
    "/?c=FRA",
    "/search?q=dupnt",
    "/diff",
    "/players/50002",
    "/players/50002/why",
    "/players/50002/chart.svg",
    "/tournaments",
    "/downloads",
    "/check",
    "/live",
    "/login",
    "/no-such-page",
)
PRIVATE = (
    "/td",
    "/td/{tid}",
    "/td/{tid}/standings",
    "/live/{tid}",
    "/live/{tid}/projector",
    "/registry",
    "/intake",
    "/intake/upload",
    "/account",
    "/account/users",
)


@contextmanager
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("origins")
    url = build_site_db(folder, f"sqlite:///{folder / 'site.db'}")
    seed_server(url)  # the accounts (and registry players) of the server tests
    with serving(url) as base:
        yield base


class Recorder:
    """Every request a page makes and every message the policy writes to the console."""

    def __init__(self, page: Any) -> None:
        self.requests: list[str] = []
        self.refused: list[str] = []
        self.dialogs: list[str] = []
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("console", self._console)
        page.on("dialog", self._dialog)

    def _console(self, message: Any) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            self.refused.append(message.text)

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()


def _tournament(page: Any, base: str) -> str:
    """A running tournament (paired round 1), made through the director's pages; its id."""
    page.fill("#new-tournament input[name=name]", "Origins Open")
    page.fill("#new-tournament input[name=country]", "France")
    page.fill("#new-tournament input[name=start_date]", "2026-11-21")
    page.fill("#new-tournament input[name=rounds]", "3")
    with page.expect_navigation():
        page.click("#new-tournament button[type=submit]")
    found = re.search(r"/td/(\d+)", page.url)
    assert found is not None, page.url
    page.fill("#players", "\n".join(str(p) for p in PLAYER_IDS))
    with page.expect_navigation():
        page.click("#register button[type=submit]")
    with page.expect_navigation():
        page.click("#pair")
    return found.group(1)


def no_page_loads_anything_from_another_origin(served: str, browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    seen = Recorder(page)
    for path in PUBLIC:
        page.goto(served + path)
    page.goto(served + "/tournaments")
    page.click("table a[href^='/tournaments/']")
    page.wait_for_load_state("load")
    page.goto(served + "/api/docs")
    # Swagger UI renders the whole OpenAPI description in the page: seconds on a loaded machine
    # (every wait lasts up to `tests.waiting.HANG_MS`, see `launched`)
    expect(page.locator(".swagger-ui .info")).to_contain_text("Ratinglist")
    expect(page.locator(".opblock").first).to_be_visible()

    browser_sign_in(page, served, "admin")
    tid = _tournament(page, served)
    for path in PRIVATE:
        page.goto(served + path.format(tid=tid))
        assert page.locator("h1").count() >= 1 or "projector" in path, path
    # the button that ends the rounds asks first on its own page (no script, no dialog) and
    # names what it skips; cancelling changes nothing
    page.goto(f"{served}/td/{tid}")
    with page.expect_navigation():
        page.click("#start-finals")
    expect(page.locator("#confirm-question")).to_contain_text("Rounds 2 and 3 will not be played")
    with page.expect_navigation():
        page.click("#cancel")
    assert page.url == f"{served}/td/{tid}" and page.locator("#finals-entry").count() == 0
    assert seen.dialogs == []

    others = [u for u in seen.requests if not u.startswith(served + "/") and u != served]
    assert others == [], others[:10]
    assert seen.refused == [], seen.refused[:5]
    assert len(seen.requests) > len(PUBLIC) + len(PRIVATE)
    assert any("/api/docs/assets/swagger-ui-bundle.js" in u for u in seen.requests)
    context.close()
