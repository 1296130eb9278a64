"""`ratinglist publish` / `unpublish` on a stored list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratinglist.cli.app import app
from tests.cli.rating_fixture import build_store
from tests.conftest import handle

runner = CliRunner()


@pytest.fixture()
def db(tmp_path: Path) -> str:
    path = build_store(tmp_path)
    done = runner.invoke(app, ["rate", "--as-of", "2025-07-31", "--db", path])
    assert done.exit_code == 0, done.output
    return path


def test_publish_then_unpublish_by_date(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGLIST_USER", "carol")
    first = runner.invoke(app, ["publish", "2025-07-31", "--db", db])
    assert first.exit_code == 0, first.output
    assert first.output == "rating list 1 as of 2025-07-31 published\n"
    again = runner.invoke(app, ["publish", "1", "--db", db])
    assert "was already published; nothing changed" in again.output
    gone = runner.invoke(app, ["unpublish", "2025-07-31", "--db", db])
    assert gone.output == "rating list 1 as of 2025-07-31 unpublished\n"

    from ratinglist.service.publishing import list_publications

    log = list_publications(handle(f"sqlite:///{db}"), "1")
    assert [(e.action, e.actor) for e in log] == [
        ("published", "cli:carol"),
        ("unpublished", "cli:carol"),
    ]


def test_an_unknown_list_is_an_error_not_a_traceback(db: str) -> None:
    result = runner.invoke(app, ["publish", "2025-08-31", "--db", db])
    assert result.exit_code == 1
    assert "expected a stored rating list as of 2025-08-31, got none" in result.output


def test_publish_refuses_a_missing_database_file(tmp_path: Path) -> None:
    missing = tmp_path / "typo.db"
    done = runner.invoke(app, ["publish", "2025-07-31", "--db", str(missing)])
    assert done.exit_code == 1
    assert "expected an existing database file" in done.output
    assert not missing.exists()


def _history(db: str) -> None:
    done = runner.invoke(
        app, ["rate", "--history", "--from", "2025-05", "--to", "2025-07", "--db", db]
    )
    assert done.exit_code == 0, done.output


def test_publish_a_range_of_month_ends_in_one_command(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ratinglist.service.publishing import published_lists

    monkeypatch.setenv("RATINGLIST_USER", "carol")
    _history(db)
    runner.invoke(app, ["publish", "2025-07-31", "--db", db])
    done = runner.invoke(
        app, ["publish", "--from", "2025-05", "--to", "2025-07", "--every", "month", "--db", db]
    )
    assert done.exit_code == 0, done.output
    assert "2 rating lists published from 2025-05-31 to 2025-07-31 (1 already published)" in (
        done.output
    )
    days = [p.as_of.isoformat() for p in published_lists(handle(f"sqlite:///{db}"))]
    # The history stores its own list of 2025-07-31 (label "history"), the newest of that day.
    assert days[:2] == ["2025-05-31", "2025-06-30"]
    assert days.count("2025-07-31") >= 1
    gone = runner.invoke(
        app, ["unpublish", "--from", "2025-05", "--to", "2025-06", "--json", "--db", db]
    )
    summary = json.loads(gone.output)
    assert (summary["changed"], summary["first"], summary["last"]) == (
        2,
        "2025-05-31",
        "2025-06-30",
    )
    left = [p.as_of.isoformat() for p in published_lists(handle(f"sqlite:///{db}"))]
    assert "2025-05-31" not in left and "2025-06-30" not in left


def test_a_range_with_a_month_end_without_a_list_changes_nothing(db: str) -> None:
    from ratinglist.service.publishing import published_lists

    _history(db)
    refused = runner.invoke(app, ["publish", "--from", "2025-04", "--to", "2025-07", "--db", db])
    assert refused.exit_code == 1
    assert "got none for 2025-04-30" in refused.output
    assert "rate --history" in refused.output
    assert published_lists(handle(f"sqlite:///{db}")) == ()
    skipped = runner.invoke(
        app, ["publish", "--from", "2025-04", "--to", "2025-07", "--skip-missing", "--db", db]
    )
    assert skipped.exit_code == 0, skipped.output
    assert "1 month ends have no stored list (left out)" in skipped.output
    assert len(published_lists(handle(f"sqlite:///{db}"))) == 3


def test_a_list_and_a_range_together_are_refused(db: str) -> None:
    both = runner.invoke(app, ["publish", "2025-07-31", "--from", "2025-05", "--db", db])
    assert both.exit_code == 1
    assert "either a list (id or date) or --from and --to" in both.output
    half = runner.invoke(app, ["publish", "--from", "2025-05", "--db", db])
    assert half.exit_code == 1
    assert "expected both --from and --to" in half.output
