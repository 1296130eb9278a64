"""`ratinglist tournament ...` through Typer's runner on a temporary SQLite database."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import select

from ratinglist.cli.app import app
from ratinglist.formats.elo import read_elo
from ratinglist.model import shown_id
from ratinglist.standings import BrightwellRule, StandingsConfig
from ratinglist.store import open_store
from ratinglist.store.players import all_players
from ratinglist.store.schema import games, tournaments
from ratinglist.store.tournament_events import find_directed, load_events
from ratinglist.tournament.fold import fold
from ratinglist.tournament.games.othello.finals import scheduled
from ratinglist.tournament.games.othello.scoring import standings_of
from tests.cli.tournament_cli import fail, run, runner
from tests.published import store_ratings

PLAYERS = """\
% Liste des joueurs par pays

pays = FRA

     2 TASTET, Marc                         %_<2200>
 50001 MARTEL, Luc                          %_<1650>
 50002 LÉGER, Anaïs                         %_<1500>

pays = NLD

  4012 DE GRAAF, Jan                        %_<1750>
  5105 VAN DEN BIGGELAAR, Nicky             %_<1900>
120001 VOS, Bram                            %_<1400>
120002 SMEETS, Linda                        %_<1300>
120003 JANSEN, Karel                        %_<1200>
120004 BAKKER, Eva                          %_<1100>
120005 DE VRIES, Tom                        %_<1000>
120006 MULDER, Sanne                        %_<1550>
120007 VISSER, Daan
120008 BOS, Lotte                           %_<1250>
"""

NAMES = [
    "Marc Tastet",
    "Martel Luc",
    "Anais Leger",
    "de graaf jan",
    "Nicky van den Biggelaar",
    "Vos Bram",
    "Smeets Linda",
    "Jansen Karel",
    "Bakker Eva",
    "Tom de Vries",
    "Mulder Sanne",
    "Visser Daan",
    "Bos Lotte",
]


@pytest.fixture()
def db(tmp_path: Path) -> Path:
    path = tmp_path / "td.db"
    players = tmp_path / "joueurs.txt"
    players.write_text(PLAYERS, encoding="utf-8")
    done = runner.invoke(
        app, ["players", "import-list", str(players), "--apply", "--db", str(path)]
    )
    assert done.exit_code == 0, done.output
    # the federation published a list with the ratings of PLAYERS (entrants' ratings)
    with open_store(f"sqlite:///{path}") as store:
        rated = {int(p.id): float(p.rating) for p in all_players(store) if p.rating is not None}
    store_ratings(f"sqlite:///{path}", "2026-01-01", rated)
    return path


def _state(db: Path):  # type: ignore[no-untyped-def]
    with open_store(f"sqlite:///{db}") as store:
        return fold(load_events(store, find_directed(store, None).id))


def _fill_round(db: Path, tmp_path: Path, rng: random.Random) -> None:
    d = _state(db)
    r = d.play.state.rounds[d.paired - 1]
    lines = []
    for p in r.pairings:
        x = rng.randint(10, 54)
        lines.append(f"{r.number} {shown_id(p.black)} {shown_id(p.white)} {x}-{64 - x}")
    file = tmp_path / f"r{r.number}.txt"
    file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run(db, "results", str(file))


def _play(db: Path, tmp_path: Path) -> None:
    run(
        db,
        "new",
        "Test Open 2026",
        "--country",
        "NLD",
        "--date",
        "2026-05-01",
        "--system",
        "swiss",
        "--rounds",
        "4",
        "--seed",
        "7",
    )
    out = run(db, "register", *NAMES)
    # the list's LÉGER, Anaïs is imported as Papp's list writes names: accents dropped
    assert "VAN DEN BIGGELAAR, Nicky (5105)" in out and "LEGER, Anais (50002)" in out
    out = run(db, "register", "--new", "PIETERS,Joost", "--country", "BEL")
    assert "gets the temporary identifier NEW1" in out  # the ID officer gives the real ID
    rng = random.Random(3)
    for _ in range(4):
        run(db, "pair")
        _fill_round(db, tmp_path, rng)


def test_whole_small_tournament(db: Path, tmp_path: Path) -> None:
    _play(db, tmp_path)
    d = _state(db)
    assert d.paired == 4 and len(d.play.state.entrants) == 14
    rows = json.loads(run(db, "standings", "--json"))
    keys = ["rank", "id", "name", "country", "points", "bq", "discs"]
    assert all(list(r) == keys for r in rows)
    by_id = {r["id"]: (r["name"], r["country"]) for r in rows}
    assert by_id[5105] == ("VAN DEN BIGGELAAR, Nicky", "NLD")  # from PLAYERS above
    assert by_id["NEW1"] == ("PIETERS, Joost", "BEL")
    assert sum(r["points"] for r in rows) == 4 * 7
    banded = json.loads(run(db, "standings", "--json", "--class", "rating:1500-1800"))
    assert {r["id"] for r in banded} == {50001, 50002, 4012, 120006}
    assert "cost" in run(db, "explain", "3")
    run(db, "finals", "--start")
    d = _state(db)
    assert d.play.finals is not None
    for _ in range(10):
        due = [g for g in scheduled(d.play.finals) if g.result is None]
        if not due:
            break
        run(db, "result", due[0].stage, str(due[0].black), str(due[0].white), "38-26")
        d = _state(db)
        assert d.play.finals is not None
    out_elo = tmp_path / "out.ELO"
    sheets = tmp_path / "sheets"
    run(
        db,
        "export",
        "--elo",
        str(out_elo),
        "--html",
        str(tmp_path / "t.html"),
        "--csv",
        str(tmp_path / "t.csv"),
        "--sheets",
        str(sheets),
    )
    rf = read_elo(out_elo)
    assert [x for x in rf.diagnostics if x.severity.value == "error"] == []
    assert sum(1 for g in rf.games if not g.added) == 4 * 7
    assert sum(1 for g in rf.games if g.added) == len(scheduled(d.play.finals))
    assert [p.token for p in rf.players if p.new] == ["NEW1"]  # replaced at processing
    assert "@media print" in (tmp_path / "t.html").read_text(encoding="utf-8")
    assert (tmp_path / "t.csv").read_text(encoding="utf-8").startswith("place,id,name")
    assert len(list(sheets.iterdir())) == 4


@pytest.mark.parametrize("import_now", [False, True])
def test_submit_stores_the_same_games_as_importing_the_export(
    db: Path, tmp_path: Path, import_now: bool
) -> None:
    _play(db, tmp_path)
    exported = tmp_path / "export" / "20260501_Test_Open_2026.ELO"
    exported.parent.mkdir()
    run(db, "export", "--elo", str(exported))
    if import_now:
        out = run(db, "submit", "--import-now", "--to", str(tmp_path / "archive"))
        assert "submitted 20260501_Test_Open_2026.ELO: imported, 28 games" in out
    else:
        out = run(db, "submit", "--to", str(tmp_path / "archive"))
        assert "submitted 20260501_Test_Open_2026.ELO: queue item 1, 28 games" in out
        with open_store(f"sqlite:///{db}") as store, store.connect() as conn:
            assert conn.execute(select(games.c.id)).first() is None
        queued = runner.invoke(app, ["intake", "list", "--json", "--db", str(db)])
        [item] = json.loads(queued.output)
        assert (item["origin"], item["status"], item["file_name"]) == (
            "tournament",
            "queued",
            "20260501_Test_Open_2026.ELO",
        )
        assert item["td_tournament"] == find_directed_id(db)
        accepted = runner.invoke(app, ["intake", "accept", "1", "--db", str(db)])
        assert accepted.exit_code == 0, accepted.output
    assert (tmp_path / "archive" / exported.name).read_bytes() == exported.read_bytes()
    other = tmp_path / "other.db"
    assert runner.invoke(app, ["import", str(exported), "--db", str(other)]).exit_code == 0

    def stored(path: Path) -> list[tuple[object, ...]]:
        g = games.c
        query = (
            select(
                tournaments.c.file_name,
                g.seq,
                g.first_id,
                g.second_id,
                g.outcome,
                g.first_discs,
                g.second_discs,
                g.first_colour,
                g.round,
                g.added,
                g.excluded,
            )
            .join(tournaments, tournaments.c.id == g.tournament_id)
            .order_by(g.seq)
        )
        with open_store(f"sqlite:///{path}") as store, store.connect() as conn:
            return [tuple(r) for r in conn.execute(query)]

    assert stored(db) == stored(other)
    assert len(stored(db)) == 4 * 7
    assert "submitted" in run(db, "list")


def find_directed_id(db: Path) -> int:
    with open_store(f"sqlite:///{db}") as store:
        return find_directed(store, None).id


def test_undo_correct_and_errors(db: Path, tmp_path: Path) -> None:
    run(
        db,
        "new",
        "Mini",
        "--country",
        "NLD",
        "--date",
        "2026-02-01",
        "--system",
        "swiss",
        "--rounds",
        "3",
        "--seed",
        "1",
    )
    run(db, "register", *NAMES[:6])
    run(db, "force", "2", "4012")
    run(db, "pair")
    d = _state(db)
    assert (2, 4012) in [(p.black, p.white) for p in d.play.state.rounds[0].pairings]
    assert "expected a disc score" in fail(db, "result", "1", "2", "4012", "forty")
    assert "the pairing is 2 with Black" in fail(db, "result", "1", "4012", "2", "40-24")
    run(db, "result", "1", "2", "4012", "40-20")
    assert _state(db).play.state.rounds[0].pairing_of(2).result.black_discs == 44  # type: ignore[union-attr]
    assert "use correct" in fail(db, "result", "1", "2", "4012", "30-34")
    run(db, "correct", "1", "2", "4012", "--special", "time-default", "--winner", "4012")
    res = _state(db).play.state.rounds[0].pairing_of(2).result  # type: ignore[union-attr]
    assert (res.black_discs, res.white_discs, res.special.value) == (31, 33, "time-default")
    run(db, "undo")
    res = _state(db).play.state.rounds[0].pairing_of(2).result  # type: ignore[union-attr]
    assert res.black_discs == 44
    assert "not found: 'Zzyzx Qwerty'" in fail(db, "register", "Zzyzx Qwerty")
    assert "unknown 'Nope'" in fail(db, "standings", "--tournament", "Nope")


ELO = """\
%%Tournament: Small
%%Country: NLD
%%Date: 01/02/2026
%%Sender: T

