"""Issue 32, item 3: one truth for every result kind. A forfeit is shown by name on the
director's, live and cross-table pages, the API and the exports, and counted the same way
everywhere: 1 point and 64-0 in the tournament's standings (seed 004 IV: a game not played
scores 64-0), in the .ELO's declared scores (seed 000: the forfeit is no game line, it is
not rated), and on the public tournament page, which shows the tournament's own points,
Brightwell quotients and discs (docs/decisions.md, "Issue 32: one truth for every result
kind")."""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path

from fastapi.testclient import TestClient

from ratinglist.cli.app import app
from ratinglist.formats.elo import parse_elo
from ratinglist.web.app import create_app
from tests.cli.tournament_cli import run, runner
from tests.web.test_site_files import PLAYERS_LIST, _fill_round, _folded, _ids


def _fill_rest(db: Path, folder: Path, rng: random.Random) -> None:
    """The results of round 1 not entered yet, from the sheet `ratinglist tournament
    results` reads."""
    r = _folded(db).play.state.rounds[0]
    lines = []
    for p in r.pairings:
        if p.result is None:
            x = rng.randint(10, 54)
            lines.append(f"1 {p.black} {p.white} {x}-{64 - x}")
    sheet = folder / "rest.txt"
    sheet.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run(db, "results", str(sheet))


def _text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_a_forfeit_is_named_and_counted_alike_everywhere(tmp_path: Path) -> None:
    db = tmp_path / "td.db"
    players = tmp_path / "joueurs.txt"
    players.write_text(PLAYERS_LIST, encoding="utf-8")
    done = runner.invoke(app, ["players", "import-list", str(players), "--apply", "--db", str(db)])
    assert done.exit_code == 0, done.output
    run(db, "new", "Forfeit Cup", "--country", "NLD", "--date", "2026-05-01",
        "--system", "swiss", "--rounds", "3", "--seed", "5")  # fmt: skip
    run(db, "register", "Tanaka Hiroshi", "Sato Yuki", "de graaf jan", "Vos Bram",
        "Jansen Karel", "Bakker Eva", "Tom de Vries", "Mulder Sanne")  # fmt: skip
    rng = random.Random(7)
    run(db, "pair")
    # round 1, table 1: White does not come; Black wins by forfeit
    first = _folded(db).play.state.rounds[0].pairings[0]
    winner, loser = int(first.black), int(first.white)
    run(db, "result", "1", str(winner), str(loser), "--special", "forfeit", "--winner",
        str(winner))  # fmt: skip
    _fill_rest(db, tmp_path, rng)  # the other tables
    for _ in range(2):
        run(db, "pair")
        _fill_round(db, tmp_path, rng)
    run(db, "live", "--on")
    td = {int(r["id"]): r for r in json.loads(run(db, "standings", "--json"))}

    with TestClient(create_app(f"sqlite:///{db}")) as client:
        tid = _folded_id(client)
        api_round = client.get(f"/api/v1/live/{tid}/rounds/1").json()
        forfeit = next(t for t in api_round["tables"] if t["black"]["id"] == winner)
        assert (forfeit["result"], forfeit["kind"]) == ("64-0", "forfeit")
        assert [t["kind"] for t in api_round["tables"] if t is not forfeit] == [""] * 3
        live = _text(client.get(f"/live/{tid}?round=1").text)
        assert "64-0 forfeit" in live
        api = client.get(f"/api/v1/live/{tid}/standings").json()
        live_points = {int(s["player"]["id"]): s["points"] for s in api["lines"]}
        assert live_points == {pid: r["points"] for pid, r in td.items()}

    # the .ELO: no game line for the forfeit, the declared scores are the standings'
    out = tmp_path / "cup.ELO"
    run(db, "export", "--elo", str(out))
    rf = parse_elo(out.read_text(encoding="utf-8"), "cup.ELO")
    assert all({g.first, g.second} != {str(winner), str(loser)} for g in rf.games if g.round == 1)
    declared = {int(p.token): (p.score, p.discs) for p in rf.players}
    assert declared == {pid: (r["points"], r["discs"]) for pid, r in td.items()}
    assert [n.text.split(" (")[0] for n in rf.diagnostics if n.code == "N305"] == [
        f"R1 {winner} > {loser}"
    ]

    run(db, "submit", "--import-now")
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        [pid_tournament] = _ids(client)
        public = client.get(f"/api/v1/tournaments/{pid_tournament}/games").json()
        assert public["placed_by"] == "engine"
        shown = {
            int(s["player_id"]): (s["score"], s["brightwell"], s["discs"])
            for s in public["standings"]
        }
        assert shown == {pid: (r["points"], r["bq"], r["discs"]) for pid, r in td.items()}
        page = _text(client.get(f"/tournaments/{pid_tournament}").text)
        assert f"a forfeit, not played and not rated: R1 {winner} > {loser}" in page
        # places follow the points: nobody with fewer points above someone with more
        points = [s["score"] for s in public["standings"]]
        assert points == sorted(points, reverse=True)


def _folded_id(client: TestClient) -> int:
    listed = client.get("/api/v1/live").json()
    [only] = listed
    return int(only["id"])
