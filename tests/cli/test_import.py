"""`ratinglist import`: JSON summary shape, table, rejected files, idempotence, user errors."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ratinglist.cli.app import app
from ratinglist.store import SUMMARY_KEYS
from tests.store.conftest import UTRECHT

runner = CliRunner()


def _archive(tmp_path: Path) -> Path:
    folder = tmp_path / "archive" / "2023"
    folder.mkdir(parents=True)
    (folder / "20230114_Utrecht_Open.ELO").write_text(UTRECHT, encoding="ascii")
    no_date = UTRECHT.replace("%%Date: 14/01/2023\n", "")
    (folder / "20230201_No_Date.ELO").write_text(no_date, encoding="ascii")
    return tmp_path / "archive"


def test_json_prints_only_the_summary_with_exact_integer_keys(tmp_path: Path) -> None:
    archive = _archive(tmp_path)
    db = str(tmp_path / "x.db")
    result = runner.invoke(app, ["import", str(archive), "--db", db, "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert (
        set(summary)
        == set(SUMMARY_KEYS)
        == {
            "files",
            "imported",
            "unchanged",
            "duplicate",
            "rejected",
            "games",
            "warnings",
            "errors",
        }
    )
    assert all(type(v) is int for v in summary.values())
    assert (summary["files"], summary["imported"], summary["rejected"], summary["games"]) == (
        2,
        1,
        1,
        4,
    )
    again = json.loads(runner.invoke(app, ["import", str(archive), "--db", db, "--json"]).stdout)
    assert (again["files"], again["unchanged"], again["games"]) == (2, 2, 0)


def test_table_lists_rejected_files_with_their_first_error(tmp_path: Path) -> None:
    archive = _archive(tmp_path)
    result = runner.invoke(app, ["import", str(archive), "--db", str(tmp_path / "x.db")])
    assert result.exit_code == 0, result.output
    for key in SUMMARY_KEYS:
        assert key in result.stdout
    assert "rejected " in result.stdout and "20230201_No_Date.ELO" in result.stdout


def test_database_from_environment(tmp_path: Path) -> None:
    archive = _archive(tmp_path)
    env = {"RATINGLIST_DB": str(tmp_path / "env.db")}
    result = runner.invoke(app, ["import", str(archive), "--json"], env=env)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "env.db").is_file()


def test_include_duplicates_flag(tmp_path: Path) -> None:
    archive = _archive(tmp_path)
    copy = archive / "2023" / "20230114a_Utrecht_copy.ELO"
    copy.write_text(UTRECHT.replace("+NEW1", "120009").replace("NEW1", "120009"))
    (archive / "2023" / "20230114_Utrecht_Open.ELO").write_text(copy.read_text())
    args = ["import", str(archive), "--db", str(tmp_path / "x.db"), "--json"]
    summary = json.loads(runner.invoke(app, [*args, "--include-duplicates"]).stdout)
    assert summary["duplicate"] == 1


def test_missing_path_exits_1_with_a_message(tmp_path: Path) -> None:
    result = runner.invoke(app, ["import", str(tmp_path / "nope"), "--db", str(tmp_path / "x.db")])
    assert result.exit_code == 1
    assert "expected a .ELO file or a folder" in result.output
    assert "Traceback" not in result.output


def test_help_has_an_example() -> None:
    result = runner.invoke(app, ["import", "--help"])
    assert result.exit_code == 0
    assert "Example:" in result.output