%_% 1, A, A, NLD, 2, 84
%_% 2, B, B, NLD, 1, 80
%_% 3, C, C, NLD, 0, 28

%Round 1
1 (40)>(24) 2 B
%Round 2
2 (40)>(24) 3 B
%Round 3
1 (44)>(04) 3 B
"""


def test_replay_json_has_exactly_the_documented_keys(tmp_path: Path) -> None:
    file = tmp_path / "20260201_Small.ELO"
    file.write_text(ELO, encoding="utf-8")
    result = runner.invoke(app, ["tournament", "replay", str(file), "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [set(r) for r in rows] == [{"rank", "id", "points", "bq", "discs"}] * 3
    assert [(r["rank"], r["id"], r["points"]) for r in rows] == [
        (1, 1, 2.0),
        (2, 2, 1.0),
        (3, 3, 0.0),
    ]
    assert all(isinstance(r["bq"], float | int) for r in rows)


def test_every_tournament_command_has_an_example() -> None:
    result = runner.invoke(app, ["tournament", "--help"])
    assert result.exit_code == 0
    for name in (
        "new",
        "register",
        "withdraw",
        "absent",
        "pair",
        "force",
        "result",
        "correct",
        "undo",
        "standings",
        "explain",
        "finals",
        "export",
        "submit",
        "replay",
    ):
        out = runner.invoke(app, ["tournament", name, "--help"])
        assert out.exit_code == 0 and "Example:" in out.output, name


def test_brightwell_options_are_stored_and_used(db: Path, tmp_path: Path) -> None:
    run(db, "new", "Rule Open", "--country", "NLD", "--date", "2026-05-01", "--system", "swiss")
    assert _state(db).play.standings_config() == StandingsConfig(seed=_state(db).settings.seed)
    args = ("--country", "NLD", "--date", "2026-05-02", "--system", "swiss", "--rounds", "2")
    assert "standard or singapore" in fail(db, "new", "Bad", *args, "--bq-rule", "papp")
    run(db, "new", "Sing Open", *args, "--seed", "3", "--bq-rule", "Singapore")
    run(db, "new", "Sing Open C5", *args, "--seed", "3", "--bq-constant", "5", "--bye-discs", "40")
    for name, rule, c, discs in (
        ("Sing Open", BrightwellRule.SINGAPORE, 6.0, 32.0),
        ("Sing Open C5", BrightwellRule.IFRL, 5.0, 40.0),
    ):
        run(db, "register", "-t", name, *NAMES[:3])
        for _ in range(2):
            run(db, "pair", "-t", name)
            _fill_round_of(db, tmp_path, name)
        with open_store(f"sqlite:///{db}") as store:
            d = fold(load_events(store, find_directed(store, name).id))
        assert (d.settings.bq_rule, d.settings.bq_constant, d.settings.bye_discs) == (
            rule.value,
            c,
            discs,
        )
        shown = json.loads(run(db, "standings", "-t", name, "--json"))
        config = StandingsConfig(bq_constant=c, bye_discs=discs, seed=3, bq_rule=rule)
        expected = standings_of(d.play.state, config)
        assert [(r["id"], r["bq"], r["discs"]) for r in shown] == [
            (int(r.player), r.brightwell, r.discs) for r in expected
        ]
        other = (
            BrightwellRule.IFRL if rule is BrightwellRule.SINGAPORE else BrightwellRule.SINGAPORE
        )
        changed = standings_of(d.play.state, replace(config, bq_rule=other))
        assert [r.brightwell for r in changed] != [r["bq"] for r in shown]


def _fill_round_of(db: Path, tmp_path: Path, name: str) -> None:
    with open_store(f"sqlite:///{db}") as store:
        d = fold(load_events(store, find_directed(store, name).id))
    r = d.play.state.rounds[d.paired - 1]
    lines = [f"{r.number} {p.black} {p.white} {40 - k}-{24 + k}" for k, p in enumerate(r.pairings)]
    file = tmp_path / f"{name}{r.number}.txt"
    file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run(db, "results", "-t", name, str(file))


def test_replay_bq_rule(tmp_path: Path) -> None:
    file = tmp_path / "20260201_Small.ELO"
    file.write_text(ELO, encoding="utf-8")

    def bqs(*extra: str) -> list[tuple[int, float]]:
        result = runner.invoke(app, ["tournament", "replay", str(file), "--json", *extra])
        assert result.exit_code == 0, result.output
        return [(r["id"], r["bq"]) for r in json.loads(result.output)]

    # each player sits out one round: standard counts 32 + 6 * own points for it,
    # singapore nothing, but each opponent's absence counts as half a point
    assert bqs() == bqs("--bq-rule", "standard") == [(1, 134), (2, 114), (3, 78)]
    assert bqs("--bq-rule", "singapore") == [(1, 96), (2, 82), (3, 52)]
    result = runner.invoke(app, ["tournament", "replay", str(file), "--bq-rule", "x"])
    assert result.exit_code == 1 and "standard or singapore" in result.output
