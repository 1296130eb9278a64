"""Every page on a 390-px phone (issue 34, item 1): a director with a phone of 390 x 844 CSS
pixels visits every director's page and every live page of a running Othello tournament and
of a running Go McMahon tournament (imported from a real OpenGotha file, its last round
paired again by us), then the public pages. No page scrolls sideways
(`document.documentElement.scrollWidth` at most 390), the standings' main criterion (Points
for Othello, MMS for McMahon) lies inside the screen wherever standings are shown, names
wrap at spaces (never inside a word), and the round's result forms (their result field and
Enter or Correct button) can be reached by a thumb.

The pages are the app's own GET routes (`tests.web.routes.get_urls`), their parameters filled
for each tournament: a page another issue adds is visited too. An address that is not a page
(a file, a picture, JSON) or that the tournament's game does not offer (404) is left out; the
pages every tournament has must all have been seen.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ratinglist.model.directed import NewSettings, ResultSpec
from ratinglist.service.actor import SYSTEM
from ratinglist.service.tournaments.actions import new_tournament, pair, register_players
from ratinglist.service.tournaments.games.go.files import import_opengotha
from ratinglist.service.tournaments.lifecycle import show_on_live
from ratinglist.service.tournaments.results import enter_result
from ratinglist.web.app import create_app
from tests.conftest import handle
from tests.server.fixtures import PLAYER_IDS, browser_sign_in, seed_server
from tests.web.routes import get_urls
from tests.web.site_fixture import build_site_db
from tests.web.test_browser import serving, shot

pytestmark = pytest.mark.slow
WIDTH, HEIGHT = 390, 844
GO_FILE = ("go", "pairgoth", "simplemm.xml")
"""16 players, McMahon, 5 rounds (PROVENANCE.md): imported without its last round."""
SHEETS = ("pairings", "names", "slips", "standings", "grid", "welcome")
NOT_PAGES = re.compile(r"^/(api|static)/|/export/|/files/|\.(svg|csv|zip|txt|ico)$|/file$|/slips$")
"""Addresses that answer a file or JSON, not a page."""
EVERY_TOURNAMENT = ("", "/standings", "/rounds/{k}", "/rounds/{k}/report", "/print/standings")
"""Director's pages every tournament has (under ``/td/N``)."""
CRITERION = {"othello": "Points", "go": "MMS"}
BROKEN_NAMES = """() => [...document.querySelectorAll('table.list td:nth-child(2)')].filter(td => {
    const text = td.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE || !text.textContent.trim()) return false;
    const range = document.createRange();
    range.selectNodeContents(text);
    const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
    return lines > text.textContent.trim().split(/[\\s-]+/).length;
}).map(td => td.textContent.trim())"""
"""The names of a list's second column laid out on more lines than they have words: a word
broken in its middle (names wrap at spaces and hyphens)."""


def _without_last_round(source: Path, target: Path) -> None:
    """The OpenGotha file `source` without the games and byes of its last round."""
    data = source.read_bytes()
    last = max(int(r) for r in re.findall(rb'<Game [^>]*roundNumber="(\d+)"', data))
    element = rb'[ \t]*<(?:Game|ByePlayer) [^>]*roundNumber="%d"[^>]*/>\r?\n?' % last
    target.write_bytes(re.sub(element, b"", data))


