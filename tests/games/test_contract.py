"""The contract every game keeps (issue 33): a tournament of each game in `games()` (Othello,
Go and the tests' draughts-lite) is created, registered, paired, its results entered,
corrected from a second client, undone, a player withdrawn, its standings, live page, print,
export and submission shown, through the CLI, the JSON API and the HTML pages, with only the
generic commands and routes."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ratinglist.tournament.game import games
from tests.cli.tournament_cli import run
from tests.games.drivers import DRIVERS, NAMES, Driver
from tests.server.fixtures import sign_in

GAME_NAMES = ("othello", "go", "draughts_lite")


def test_every_game_has_a_driver_and_the_test_game_is_listed() -> None:
    assert sorted(games()) == sorted(GAME_NAMES)
    assert set(DRIVERS) == set(games())


def _cli_tournament(db: Path, d: Driver) -> None:
    run(db, "new", "Contract Cup", "--game", d.game, "--country", "FRA", "--date", "2026-06-01",
        "--rounds", "3")  # fmt: skip
    for name in NAMES:
        run(db, "register", "--new", name, *d.register)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_cli_runs_a_tournament_of_each_game(name: str, tmp_path: Path) -> None:
    d = DRIVERS[name]
    db = tmp_path / "td.db"
    _cli_tournament(db, d)
    out = run(db, "pair")
    assert "1" in out
    entered = run(db, "result", "1", "--table", "1", d.result)
    assert d.result in entered and "entered" in entered
    corrected = run(db, "correct", "1", "--table", "1", d.correction)
    assert d.correction in corrected and "corrected" in corrected
    undone = run(db, "undo")
    assert "correction" in undone
    run(db, "result", "1", "--table", "2", d.result)
    standings = json.loads(run(db, "standings", "--json"))
    assert len(standings) == len(NAMES)
    run(db, "withdraw", d.last)
    assert "ALPHA" in run(db, "print", "pairings")
    assert "ALPHA" in run(db, "print", "standings")
    assert "shown on /live" in run(db, "live", "--on")
    target = tmp_path / f"out.{d.export}"
    run(db, "export", f"--{d.export}", str(target))
    assert target.stat().st_size > 0
    run(db, "submit", "--reason", "the contract test stops after round 1")


def _json(response: Any, status: int) -> Any:
    assert response.status_code == status, response.text
    return response.json()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_api_and_the_pages_run_a_tournament_of_each_game(name: str, web: TestClient) -> None:
    d = DRIVERS[name]
    director = sign_in(web, "director")
    api = "/api/v1/td/tournaments"
    created = _json(director.post(api, {"name": "Contract Cup", "country": "France",
                                        "start_date": "2026-06-01", "rounds": 3, "game": name}),
                    201)  # fmt: skip
    tid = created["id"]
    for player in NAMES:
        route, body = d.api_entry(*player.split(","))
        _json(director.post(f"{api}/{tid}/{route}", body), 201)
    first = _json(director.post(f"{api}/{tid}/rounds"), 201)
    assert len(first["tables"]) == 2
    seq = _json(web.get(f"{api}/{tid}"), 200)["seq"]
    entered = _json(director.post(f"{api}/{tid}/results",
                                  {"round": 1, "table": 1, "score": d.result, "based_on": seq}),
                    201)  # fmt: skip
    assert entered["corrected"] is False
    # a second client on the same page enters the other table's result: no clash
    with TestClient(web.app) as other:
        second = sign_in(other, "director")
        _json(second.post(f"{api}/{tid}/results",
                          {"round": 1, "table": 2, "score": d.result, "based_on": seq}),
              201)  # fmt: skip
        # and the same game again from that stale page is refused
        stale = second.post(
            f"{api}/{tid}/results", {"round": 1, "table": 1, "score": d.correction, "based_on": seq}
        )
        assert stale.status_code in (400, 409), stale.text
    corrected = _json(director.post(f"{api}/{tid}/corrections",
                                    {"round": 1, "table": 1, "score": d.correction}),
                      201)  # fmt: skip
    assert corrected["corrected"] is True
    _json(director.post(f"{api}/{tid}/undo"), 200)
    # the same correction and undo through the pages' forms
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', web.get(f"/td/{tid}").text)
    assert csrf is not None
    seq = _json(web.get(f"{api}/{tid}"), 200)["seq"]
    form = {"csrf_token": csrf.group(1), "round": "1", "table": "1", "score": d.correction,
            "correction": "true", "based_on": str(seq)}  # fmt: skip
    page = web.post(f"/td/{tid}/result", data=form)
    assert page.status_code == 200 and "corrected" in page.text, page.text[:300]
    # the line names the players in the game's order (Go: White first), as its round does
    table = first["tables"][0]
    order = ("white", "black") if first["white_first"] else ("black", "white")
    line = f"{table[order[0]]['name']} {d.correction} {table[order[1]]['name']} corrected"
    assert line in page.text
    undone = web.post(
        f"/td/{tid}/undo",
        data={"csrf_token": csrf.group(1), "based_on": str(seq + 1), "confirm": "yes"},
    )
    assert undone.status_code == 200 and "undid: correction" in undone.text, undone.text[:300]
    standings = _json(web.get(f"{api}/{tid}/standings"), 200)
    assert len(standings["lines"]) == len(NAMES)
    players = [t["black"]["id"] for t in first["tables"]]
    _json(director.post(f"{api}/{tid}/withdrawals", {"player": players[0]}), 201)
    kinds = [k["kind"] for k in _json(web.get(f"{api}/{tid}/exports"), 200)]
    assert d.export in kinds
    assert web.get(f"{api}/{tid}/export/{d.export}").status_code == 200
    # the pages, drawn through the game
    for path in (f"/td/{tid}", f"/td/{tid}/rounds/1", f"/td/{tid}/standings",
                 f"/td/{tid}/print/standings", f"/td/{tid}/print/slips"):  # fmt: skip
        page = web.get(path)
        assert page.status_code == 200, (path, page.text[:500])
        assert "ALPHA" in page.text or path.endswith("slips"), path
    # the public live pages, once the director shows the tournament
    _json(director.post(f"/api/v1/td/tournaments/{tid}/live", {"public": True}), 200)
    live = _json(web.get(f"/api/v1/live/{tid}"), 200)
    assert len(live["shown_standings"]["rows"]) == len(NAMES)
    for path in (f"/live/{tid}", f"/live/{tid}/projector?view=standings"):
        page = web.get(path)
        assert page.status_code == 200 and "ALPHA" in page.text, path
    submitted = director.post(f"{api}/{tid}/submit", {"reason": "contract test, round 1 only"})
    assert submitted.status_code == 201, submitted.text
