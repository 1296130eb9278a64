"""Issue 22's fan pages over the small archive: the list in pages, search, /diff, API paging."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ratinglist.service.actor import SYSTEM
from ratinglist.service.archive import import_archive
from ratinglist.service.publishing import publish_list
from ratinglist.service.rating_lists import compute_list
from ratinglist.web.app import create_app
from tests.conftest import handle
from tests.web.site_fixture import PLAYERS


def _ranks(text: str) -> list[int]:
    body = text.split('id="ratinglist"', 1)[1].split("</tbody>", 1)[0]
    return [int(r) for r in re.findall(r"<tr[^>]*><td>(\d+)<td>", body)]


def test_the_list_in_pages_with_a_show_all_link(
    site_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A client of its own: its response cache keeps the pages of 4 rows to itself.
    monkeypatch.setattr("ratinglist.web.views.lists.LIST_PAGE_SIZE", 4)
    with TestClient(create_app(site_db)) as client:
        _pages_of_four(client)


def _pages_of_four(client: TestClient) -> None:
    first = client.get("/").text
    assert _ranks(first) == [1, 2, 3, 4]
    assert 'href="/?date=2026-03-31&amp;page=2"' in first
    assert f"show all {len(PLAYERS)}" in first
    second = client.get("/?page=2").text
    assert _ranks(second) == list(range(5, len(PLAYERS) + 1))
    everyone = client.get("/?all=1").text
    assert _ranks(everyone) == list(range(1, len(PLAYERS) + 1))
    assert "page=2" not in everyone
    # A page past the end shows no row, not an error.
    assert _ranks(client.get("/?page=9").text) == []
    assert client.get("/?page=0").status_code == 400


def test_official_ratings_only_link_keeps_the_selection(client: TestClient) -> None:
    text = client.get("/?c=FRA").text
    assert 'href="/?date=2026-03-31&amp;c=FRA&amp;official=1"' in text
    official = client.get("/?c=FRA&official=1").text
    assert 'href="/?date=2026-03-31&amp;c=FRA" id="list-pages-toggle">all ratings' in official


def test_player_games_api_pages_by_tournament(client: TestClient) -> None:
    # DUPONT (50002) played all three files: Tokyo (March), Utrecht (February), Paris (January).
    everything = client.get("/api/v1/players/50002/games").json()
    assert everything["total"] == 3 and everything["offset"] == 0 and everything["limit"] == 50
    names = [t["name"] for t in everything["tournaments"]]
    assert names == ["Tokyo Cup", "Utrecht Cup", "Paris Open"]
    second = client.get("/api/v1/players/50002/games?limit=1&offset=1").json()
    assert second["total"] == 3 and [t["name"] for t in second["tournaments"]] == ["Utrecht Cup"]
    past = client.get("/api/v1/players/50002/games?offset=3").json()
    assert past["total"] == 3 and past["tournaments"] == []
    assert client.get("/api/v1/players/50002/games?limit=0").status_code == 400


def test_player_games_api_game_objects(client: TestClient) -> None:
    # Paris round 1: "50001 (40)>(24) 50002 B": DUPONT lost with white, 24 to 40.
    paris = client.get("/api/v1/players/50002/games").json()["tournaments"][-1]
    first = paris["games"][0]
    assert first["round"] == 1 and first["bye"] is False
    assert first["opponent"]["id"] == 50001 and first["colour"] == "W"
    assert (first["own_discs"], first["opponent_discs"], first["result"]) == (24, 40, "loss")
    # Three rounds: a loss, a loss (20-44), a win (38-26).
    assert [g["result"] for g in paris["games"]] == ["loss", "loss", "win"]
    assert paris["score"] == 1.0


def test_api_margins_are_whole_numbers_as_the_pages_show(client: TestClient) -> None:
    player = client.get("/api/v1/players/50002").json()
    assert isinstance(player["margin"], int)
    page = client.get("/players/50002").text
    assert f"± {player['margin']}</span>" in page
    entries = client.get("/api/v1/lists/latest/entries").json()["entries"]
    assert all(isinstance(e["margin"], int) for e in entries)
    history = client.get("/api/v1/players/50002/history").json()
    assert all(isinstance(h["margin"], int) for h in history)


def test_tournament_countries_are_codes_everywhere(client: TestClient) -> None:
    # The files say "Netherlands", "France", "Japan"; players carry NLD, FRA, JPN (ISO 3166).
    for spelling in ("NLD", "Netherlands", "nld"):
        found = client.get(f"/api/v1/tournaments?country={spelling}").json()
        assert [t["name"] for t in found["tournaments"]] == ["Utrecht Cup"]
    listing = client.get("/tournaments").text
    assert '<a href="/tournaments?country=NLD">NLD</a>' in listing
    assert ">Netherlands<" not in listing
    assert "2026-02-07 · NLD" in client.get("/").text
    games = client.get("/api/v1/players/50002/games").json()["tournaments"]
    assert [t["country"] for t in games] == ["JPN", "NLD", "FRA"]
    utrecht = client.get("/tournaments?country=NLD").text.split('href="/tournaments/', 1)[1]
    page = client.get("/tournaments/" + utrecht.split('"', 1)[0]).text
    assert '<a href="/tournaments?country=NLD">NLD</a>' in page


def test_diff_shows_official_movers_by_default_with_a_switch(client: TestClient) -> None:
    entries = client.get("/api/v1/lists/latest/entries").json()["entries"]
    official = {e["player_id"] for e in entries if e["official"]}
    # Everyone is listed in both lists of the small archive: all of them are movers.
    everyone = client.get("/api/v1/diff?movers=all").json()
    movers = next(g for g in everyone["groups"] if g["name"] == "movers")
    assert movers["count"] == len(PLAYERS)
    default = client.get("/api/v1/diff").json()
    kept = next(g for g in default["groups"] if g["name"] == "movers")
    assert {r["player_id"] for r in kept["rows"]} <= official
    # Official means a margin under 200 (DOMAIN.md): the small archive's 7 or 8 games are
    # too few for anyone, so no mover is left.
    assert official == set() and kept["count"] == 0
    page = client.get("/diff").text
    assert "Biggest moves among official players (0)" in page
    assert "movers=all#movers" in page
    shown = client.get("/diff?movers=all").text
    assert f"Biggest moves among all players ({len(PLAYERS)})" in shown
    assert client.get("/diff?movers=some").status_code == 400


def _namesakes_db(folder: Path) -> str:
    """Two players named MARTIN, Paul (FRA 60001, BEL 60002), each in a three-player round
    robin of their own; one list published."""
    files = {
        "20260110_Lyon.ELO": ("France", "60001", "60011", "60012"),
        "20260214_Liege.ELO": ("Belgium", "60002", "60021", "60022"),
    }
    people = {
        "60001": ("MARTIN", "Paul", "FRA"),
        "60011": ("ROUX", "Anne", "FRA"),
        "60012": ("BLANC", "Luc", "FRA"),
        "60002": ("MARTIN", "Paul", "BEL"),
        "60021": ("PEETERS", "Jan", "BEL"),
        "60022": ("JANSSENS", "Els", "BEL"),
    }
    archive = folder / "archive" / "2026"
    archive.mkdir(parents=True)
    for name, (country, a, b, c) in files.items():
        day = name[:8]
        lines = [
            f"%%Tournament: {name[9:-4]}",
            f"%%Country: {country}",
            f"%%Date: {day[6:8]}/{day[4:6]}/{day[:4]}",
            "%%Sender: Site Tester",
        ]
        lines += [f"%_% {pid}, {', '.join(people[pid])}" for pid in (a, b, c)]
        # A cycle (a beats b, b beats c, c beats a): everyone can be rated.
        lines += ["%Round 1", f"{a} (40)>(24) {b} B", "%Round 2", f"{b} (34)>(30) {c} W"]
        lines += ["%Round 3", f"{c} (33)>(31) {a} B"]
        if country == "France":  # a bye: ID 0, "no opponent"
            lines += ["%Round 4", f"0 (0)<(64) {a} W"]
        if country == "Belgium":  # ROUX draws in Liege: one rated group of six
            lines += [f"%_% 60011, {', '.join(people['60011'])}", "%Round 4"]
            lines += [f"60011 (32)=(32) {b} B"]
        (archive / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    url = f"sqlite:///{folder / 'namesakes.db'}"
    import_archive(handle(url, create=True), [folder / "archive"])
    publish_list(
        handle(url),
        str(compute_list(handle(url), dt.date(2026, 2, 28), actor=SYSTEM).info.id),
        SYSTEM,
    )
    return url


def test_search_tells_namesakes_apart(tmp_path: Path) -> None:
    with TestClient(create_app(_namesakes_db(tmp_path))) as client:
        text = client.get("/search?q=martin paul").text
        rows = text.split("<tbody>", 1)[1].split("</tbody>", 1)[0].split("<tr>")[1:]
        by_id = {r.split("<td>")[1]: r for r in rows}
        assert set(by_id) >= {"60001", "60002"}
        assert "<td>FRA<td" in by_id["60001"] and ">Lyon</a> <small>2026-01-10" in by_id["60001"]
        assert "<td>BEL<td" in by_id["60002"] and ">Liege</a> <small>2026-02-14" in by_id["60002"]
        found = {h["player_id"]: h for h in client.get("/api/v1/players?q=martin").json()["hits"]}
        for pid in (60001, 60002):
            listed = client.get(f"/api/v1/players/{pid}").json()
            assert found[pid]["rating"] == listed["rating"] is not None
            assert f'<td class="n">{listed["rating"]}' in by_id[str(pid)]
        assert found[60002]["last_tournament"]["country"] == "BEL"


def test_a_favicon_is_linked_and_served(client: TestClient) -> None:
    text = client.get("/tournaments").text
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in text
    icon = client.get("/static/favicon.svg")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.text.startswith("<svg") and icon.text.rstrip().endswith("</svg>")
    old = client.get("/favicon.ico", follow_redirects=False)
    assert old.status_code == 308 and old.headers["location"] == "/static/favicon.svg"


def test_player_games_api_a_bye_is_an_object_without_opponent(tmp_path: Path) -> None:
    with TestClient(create_app(_namesakes_db(tmp_path))) as client:
        lyon = client.get("/api/v1/players/60001/games").json()["tournaments"][0]
        assert lyon["name"] == "Lyon"
        bye = [g for g in lyon["games"] if g["bye"]]
        assert len(bye) == 1 and bye[0]["round"] == 4 and bye[0]["opponent"] is None
        assert all(g["opponent"]["id"] in (60011, 60012) for g in lyon["games"] if not g["bye"])
        page = client.get("/players/60001").text
        assert "<td>bye<td" in page and 'href="/players/0"' not in page


def test_player_games_api_an_unplayed_game_has_a_null_result(tmp_path: Path) -> None:
    from sqlalchemy import create_engine, text

    url = _namesakes_db(tmp_path)
    engine = create_engine(url)
    with engine.begin() as conn:  # a stored game with no result sign (not played)
        conn.execute(text("UPDATE games SET outcome = '?' WHERE round = 3"))
    engine.dispose()
    with TestClient(create_app(url)) as client:
        lyon = client.get("/api/v1/players/60001/games").json()["tournaments"][0]
        third = next(g for g in lyon["games"] if g["round"] == 3)
        assert third["result"] is None and third["opponent"]["id"] == 60012
        # Round 1 won, round 3 not played (was lost), round 4 the bye, written as a win.
        assert lyon["score"] == 2.0
