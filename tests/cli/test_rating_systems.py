"""`ratinglist rate --system` and `ratinglist list --system` on the rating fixture."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ratinglist.cli.app import app
from tests.cli.rating_fixture import build_store

runner = CliRunner()


def test_rate_and_list_elo(tmp_path: Path) -> None:
    db = build_store(tmp_path)
    rated = runner.invoke(
        app, ["rate", "--as-of", "2025-08-01", "--system", "elo", "--json", "--db", db]
    )
    assert rated.exit_code == 0, rated.output
    summary = json.loads(rated.stdout)
    assert summary["system"] == "elo"
    assert summary["rated"] == 5
    shown = runner.invoke(app, ["list", "--system", "elo", "--json", "--db", db])
    assert shown.exit_code == 0, shown.output
    listing = json.loads(shown.stdout)
    assert listing["list"]["id"] == summary["list_id"]
    ratings = [p["rating"] for p in listing["players"]]
    assert ratings == sorted(ratings, reverse=True)
    assert all(p["title"] in ("Soldier", "Knight") for p in listing["players"])
    # The WOF list command does not take the Elo list for a WOF list.
    wof = runner.invoke(app, ["list", "--db", db])
    assert wof.exit_code == 1
    assert "expected a stored rating list" in wof.output


def test_list_of_a_system_without_lists_is_a_clear_error(tmp_path: Path) -> None:
    db = build_store(tmp_path)
    result = runner.invoke(app, ["list", "--system", "whr", "--db", db])
    assert result.exit_code == 1
    assert "expected a stored whr list" in result.output
    bad = runner.invoke(app, ["rate", "--as-of", "2025-08-01", "--system", "x", "--db", db])
    assert bad.exit_code == 1
    assert "expected a rating system among" in bad.output
