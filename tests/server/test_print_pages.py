"""Printed sheets (issue 21 item 3) and the pairing report page (item 7) over HTTP: a Go
McMahon tournament and an Othello Swiss one, each sheet checked against the services that
hold the round and the standings; the public variant offers only what the live pages show;
Go's HTML and CSV exports."""

from __future__ import annotations

import csv
import io
import json
import re
from html import unescape
from pathlib import Path

from fastapi.testclient import TestClient

from ratinglist.service.tournaments.views import show_round, standings
from ratinglist.web.app import create_app
from tests.cli.tournament_cli import run
from tests.conftest import handle
from tests.server.fixtures import PLAYER_IDS, seed_server, sign_in

PLAYERS = {"Dupont": "5d", "Martin": "3d", "Bernard": "1k", "Petit": "5k", "Durand": "12k",
           "Leroy": "25k", "Moreau": "2d"}  # fmt: skip


def _go(tmp_path: Path) -> tuple[TestClient, str]:
    path = tmp_path / "go.db"
    url = f"sqlite:///{path}"
    seed_server(url)
    run(path, "new", "Paris Go", "--game", "go", "--country", "FRA", "--date", "2026-04-04",
        "--system", "mcmahon", "--bar", "4d", "--floor", "20k", "--rounds", "3")  # fmt: skip
    for name, rank in PLAYERS.items():
        run(path, "register", "--new", f"{name},A", "--rank", rank, "--country", "FR")
    run(path, "pair")
    run(path, "result", "1", "--table", "1", "1-0")
    run(path, "live", "--on")  # public sheets are those of a tournament shown on /live
    return TestClient(create_app(url)), url


def _rows(html: str, table_id: str = "sheet-table") -> tuple[list[str], list[list[str]]]:
    found = re.search(rf'<table[^>]*id="{table_id}"[^>]*>(.*?)</table>', html, re.S)
    assert found is not None, table_id
    body = found.group(1)
    head, _, rest = body.partition("<tbody>")
    heads = [re.sub(r"<.*?>", "", h).strip() for h in re.split(r"<th(?:\s[^>]*)?>", head)[1:]]
    rows = []
    for line in rest.split("<tr")[1:]:
        cells = re.split(r"<td[^>]*>", line)[1:]
        rows.append([unescape(re.sub(r"<small>.*?</small>|<.*?>", "", c)).strip() for c in cells])
    return heads, rows


def test_go_sheets_hold_the_round_and_the_standings(tmp_path: Path) -> None:
    client, url = _go(tmp_path)
    sign_in(client, "admin")
    view = show_round(handle(url), 1, 1)
    page = client.get("/td/1/print/pairings")
    assert page.status_code == 200
    assert '<link rel="stylesheet" href="/static/print.css">' in page.text
    heads, rows = _rows(page.text)
    assert heads[:3] == ["Table", "White", "Black"] and "Handicap" in heads
    expected = [
        [str(t.table), t.white.name, t.black.name, str(t.handicap or 0)] for t in view.tables
    ]
    assert [r[:4] for r in rows] == expected

    heads, rows = _rows(client.get("/td/1/print/names").text)
    assert heads == ["Player", "Table", "Colour", "Opponent"]
    names = {r[0]: r[1:] for r in rows}
    assert len(names) == len(PLAYERS)  # six play, one has the bye
    for t in view.tables:
        assert names[t.white.name] == [str(t.table), "White", t.black.name]
        assert names[t.black.name] == [str(t.table), "Black", t.white.name]
    assert names[view.byes[0][0].name] == ["", "bye", "–"]
    assert [r[0] for r in rows] == sorted((r[0] for r in rows), key=str.casefold)

    slips = client.get("/td/1/print/slips").text
    assert slips.count('<section class="slip"') == len(view.tables)
    for t in view.tables:
        one = re.search(rf'id="slip-{t.table}">(.*?)</section>', slips, re.S)
        assert one is not None and t.white.name in one.group(1) and t.black.name in one.group(1)

    table = standings(handle(url), 1)
    heads, rows = _rows(client.get("/td/1/print/standings").text)
    assert [h for h in heads if h in table.criteria] == list(table.criteria)  # type: ignore[union-attr]
    assert [r[1] for r in rows] == [line.player.name for line in table.lines]

    heads, rows = _rows(client.get("/td/1/print/grid").text)
    order = [r[1] for r in rows]
    first = view.tables[0]  # table 1: White won 1-0
    w, b = order.index(first.white.name), order.index(first.black.name)
    assert rows[w][2 + b] == "1-0" and rows[b][2 + w] == "0-1"
    grid = client.get("/td/1/print/grid").text
    assert "1-0 <small>r1</small>" in grid and "0-1 <small>r1</small>" in grid
    assert rows[w][2 + w] == "×"

    welcome = client.get("/td/1/print/welcome").text
    assert welcome.count('<section class="welcome"') == len(PLAYERS)
    for t in view.tables:
        assert f"table {t.table}, White, against {t.black.name}" in welcome


