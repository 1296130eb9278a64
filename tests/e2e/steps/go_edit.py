"""The Go edit page (``/td/{tid}/edit``) on a 390 px phone: no sideways scrolling, no
script or style refused by the page's policy, and its forms work without a script
(exchange colours, unpair a game, pair the unpaired players again)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.cli.tournament_cli import run
from tests.server.fixtures import browser_sign_in, seed_server
from tests.web.test_browser import serving

PHONE = {"width": 390, "height": 844}
PLAYERS = {"Dupont": "5d", "Martin": "3d", "Bernard": "1k", "Petit": "5k", "Durand": "12k"}


@contextmanager
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    path: Path = tmp_path_factory.mktemp("goedit") / "server.db"
    url = f"sqlite:///{path}"
    seed_server(url)
    run(path, "new", "Edit Go Browser", "--game", "go", "--country", "FRA", "--date",
        "2026-11-21", "--system", "mcmahon", "--bar", "4d", "--floor", "20k")  # fmt: skip
    for name, rank in PLAYERS.items():
        run(path, "register", "--new", f"{name},Anne-Sophie", "--rank", rank, "--club", "Paris")
    run(path, "pair")
    with serving(url) as base:
        yield base


def edit_page_on_a_phone(served: str, browser: Any) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport=PHONE, is_mobile=True)
    page = context.new_page()
    refused: list[str] = []

    def console(message: Any) -> None:
        if message.type == "error":
            refused.append(message.text)

    page.on("console", console)
    browser_sign_in(page, served, "admin")
    page.goto(f"{served}/td/1")
    with page.expect_navigation():
        page.click("#edit-link")
    assert page.url.endswith("/td/1/edit")
    for details in page.locator("details").all():
        details.locator("summary").click()  # every form open: the widest the page gets
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the edit page is {width} px wide on a 390 px phone"
    white = page.inner_text("#game-1 td:nth-child(2)")
    with page.expect_navigation():
        page.click("#colours-1")
    expect(page.locator(".notice")).to_contain_text("White is now")
    assert page.inner_text("#game-1 td:nth-child(3)") == white
    page.locator("#game-2 summary").click()
    with page.expect_navigation():
        page.click("#unpair-2")
    expect(page.locator("#unpaired")).to_be_visible()
    with page.expect_navigation():
        page.click("#pair-rest")
    expect(page.locator(".notice")).to_contain_text("paired table 2")
    assert page.locator("#unpaired").count() == 0
    assert not refused, refused
    page.remove_listener("console", console)
    context.close()
