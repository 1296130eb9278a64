"""A finished Go tournament directed here has public pages: listed among the finished
tournaments, every round and the final standings on its page, its Go files as downloads."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from ratinglist.formats.go.egf_h9 import read_h9
from ratinglist.web.app import create_app
from tests.cli.tournament_cli import run

PLAYERS = (
    ("Dupont,Jean", "5k"),
    ("Martin,Luc", "5k"),
    ("Bernard,Paul", "5k"),
    ("Petit,Anne", "5k"),
)
"""Four players of one rank: no byes, no handicaps; McMahon = wins (GO.md)."""


def _finished(tmp_path: Path) -> Path:
    """A 2-round Go tournament (not submitted yet) where White wins every game."""
    db = tmp_path / "go.db"
    run(db, "new", "Lyon Go", "--game", "go", "--country", "FRA", "--date", "2026-05-02",
        "--system", "mcmahon", "--bar", "4d", "--floor", "20k", "--rounds", "2")  # fmt: skip
    run(db, "live", "--on")
    for name, rank in PLAYERS:
        run(db, "register", "--new", name, "--rank", rank, "--country", "FR", "--club", "Lyo")
    for number in (1, 2):
        run(db, "pair")
        for table in (1, 2):
            run(db, "result", str(number), "--table", str(table), "1-0")
    return db


def test_finished_go_tournament_has_a_public_page_with_its_files(tmp_path: Path) -> None:
    db = _finished(tmp_path)
    with TestClient(create_app(f"sqlite:///{db}")) as anonymous:
        # while it runs, the files are not offered
        assert 'id="downloads"' not in anonymous.get("/live/1").text
        assert anonymous.get("/live/1/files/h9").status_code == 404
        run(db, "submit")
        index = anonymous.get("/live")
        finished = re.search(r'<table class="list" id="finished">(.*?)</table>', index.text, re.S)
        assert finished is not None and 'href="/live/1"' in finished.group(1)
        assert 'href="/live"' in anonymous.get("/tournaments").text
        page = anonymous.get("/live/1")
        assert page.status_code == 200 and "finished" in page.text
        for number in (1, 2):
            assert f'href="/live/1?round={number}"' in page.text
            assert anonymous.get(f"/live/1?round={number}").status_code == 200
        for kind in ("h9", "tou", "xml", "aga"):
            assert f'href="/live/1/files/{kind}"' in page.text
        h9 = anonymous.get("/live/1/files/h9")
        assert h9.status_code == 200 and "attachment" in h9.headers["content-disposition"]
        back = read_h9(h9.content, "Lyon_Go.h9")
        assert back.diagnostics == ()
        # White won every game: 2 games x 2 rounds, 4 wins among 4 players; each player's
        # MMS is the rank's start (5k: 25) plus its wins, as on the page
        api = anonymous.get("/api/v1/live/1").json()
        assert api["files"] and api["standings"]["criteria"][0] == "MMS"
        shown = {
            line["player"]["name"].lower(): line["values"][0] for line in api["standings"]["lines"]
        }
        filed = {f"{r.surname}, {r.first_name}".lower(): r.values[0] for r in back.rows}
        assert filed == shown
        total = sum(int(v) - 25 for v in shown.values())
        assert total == 4
        assert anonymous.get("/live/1/files/elo").status_code == 404
