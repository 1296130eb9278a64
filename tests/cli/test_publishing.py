"""`ratinglist publish` / `unpublish` on a stored list."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratinglist.cli.app import app
from tests.cli.rating_fixture import build_store

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

    log = list_publications(f"sqlite:///{db}", "1")
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
