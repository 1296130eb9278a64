"""`ratinglist evaluate --workers N`: the systems replayed in N processes, the same report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from ratinglist.cli.app import app
from tests.cli.rating_fixture import build_store

runner = CliRunner()
COMMON = ["evaluate", "--from", "2025-06", "--to", "2025-07", "--fit-months", "5", "--json"]


def without_seconds(value: Any) -> Any:
    """`value` without its timings (``seconds``, ``load_seconds``), which differ run by run."""
    if isinstance(value, dict):
        return {
            k: without_seconds(v) for k, v in value.items() if k not in ("seconds", "load_seconds")
        }
    if isinstance(value, list):
        return [without_seconds(v) for v in value]
    return value


def test_two_workers_print_the_report_of_one(tmp_path: Path) -> None:
    # Every default system: wof-map in one worker, the others (whr with whr-fitted and
    # whr-bayes) in the other; the JSON is the same text but the seconds.
    db = build_store(tmp_path)
    one = runner.invoke(app, [*COMMON, "--workers", "1", "--db", db])
    two = runner.invoke(app, [*COMMON, "--workers", "2", "--db", db])
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    mine, theirs = json.loads(one.stdout), json.loads(two.stdout)
    assert len(theirs["systems"]) == 13 and theirs["games"] == 9
    assert json.dumps(without_seconds(mine), sort_keys=True) == json.dumps(
        without_seconds(theirs), sort_keys=True
    )


def test_zero_workers_is_a_clear_error(tmp_path: Path) -> None:
    db = build_store(tmp_path)
    result = runner.invoke(app, [*COMMON, "--workers", "0", "--db", db])
    assert result.exit_code == 1
    assert "expected workers >= 1, got 0" in result.output
    assert "Traceback" not in result.output