def test_public_sheets_are_the_live_pages_data_only(tmp_path: Path) -> None:
    client, _ = _go(tmp_path)
    for sheet in ("pairings", "names", "standings", "grid"):
        assert client.get(f"/live/1/print/{sheet}").status_code == 200, sheet
    for sheet in ("slips", "welcome", "nonsense"):
        answer = client.get(f"/live/1/print/{sheet}")
        assert answer.status_code == 404 and "expected a sheet among" in answer.text
    refused = client.get("/td/1/print/pairings", follow_redirects=False)
    assert refused.status_code in (303, 401)
    sign_in(client, "admin")
    bad = client.get("/td/1/print/pairings?round=3")
    assert bad.status_code == 400 and "expected a paired round (1-1), got 3" in bad.text
    assert client.get("/td/1/print/pairings?round=x").status_code in (400, 422)


def test_report_page_and_api_give_the_cli_report(tmp_path: Path) -> None:
    client, _ = _go(tmp_path)
    signed = sign_in(client, "admin")
    api = signed.client.get("/api/v1/td/tournaments/1/rounds/1/report")
    assert api.status_code == 200
    cli = json.loads(run(tmp_path / "go.db", "report", "--round", "1", "--json"))
    assert api.json() == cli
    page = client.get("/td/1/rounds/1/report")
    assert page.status_code == 200
    _, rows = _rows(page.text, "report-pairs")
    assert [(r[0], r[1], r[2], r[-1]) for r in rows] == [
        (str(p["table"]), p["first"]["name"], p["second"]["name"], str(p["total"]))
        for p in cli["pairs"]
    ]
    assert client.get("/td/1/rounds/2/report").status_code == 400
    for sheet in ("names", "grid", "welcome"):
        printed = json.loads(run(tmp_path / "go.db", "print", sheet, "--json"))
        assert client.get(f"/api/v1/td/tournaments/1/print/{sheet}").json() == printed
    assert "(1): table" in run(tmp_path / "go.db", "print", "names")
    assert 'href="/td/1/rounds/1/report"' in client.get("/td/1").text


def test_go_html_and_csv_exports(tmp_path: Path) -> None:
    client, url = _go(tmp_path)
    sign_in(client, "admin")
    table = standings(handle(url), 1)
    answer = client.get("/td/1/export/csv")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(answer.text)))
    assert rows[0][:6] == ["place", "number", "name", "rank", "country", "club"]
    assert rows[0][6 : 6 + len(table.criteria)] == list(table.criteria)  # type: ignore[union-attr]
    assert [r[2] for r in rows[1:]] == [line.player.name for line in table.lines]
    page = client.get("/td/1/export/html")
    assert page.status_code == 200 and "<h1>Paris Go</h1>" in page.text
    assert all(line.player.name in page.text for line in table.lines)


def test_othello_sheets_name_black_first_and_show_brightwell(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'othello.db'}"
    seed_server(url)
    client = TestClient(create_app(url))
    director = sign_in(client, "director")
    made = director.post(
        "/api/v1/td/tournaments",
        {"name": "Print Open", "country": "France", "start_date": "2026-11-21", "rounds": 3},
    )
    tid = int(made.json()["id"])  # type: ignore[attr-defined]
    director.post(
        f"/api/v1/td/tournaments/{tid}/players", {"players": [str(p) for p in PLAYER_IDS]}
    )
    director.post(f"/api/v1/td/tournaments/{tid}/rounds")
    view = show_round(handle(url), tid, 1)
    heads, rows = _rows(client.get(f"/td/{tid}/print/pairings").text)
    assert heads == ["Table", "Black", "Result", "White"]
    assert [(r[0], r[1], r[3]) for r in rows] == [
        (str(t.table), t.black.name, t.white.name) for t in view.tables
    ]
    heads, _ = _rows(client.get(f"/td/{tid}/print/standings").text)
    assert heads[-3:] == ["Points", "Brightwell", "Discs"]
    slips = client.get(f"/td/{tid}/print/slips").text
    assert slips.count('<section class="slip"') == len(view.tables) == 8
    assert "<th>Black<td>" in slips
