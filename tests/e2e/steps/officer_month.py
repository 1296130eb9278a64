"""The rating officer's month in a browser: a director uploads a .ELO file, the rating officer
accepts it in the intake, computes the month's list (the page follows the computation), reads
the diff against the last published list, publishes it and unpublishes it; every action says
what it did."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.published import store_ratings
from tests.server.fixtures import PLAYER_IDS, browser_sign_in, seed_server
from tests.server.test_rating_jobs import ANDERSEN, BERG, CUP
from tests.web.test_browser import serving

IVANOV = PLAYER_IDS[9]  # on October's list, not in the tournament: dropped
TOURNAMENT = CUP.replace("Lyon Cup", "Lyon Month Cup")


@contextmanager
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('month') / 'server.db'}"
    seed_server(url)
    store_ratings(url, "2026-10-31", {ANDERSEN: 1500, BERG: 1500, IVANOV: 1700})
    with serving(url) as base:
        yield base


def the_officer_month_in_the_browser(served: str, browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    results = tmp_path / "20261122_Lyon_Month_Cup.ELO"
    results.write_text(TOURNAMENT, encoding="utf-8")
    director = browser.new_context().new_page()
    browser_sign_in(director, served, "director")
    director.goto(f"{served}/intake/upload")
    director.set_input_files("#upload", str(results))
    with director.expect_navigation():
        director.click("form[action='/intake/upload'] button[type=submit]")
    expect(director.locator("main")).to_contain_text("queued")

    officer = browser.new_context().new_page()
    browser_sign_in(officer, served, "officer")
    officer.click("nav >> text=Intake")
    officer.click("text=20261122_Lyon_Month_Cup.ELO")
    with officer.expect_navigation():
        officer.click("text=Accept and import")
    expect(officer.locator("main")).to_contain_text("accepted")

    officer.click("nav >> text=Intake")
    officer.click("#publishing-link")
    officer.wait_for_url(f"{served}/publishing")
    officer.fill("#compute-as-of", "2026-11-30")
    with officer.expect_navigation():
        officer.click("#compute-form button[type=submit]")
    # the job's page: the feedback, then (reloading itself) the end of the computation
    expect(officer.locator("main")).to_contain_text("Computing the list as of 2026-11-30.")
    expect(officer.locator("#job-state")).to_contain_text(
        "the list as of 2026-11-30 is stored, not published"
    )
    officer.click("#job-list")
    main = officer.locator("main")
    expect(main).to_contain_text("Publish the list of 2026-11-30")
    expect(officer.locator("#dry-run")).to_contain_text("Against the list of 2026-10-31")
    newcomers = officer.locator("h3#newcomers + div table")
    expect(newcomers).to_contain_text("COSTA")
    expect(newcomers).to_contain_text("DUBOIS")
    expect(officer.locator("h3#dropped + div table")).to_contain_text("IVANOV")
    with officer.expect_navigation():
        officer.click("#confirm button[type=submit]")
    expect(officer.locator("#flash")).to_have_text("The list of 2026-11-30 is published.")
    published = officer.locator("#published")
    expect(published).to_contain_text("2026-11-30")

    officer.click("#published tr:has-text('2026-11-30') >> text=unpublish…")
    expect(officer.locator("#confirm-question")).to_contain_text("Withdraw the list")
    with officer.expect_navigation():
        officer.click("#confirm button[type=submit]")
    expect(officer.locator("#flash")).to_have_text("The list of 2026-11-30 is unpublished.")
    expect(officer.locator("#unpublished")).to_contain_text("2026-11-30")
    expect(officer.locator("#published")).not_to_contain_text("2026-11-30")
