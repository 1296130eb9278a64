"""`ratinglist rate --history`: a list per month end, skipped when the inputs are unchanged."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ratinglist.cli.app import app
from tests.cli.rating_fixture import build_store

runner = CliRunner()


def test_history_stores_every_month_and_a_rerun_skips_them(tmp_path: Path) -> None:
    db = build_store(tmp_path)
    args = ["rate", "--history", "--from", "2025-01", "--to", "2025-08", "--json", "--db", db]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    summary = json.loads(first.output)
    assert (summary["from"], summary["to"], summary["dates"]) == ("2025-01-31", "2025-08-31", 8)
    assert summary["computed"] + summary["not_ratable"] == 8
    assert summary["computed"] >= 6 and len(summary["list_ids"]) == summary["computed"]
    again = json.loads(runner.invoke(app, args).output)
    assert (again["computed"], again["unchanged"]) == (0, summary["computed"])
    listed = runner.invoke(app, ["list", "--list", "2025-08-31", "--json", "--db", db])
    assert json.loads(listed.output)["list"]["id"] == summary["list_ids"][-1]


def test_sender_exclusion_is_another_input_and_bad_options_are_errors(tmp_path: Path) -> None:
    db = build_store(tmp_path)
    base = ["rate", "--history", "--from", "2025-07", "--to", "2025-08", "--json", "--db", db]
    assert json.loads(runner.invoke(app, base).output)["computed"] == 2
    other = runner.invoke(app, [*base, "--exclude-sender", "committee"])
    assert json.loads(other.output)["computed"] == 2
    bad = runner.invoke(app, ["rate", "--history", "--every", "week", "--db", db])
    assert bad.exit_code == 1 and "expected --every month|quarter|year" in bad.output
    neither = runner.invoke(app, ["rate", "--db", db])
    assert neither.exit_code == 1 and "expected --as-of" in neither.output
