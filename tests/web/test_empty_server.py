"""A new server with no published list (issue 31, item 6): its home page answers 200 and says
how the rating officer publishes one (the CLI commands and the web pages)."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from ratinglist.cli.app import app as cli_app
from ratinglist.web.app import create_app


def _commands(page: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<code>(.*?)</code>", page)]


def test_the_home_page_of_an_empty_server_says_how_to_publish(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.db'}"
    with TestClient(create_app(url)) as client:
        home = client.get("/")
        assert home.status_code == 200
        assert "No rating list published yet" in home.text
        assert 'href="/publishing"' in home.text and 'href="/intake"' in home.text
        assert home.headers["cache-control"] == "no-store"  # not kept once a list is out
        for path in ("/publishing", "/intake"):  # the pages named exist (behind sign-in)
            assert client.get(path, follow_redirects=False).status_code in (302, 303, 307, 401)
        # a date asked of an empty server: the same page, not an error
        assert client.get("/?date=2026-05-31").status_code == 200
    # every command the page names is a command of the CLI
    groups = {c.name for c in cli_app.registered_commands} | {
        g.name for g in cli_app.registered_groups
    }
    named = [c.split()[1] for c in _commands(home.text) if c.startswith("ratinglist ")]
    assert set(named) == {"import", "rate", "publish"}
    assert set(named) <= groups
