"""`ratinglist evaluate` on the four-file rating fixture (games in January to July 2025)."""

from __future__ import annotations

import json
import math
from pathlib import Path

from typer.testing import CliRunner

from ratinglist.cli.app import app
from tests.cli.rating_fixture import build_store

runner = CliRunner()
SYSTEMS = [
    "wof",
    "elo",
    "elo-fitted",
    "glicko2",
    "glicko2-fitted",
    "whr",
    "whr-fitted",
    "whr-incremental",
    "egf",
    "egf-fitted",
    "wof-map",
    "whr-bayes",
    "constant",
]
"""The default systems: every one but `whr-map` (asked by name: it costs whole WHR replays)."""


def test_evaluate_json_and_plots(tmp_path: Path) -> None:
    db = build_store(tmp_path)
    plots = tmp_path / "charts"
    result = runner.invoke(
        app,
        [
            "evaluate",
            "--from",
            "2025-06",
            "--to",
            "2025-07",
            "--fit-months",
            "5",
            "--json",
            "--plots",
            str(plots),
            "--workers",
            "1",
            "--db",
            db,
        ],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert [s["system"] for s in report["systems"]] == SYSTEMS
    # June (3 games) and July (6 games) are scored, by every system.
    assert {s["games"] for s in report["systems"]} == {9}
    for system in report["systems"]:
        assert {"system", "log_loss", "brier", "accuracy", "games"} <= set(system)
        assert system["log_loss"] > 0 and 0 <= system["brier"] <= 1
        assert set(system["paired"]) == {"overall", "newcomer", "established", "top"}
        assert set(system["by_band"]) == {"games_played", "layoff", "pool", "strength"}
        # Every scored game is in one strength band (systems without a list: the WOF list's).
        strength = system["by_band"]["strength"]
        assert set(strength) == {"top 1%", "1-10%", "10-50%", "bottom 50%", "unrated"}
        assert sum(b["games"] for b in strength.values()) == 9
        # One reliability diagram per group; each game counts from both sides.
        reliability = system["reliability"]
        assert set(reliability) == {"overall", "newcomer", "established", "top"}
        assert sum(b["games"] for b in reliability["overall"]) == 18
        assert all(set(b) == {"predicted", "observed", "games"} for b in reliability["overall"])
        # The fixture's players are all European (NLD, FRA, GBR).
        pools = system["by_band"]["pool"]
        assert {k: b["games"] for k, b in pools.items()} == {
            "Japan": 0,
            "Europe": 9,
            "others": 0,
            "mixed": 0,
        }
        assert 0 <= system["calibration_error"]["overall"] <= 1
    by_name = {s["system"]: s for s in report["systems"]}
    assert set(by_name["elo"]["stability"]) <= {"2025"} and set(by_name["elo"]["drift"]) == {"2025"}
    assert by_name["constant"]["stability"] == {} and by_name["constant"]["drift"] == {}
    best = min(report["systems"], key=lambda s: s["log_loss"])
    assert {s["paired"]["overall"]["against"] for s in report["systems"]} == {best["system"]}
    constant = report["systems"][-1]
    assert constant["log_loss"] == math.log(2)
    # One of the nine is a draw (50003=120005 in July), which 1/2 predicts exactly.
    assert constant["brier"] == 8 * 0.25 / 9
    assert constant["accuracy"] == 0.5
    assert sorted(p.name for p in plots.iterdir()) == [
        "calibration.svg",
        "log_loss_by_year.svg",
        "reliability_established.svg",
        "reliability_newcomer.svg",
        "reliability_overall.svg",
        "reliability_top.svg",
    ]
    assert (plots / "calibration.svg").read_text().lstrip().startswith("<?xml")


def test_evaluate_table_and_a_subset(tmp_path: Path) -> None:
    db = build_store(tmp_path)
    result = runner.invoke(
        app,
        [
            "evaluate",
            "--from",
            "2025-07",
            "--to",
            "2025-07",
            "--systems",
            "elo,constant",
            "--workers",
            "1",
            "--db",
            db,
        ],
    )
    assert result.exit_code == 0, result.output
    assert "constant" in result.stdout and "0.6931" in result.stdout
    assert "Log-loss by strength band" in result.stdout
    assert "wof" not in result.stdout.split("draw rate")[0]


def test_evaluate_bad_month_is_a_clear_error(tmp_path: Path) -> None:
    db = build_store(tmp_path)
    result = runner.invoke(app, ["evaluate", "--from", "2025-13", "--to", "2025-07", "--db", db])
    assert result.exit_code == 1
    assert "expected a month as YYYY-MM, got '2025-13'" in result.output


def test_evaluate_refits_the_entries_each_january_unless_told_not_to(tmp_path: Path) -> None:
    # Report months 2025-06..07 (no January): the one refit is at the first month scored,
    # on the five years before (the fit months), so it keeps the fit months' entry; with
    # --refit-years 0 no yearly entry is reported.
    db = build_store(tmp_path)
    common = ["evaluate", "--from", "2025-06", "--to", "2025-07", "--fit-months", "5"]
    common += ["--workers", "1"]
    fitted = "elo-fitted,egf-fitted,wof-map"
    rolled = runner.invoke(app, [*common, "--systems", fitted, "--json", "--db", db])
    fixed = runner.invoke(
        app, [*common, "--systems", fitted, "--refit-years", "0", "--json", "--db", db]
    )
    assert rolled.exit_code == 0, rolled.output
    assert fixed.exit_code == 0, fixed.output
    for mine, theirs in zip(
        json.loads(rolled.stdout)["systems"], json.loads(fixed.stdout)["systems"], strict=True
    ):
        assert mine["fitted"]["entry_2025"] == mine["fitted"]["entry"]
        assert "entry_2025" not in theirs["fitted"]
        assert mine["log_loss"] == theirs["log_loss"]
    table = runner.invoke(app, [*common, "--systems", fitted, "--db", db])
    assert table.exit_code == 0, table.output
    assert "yearly" in table.stdout.replace("\n", "").replace("│", "").replace(" ", "")
