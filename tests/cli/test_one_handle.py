"""Issue 20 item 5: a CLI invocation opens its database once (`cli.common.open_db`) and
passes the handle to every use case it calls, here `demo --live`: the import, the rating
list, the accounts and the running tournament."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratinglist.cli.app import app
from ratinglist.service.databases import forget_database
from tests.conftest import engines_made


def test_a_cli_invocation_opens_its_database_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "demo.db"
    url = f"sqlite:///{db}"
    made = engines_made(monkeypatch)
    try:
        done = CliRunner().invoke(app, ["demo", "--db", str(db), "--live"])
    finally:
        forget_database(url)
    assert done.exit_code == 0, done.output
    assert "running tournament 1 with" in done.output
    assert made == [url]