def _othello(url: str) -> int:
    """A running Othello Swiss of 16 players: round 1 played, round 2 half entered."""
    new = NewSettings("Phone Open", "France", "2026-11-21", rounds=5, system="swiss")
    tid = new_tournament(handle(url), new, SYSTEM, director="director").id
    register_players(handle(url), tid, [str(p) for p in PLAYER_IDS], SYSTEM)
    for k in (1, 2):
        tables = pair(handle(url), tid, SYSTEM).tables
        for t in tables[: len(tables) if k == 1 else len(tables) // 2]:
            enter_result(handle(url), tid, ResultSpec(str(k), table=t.table, score="40-24"), SYSTEM)
    show_on_live(handle(url), tid, True, SYSTEM)
    return tid


def _go(url: str, real: Path, folder: Path) -> int:
    """The real McMahon of `GO_FILE` with its last round paired again, half entered."""
    source = folder / "go-pending.xml"
    _without_last_round(real.joinpath(*GO_FILE), source)
    tid = import_opengotha(handle(url), source, SYSTEM).id
    view = pair(handle(url), tid, SYSTEM)
    for t in view.tables[: len(view.tables) // 2]:
        spec = ResultSpec(str(view.number), table=t.table, score="1-0")
        enter_result(handle(url), tid, spec, SYSTEM)
    show_on_live(handle(url), tid, True, SYSTEM)
    return tid


@pytest.fixture(scope="module")
def served(
    tmp_path_factory: pytest.TempPathFactory, real_data: Path
) -> Iterator[tuple[str, str, dict[str, int]]]:
    folder = tmp_path_factory.mktemp("phone")
    url = build_site_db(folder, f"sqlite:///{folder / 'phone.db'}")
    seed_server(url)
    games = {"othello": _othello(url), "go": _go(url, real_data, folder)}
    with serving(url) as base:
        yield base, url, games


def _addresses(url: str, tid: int, rounds: int) -> list[str]:
    """Every page address of the app under ``/td/N`` and ``/live`` for tournament `tid`."""
    named = {
        "tid": str(tid),
        "number": str(rounds),
        "sheet": "{sheet}",
        "kind": "h9",
        "player_id": "50002",
        "system": "wof",
        "as_of": "2026-03-31",
        "year": "2026",
    }
    values = defaultdict(lambda: "1", named)
    found: list[str] = []
    for address in get_urls(create_app(url), values):
        if not address.startswith(("/td", "/live")) or NOT_PAGES.search(address):
            continue
        sheets = SHEETS if "{sheet}" in address else ("",)
        found += [address.replace("{sheet}", s) for s in sheets]
    found.append(f"/td/{tid}/withdraw?player={PLAYER_IDS[0]}")  # Othello's first entrant
    # the finders of a long list (drawn when a query narrows it)
    found += [f"/td/{tid}?q=1&eq=a", f"/td/{tid}/standings?q=1", f"/td/{tid}/edit?q=1&eq=a",
              f"/td/{tid}/rounds/{rounds}?show=due"]  # fmt: skip
    return sorted(set(found))


def _check(page: Any, address: str, game: str | None) -> list[str]:
    """What is wrong with the page at `address` on the phone (empty: nothing)."""
    problems = []
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > WIDTH:
        wide = page.evaluate(
            """(w) => [...document.querySelectorAll('body *')]
                .filter(e => e.getBoundingClientRect().right > w && !e.closest('.scroll'))
                .slice(0, 3).map(e => e.tagName + (e.id ? '#' + e.id : '') + '.' + e.className)""",
            WIDTH,
        )
        problems.append(f"{address}: {width} px wide ({', '.join(wide)})")
    if game is not None:
        label = CRITERION[game]
        heads = page.locator(f"table th:text-is('{label}')")
        for i in range(heads.count()):
            box = heads.nth(i).bounding_box()
            if box is None or box["x"] < 0 or box["x"] + box["width"] > WIDTH:
                problems.append(f"{address}: the {label} column is outside the screen ({box})")
    broken = page.evaluate(BROKEN_NAMES)
    if broken:
        problems.append(f"{address}: names broken inside a word: {broken[:3]}")
    fields = "button[type=submit], select[name=score], input.discs"
    forms = page.locator("#round-entry .result-form").locator(fields)
    for i in range(min(forms.count(), 6)):
        box = forms.nth(i).bounding_box()
        if box is None or box["x"] + box["width"] > WIDTH:
            problems.append(f"{address}: a result field is outside the screen ({box})")
    return problems


def _is_page(response: Any) -> bool:
    kind = response.headers.get("content-type", "") if response else ""
    return response is not None and response.status == 200 and kind.startswith("text/html")


def _visit(page: Any, base: str, address: str) -> bool:
    """Open `address` when it is a page (HTML answered 200, redirects followed) to check;
    whether it was. What is not (a file, a refusal, a page the game lacks) is only asked
    for, with the page's cookies: chromium drawing it cost about 0.1 s of CPU."""
    if not _is_page(page.request.get(base + address)):
        return False
    return _is_page(page.goto(base + address))


def test_every_page_fits_a_390_px_phone(
    served: tuple[str, str, dict[str, int]], browser: Any
) -> None:
    base, url, games = served
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True)
    page = context.new_page()
    browser_sign_in(page, base, "admin")
    problems: list[str] = []
    seen: set[str] = set()
    for game, tid in games.items():
        rounds = 5 if game == "go" else 2
        for address in _addresses(url, tid, rounds):
            if not _visit(page, base, address):
                continue
            seen.add(address)
            shows = "standings" in address or address in (f"/td/{tid}", f"/live/{tid}")
            problems += _check(page, address, game if shows else None)
            name = address.strip("/").replace("/", "-") or "home"
            shot(page, f"phone-{game}-{name}.png")
        every = {f"/td/{tid}{p.format(k=rounds)}" for p in EVERY_TOURNAMENT}
        every |= {f"/live/{tid}", f"/live/{tid}/projector", "/live", "/td"}
        assert every <= seen, f"{game}: pages not answered: {sorted(every - seen)}"
    # the result form of the round's first table: its button is reachable and works
    tid = games["go"]
    page.goto(f"{base}/td/{tid}")
    due = page.locator("#round-entry tr:has(.result-form):not(:has(strong.entered))").first
    due.locator("select[name=score]").select_option("0-1")
    with page.expect_navigation():
        due.locator("button[type=submit]").click()
    assert page.locator(".conflict").count() == 0, page.inner_text(".conflict")
    problems += _check(page, f"/td/{tid} after a result", "go")
    for address in ("/", "/players/50002", "/players/50002/why", "/tournaments",
                    "/tournaments/1", "/search?q=dupont", "/downloads", "/evidence",
                    "/systems/wof", "/check", "/diff"):  # fmt: skip
        if _visit(page, base, address):
            problems += _check(page, address, None)
        elif address in ("/", "/players/50002", "/tournaments", "/downloads", "/evidence"):
            problems.append(f"{address}: not a page")
    context.close()
    assert problems == [], "\n".join(problems)
