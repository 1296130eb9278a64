"""A player named ``<img src=x onerror=alert(1)>`` is shown as text on every page (issue 10's
acceptance): the public site (lists, player, tournaments, search, diff), the registry, and
the TD, live and intake pages (those in `test_td_pages`, `tests/e2e/steps/td`, `test_intake_web`).

The registry refuses no name, but an imported .ELO file is the way such a name arrives from
outside, so the site's archive is imported with the name in its player lines.
"""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ratinglist.model.account import Grant, Role
from ratinglist.service.accounts import add_user, grant
from ratinglist.service.actor import SYSTEM
from ratinglist.service.archive import import_archive
from ratinglist.service.publishing import publish_list
from ratinglist.service.rating_lists import compute_list
from ratinglist.web.app import create_app
from tests.conftest import handle
from tests.server.fixtures import EVIL, PASSWORD
from tests.web.site_fixture import EVIL as SCRIPT
from tests.web.site_fixture import LIST_DATES, write_archive

PLAYER = 50001
"""The player the site's archive names `SCRIPT`: here `EVIL`."""


@pytest.fixture
def evil_site(db_url: str, tmp_path: Path) -> str:
    """The site's three-file archive with player 50001 named `EVIL`, imported and rated."""
    archive = write_archive(tmp_path / "archive")
    for path in archive.rglob("*.ELO"):
        path.write_text(path.read_text(encoding="utf-8").replace(SCRIPT, EVIL), encoding="utf-8")
    import_archive(handle(db_url, create=True), [archive])
    for day in LIST_DATES:
        publish_list(
            handle(db_url), str(compute_list(handle(db_url), day, actor=SYSTEM).info.id), SYSTEM
        )
    add_user(handle(db_url, create=True), "officer", PASSWORD, SYSTEM)
    grant(handle(db_url), "officer", Grant(Role.ADMIN), SYSTEM)
    return db_url


def test_an_img_name_is_text_on_every_public_page(evil_site: str) -> None:
    escaped = html.escape(EVIL, quote=False)
    with TestClient(create_app(evil_site)) as client:
        found = client.get("/api/v1/tournaments?name=paris").json()["tournaments"]
        tid = found[0]["id"]
        showing = [
            "/",
            "/?c=FRA",
            f"/players/{PLAYER}",
            f"/players/{PLAYER}/why",
            "/tournaments",
            f"/tournaments/{tid}",
            "/search?q=img",
            "/diff?movers=all",
        ]
        for url in showing:
            page = client.get(url)
            assert page.status_code == 200, url
            assert EVIL not in page.text, url
            if url != "/tournaments":  # the list names tournaments, not players
                assert escaped in page.text, url
        login = client.post("/api/v1/login", json={"username": "officer", "password": PASSWORD})
        assert login.status_code == 200
        registry = client.get("/registry")
        assert registry.status_code == 200
        assert EVIL not in registry.text
        assert client.get(f"/api/v1/players/{PLAYER}").json()["name"].startswith(EVIL)
