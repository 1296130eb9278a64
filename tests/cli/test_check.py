"""`ratinglist check`: compiler-style lines, a summary, JSON output and the exit code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratinglist.cli.app import app

runner = CliRunner()
GOOD = (
    "%%Tournament: T\n%%Country: France\n%%Date: 05/04/2008\n%%Sender: S\n"
    "%_% 11, LAZARD, Emmanuel, F, 1, 30\n%_% 300, TAMENORI, Hideshi, J, 0, 34\n"
    "%Round 1\n11 (30)>(34) 300 B\n"
)


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    good = tmp_path / "20080405_GOOD.ELO"
    good.write_text(GOOD)
    bad = tmp_path / "20080406_BAD.ELO"
    bad.write_text(GOOD + "11 > 11\n11 x 300\n")
    return good, bad


def test_warnings_only_exit_zero(files: tuple[Path, Path]) -> None:
    good, _ = files
    result = runner.invoke(app, ["check", str(good)])
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        f"{good}:8:1: warning[W201]: expected discs that agree with the sign '>', got (30)>(34):"
        " the sign counts",
        "checked 1 file, 1 game: 0 errors, 1 warning, 0 notes",
    ]


def test_errors_exit_one(files: tuple[Path, Path]) -> None:
    good, bad = files
    result = runner.invoke(app, ["check", str(good), str(bad)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[-1] == "checked 2 files, 3 games: 2 errors, 2 warnings, 0 notes"
    assert lines[2] == (
        f"{bad}:9:1: error[E102]: expected two different players, got '11' against itself"
    )
    assert lines[3].startswith(f"{bad}:10:4: error[E100]: expected discs in parentheses")


def test_errors_only(files: tuple[Path, Path]) -> None:
    _, bad = files
    result = runner.invoke(app, ["check", "--errors-only", str(bad)])
    assert result.exit_code == 1
    assert [line.split(": ")[1] for line in result.stdout.splitlines()[:-1]] == [
        "error[E102]",
        "error[E100]",
    ]


def test_json_output(files: tuple[Path, Path]) -> None:
    _, bad = files
    result = runner.invoke(app, ["check", "--json", str(bad)])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert [(d["code"], d["line"], d["severity"]) for d in data] == [
        ("W201", 8, "warning"),
        ("E102", 9, "error"),
        ("E100", 10, "error"),
    ]
    assert set(data[0]) == {"source", "line", "column", "severity", "code", "message", "text"}


def test_unreadable_file_is_a_user_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", str(tmp_path / "nope.ELO")])
    assert result.exit_code == 1
    assert "expected a .ELO file or a folder, got" in result.output
    assert "nope.ELO' (not found)" in " ".join(result.output.split())


def test_help_has_an_example() -> None:
    result = runner.invoke(app, ["check", "--help"])
    assert result.exit_code == 0
    assert "Example: ratinglist check" in result.stdout
