"""`ratinglist evaluate --json` reports the honest contest (issue 37) for every system."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ratinglist.cli.app import app
from tests.cli.rating_fixture import build_store

runner = CliRunner()


def test_every_system_reports_the_contest_keys(tmp_path: Path) -> None:
    db = build_store(tmp_path)
    result = runner.invoke(
        app,
        [
            *("evaluate", "--from", "2025-06", "--to", "2025-07", "--fit-months", "5"),
            *("--json", "--workers", "1", "--window-years", "1", "--db", db),
        ],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["contest"]["frozen_date"] == "2026-05-31"
    assert report["contest"]["windows"] == ["fit 2025-01..2025-05, scored 2025-06..2025-07"]
    budgets = set()
    for system in report["systems"]:
        keys = {"calibration", "search_budget", "list_ordering", "windows", "frozen"}
        assert keys | {"configurations_tried"} <= set(system), system["system"]
        # The same calibration for all: four temperatures by the fewer earlier games.
        assert system["calibration"]["method"] == "temperatures"
        assert list(system["calibration"]["temperatures"]) == ["0", "1-9", "10-29", "30+"]
        assert system["configurations_tried"] == system["search_budget"]["configurations"]
        if system["configurations_tried"] > 1:
            budgets.add(tuple(system["search_budget"].values()))
        # One window, the months asked: its scores are the report's own.
        (window,) = system["windows"]
        assert window["log_loss"] == system["log_loss"]
        assert window["from"] == "2025-06-01" and window["to"] == "2025-07-31"
        # The fixture ends in 2025: no game after the frozen date.
        assert system["frozen"] == {"after": "2026-05-31", "games": 0}
        if system["system"] == "constant":
            assert system["list_ordering"] is None
        else:
            ordering = system["list_ordering"]
            assert 0 <= ordering["share"] <= 1 and ordering["games"] <= ordering["own_games"]
    assert budgets == {(4, 5, 20)}


def test_the_table_prints_the_configurations_tried(tmp_path: Path) -> None:
    db = build_store(tmp_path)
    result = runner.invoke(
        app,
        [
            *("evaluate", "--from", "2025-07", "--to", "2025-07", "--fit-months", "6"),
            *("--systems", "elo,elo-fitted,constant", "--workers", "1", "--db", db),
        ],
    )
    assert result.exit_code == 0, result.output
    table = result.stdout.split("The contest", 1)[1].split("Log-loss by strength", 1)[0]
    rows = {line.split()[1]: line.split() for line in table.splitlines() if "elo" in line}
    # elo-fitted: 4 K scales times 5 entries; elo: its one configuration.
    assert rows["elo-fitted"][3] == "20" and rows["elo"][3] == "1"
    assert "after 2026-05-31" in table
