"""Pages made in advance (`web.prerender`, `service.site_pages`): what is made, that a stored
page is served exactly as the live one, and that a publication or a registry edit makes the
stored pages stale at once."""

from __future__ import annotations

import datetime as dt
import gzip
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete

from ratinglist.service.actor import SYSTEM
from ratinglist.service.archive import import_archive
from ratinglist.service.publishing import unpublish_list
from ratinglist.service.registry import rename_player
from ratinglist.service.site import open_site
from ratinglist.service.site_pages import (
    PagePlan,
    StoredPage,
    page_plan,
    save_site_pages,
    stored_site_page,
)
from ratinglist.store import open_store
from ratinglist.store.schema import site_pages
from ratinglist.web.app import create_app
from ratinglist.web.prerender import render_missing
from tests.conftest import handle
from tests.waiting import HANG_S, port_accepts, wait_for
from tests.web.site_fixture import LIST_DATES, PLAYERS, build_site_db

TOURNAMENTS = 3
"""The small archive's tournaments (`site_fixture.FILES`)."""


@pytest.fixture()
def db(tmp_path: Path) -> str:
    """A fresh small site database (this test changes it)."""
    return build_site_db(tmp_path, f"sqlite:///{tmp_path / 'site.db'}")


def _pages(url: str, keys: list[str]) -> dict[str, tuple[str, str]]:
    """(content type, text) of each page from a fresh app (no cache carried over)."""
    with TestClient(create_app(url)) as client:
        answers = {k: client.get(k) for k in keys}
    assert all(a.status_code == 200 for a in answers.values())
    return {k: (a.headers["content-type"], a.text) for k, a in answers.items()}


def _keys() -> list[str]:
    """The home page, every rated player's page and every tournament's page."""
    players = [f"/players/{p}" for p in PLAYERS]
    return ["/", *players, *[f"/tournaments/{t}" for t in range(1, TOURNAMENTS + 1)]]


def test_every_rated_player_and_tournament_is_made_once(db: str) -> None:
    site = open_site(open_store(db))
    try:
        plan = page_plan(site)
    finally:
        site.close()
    assert plan.stored == 0
    assert sorted(plan.missing) == sorted(_keys())
    run = render_missing(db)
    assert (run.made, run.found) == (len(_keys()), 0)
    again = render_missing(db)
    assert (again.made, again.found) == (0, len(_keys()))


def test_a_stored_page_is_served_as_the_live_page(db: str) -> None:
    live = _pages(db, _keys())
    render_missing(db)
    site = open_site(open_store(db))
    try:
        stored = stored_site_page(site, site.version(), "/players/50001")
    finally:
        site.close()
    assert stored is not None
    assert gzip.decompress(stored.body).decode() == live["/players/50001"][1]
    assert _pages(db, _keys()) == live
    with TestClient(create_app(db)) as client:
        zipped = client.get("/players/50001", headers={"Accept-Encoding": "gzip"})
        plain = client.get("/players/50001", headers={"Accept-Encoding": "identity"})
    assert zipped.headers["content-encoding"] == "gzip"
    assert "content-encoding" not in plain.headers
    assert zipped.text == plain.text == live["/players/50001"][1]
    assert zipped.headers["etag"] == plain.headers["etag"]


def test_unpublishing_makes_the_stored_pages_stale(db: str) -> None:
    render_missing(db)
    before = _pages(db, ["/players/50002"])["/players/50002"][1]
    assert f"list of {LIST_DATES[-1]}" in before
    unpublish_list(handle(db), str(LIST_DATES[-1]), SYSTEM)
    after = _pages(db, ["/players/50002"])["/players/50002"][1]
    assert f"list of {LIST_DATES[0]}" in after
    assert f"list of {LIST_DATES[-1]}" not in after
    run = render_missing(db)
    assert run.found == 0
    assert _pages(db, ["/players/50002"])["/players/50002"][1] == after


