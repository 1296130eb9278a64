"""Go tournaments through `ratinglist tournament ...`: the shared engine, log and commands.

Expected values come from GO.md's rules (McMahon starting score = rank clamped to the bar
and floor, minus the zero rank; a win adds 1, jigo 1/2, a bye 1; handicap = MMS difference
minus the correction), and, on real data, from OpenGotha's own files.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ratinglist.cli.app import app
from ratinglist.formats.go.egf_h9 import read_h9
from ratinglist.formats.go.opengotha_document import read_opengotha_document
from ratinglist.service.tournaments.server import overview
from ratinglist.store import open_store
from ratinglist.store.tournament_events import find_directed, load_events
from ratinglist.tournament.fold import fold
from tests.cli.tournament_cli import fail, run, runner
from tests.conftest import handle

PLAYERS = [
    ("Dupont,Jean", "5d"),
    ("Martin,Luc", "3d"),
    ("Bernard,Paul", "1k"),
    ("Petit,Anne", "5k"),
    ("Durand,Eva", "12k"),
    ("Leroy,Max", "25k"),
    ("Moreau,Ines", "2d"),
]


def _new(db: Path, *options: str) -> None:
    run(db, "new", "Paris Go", "--game", "go", "--country", "FRA", "--date", "2026-04-04", *options)
    for name, rank in PLAYERS:
        run(db, "register", "--new", name, "--rank", rank, "--country", "FR", "--club", "Par")


def _state(db: Path):  # type: ignore[no-untyped-def]
    with open_store(f"sqlite:///{db}") as store:
        return fold(load_events(store, find_directed(store, None).id))


def _events(db: Path) -> list[object]:
    with open_store(f"sqlite:///{db}") as store:
        return list(load_events(store, find_directed(store, None).id))


def _standings(db: Path) -> dict[str, dict[str, object]]:
    return {row["name"]: row for row in json.loads(run(db, "standings", "--json"))}


def test_mcmahon_round_scores_handicaps_and_results(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    _new(db, "--system", "mcmahon", "--bar", "4d", "--floor", "20k", "--rounds", "3")
    run(db, "pair")
    s = _state(db).play
    assert s is not None and s.paired == 1
    games = s.rounds[0].games
    # 7 players: one bye, the lowest rank + MMS (Leroy, 25k).
    assert [s.player(s.number(k)).name for k in s.rounds[0].byes] == ["Leroy"]
    assert len(games) == 3
    for g in games:
        w, b = (s.player(s.number(k)) for k in (g.white, g.black))
        # MMS before round 1 = rank clamped to 20k..4d; handicap = difference - 1, max 9;
        # White is the stronger.
        # GO.md c: pseudo rank = MMS - 30 capped at the no-handicap threshold (1d).
        mw, mb = (min(0, max(-20, min(3, p.rank.value))) for p in (w, b))
        expected = max(0, min(9, abs(mw - mb) - 1))
        assert g.handicap == expected
        if expected:
            assert mw > mb
    shown = run(db, "show")
    assert "hd" in shown and "White" in shown
    first = games[0]
    w, b = int(s.number(first.white)), int(s.number(first.black))
    # By players in either order: 1-0 means the first named wins.
    run(db, "result", "1", str(b), str(w), "1-0")
    table2 = next(g for g in games if g.table == 2)
    run(db, "result", "1", "--table", "2", "0-1!")
    run(db, "result", "1", "--table", "3", "=")
    assert "already entered" in fail(db, "result", "1", "--table", "3", "1-0")
    # The same result again changes nothing: not written, not called a correction.
    events = len(_events(db))
    assert run(db, "result", "1", "--table", "3", "=").rstrip().endswith(" unchanged")
    assert "unchanged" in run(db, "correct", "1", "--table", "3", "=")
    assert len(_events(db)) == events
    rows = _standings(db)
    by_key = {s.player(s.number(k)).key: s.player(s.number(k)) for k in s.numbers()}
    for g, (white_pts, black_pts) in (
        (first, (0.0, 1.0)),
        (table2, (0.0, 1.0)),
        (next(g for g in games if g.table == 3), (0.5, 0.5)),
    ):
        for key, pts in ((g.white, white_pts), (g.black, black_pts)):
            p = by_key[key]
            start = max(-20, min(3, p.rank.value)) + 30
            assert rows[f"{p.name}, {p.first_name}"]["MMS"] == (
                f"{int(start + pts)}" + ("½" if pts == 0.5 else "")
            )
    leroy = rows["Leroy, Max"]
    assert leroy["MMS"] == str(-20 + 30 + 1) and leroy["rounds"] == ["0+"]
    loser = by_key[table2.white]
    assert rows[f"{loser.name}, {loser.first_name}"]["rounds"][0].startswith(
        f"{rows[f'{by_key[table2.black].name}, {by_key[table2.black].first_name}']['place']}-!w"
    )
    run(db, "correct", "1", "--table", "3", "1-0")
    assert _state(db).play.rounds[0].games[2].result.outcome.value in ("white", "black")
    run(db, "pair")
    assert _state(db).play.paired == 2
    assert "opengotha" in run(db, "explain", "2")
    # GO.md d: a pair that never met gets the whole duplicate-game weight (5e14), a pair
    # that met gets 0; the asked pair is round 1's table 1.
    ex = json.loads(run(db, "explain", "2", "--json", "--pair", f"{w}-{b}"))
    chosen = [p for p in ex["pairs"] if p["kind"] == "round"]
    asked = [p for p in ex["pairs"] if p["kind"] == "asked"]
    assert len(chosen) == 3 and all(p["baseDuplicateGameCost"] == 5 * 10**14 for p in chosen)
    assert [({p["black"], p["white"]}, p["baseDuplicateGameCost"]) for p in asked] == [({w, b}, 0)]
    assert ex["total"] == sum(p["cost"] for p in chosen)


def test_pairing_waits_for_results_and_undo(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    _new(db, "--rounds", "2")
    run(db, "pair")
    assert "expected every result of round 1" in fail(db, "pair")
    seen = overview(handle(f"sqlite:///{db}"), 1)
    assert (seen.entrants, seen.paired, seen.games_due, seen.results_in) == (7, 1, 3, 0)
    run(db, "result", "--table", "1", "1-0")
    run(db, "undo")
    assert all(g.result.outcome.value == "unknown" for g in _state(db).play.rounds[0].games)
    assert "expected a Go result" in fail(db, "result", "--table", "1", "40-24")
    slips = run(db, "slips")  # Go slips: one per table, White and Black with their ranks
    assert slips.count("Result (circle)") == len(_state(db).play.rounds[0].games)


def test_forbidden_and_absent_players(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    _new(db, "--system", "swiss", "--rounds", "2")
    run(db, "forbid", "1", "2")
    run(db, "absent", "7")
    run(db, "pair")
    s = _state(db).play
    pairs = {frozenset((g.white, g.black)) for g in s.rounds[0].games}
    assert frozenset((s.key(1), s.key(2))) not in pairs  # type: ignore[arg-type]
    assert all(s.key(7) not in p for p in pairs)  # type: ignore[arg-type]
    assert not s.rounds[0].byes  # 6 players left: no bye
    assert all(g.handicap == 0 for g in s.rounds[0].games)  # Swiss: no handicap


def test_round_robin_everybody_meets_once(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    run(db, "new", "RR", "--game", "go", "--system", "round-robin", "--country", "FRA",
        "--date", "2026-04-04", "--rounds", "3")  # fmt: skip
    for name, rank in PLAYERS[:4]:
        run(db, "register", "--new", name, "--rank", rank)
    met: list[frozenset[str]] = []
    for _ in range(3):
        run(db, "pair")
        rnd = _state(db).play.rounds[-1]
        met += [frozenset((g.white, g.black)) for g in rnd.games]
        for g in rnd.games:
            run(db, "result", "--table", str(g.table), "1-0")
    assert len(met) == 6 and len(set(met)) == 6
    assert "all 3 rounds already paired" in fail(db, "pair")
    db5 = tmp_path / "rr5.db"
    run(db5, "new", "RR5", "--game", "go", "--system", "rr", "--country", "FRA",
        "--date", "2026-04-04", "--rounds", "4")  # fmt: skip
    for name, rank in PLAYERS[:5]:
        run(db5, "register", "--new", name, "--rank", rank)
    assert "expected 5 rounds (or a multiple)" in fail(db5, "pair")


def test_go_options_are_checked(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    base = ("new", "X", "--country", "FRA", "--date", "2026-04-04")
    assert "expected a Go system" in fail(db, *base, "--game", "go", "--system", "lightning")
    assert "--game go" in fail(db, *base, "--bar", "4d")
    assert "floor at or below the bar" in fail(
        db, *base, "--game", "go", "--bar", "10k", "--floor", "5k"
    )
    assert "placement criteria" in fail(db, *base, "--game", "go", "--criteria", "MMS,XYZ")


FFG = (
    "#Echelle au 11/01/2021 07:09:39\n"
    "ABADIA Mickaël                        -1400 - 9728205 94MJ FR\n"
    "ABADIE Yves                           -1500 L 0452000 31To FR\n"
    "ABAQUE Léa                             -836 L 04A0009 84Av FR\n"
)


def test_register_from_a_stored_rating_list(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    listed = tmp_path / "ech_ffg.txt"
    listed.write_bytes(FFG.encode("iso-8859-15"))
    done = runner.invoke(app, ["go-list", "import", str(listed), "--db", str(db)])
    assert done.exit_code == 0, done.output
    run(db, "new", "Club", "--game", "go", "--country", "FRA", "--date", "2026-04-04")
    out = run(db, "register", "--list", "ffg", "Yves Abadie", "9728205")
    assert "[FFG 0452000]" in out and "2 players entered" in out
    s = _state(db).play
    yves, mickael = s.player(1), s.player(2)  # type: ignore[arg-type]
    # GO.md b: FFG rating = raw + 2050; rank = (R + 950) // 100 - 30.
    assert (yves.rating, yves.rank.value) == (550, (550 + 950) // 100 - 30)
    assert (mickael.rating, mickael.rank.value) == (650, (650 + 950) // 100 - 30)
    assert (yves.ffg_licence, yves.club, yves.country) == ("0452000", "31To", "FR")
    # OpenGotha writes the list's own rating after the federation (GO.md g; its files:
    # ratingOrigin="FFG : -2392" for rating -342).
    assert (yves.rating_origin, yves.ffg_licence_status) == ("FFG : -1500", "L")
    # An FFG licence is a string: the list's licence column, letters kept.
    run(db, "register", "--list", "ffg", "Abaque Léa")
    lea = _state(db).play.player(3)  # type: ignore[union-attr]
    assert (lea.ffg_licence, lea.rating_origin) == ("04A0009", "FFG : -836")
    run(db, "pair")
    tou = tmp_path / "club.tou"
    run(db, "export", "--tou", str(tou))
    # GO.md g: .tou line = place(4) name(25) rank(3) licence(7) club(4).
    line = next(x for x in tou.read_text("iso-8859-15").splitlines() if "ABAQUE" in x)
    assert line[34:46] == "04A0009 84Av"
    assert "not found" in fail(db, "register", "--list", "ffg", "Zzzzzzzzzz Qqqqqqqq")
    assert "expected a list egf, ffg or aga" in fail(db, "register", "--list", "xyz", "A")


@pytest.mark.realdata
def test_import_export_xml_reads_back_the_same_tournament(real_data: Path, tmp_path: Path) -> None:
    source = real_data / "go" / "opengotha" / "Tournoi_de_Juvisy.xml"
    db = tmp_path / "go.db"
    out = run(db, "import", str(source))
    assert "19 players, 4 rounds" in out
    xml, h9 = tmp_path / "out.xml", tmp_path / "out.h9"
    run(db, "export", "--xml", str(xml), "--h9", str(h9))
    original = read_opengotha_document(source.read_bytes(), source.name).document.tournament
    again = read_opengotha_document(xml.read_bytes(), xml.name).document.tournament
    assert again.players == original.players
    assert again.parameters == original.parameters
    assert sorted(again.games, key=lambda g: (g.round, g.table)) == sorted(
        original.games, key=lambda g: (g.round, g.table)
    )
    assert sorted(again.byes, key=lambda b: (b.round, b.player)) == sorted(
        original.byes, key=lambda b: (b.round, b.player)
    )
    # OpenGotha's own .h9 export, except the program line.
    theirs = (real_data / "go" / "opengotha" / "Tournoi_de_Juvisy.h9").read_bytes().splitlines()
    ours = h9.read_bytes().splitlines()
    assert [x for x in ours if b"Generated by" not in x] == [
        x for x in theirs if b"Generated by" not in x
    ]


@pytest.mark.realdata
def test_replay_recomputes_the_standings_of_the_file(real_data: Path) -> None:
    folder = real_data / "go" / "opengotha"
    result = runner.invoke(
        app, ["tournament", "replay", str(folder / "Tournoi_de_Juvisy.xml"), "--json"]
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    h9 = read_h9((folder / "Tournoi_de_Juvisy.h9").read_bytes(), "Tournoi_de_Juvisy.h9").rows
    assert len(rows) == len(h9) == 19
    for ours, theirs in zip(rows, h9, strict=True):
        assert ours["name"] == f"{theirs.surname}, {theirs.first_name}"
        assert [ours["MMS"], ours["SOSM"], ours["SOSOSM"]] == list(theirs.values)
