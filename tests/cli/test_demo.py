"""The demo: a seeded generator whose output is committed, and `ratinglist demo`."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest
from typer.testing import CliRunner

from ratinglist.cli.app import app
from ratinglist.errors import NotFoundError
from ratinglist.service import demo as demo_module
from ratinglist.store import list_tournaments, open_store
from tests.conftest import REPO, handle

ARCHIVE = REPO / "examples" / "demo_archive"


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "generate_demo", REPO / "examples" / "generate_demo.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["generate_demo"] = module
    spec.loader.exec_module(module)
    return module


def test_same_seed_gives_the_committed_bytes() -> None:
    generator = load_generator()
    files, players_list = generator.generate(generator.DEFAULT_SEED)
    committed = {p.relative_to(ARCHIVE).as_posix(): p.read_bytes() for p in ARCHIVE.rglob("*.ELO")}
    assert {k: v.encode("ascii") for k, v in files.items()} == committed
    assert players_list.encode("ascii") == (ARCHIVE / "players.txt").read_bytes()


def test_another_seed_gives_another_archive() -> None:
    generator = load_generator()
    assert generator.generate(1)[0] != generator.generate(2)[0]


def test_write_demo_writes_files(tmp_path: Path) -> None:
    generator = load_generator()
    count = generator.write_demo(tmp_path / "out", seed=7)
    assert count == len(list((tmp_path / "out").rglob("*.ELO")))
    assert 38 <= count <= 45
    assert (tmp_path / "out" / "players.txt").is_file()


def test_demo_command_recreates_the_database(tmp_path: Path) -> None:
    db = tmp_path / "demo.db"
    db.write_bytes(b"not a database")
    refused = CliRunner().invoke(app, ["demo", "--db", str(db)])
    assert refused.exit_code == 1
    assert "expected a new file for the demo database" in refused.output
    assert db.read_bytes() == b"not a database"
    result = CliRunner().invoke(app, ["demo", "--db", str(db), "--force"])
    assert result.exit_code == 0, result.output
    assert "imported" in result.output and "duplicate" in result.output
    store = open_store(f"sqlite:///{db}")
    try:
        rows = list_tournaments(store)
    finally:
        store.close()
    assert len(rows) == len(list(ARCHIVE.rglob("*.ELO")))
    assert sum(1 for r in rows if not r.rated) == 1
    # The list of the system that predicts best is stored beside the WOF list, the same day.
    assert "/systems/whr-bayes" in result.output
    shown = CliRunner().invoke(app, ["list", "--system", "whr-bayes", "--json", "--db", str(db)])
    assert shown.exit_code == 0, shown.output
    listed = json.loads(shown.stdout)
    assert listed["players"]
    assert listed["list"]["as_of"] == max(r.start_date for r in rows).isoformat()


def test_missing_demo_archive_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(demo_module, "DEMO_ARCHIVE", Path("no") / "such_archive")
    with pytest.raises(NotFoundError, match="expected the demo archive"):
        demo_module.find_demo_archive(tmp_path)
    result = CliRunner().invoke(app, ["demo", "--db", str(tmp_path / "d.db")])
    assert result.exit_code == 1
    assert "expected the demo archive" in result.output


def test_demo_live_adds_a_running_tournament_and_accounts(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from ratinglist.service.demo import DEMO_PASSWORD
    from ratinglist.service.tournaments.server import overview
    from ratinglist.web.app import create_app

    db = tmp_path / "demo.db"
    done = CliRunner().invoke(app, ["demo", "--db", str(db), "--live"])
    assert done.exit_code == 0, done.output
    url = f"sqlite:///{db}"
    shown = overview(handle(url), 1)
    # three rounds of 8 tables paired; rounds 1-2 complete and 4 of round 3's 8 results in
    assert (shown.entrants, shown.paired, shown.games_due, shown.results_in) == (16, 3, 8, 4)
    with TestClient(create_app(url)) as client:
        assert client.get("/live/1").status_code == 200
        signed = client.post(
            "/api/v1/login", json={"username": "demo-director", "password": DEMO_PASSWORD}
        )
        assert signed.status_code == 200
        assert client.get("/td/1").status_code == 200
