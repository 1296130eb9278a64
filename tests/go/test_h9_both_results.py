"""Our own ``.h9`` with a both-win and a both-lose game reads back without a warning (issue
34, last bullet). GO.md section f: OpenGotha's results include both win (``1-1``, each player
wins) and both lose (``0-0``); section g: each row writes its half-game, so both rows of a
both-win game carry ``+`` and both rows of a both-lose game ``-`` (not the opposite marks
of a won game)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from ratinglist.cli.app import app
from ratinglist.formats.go.egf_h9 import read_h9
from ratinglist.formats.go.results_import import tournament_from_rows
from ratinglist.model.go.tournament import Outcome
from tests.cli.tournament_cli import run


def test_both_win_and_both_lose_read_back_without_a_warning(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    run(db, "new", "Both Go", "--game", "go", "--country", "FRA", "--date", "2026-04-04",
        "--rounds", "2")  # fmt: skip
    for name, rank in (("Dupont", "1k"), ("Martin", "2k"), ("Petit", "3k"), ("Leroy", "4k")):
        run(db, "register", "--new", f"{name},A", "--rank", rank)
    run(db, "pair")
    run(db, "result", "1", "--table", "1", "1-1")
    run(db, "result", "1", "--table", "2", "0-0")
    h9 = tmp_path / "both.h9"
    run(db, "export", "--h9", str(h9))
    read = read_h9(h9.read_bytes(), h9.name)
    marks = sorted(r.rounds[0].mark.value for r in read.rows)
    assert marks == ["+", "+", "-", "-"]
    tournament, problems = tournament_from_rows(read.rows, h9.name)
    assert problems == ()
    assert {g.result.outcome for g in tournament.games} == {Outcome.BOTH_WIN, Outcome.BOTH_LOSE}
    checked = CliRunner().invoke(app, ["go-file", "check", str(h9)])
    assert checked.exit_code == 0, checked.output
    assert "W602" not in checked.output and "warning" not in checked.output


def test_a_one_sided_answer_is_still_a_warning(tmp_path: Path) -> None:
    lines = [
        "; EV[x]",
        "; Pl Name                            Rk Co Club  MMS",
        "   1 Dupont A                        1K FR Par    30      2+/w0",
        "   2 Martin A                        2K FR Par    29      1=/b0",
    ]
    read = read_h9(("\n".join(lines) + "\n").encode("latin-1"), "one.h9")
    _, problems = tournament_from_rows(read.rows, "one.h9")
    assert [p.code for p in problems] == ["W602", "W602"]
