"""The printed sheets in Debian's chromium (issue 21 item 3, acceptance): a 40-player Go
tournament's pairing list prints on one A4 page (by table and by name), each player's
welcome sheet on its own page, and no sheet runs wider than its page (A4 portrait; the
cross table A4 landscape). Pages are counted in the PDF chromium prints
(`page.pdf(format="A4")`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.cli.tournament_cli import run
from tests.server.fixtures import browser_sign_in, seed_server
from tests.web.test_browser import serving, shot

PLAYERS = 40
MM = 96 / 25.4
"""CSS pixels per millimetre."""
PORTRAIT = int((210 - 2 * 12) * MM)
"""The printable width of an A4 portrait page with print.css's 12 mm margins, in CSS px."""
LANDSCAPE = int((297 - 2 * 10) * MM)
"""The printable width of the cross table's A4 landscape page (10 mm margins)."""


@contextmanager
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    path = tmp_path_factory.mktemp("print") / "server.db"
    url = f"sqlite:///{path}"
    seed_server(url)
    run(path, "new", "Grand Tournoi de Go de Paris", "--game", "go", "--country", "FRA",
        "--date", "2026-04-04", "--system", "mcmahon", "--bar", "4d", "--floor", "20k",
        "--rounds", "5")  # fmt: skip
    for k in range(PLAYERS):
        rank = f"{k % 9 + 1}d" if k < 9 else f"{(k - 8) % 30 + 1}k"
        tag = chr(ord("A") + k // 26) + chr(ord("a") + k % 26)  # names hold no digits
        name = f"Vandenberghe-Lefebvre{tag},Jean-Christophe"  # long names: the worst case
        run(path, "register", "--new", name, "--rank", rank, "--country", "FR", "--club", "75Pa")
    run(path, "pair")
    for table in range(1, PLAYERS // 2 + 1):
        run(path, "result", "1", "--table", str(table), "1-0" if table % 2 else "0-1")
    run(path, "pair")
    run(path, "live", "--on")  # the public sheets are those of a tournament shown on /live
    with serving(url) as base:
        yield base


def _pages(pdf: bytes) -> int:
    """The pages of a PDF chromium printed: its ``/Type /Page`` objects (not ``/Pages``)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def _fits(page: Any, width: int) -> int:
    """How far the printed page runs wider than `width` CSS px (0: it fits)."""
    page.set_viewport_size({"width": width, "height": 1000})
    page.emulate_media(media="print")
    over: int = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    page.emulate_media(media="null")  # back to no emulation: page.pdf prints with print CSS
    return over


def sheets_print_on_a4(served: str, browser: Any, tmp_path: Path) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    browser_sign_in(page, served, "admin")
    counted = {}
    for sheet in ("pairings", "names", "slips", "standings", "grid", "welcome"):
        page.goto(f"{served}/td/1/print/{sheet}")
        assert page.locator("main.sheet").count() == 1, sheet
        width = LANDSCAPE if sheet == "grid" else PORTRAIT
        assert _fits(page, width) <= 0, sheet
        pdf = page.pdf(format="A4", prefer_css_page_size=True)
        (tmp_path / f"{sheet}.pdf").write_bytes(pdf)
        counted[sheet] = _pages(pdf)
        shot(page, f"print-{sheet}.png")
    assert counted["pairings"] == 1
    assert counted["names"] == 1
    assert counted["welcome"] == PLAYERS
    assert counted["standings"] >= 1 and counted["slips"] >= 2
    # on a phone, the page itself never scrolls sideways (a wide table scrolls in its box)
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    small = phone.new_page()
    for sheet in ("pairings", "names", "standings", "grid"):
        small.goto(f"{served}/live/1/print/{sheet}")
        over = small.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert over <= 0, sheet
    phone.close()
    context.close()
