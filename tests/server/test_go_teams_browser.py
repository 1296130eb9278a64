"""A Go team tournament in a browser, from its creation to its ``.h9`` (issue 34 item 4,
acceptance): the new-tournament form with two boards per team, eight players entered with
their ranks, four teams and their boards on the teams page, round 1 paired by hand by teams
(matches 1:2 and 3:4), round 2 paired by the director page's "Pair round" (automatic team
pairing: no repeated match, GO.md h), every result entered on the director's page, the team
standings, and the ``.h9`` downloaded with the first and last day and every player."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ratinglist.formats.go.egf_h9 import read_h9
from tests.server.fixtures import browser_sign_in, seed_server
from tests.web.test_browser import serving, shot

pytestmark = pytest.mark.slow
PLAYERS = (("Alder", "3d"), ("Birch", "1k"), ("Cedar", "2d"), ("Dogwood", "2k"),
           ("Elm", "1d"), ("Fir", "3k"), ("Gum", "4k"), ("Hazel", "5k"))  # fmt: skip
"""Players 1-8 in entry order; team n has players 2n-1 (board 1) and 2n (board 2)."""
TEAMS = ("Amber", "Basalt", "Coral", "Dune")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('goteams') / 'server.db'}"
    seed_server(url)
    with serving(url) as base:
        yield base


def _submit(page: Any, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)
    assert page.locator(".conflict").count() == 0, page.inner_text(".conflict")


def _results(page: Any, base: str, tid: str) -> int:
    page.goto(f"{base}/td/{tid}")
    tables = page.locator("#round-entry tbody tr").count()
    for table in range(1, tables + 1):
        page.select_option(f"#table-{table} select[name=score]", "1-0")
        _submit(page, f"#table-{table} button[type=submit]")
    return int(tables)


def test_a_go_team_tournament_from_creation_to_its_h9(
    served: str, browser: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    base = served
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    d = context.new_page()
    browser_sign_in(d, base, "director")
    form = "#new-tournament"
    d.fill(f"{form} input[name=name]", "Browser Team Cup")
    d.fill(f"{form} input[name=country]", "FR")
    d.fill(f"{form} input[name=start_date]", "2026-11-21")
    d.fill(f"{form} input[name=end_date]", "2026-11-22")
    d.select_option(f"{form} select[name=game]", "go")
    d.fill(f"{form} input[name=rounds]", "2")
    d.click("#settings-go summary")
    d.fill(f"{form} input[name=team_size]", "2")
    with d.expect_navigation():
        d.press(f"{form} input[name=name]", "Enter")
    found = re.search(r"/td/(\d+)", d.url)
    assert found is not None, d.url
    tid = found.group(1)
    expect(d.locator("main")).to_contain_text("2026-11-21 – 2026-11-22")

    for surname, rank in PLAYERS:
        if not d.locator("#register input[name=surname]").is_visible():
            d.click("#register details summary")
        d.fill("#register input[name=surname]", surname)
        d.fill("#register input[name=firstname]", "Ann")
        d.fill("#register input[name=rank]", rank)
        d.fill("#register input[name=country]", "FR")
        _submit(d, "#register button[type=submit]")
    _submit(d, "#teams-link a")
    d.fill("#add-teams textarea[name=names]", "\n".join(TEAMS))
    _submit(d, "#add-teams button[type=submit]")
    expect(d.locator("#teams tbody tr")).to_have_count(4)
    for n in range(1, 5):
        d.fill(f"#team-{n} input[name=players]", f"{2 * n - 1} {2 * n}")
        _submit(d, f"#boards-{n}")
    expect(d.locator("#team-1")).to_contain_text("Alder, Ann")
    expect(d.locator("#team-4")).to_contain_text("Hazel, Ann")

    # round 1 by hand, by teams
    d.fill("#pair-teams input[name=team_matches]", "1:2 3:4")
    _submit(d, "#pair-teams button[type=submit]")
    expect(d.locator(".notice")).to_contain_text(
        "round 1 paired by teams: Amber - Basalt; Coral - Dune"
    )
    assert _results(d, base, tid) == 4  # 2 matches of 2 boards

    # round 2 by the director page's "Pair round": automatic, no repeated match
    d.goto(f"{base}/td/{tid}")
    _submit(d, "#pair")
    d.goto(f"{base}/td/{tid}/teams")
    assert _results(d, base, tid) == 4
    d.goto(f"{base}/td/{tid}/teams")
    expect(d.locator("#team-standings tbody tr")).to_have_count(4)
    shot(d, "go-teams.png")
    live = d.request.get(f"{base}/td/{tid}/rounds/2")
    matches = re.findall(r"(Amber|Basalt|Coral|Dune) - (Amber|Basalt|Coral|Dune)", live.text())
    assert not {frozenset(m) for m in matches} & {
        frozenset(("Amber", "Basalt")),
        frozenset(("Coral", "Dune")),
    }

    # the .h9: first and last day, every player
    exported = d.request.get(f"{base}/td/{tid}/export/h9")
    assert exported.ok
    h9 = tmp_path / "teams.h9"
    h9.write_bytes(exported.body())
    text = exported.body().decode("iso-8859-15")
    assert "; DT[2026-11-21,2026-11-22]" in text.splitlines()
    rows = read_h9(exported.body(), h9.name).rows
    assert sorted(r.surname for r in rows) == sorted(s for s, _ in PLAYERS)
    assert all(len([g for g in r.rounds if g.is_game]) == 2 for r in rows)
    context.close()
