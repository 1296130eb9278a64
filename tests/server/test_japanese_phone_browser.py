"""Issue 36's browser acceptance: on a 390 px phone in Japanese (longer and wider glyphs),
the main public and director pages run no wider than the screen (``scrollWidth <= 390``).
One journey in Debian's chromium: a visitor whose browser asks for Japanese reads the rating
list, a player, the tournaments, a tournament, the live pages, downloads, search, check, the
evidence page and sign-in; the director signs in and reads the director's home, the
tournament, a round, the standings and the printed sheets; the switch turns the site French."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.fixtures import PLAYER_IDS, browser_sign_in, seed_server, sign_in
from tests.web.site_fixture import build_site_db
from tests.web.test_browser import serving, shot

pytestmark = pytest.mark.slow
PHONE = {"width": 390, "height": 844}
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The small site (published lists) with a running Othello tournament on /live."""
    from fastapi.testclient import TestClient

    from ratinglist.web.app import create_app

    folder: Path = tmp_path_factory.mktemp("japanese")
    url = build_site_db(folder, f"sqlite:///{folder / 'site.db'}")
    seed_server(url)
    with TestClient(create_app(url)) as client:
        director = sign_in(client, "director")
        made = director.post(
            "/api/v1/td/tournaments",
            {"name": "全日本オセロ選手権大会 東京予選", "country": "Japan",
             "start_date": "2026-11-21", "rounds": 5},
        )  # fmt: skip
        tid = int(made.json()["id"])  # type: ignore[attr-defined]
        director.post(
            f"/api/v1/td/tournaments/{tid}/players", {"players": [str(p) for p in PLAYER_IDS]}
        )
        director.post(f"/api/v1/td/tournaments/{tid}/rounds")
        director.post(f"/api/v1/td/tournaments/{tid}/live", {"public": True})
    with serving(url) as base:
        yield base


def _fits(page: Any, path: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{path}: {width} px wide on a {PHONE['width']} px phone"
    assert page.evaluate("document.documentElement.lang") == "ja", path


def test_japanese_pages_fit_a_phone(served: str, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, locale="ja-JP")
    page = context.new_page()
    public = ["/", "/players/50002", "/tournaments", "/tournaments/1", "/live", "/live/1",
              "/live/1/print/pairings", "/live/1/print/standings", "/downloads",
              "/search?q=DUPONT", "/check", "/evidence", "/login"]  # fmt: skip
    for path in public:
        assert page.goto(f"{served}{path}").status == 200, path
        _fits(page, path)
    assert JAPANESE.search(page.inner_text("header nav"))
    page.goto(f"{served}/live/1")
    shot(page, "live-ja-390.png")
    browser_sign_in(page, served, "director")
    for path in ["/td", "/td/1", "/td/1/rounds/1", "/td/1/standings", "/td/1/print/pairings",
                 "/td/1/print/slips", "/td/1/print/welcome", "/td/1/rounds/1/report"]:  # fmt: skip
        assert page.goto(f"{served}{path}").status == 200, path
        _fits(page, path)
    shot(page, "td-ja-390.png")
    page.click("footer .languages a[lang=fr]")
    page.wait_for_url(re.compile(r"lang=fr"))
    assert page.evaluate("document.documentElement.lang") == "fr"
    page.goto(f"{served}/")
    assert page.evaluate("document.documentElement.lang") == "fr"  # the cookie keeps it
    context.close()
