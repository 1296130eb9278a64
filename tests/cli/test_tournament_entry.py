"""Entering results as a TD does: by table, results sheets in any encoding, errors with
FILE:LINE, special results in sheets, undo that says what it undid, result slips, and the
atomic actions (a new player, a sheet) that write all or nothing."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from ratinglist.cli.app import app
from ratinglist.errors import StoreError
from ratinglist.model import PlayerId, shown_id
from ratinglist.service.databases import forget_database
from ratinglist.store import open_store
from ratinglist.store.players import all_players
from ratinglist.store.tournament_events import LogWriter, find_directed, load_log
from ratinglist.tournament.events import Registered
from ratinglist.tournament.fold import fold
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.othello.events import ResultEntered
from tests.cli.test_tournament import NAMES, PLAYERS
from tests.cli.tournament_cli import fail, run, runner
from tests.conftest import handle, number_of
from tests.published import store_ratings


def state(db: Path) -> FoldedTournament:
    with open_store(f"sqlite:///{db}") as store:
        return fold(tuple(x.event for x in load_log(store, find_directed(store, None).id)))


def log_length(db: Path) -> int:
    with open_store(f"sqlite:///{db}") as store:
        return len(load_log(store, find_directed(store, None).id))


def _rated_players(path: Path) -> None:
    """The players of PLAYERS imported into a new database at `path`, with the list of their
    ratings the federation published (entrants' ratings)."""
    players = path.parent / "joueurs.txt"
    players.write_text(PLAYERS, encoding="utf-8")
    done = runner.invoke(
        app, ["players", "import-list", str(players), "--apply", "--db", str(path)]
    )
    assert done.exit_code == 0, done.output
    with open_store(f"sqlite:///{path}") as store:
        rated = {int(p.id): float(p.rating) for p in all_players(store) if p.rating is not None}
    store_ratings(f"sqlite:///{path}", "2026-01-01", rated)


def _paired_round_1(path: Path) -> None:
    """A 12-player Swiss tournament (ratings from PLAYERS) with round 1 paired, in the
    database of `_rated_players` at `path`."""
    args = ("--country", "NLD", "--date", "2026-04-01", "--system", "swiss", "--rounds", "3")
    run(path, "new", "Entry Open", *args, "--seed", "11")
    run(path, "register", *NAMES[:12])
    run(path, "pair")


@pytest.fixture(scope="module")
def _entry_seeds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The two databases the tests start from, built once per module (each test takes a copy
    of its own): the rated players, and the same with round 1 of a tournament paired."""
    rated = tmp_path_factory.mktemp("entry-rated") / "td.db"
    _rated_players(rated)
    forget_database(f"sqlite:///{rated}")
    paired = tmp_path_factory.mktemp("entry-paired") / "td.db"
    shutil.copyfile(rated, paired)
    _paired_round_1(paired)
    forget_database(f"sqlite:///{paired}")
    return {"rated": rated, "paired": paired}


@pytest.fixture()
def db(_entry_seeds: dict[str, Path], tmp_path: Path) -> Path:
    """A database of this test's own with the players of PLAYERS and their published ratings."""
    path = tmp_path / "td.db"
    shutil.copyfile(_entry_seeds["rated"], path)
    return path


@pytest.fixture()
def paired(_entry_seeds: dict[str, Path], tmp_path: Path) -> Path:
    """A 12-player Swiss tournament (ratings from PLAYERS) with round 1 paired, in a database
    of this test's own."""
    path = tmp_path / "td.db"
    shutil.copyfile(_entry_seeds["paired"], path)
    return path


RATING = {
    2: 2200, 5105: 1900, 4012: 1750, 50001: 1650, 120006: 1550, 50002: 1500,
    120001: 1400, 120002: 1300, 120003: 1200, 120004: 1100, 120005: 1000, 120007: 0,
}  # fmt: skip
"""The ratings of the 12 first NAMES as PLAYERS lists them (120007 has none: 0, last)."""


def test_table_one_is_the_top_board(paired: Path, tmp_path: Path) -> None:
    from ratinglist.service.tournaments.views import show_round

    d = state(paired)
    url = f"sqlite:///{paired}"
    # round 1: the standing is the rating order, so table k holds the k-th best-rated pair
    pairs = [(int(p.black), int(p.white)) for p in d.play.state.rounds[0].pairings]
    best = sorted(pairs, key=lambda p: -max(RATING[x] for x in p))
    view = show_round(handle(url), number_of(handle(url), None), 1)
    assert [(int(t.black.id), int(t.white.id)) for t in view.tables] == best
    assert [t.table for t in view.tables] == [1, 2, 3, 4, 5, 6]
    # round 2: by the standings after round 1 (the winners' boards first)
    sheet = tmp_path / "r1.txt"
    sheet.write_text("".join(f"1 {b} {w} 40-24\n" for b, w in pairs), encoding="utf-8")
    run(paired, "results", str(sheet))
    run(paired, "pair")
    after = state(paired)
    place = {row.player: k for k, row in enumerate(after.play.standings(1), start=1)}
    view = show_round(handle(url), number_of(handle(url), None), 2)
    best_place = [min(place[t.black.id], place[t.white.id]) for t in view.tables]
    assert best_place == sorted(best_place) and best_place[0] == 1


def test_result_by_table_and_sheet_by_table(paired: Path, tmp_path: Path) -> None:
    d = state(paired)
    pairs = {(int(p.black), int(p.white)) for p in d.play.state.rounds[0].pairings}
    top = next(p for p in pairs if 2 in p)  # the top-rated player sits at table 1
    out = run(paired, "result", "--table", "1", "40-24")
    assert out.strip() == f"1 (table 1): {top[0]} 40-24 {top[1]} entered"
    sheet = tmp_path / "r1.txt"
    sheet.write_text("% round 1 by table\n1 T2 33-31\n1 t3 forfeit " + "X\n", encoding="utf-8")
    out = fail(paired, "results", str(sheet))
    assert "r1.txt:3:" in out and "expected SCORE or SPECIAL WINNER" in out
    assert log_length(paired) == 15  # created + 12 registered + paired + 1 result


def test_sheet_special_results_and_every_error_has_file_and_line(
    paired: Path, tmp_path: Path
) -> None:
    d = state(paired)
    order = [(int(p.black), int(p.white)) for p in d.play.state.rounds[0].pairings]
    (b1, w1), (b2, w2), (b3, w3) = order[:3]
    sheet = tmp_path / "r1.txt"
    errors = {
        f"1 {b1} {w1} forty": "expected a disc score",
        f"1 {w1} {b1} 40-24": f"expected a pairing of round 1, got {w1} - {b1}",
        "1 T99 40-24": "expected a table of round 1 (1-6), got table 99",
        f"1 {b1} {w1} resign 12345": f"expected the winner {b1} or {w1}, got 12345",
        f"1 {b1} {w1} sulk {b1}": "expected a special result among",
        f"4 {b1} {w1} 40-24": "expected a paired round (1-1), got round 4",
        f"1 {b1}": "expected 'ROUND BLACK WHITE SCORE' or 'ROUND Tn SCORE'",
    }
    for line, message in errors.items():
        sheet.write_text(f"% header\n1 {b2} {w2} 35-29\n{line}\n", encoding="utf-8")
        out = " ".join(fail(paired, "results", str(sheet)).split())
        assert f"r1.txt:3: {message}" in out, (line, out)
    sheet.write_text(f"1 {b2} {w2} 35-29\n1 {b2} {w2} 36-28\n", encoding="utf-8")
    assert "r1.txt:2:" in " ".join(fail(paired, "results", str(sheet)).split())
    assert log_length(paired) == 14  # nothing of the failed sheets was stored
    sheet.write_text(
        f"1 {b1} {w1} forfeit {w1}\n1 {b2} {w2} time-default {b2} 30-34\n1 {b3} {w3} 64-0\n",
        encoding="utf-8",
    )
    assert "3 results entered" in run(paired, "results", str(sheet))
    r = state(paired).play.state.rounds[0]
    first, second = r.pairing_of(PlayerId(b1)), r.pairing_of(PlayerId(b2))
    assert first is not None and first.result is not None and second is not None
    assert (first.result.black_discs, first.result.white_discs) == (0, 64)  # seed 004 IV.8
    assert first.result.special.value == "forfeit"
    assert (second.result.black_discs, second.result.white_discs) == (33, 31)  # IV.6


@pytest.mark.parametrize(
    ("encoding", "bom"),
    [("latin-1", b""), ("utf-8", b"\xef\xbb\xbf"), ("utf-16-le", b"\xff\xfe")],
)
def test_results_sheet_in_latin1_utf8_bom_and_utf16(
    paired: Path, tmp_path: Path, encoding: str, bom: bytes
) -> None:
    d = state(paired)
    lines = [
        f"1 {p.black} {p.white} 40-24 % Léger à table" for p in d.play.state.rounds[0].pairings
    ]
    sheet = tmp_path / "r1.txt"
    sheet.write_bytes(bom + "\n".join(lines).encode(encoding))
    assert "6 results entered" in run(paired, "results", str(sheet))
    assert state(paired).play.state.rounds[0].complete


def test_undo_says_what_it_undid(paired: Path) -> None:
    d = state(paired)
    p = d.play.state.rounds[0].pairings[0]
    run(paired, "result", "1", str(p.black), str(p.white), "40-20")
    out = run(paired, "undo")
    # issue 19: the players are named, not numbered
    black, white = d.play.state.entrant(p.black).name, d.play.state.entrant(p.white).name
    assert out.strip() == f"undone: result 44-20 of round 1, {black} v {white} (event 15)"
    assert run(paired, "undo").strip() == "undone: pairing of round 1 (event 14)"


def test_blank_result_slips_before_the_round(paired: Path) -> None:
    d = state(paired)
    out = run(paired, "slips")
    slips = [s for s in out.split("-" * 60) if s.strip()]
    assert len(slips) == 6
    first = slips[0]
    assert "Entry Open - round 1 - table 1" in first
    names = {e.id: e.name for e in d.play.state.entrants}
    top = next(p for p in d.play.state.rounds[0].pairings if 2 in (p.black, p.white))
    assert f"Black: {names[top.black]} ({top.black})" in first
    assert f"White: {names[top.white]} ({top.white})" in first
    assert "discs: ____" in first


def test_register_new_is_atomic_and_a_retry_keeps_the_id(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run(db, "new", "Atomic Open", "--country", "NLD", "--date", "2026-04-01")
    before = log_length(db)

    def broken(self: LogWriter, event: object) -> int:
        raise StoreError("could not write to the database: disk I/O error (injected)")

    monkeypatch.setattr(LogWriter, "append", broken)
    out = fail(db, "register", "--new", "PIETERS,Joost", "--country", "BEL")
    assert "injected" in out
    monkeypatch.undo()
    with open_store(f"sqlite:///{db}") as store:
        assert [p for p in all_players(store) if p.surname == "PIETERS"] == []
    assert log_length(db) == before
    out = run(db, "register", "--new", "PIETERS,Joost", "--country", "BEL")
    assert "gets the temporary identifier NEW1" in out  # the ID officer gives the real ID
    out = run(db, "register", "--new", "Pieters, Joost", "--country", "bel")
    assert "PIETERS, Joost (NEW1) was already entered" in out
    with open_store(f"sqlite:///{db}") as store:
        assert [p.id for p in all_players(store) if p.surname == "PIETERS"] == []
        log = load_log(store, find_directed(store, None).id)
    registered = [x.event.player for x in log if isinstance(x.event, Registered)]
    assert [shown_id(p) for p in registered] == ["NEW1"]


def test_register_new_refuses_an_unknown_country(db: Path) -> None:
    run(db, "new", "Country Open", "--country", "NLD", "--date", "2026-04-01")
    out = fail(db, "register", "--new", "PIETERS,Joost", "--country", "ZZZ")
    assert "expected a country code or name such as 'FRA' or 'France', got 'ZZZ'" in out
    # the same refusal, in the same words, as the registry's own command
    added = runner.invoke(app, ["players", "add", "PIETERS", "Joost", "--country", "ZZZ",
                                "--db", str(db)])  # fmt: skip
    assert added.exit_code == 1 and added.output == out


def test_sheet_is_one_transaction(
    paired: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    d = state(paired)
    lines = [f"1 {p.black} {p.white} 40-24" for p in d.play.state.rounds[0].pairings]
    sheet = tmp_path / "r1.txt"
    sheet.write_text("\n".join(lines) + "\n", encoding="utf-8")
    real = LogWriter.append
    calls = []

    def third_fails(self: LogWriter, event: object) -> int:
        calls.append(event)
        if len(calls) == 3:
            raise StoreError("could not write to the database: disk I/O error (injected)")
        return real(self, event)  # type: ignore[arg-type]

    monkeypatch.setattr(LogWriter, "append", third_fails)
    assert "injected" in fail(paired, "results", str(sheet))
    monkeypatch.undo()
    assert log_length(paired) == 14
    assert "6 results entered" in run(paired, "results", str(sheet))
    with open_store(f"sqlite:///{paired}") as store:
        log = load_log(store, find_directed(store, None).id)
    assert sum(isinstance(x.event, ResultEntered) for x in log) == 6
    assert {x.actor.split(":")[0] for x in log[1:]} == {"cli"}


def test_standings_json_names_and_rounds_with_results(paired: Path) -> None:
    rows = json.loads(run(paired, "standings", "--json"))
    names = {int(r["id"]): r["name"] for r in rows}
    assert names[4012] == "DE GRAAF, Jan" and names[50002] == "LEGER, Anais"
    # issue 19: the label says which results the standings count
    d = state(paired)
    games = len(d.play.state.rounds[0].pairings)
    assert f"round 1: 0 of {games} results in" in " ".join(run(paired, "standings").split())
    p = d.play.state.rounds[0].pairings[0]
    run(paired, "result", "1", str(p.black), str(p.white), "40-24")
    assert f"round 1: 1 of {games} results in" in " ".join(run(paired, "standings").split())


def _fill(db: Path, tmp_path: Path, number: int) -> None:
    d = state(db)
    sheet = tmp_path / f"r{number}.txt"
    lines = [
        f"{number} {p.black} {p.white} 40-24" for p in d.play.state.rounds[number - 1].pairings
    ]
    sheet.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run(db, "results", str(sheet))


def test_a_submitted_tournament_is_closed_until_reopened(paired: Path, tmp_path: Path) -> None:
    for k in (1, 2, 3):
        if k > 1:
            run(paired, "pair")
        _fill(paired, tmp_path, k)
    # seed 004 II.7 and the tournament's 3 rounds: no round 4 to withdraw from
    out = fail(paired, "withdraw", "4012", "--from-round", "4")
    assert "expected a withdrawal from a round of the tournament (<= 3), got round 4" in out
    run(paired, "finals", "--start")
    # issue 19: a submission with finals games still due is refused; without finals it goes
    out = " ".join(fail(paired, "submit").split())
    assert "expected every finals game played before the submission" in out
    run(paired, "undo")
    run(paired, "submit")
    p = state(paired).play.state.rounds[2].pairings[0]
    game = ("3", str(p.black), str(p.white))
    before = log_length(paired)
    refused = {
        ("correct", *game, "33-31"): "a correction",
        ("register", "Bos Lotte"): "a registration",
        ("withdraw", "4012"): "a withdrawal",
        ("undo",): "an undo",
        ("submit",): "a submission",
    }
    for args, what in refused.items():
        out = " ".join(fail(paired, *args).split())
        assert f"expected an open tournament for {what}, got 'Entry Open' read-only" in out, args
    assert log_length(paired) == before
    assert "reopened (event" in run(paired, "reopen", "wrong score at table 1")
    assert "running" in run(paired, "list")
    assert "corrected" in run(paired, "correct", *game, "33-31")
    with open_store(f"sqlite:///{paired}") as store:
        log = load_log(store, find_directed(store, None).id)
    assert [x.event.kind for x in log[-3:]] == ["submitted", "reopened", "correction"]


def test_exported_file_declares_forfeits_as_the_standings_count_them(
    paired: Path, tmp_path: Path
) -> None:
    """Issue 32: a forfeit is no game line (seed 000: only played games are listed and
    rated), but the declared points and discs are the tournament's own (a forfeit win is
    1 point and 64-0, seed 004 IV), and a ``%%Forfeit`` comment names each forfeit."""
    from ratinglist.formats.elo import read_elo

    d = state(paired)
    pairs = d.play.state.rounds[0].pairings
    lost = pairs[:2]
    lines = [f"1 {p.black} {p.white} forfeit {p.black}" for p in lost]
    lines += [f"1 {p.black} {p.white} 40-24" for p in pairs[2:]]
    sheet = tmp_path / "r1.txt"
    sheet.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run(paired, "results", str(sheet))
    out = tmp_path / "t.ELO"
    run(paired, "export", "--elo", str(out))
    rf = read_elo(out)
    points = {p.token: 0.0 for p in rf.players}
    discs = {p.token: 0.0 for p in rf.players}
    for g in rf.games:
        first = {">": 1.0, "=": 0.5, "<": 0.0}[g.outcome.value]
        points[g.first] += first
        points[g.second] += 1.0 - first
        discs[g.first] += g.first_discs or 0
        discs[g.second] += g.second_discs or 0
    for p in lost:  # Black won by forfeit: 1 point and 64 discs, the loser 0 and 0
        points[str(p.black)] += 1.0
        discs[str(p.black)] += 64
    assert len(rf.games) == 4  # the forfeits are not game lines
    assert {p.token: p.score for p in rf.players} == points
    assert {p.token: p.discs for p in rf.players} == discs
    named = [x for x in rf.diagnostics if x.code == "N305"]
    assert [n.text.split(" (")[0] for n in named] == [f"R1 {p.black} > {p.white}" for p in lost]
    assert all("not played, not rated" in n.message for n in named)
    # one round of the planned Swiss rounds: the file says it is unfinished, with no reason
    unfinished = [x.message for x in rf.diagnostics if x.code == "W213"]
    assert len(unfinished) == 1 and "no reason from the director" in unfinished[0]


def test_semifinals_are_told_apart_and_finals_show_does_not_write(
    paired: Path, tmp_path: Path
) -> None:
    from ratinglist.service.tournaments.actions import finals_games

    for k in (1, 2, 3):
        if k > 1:
            run(paired, "pair")
        _fill(paired, tmp_path, k)
    before = log_length(paired)
    assert "expected finals under way, got none started" in fail(paired, "finals")
    assert log_length(paired) == before
    run(paired, "finals", "--start")
    view = finals_games(
        handle(f"sqlite:///{paired}"), number_of(handle(f"sqlite:///{paired}"), None)
    )
    top = [row.player for row in state(paired).play.standings()[:4]]
    labels = {(g.stage, g.match): {g.black.id, g.white.id} for g in view.games}
    assert labels == {
        ("SF1", "semi-final 1st v 4th"): {top[0], top[3]},
        ("SF2", "semi-final 1st v 4th"): {top[0], top[3]},
        ("SF1", "semi-final 2nd v 3rd"): {top[1], top[2]},
        ("SF2", "semi-final 2nd v 3rd"): {top[1], top[2]},
    }
    assert log_length(paired) == before + 1
    run(paired, "finals")
    assert log_length(paired) == before + 1


def test_last_day_before_the_first_is_refused(db: Path) -> None:
    out = fail(db, "new", "Backwards", "--country", "NLD", "--date", "2026-04-02", "--end",
               "2026-04-01")  # fmt: skip
    assert "expected a last day on or after the first day 2026-04-02, got 2026-04-01" in out


COMMANDS = [
    "new",
    "register",
    "withdraw",
    "absent",
    "forbid",
    "force",
    "pair",
    "result",
    "results",
    "correct",
    "undo",
    "finals",
    "slips",
    "standings",
    "explain",
    "export",
    "submit",
    "reopen",
    "replay",
    "list",
    "show",
]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_has_no_type_labels_on_flags_and_metavars_in_usage(command: str) -> None:
    result = runner.invoke(app, ["tournament", command, "--help"], env={"COLUMNS": "120"})
    assert result.exit_code == 0
    lines = [line for line in result.output.splitlines() if "<bool>" in line]
    assert all("--help" in line for line in lines), lines
    usage = result.output.split("Usage:")[1].splitlines()[0]
    assert "...}..." not in usage and "...]..." not in usage, usage
    assert re.search(r"[{\[][a-z_]+[}\]]", usage) is None, usage  # metavars, not names


def test_show_tells_the_event_a_write_can_be_based_on(paired: Path) -> None:
    out = run(paired, "show")
    assert "log at event 14" in out  # created, 12 registrations, the pairing


def test_a_temporary_identifier_is_typed_like_an_id(db: Path, tmp_path: Path) -> None:
    args = ("--country", "NLD", "--date", "2026-04-01", "--rounds", "2", "--system", "swiss")
    run(db, "new", "Temp Open", *args)
    run(db, "register", *NAMES[:2])
    run(db, "register", "--new", "PIETERS,Joost", "--country", "BEL")
    run(db, "register", "--new", "JANSEN,Kees", "--country", "NLD")
    run(db, "forbid", "NEW1", "new2")
    run(db, "pair")
    d = state(db)
    game = next(p for p in d.play.state.rounds[0].pairings if shown_id(p.black) == "NEW1"
                or shown_id(p.white) == "NEW1")  # fmt: skip
    black, white = shown_id(game.black), shown_id(game.white)
    out = run(db, "result", "1", black, white, "40-24")
    assert out.strip().endswith(f"{black} 40-24 {white} entered")
    out = run(db, "withdraw", "NEW2")
    assert out.strip() == "JANSEN, Kees (NEW2) withdrawn from round 2"
    assert "expected a player ID or a temporary identifier, got 'NEWX1'" in fail(
        db, "absent", "NEWX1"
    )
