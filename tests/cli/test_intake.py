"""`ratinglist intake ...` through Typer's runner: upload, list, show, fix-id, accept, reject."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratinglist.cli.app import app
from tests.service.test_intake import LEIDEN
from tests.store.conftest import UTRECHT

runner = CliRunner()


def run(db: Path, *args: str, code: int = 0) -> str:
    result = runner.invoke(app, ["intake", *args, "--db", str(db)])
    assert result.exit_code == code, result.output
    return result.output


@pytest.fixture()
def db(tmp_path: Path) -> Path:
    path = tmp_path / "intake.db"
    utrecht = tmp_path / "20230114_UTRECHT.ELO"
    utrecht.write_text(UTRECHT, encoding="ascii")
    assert runner.invoke(app, ["import", str(utrecht), "--db", str(path)]).exit_code == 0
    return path


def test_upload_list_fix_accept(db: Path, tmp_path: Path) -> None:
    leiden = tmp_path / "20230211_LEIDEN.ELO"
    leiden.write_text(LEIDEN, encoding="ascii")
    junk = tmp_path / "photo.jpg"
    junk.write_bytes(b"\xff\xd8\xff\xe0 not a results file")
    result = runner.invoke(app, ["intake", "upload", str(leiden), str(junk), "--db", str(db)])
    assert result.exit_code == 1
    assert "queued 20230211_LEIDEN.ELO as item 1" in result.output
    assert "refused photo.jpg: expected a WOF results file (.ELO) with game lines" in " ".join(
        result.output.split()
    )
    [item] = json.loads(run(db, "list", "--json", "--status", "queued"))
    assert (item["id"], item["country"], item["origin"]) == (1, "NLD", "upload")
    shown = json.loads(run(db, "show", "1", "--json"))
    assert {(p["token"], p["problem"]) for p in shown["players"]} == {
        ("120005", "name"),
        ("50030", "unknown"),
        ("NEW1", "new"),
    }
    assert "player 50030 MARTEL, Luc FRA: unknown" in run(db, "show", "1")
    assert "expected either NEW or --new" in run(db, "fix-id", "1", "NEW1", code=1)
    assert "replaced 50030 by 50003 (3 times)" in run(db, "fix-id", "1", "50030", "50003")
    fixed = json.loads(run(db, "fix-id", "1", "NEW1", "--new", "--json"))
    assert fixed["new"] == 120001 and fixed["added"]["surname"] == "DE VRIES"
    assert "accepted item 1: 20230211_LEIDEN.ELO imported" in run(db, "accept", "1")
    assert "expected a queued item, got item 1 accepted" in run(db, "accept", "1", code=1)
    assert json.loads(run(db, "list", "--json", "--status", "queued")) == []


def test_reject_and_oversize(db: Path, tmp_path: Path) -> None:
    leiden = tmp_path / "20230211_LEIDEN.ELO"
    leiden.write_text(LEIDEN, encoding="ascii")
    out = run(db, "upload", str(leiden), "--max-bytes", "50", code=1)
    assert "expected a file of at most 50 bytes" in " ".join(out.split())
    assert json.loads(run(db, "list", "--json")) == []
    run(db, "upload", str(leiden))
    assert "rejected item 1" in run(db, "reject", "1", "--message", "send round 3 too")
    [item] = json.loads(run(db, "list", "--json"))
    assert (item["status"], item["message"]) == ("rejected", "send round 3 too")
    assert "message: send round 3 too" in run(db, "show", "1")
