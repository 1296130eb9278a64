"""`ratinglist tournament forecast`: the chances and expected scores on the terminal and as
JSON (the web API's keys), and a clear error for a bad option."""

from __future__ import annotations

import json
from pathlib import Path

from ratinglist.model import shown_id
from tests.cli.test_tournament import NAMES, _state, db  # noqa: F401  (the fixture)
from tests.cli.tournament_cli import fail, run


def test_forecast_of_a_running_tournament(db: Path) -> None:  # noqa: F811
    run(db, "new", "Forecast Cup", "--country", "NLD", "--date", "2026-05-01",
        "--system", "swiss", "--rounds", "4", "--seed", "7")  # fmt: skip
    run(db, "register", *NAMES)
    run(db, "pair")
    d = _state(db)
    first = d.play.state.rounds[0].pairings[0]
    run(db, "result", "1", shown_id(first.black), shown_id(first.white), "40-24")
    found = json.loads(run(db, "forecast", "--json", "--runs", "80", "--seed", "3"))
    assert list(found) == [
        "tournament", "seq", "runs", "seed", "finals", "finished", "rounds_left", "games",
        "players", "played", "score", "max_error", "model", "system", "system_list",
        "newcomers", "newcomer_rating", "newcomer_deviation",
    ]  # fmt: skip
    assert (found["runs"], found["seed"], found["rounds_left"]) == (80, 3, 3)
    assert abs(sum(p["first"] for p in found["players"]) - 1) < 1e-9
    assert abs(sum(p["top_four"] for p in found["players"]) - 4) < 1e-9
    # the entrants' ratings are those of the published list (tests/cli/test_tournament.py)
    ratings = {p["player"]["name"]: p["rating"] for p in found["players"]}
    assert ratings["TASTET, Marc"] == 2200 and ratings["VISSER, Daan"] is None
    # no stored list of the chosen system: the WOF model, the unrated player uncertain
    assert (found["system"], found["system_list"], found["newcomers"]) == ("wof", "", 1)
    assert (found["newcomer_rating"], found["newcomer_deviation"]) == (1600.0, 400.0)
    assert found["score"]["games"] == 1 and len(found["played"]) == 1
    assert json.loads(run(db, "forecast", "--json", "--runs", "80", "--seed", "3")) == found
    text = run(db, "forecast", "--runs", "80")
    assert "Chances" in text and "TASTET, Marc" in text and "log-loss" in text
    assert "Expected scores by wof" in text and "1600 ± 400" in text
    unknown = fail(db, "forecast", "--system", "glicko")
    assert "expected a rating system among" in unknown and "whr-bayes" in unknown
    assert "Invalid value" in fail_usage(db)


def fail_usage(path: Path) -> str:
    """`forecast --runs 0`: Typer refuses it (exit 2) with its message."""
    from ratinglist.cli.app import app
    from tests.cli.tournament_cli import runner

    result = runner.invoke(app, ["tournament", "forecast", "--runs", "0", "--db", str(path)])
    assert result.exit_code == 2
    return result.output


def test_forecast_of_no_tournament_is_an_error(db: Path) -> None:  # noqa: F811
    assert "error" in fail(db, "forecast").lower()
