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


def test_received_option_sets_the_day_the_wof_profile_rates_by(tmp_path: Path) -> None:
    # Imported as an archive (default --received file-date), Utrecht (14/01/2023) and a
    # tournament of 21/01/2023 are in the wof list of January 2023; imported as received
    # today, they are not, and `rate` says why and how to fix it.
    archive = _archive(tmp_path)
    later = UTRECHT.replace("14/01/2023", "21/01/2023").replace("(33)>(31)", "(32)=(32)")
    (archive / "2023" / "20230121_Later.ELO").write_text(later, encoding="ascii")
    as_archive, as_today = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    rate = ["rate", "--profile", "wof", "--as-of", "2023-01-31", "--json", "--db"]
    assert runner.invoke(app, ["import", str(archive), "--db", as_archive]).exit_code == 0
    listed = runner.invoke(app, [*rate, as_archive])
    assert listed.exit_code == 0, listed.output
    assert json.loads(listed.stdout)["games"] == 8
    today = ["import", str(archive), "--db", as_today, "--received", "import-day"]
    assert runner.invoke(app, today).exit_code == 0
    refused = runner.invoke(app, [*rate, as_today])
    assert refused.exit_code == 1
    assert "expected files received by 2023-01-31 for the wof profile, got none" in refused.output
    assert "ratinglist archive received --default-lag 0" in refused.output
    assert "Traceback" not in refused.output
    fixed = runner.invoke(app, ["archive", "received", "--default-lag", "0", "--db", as_today])
    assert fixed.exit_code == 0, fixed.output
    assert runner.invoke(app, [*rate, as_today]).exit_code == 0


def test_an_unknown_received_rule_imports_nothing(tmp_path: Path) -> None:
    db = tmp_path / "x.db"
    result = runner.invoke(
        app, ["import", str(_archive(tmp_path)), "--db", str(db), "--received", "yesterday"]
    )
    assert result.exit_code == 1
    assert "expected --received import-day or file-date, got 'yesterday'" in result.output
    assert not db.exists()
