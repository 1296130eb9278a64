"""Issue 37, item 1: the Go rating archive. `ratinglist import --game go` reads the real
OpenGotha files, keeps each tournament once, reports files it cannot read and goes on;
players are one by EGD PIN, else by exact name, country and club, with near names offered
as candidates, never merged; a submitted Go tournament feeds the archive."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from ratinglist.cli.app import app
from ratinglist.model.go.archive import (
    GoArchiveGame,
    GoArchiveTournament,
    GoEntry,
    GoOutcome,
    player_identity,
)
from ratinglist.store.database import open_store
from ratinglist.store.go.archive import (
    SaveStatus,
    load_go_candidates,
    load_go_entries,
    load_go_games,
    load_go_players,
    load_go_tournaments,
    save_go_tournament,
)
from tests.cli.tournament_cli import run

runner = CliRunner()
DECIDED = {"RESULT_WHITEWINS", "RESULT_BLACKWINS", "RESULT_EQUAL"}


def go_import(db: Path, *paths: Path) -> dict[str, object]:
    result = runner.invoke(
        app, ["import", "--game", "go", *map(str, paths), "--db", str(db), "--json"]
    )
    assert result.exit_code == 0, result.output
    found: dict[str, object] = json.loads(result.output)
    return found


def test_juvisy_as_xml_h9_and_tou_is_one_tournament_with_its_games(
    real_data: Path, tmp_path: Path
) -> None:
    folder = real_data / "go" / "opengotha"
    root = ET.parse(folder / "Tournoi_de_Juvisy.xml").getroot()
    decided = [g for g in root.iterfind("Games/Game") if g.get("result") in DECIDED]
    handicaps = sorted(int(g.get("handicap", "0")) for g in decided)
    files = [folder / f"Tournoi_de_Juvisy.{s}" for s in ("tou", "h9", "xml")]
    summary = go_import(tmp_path / "a.db", *files)
    assert summary["files"] == 3 and summary["imported"] == 1 and summary["rejected"] == 0
    assert summary["unchanged"] == 2  # the exports have the same games: stored once
    store = open_store(f"sqlite:///{tmp_path / 'a.db'}")
    try:
        (t,) = load_go_tournaments(store)
        assert t.source == "Tournoi_de_Juvisy.xml"  # the XML is read first: ranks, PINs
        games = load_go_games(store)
        assert len(games) == len(decided)
        assert sorted(g.handicap for g in games) == handicaps
        assert {g.komi for g in games} == {float(root.find(".//GeneralParameterSet").get("komi"))}
        entries = load_go_entries(store)
        played = {g.get("whitePlayer") for g in decided} | {g.get("blackPlayer") for g in decided}
        assert len(entries) == len(played)
    finally:
        store.close()
    again = go_import(tmp_path / "a.db", folder / "Tournoi_de_Juvisy.xml")
    assert again["unchanged"] == 1 and again["imported"] == 0


def test_a_bad_file_is_reported_and_the_others_are_imported(
    real_data: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(real_data / "go" / "pairgoth" / "simplemm.xml", folder / "simplemm.xml")
    (folder / "broken.xml").write_text("<Tournament><Players>\n<Player name=", "utf-8")
    (folder / "nodate.h9").write_text("; EV[x]\n", "utf-8")
    summary = go_import(tmp_path / "b.db", folder)
    assert summary["imported"] == 1 and summary["rejected"] == 2
    problems = {Path(str(p["path"])).name: p for p in summary["problems"]}  # type: ignore[union-attr]
    assert problems["broken.xml"]["reason"].startswith("broken.xml:")
    assert "expected the tournament's first day" in problems["nodate.h9"]["reason"]


def _entry(surname: str, first: str, country: str, club: str, pin: str = "") -> GoEntry:
    return GoEntry(
        player_identity(pin, surname, first, country, club),
        pin, surname, first, country, club, "3k", 1800, "EGF" if pin else "INI",
    )  # fmt: skip


def _tournament(name: str, day: dt.date, a: GoEntry, b: GoEntry) -> GoArchiveTournament:
    game = GoArchiveGame(0, a.identity, b.identity, 0, 7.5, GoOutcome.WHITE)
    return GoArchiveTournament(
        name, name, name, "", day, day, 19, 7.5, "B", (a, b), (game,)
    )  # fmt: skip


def test_a_pin_is_one_player_and_a_near_name_is_a_candidate_never_merged(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'c.db'}")
    try:
        anna = _entry("Novak", "Anna", "CZ", "Brno", pin="12345678")
        anna_moved = _entry("Novak", "Anna", "CZ", "Prah", pin="12345678")
        petr = _entry("Dvorak", "Petr", "CZ", "Brno")
        petr_elsewhere = _entry("Dvorak", "Petr", "CZ", "Olom")
        one = _tournament("one", dt.date(2020, 10, 3), anna, petr)
        two = _tournament("two", dt.date(2020, 11, 7), anna_moved, petr_elsewhere)
        assert save_go_tournament(store, one).status is SaveStatus.IMPORTED
        saved = save_go_tournament(store, two)
        assert saved.status is SaveStatus.IMPORTED and saved.candidates == 1
        players = load_go_players(store)
        assert len(players) == 3  # one Anna (her PIN), two Petrs
        (pair,) = load_go_candidates(store)
        names = {players[pair[0]].club, players[pair[1]].club}
        assert names == {"Brno", "Olom"}
        assert save_go_tournament(store, one).status is SaveStatus.UNCHANGED
    finally:
        store.close()


def test_a_submitted_go_tournament_feeds_the_go_archive(tmp_path: Path) -> None:
    db = tmp_path / "td.db"
    run(db, "new", "Lyon Go", "--game", "go", "--country", "FRA", "--date", "2026-05-02",
        "--system", "mcmahon", "--bar", "4d", "--floor", "20k", "--rounds", "1")  # fmt: skip
    for name in ("ARNAUD Paul", "BLANC Marie", "COLIN Jean", "DUPUIS Anne"):
        run(db, "register", "--new", name, "--rank", "2k", "--country", "FR", "--club", "Lyo")
    run(db, "pair")
    run(db, "result", "1", "--table", "1", "1-0")
    run(db, "result", "1", "--table", "2", "0-1")
    assert "submitted Lyon-Go.h9: to send, 2 games" in run(db, "submit")
    store = open_store(f"sqlite:///{db}")
    try:
        (t,) = load_go_tournaments(store)
        assert t.begin == dt.date(2026, 5, 2)
        games = load_go_games(store)
        assert sorted(g.outcome.value for g in games) == ["B", "W"]
        assert {e.rank for e in load_go_entries(store)} == {"2k"}
    finally:
        store.close()


def test_othello_only_options_are_refused_with_game_go(tmp_path: Path) -> None:
    db = str(tmp_path / "d.db")
    for args, expected in (
        (["rate", "--game", "go", "--csv", "x.csv"], "expected no --csv with --game go"),
        (["evaluate", "--game", "go", "--from", "2020-01"], "expected no --from with --game go"),
        (["evaluate", "--from", "2020-01", "--to", "2020-02", "--fit-until", "2020-01-01"],
         "expected --fit-until only with --game go"),
        (["import", "--game", "chess", "x"], "expected --game among othello, go; got 'chess'"),
    ):  # fmt: skip
        result = runner.invoke(app, [*args, "--db", db])
        assert result.exit_code == 1, result.output
        assert expected in " ".join(result.output.split())


def test_near_names_are_offered_by_the_registrys_search_short_names_only_when_equal(
    tmp_path: Path,
) -> None:
    from ratinglist.service.go.archive import near_name_candidates

    store = open_store(f"sqlite:///{tmp_path / 'n.db'}")
    try:
        pairs = (
            (_entry("Hacquat", "Valentin", "FR", "69Ly"), _entry("Li", "Fan", "CN", "")),
            (_entry("Hacquart", "Valentin", "FR", "69Ly"), _entry("Li", "Li", "CN", "")),
        )
        for k, (a, b) in enumerate(pairs):
            save_go_tournament(store, _tournament(f"t{k}", dt.date(2020, 10, 3 + 7 * k), a, b))
        assert near_name_candidates(store, 0) == 1
        players = load_go_players(store)
        ((one, other, reason),) = load_go_candidates(store)
        assert {players[one].surname, players[other].surname} == {"Hacquat", "Hacquart"}
        assert reason == "near name (distance 1)"
        assert near_name_candidates(store, 0) == 0  # offered once
        assert len(players) == 4  # never merged
    finally:
        store.close()