def test_a_rename_makes_the_stored_pages_stale(db: str) -> None:
    render_missing(db)
    rename_player(handle(db), 120002, on=dt.date(2026, 4, 1), actor=SYSTEM, surname="VOSSEN")
    page = _pages(db, ["/tournaments/1"])["/tournaments/1"][1]
    assert "VOSSEN" in page


LYON = """\
%%Tournament: Lyon Open
%%Country: France
%%Date: 21/03/2026
%_% 50001, {evil}, Evil, FRA
%_% 50002, DUPONT, Jean, FRA
%_% 120001, DE GRAAF, Jan, NLD
%_% 99999, NEWMAN, Neo, FRA
%Round 1
50001 (40)>(24) 50002 B
99999 (40)>(24) 120001 B
"""
"""A new results file: two of its players are rated and one is new to the registry."""


def _live_and_stored(db: str) -> tuple[dict[str, tuple[str, str]], dict[str, tuple[str, str]]]:
    """Every planned page as served now (from the stored pages), and as made afresh."""
    keys = [*_keys(), "/tournaments/4"]
    stored = _pages(db, keys)
    with open_store(db).begin() as conn:
        conn.execute(delete(site_pages))
    return _pages(db, keys), stored


def test_an_import_makes_again_only_the_pages_it_changes(db: str, tmp_path: Path) -> None:
    render_missing(db)
    new = tmp_path / "new" / "2026" / "20260321_Lyon_Open.ELO"
    new.parent.mkdir(parents=True)
    new.write_text(LYON.format(evil=PLAYERS[50001][0]), encoding="utf-8")
    import_archive(handle(db, create=True), [tmp_path / "new"])
    run = render_missing(db)
    # the home page, the new tournament, and the rated players who played in it
    assert run.made == 1 + 1 + 3
    assert run.found == len(_keys()) - 1 - 3
    fresh, served = _live_and_stored(db)
    assert served == fresh
    assert "Lyon Open" in served["/players/50002"][1]
    assert "Lyon Open" not in served["/players/10001"][1]


def test_a_publication_after_an_import_makes_every_page_again(db: str, tmp_path: Path) -> None:
    render_missing(db)
    new = tmp_path / "new" / "2026" / "20260321_Lyon_Open.ELO"
    new.parent.mkdir(parents=True)
    new.write_text(LYON.format(evil=PLAYERS[50001][0]), encoding="utf-8")
    import_archive(handle(db, create=True), [tmp_path / "new"])
    unpublish_list(handle(db), str(LIST_DATES[-1]), SYSTEM)
    run = render_missing(db)
    assert (run.made, run.found) == (len(_keys()) + 1, 0)


def test_pages_made_at_an_older_version_are_not_stored(db: str) -> None:
    site = open_site(open_store(db))
    try:
        page = StoredPage("/players/50001", (("content-type", "text/html"),), gzip.compress(b"x"))
        assert save_site_pages(site, "not-the-version", [page]) == 0
        assert stored_site_page(site, site.version(), "/players/50001") is None
    finally:
        site.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _renderers(url: str) -> list[int]:
    """The pids of page renderers over `url`."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            command = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"ratinglist.web.prerender" in command and url.encode() in command:
            found.append(int(proc.name))
    return found


def test_serve_makes_the_pages_in_the_background_and_stops_its_renderer(db: str) -> None:
    port = _free_port()
    command = [str(Path(sys.executable).with_name("ratinglist")), "serve", "--db", db]
    server = subprocess.Popen([*command, "--port", str(port), "--workers", "1"])
    try:

        def made() -> PagePlan | None:
            site = open_site(open_store(db))
            try:
                plan = page_plan(site)
            finally:
                site.close()
            return None if plan.missing else plan

        plan = wait_for(made, "every page made in the background", process=server)
        assert plan.stored == len(_keys())
        assert _renderers(db)
        wait_for(lambda: port_accepts("127.0.0.1", port), "serve to listen", process=server)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/players/50001") as answer:
            assert "DUPONT" in answer.read().decode()
    finally:
        server.terminate()
        server.wait(timeout=HANG_S)
    # the renderer stops with the server: wait for that, not for a fixed time
    wait_for(lambda: not _renderers(db), "the renderer to stop with the server")
