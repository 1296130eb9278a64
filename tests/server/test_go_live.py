"""The live pages, the projector and the live JSON API of a Go tournament: pairings with
colours and handicap, results as they come, standings on the tournament's criteria."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from ratinglist.model.go import parse_rank
from ratinglist.web.app import create_app
from tests.cli.tournament_cli import run

PLAYERS = {
    "Dupont": "5d",
    "Martin": "3d",
    "Bernard": "1k",
    "Petit": "5k",
    "Durand": "12k",
    "Leroy": "25k",
    "Moreau": "2d",
}
"""Surname -> rank (every player first name 'A', country FR)."""


def _start(rank: str) -> int:
    # McMahon with bar 4d and floor 20k (GO.md): the initial MMS is the rank clamped to
    # 20k..4d, plus 30 (1d = 30, 1k = 29).
    return max(-20, min(3, parse_rank(rank).value)) + 30


def _handicap(white: str, black: str) -> int:
    # GO.md c: the pseudo rank is MMS - 30 capped at the no-handicap threshold (1d);
    # handicap = difference - 1, at most 9.
    mw, mb = (min(0, _start(PLAYERS[n]) - 30) for n in (white, black))
    return max(0, min(9, abs(mw - mb) - 1))


def _go_tournament(tmp_path: Path) -> Path:
    db = tmp_path / "go.db"
    run(db, "new", "Paris Go", "--game", "go", "--country", "FRA", "--date", "2026-04-04",
        "--system", "mcmahon", "--bar", "4d", "--floor", "20k", "--rounds", "3")  # fmt: skip
    run(db, "live", "--on")
    for name, rank in PLAYERS.items():
        run(
            db, "register", "--new", f"{name},A", "--rank", rank, "--country", "FR", "--club", "Par"
        )
    run(db, "pair")
    return db


def _cells(html: str, table_id: str) -> tuple[list[str], list[list[str]]]:
    found = re.search(rf'<table[^>]*id="{table_id}"[^>]*>(.*?)</table>', html, re.S)
    assert found is not None, table_id
    body = found.group(1)
    heads = [re.sub(r"<.*?>", "", h).strip() for h in re.findall(r"<th(?:\s[^>]*)?>([^<]*)", body)]
    rows = []
    for line in body.split("<tbody>")[1].split("<tr")[1:]:
        cells = re.split(r"<td[^>]*>", line)[1:]
        rows.append([re.sub(r"<small>.*?</small>|<.*?>", "", c).strip() for c in cells])
    return heads, rows


def _surname(shown: str) -> str:
    return shown.split(",")[0].strip().capitalize()


def test_go_live_page_shows_colours_handicaps_results_and_mms(tmp_path: Path) -> None:
    db = _go_tournament(tmp_path)
    with TestClient(create_app(f"sqlite:///{db}")) as anonymous:
        page = anonymous.get("/live/1")
        assert page.status_code == 200, page.text
        heads, rows = _cells(page.text, "pairings")
        assert heads == ["Table", "White", "Black", "Handicap", "Result (W-B)"]
        assert len(rows) == 3  # 7 players: three games and a bye
        for _table, white, black, handicap, result in rows:
            w, b = _surname(white), _surname(black)
            assert int(handicap) == _handicap(w, b), (w, b)
            if int(handicap):  # in a handicap game White is the stronger
                assert _start(PLAYERS[w]) > _start(PLAYERS[b]), (w, b)
            assert result == "–"
        # results as they come: White wins at table 1, jigo at table 3
        run(db, "result", "1", "--table", "1", "1-0")
        run(db, "result", "1", "--table", "3", "=")
        fragment = anonymous.get("/live/1", headers={"x-live-fragment": "1"})
        assert fragment.status_code == 200 and "<html" not in fragment.text
        _, after = _cells(fragment.text, "pairings")
        assert [r[4] for r in after] == ["1-0", "–", "½-½"]
        heads, lines = _cells(fragment.text, "live-standings")
        assert heads[:6] == ["#", "Player", "Rank", "Country", "Club", "MMS"]
        mms = {_surname(line[1]): line[5] for line in lines}
        points = {n: 0.0 for n in PLAYERS}
        white, black = _surname(after[0][1]), _surname(after[0][2])
        points[white] = 1.0
        for n in (_surname(after[2][1]), _surname(after[2][2])):
            points[n] = 0.5
        bye = (set(PLAYERS) - {_surname(c) for r in after for c in r[1:3]}).pop()
        points[bye] = 1.0  # a bye counts as a win in McMahon (GO.md)
        for name, rank in PLAYERS.items():
            value = _start(rank) + points[name]
            assert mms[name] == f"{int(value)}" + ("½" if value % 1 else ""), name


def test_go_projector_and_live_api(tmp_path: Path) -> None:
    db = _go_tournament(tmp_path)
    run(db, "result", "1", "--table", "2", "0-1!")
    with TestClient(create_app(f"sqlite:///{db}")) as anonymous:
        round_page = anonymous.get("/live/1/projector")
        assert round_page.status_code == 200
        assert "<th>White" in round_page.text and "Handicap" in round_page.text
        assert "0-1!" in round_page.text
        standings_page = anonymous.get("/live/1/projector?view=standings")
        assert standings_page.status_code == 200 and '<th class="n">MMS' in standings_page.text
        live = anonymous.get("/api/v1/live/1").json()
        assert live["round"]["game"] == "go"
        assert live["standings"]["criteria"][0] == "MMS"
        assert [c["label"] for c in live["shown_round"]["columns"]][1:4] == [
            "White",
            "Black",
            "Handicap",
        ]
        table2 = next(t for t in live["round"]["tables"] if t["table"] == 2)
        assert table2["result"] == "0-1!"
        assert anonymous.get("/api/v1/live/1/standings").json()["criteria"][0] == "MMS"
        schema = anonymous.get("/api/v1/openapi.json").json()["components"]["schemas"]
        # the standings are the game's own value (issue 33: no closed union of two games);
        # the schema documents the table every game shows of them
        assert "ShownTable" in set(schema)


TEAM_PLAYERS = (
    ("Red,One", "3d"),
    ("Red,Two", "1d"),
    ("Blue,One", "2d"),
    ("Blue,Two", "1k"),
    ("Green,One", "1d"),
    ("Green,Two", "3k"),
    ("Yellow,One", "4d"),
    ("Yellow,Two", "2k"),
)
"""Team boards in registration order; MNR Red 2200, Yellow 2150, Blue 2100, Green 1950."""


def test_team_tournament_live_page_shows_matches_and_team_standings(tmp_path: Path) -> None:
    db = tmp_path / "teams.db"
    run(db, "new", "Team Cup", "--game", "go", "--system", "swiss", "--rounds", "3",
        "--team-size", "2", "--country", "FRA", "--date", "2026-05-01")  # fmt: skip
    run(db, "live", "--on")
    for name, rank in TEAM_PLAYERS:
        run(db, "register", "--new", name, "--rank", rank, "--country", "FR")
    run(db, "team", "add", "Red", "Blue", "Green", "Yellow")
    for team, first in (("Red", 1), ("Blue", 3), ("Green", 5), ("Yellow", 7)):
        run(db, "team", "boards", team, str(first), str(first + 1))
    run(db, "team", "pair")
    with TestClient(create_app(f"sqlite:///{db}")) as anonymous:
        heads, matches = _cells(anonymous.get("/live/1").text, "team-pairings")
        # by MNR, split and slip: Red v Blue, Yellow v Green; board 1 of the first team White
        assert heads == ["Tables", "Team (board 1 White)", "Match", "Team"]
        assert [(m[0], m[1], m[2], m[3]) for m in matches] == [
            ("1, 2", "Red", "–", "Blue"),
            ("3, 4", "Yellow", "–", "Green"),
        ]
        # Red wins both boards; Yellow v Green: board 1 to Green, board 2 to Yellow
        for table, result in ((1, "1-0"), (2, "0-1"), (3, "0-1"), (4, "0-1")):
            run(db, "result", "1", "--table", str(table), result)
        page = anonymous.get("/live/1").text
        _, matches = _cells(page, "team-pairings")
        assert [m[2] for m in matches] == ["2-0", "1-1"]
        heads, lines = _cells(page, "team-standings")
        assert heads[:2] == ["#", "Team"] and heads[-1] == "R1"
        column = {h: k for k, h in enumerate(heads)}
        # match points 2 won, 1 drawn; board wins; board-1 wins break the Green-Yellow tie
        assert [
            (line[1], line[column["TEAMP"]], line[column["BDW"]], line[column["BDW1U"]], line[-1])
            for line in lines
        ] == [
            ("Red", "2", "2", "1", "2+2"),
            ("Green", "1", "1", "1", "4=1"),
            ("Yellow", "1", "1", "0", "3=1"),
            ("Blue", "0", "0", "0", "1-0"),
        ]
        api = anonymous.get("/api/v1/live/1").json()
        assert [row["cells"][1]["text"] for row in api["team_standings"]["rows"]] == [
            "Red",
            "Green",
            "Yellow",
            "Blue",
        ]
