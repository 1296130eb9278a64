"""The results intake in a browser: a director uploads a .ELO file through the Intake link
of the navigation, the rating officer accepts it, and an anonymous visitor finds the
tournament on the public site."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from ratinglist.service.site import VERSION_TTL
from tests.server.fixtures import EVIL, browser_sign_in, seed_server
from tests.web.test_browser import serving

LYON = f"""\
%%Tournament: Lyon Intake Cup
%%Country: France
%%Date: 22/11/2026
%%Sender: Test

%_% 500001, {EVIL}, Test, FRA
%_% 500002, ANDERSEN, Test, FRA
%_% 500003, BERG, Test, FRA
%_% 500004, COSTA, Test, FRA

%Round 1
500001 (40)>(24) 500002 B
500003 (30)<(34) 500004 W
%Round 2
500004 (33)>(31) 500001 B
500002 (36)>(28) 500003 W
"""


@contextmanager
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('intake') / 'server.db'}"
    seed_server(url)
    with serving(url) as base:
        yield base


def upload_accept_and_the_public_site(served: str, browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    results = tmp_path / "20261122_Lyon_Intake_Cup.ELO"
    results.write_text(LYON, encoding="utf-8")
    visitor = browser.new_context().new_page()
    visitor.goto(f"{served}/tournaments")
    expect(visitor.locator("main")).not_to_contain_text("Lyon Intake Cup")
    expect(visitor.locator("nav")).not_to_contain_text("Intake")  # public, anonymous

    director = browser.new_context().new_page()
    browser_sign_in(director, served, "director")
    director.click("nav >> text=Intake")
    director.wait_for_url(f"{served}/intake")
    director.click("text=Upload a .ELO file")
    director.set_input_files("#upload", str(results))
    with director.expect_navigation():
        director.click("form[action='/intake/upload'] button[type=submit]")
    expect(director.locator("main")).to_contain_text("queued")
    item = director.url

    officer = browser.new_context().new_page()
    browser_sign_in(officer, served, "officer")
    officer.click("nav >> text=Intake")
    officer.click("text=20261122_Lyon_Intake_Cup.ELO")
    assert officer.url == item
    expect(officer.locator("main")).to_contain_text(EVIL)  # as text
    with officer.expect_navigation():
        officer.click("text=Accept and import")
    expect(officer.locator("main")).to_contain_text("accepted")

    visitor.wait_for_timeout(1000 * VERSION_TTL + 100)  # the site's data version is renewed
    visitor = browser.new_context().new_page()  # the first one keeps its page (max-age)
    visitor.goto(f"{served}/tournaments")
    visitor.click("text=Lyon Intake Cup")
    expect(visitor.locator("main")).to_contain_text("ANDERSEN")
    expect(visitor.locator("main")).to_contain_text(EVIL)
    nobody = browser.new_context().new_page()
    browser_sign_in(nobody, served, "nobody")
    expect(nobody.locator("nav")).not_to_contain_text("Intake")  # no role, no link
