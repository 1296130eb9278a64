"""`ratinglist go-list check|search` on small list files."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ratinglist.cli.app import app

runner = CliRunner()

FFG = (
    "#Echelle au 11/01/2021 07:09:39\n"
    "ABADIA Mickaël                        -1400 - 9728205 94MJ FR\n"
    "ABADIE Yves                           -1500 - 0452000 31To FR\n"
    "garbage\n"
)


def _list(tmp_path: Path) -> Path:
    path = tmp_path / "ech_ffg.txt"
    path.write_bytes(FFG.encode("iso-8859-15"))
    return path


def test_check_reports_bad_line_and_exits_1(tmp_path: Path) -> None:
    result = runner.invoke(app, ["go-list", "check", str(_list(tmp_path)), "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert (report["origin"], report["published"], report["players"]) == ("FFG", "2021-01-11", 2)
    assert [(d["line"], d["code"]) for d in report["diagnostics"]] == [(4, "E401")]


def test_search_finds_misspelled_name(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["go-list", "search", "Yves Abadi", "--file", str(_list(tmp_path)), "--json"]
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert (rows[0]["number"], rows[0]["distance"], rows[0]["rating"]) == ("0452000", 1, 550)


def test_missing_file_is_an_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["go-list", "search", "x", "--file", str(tmp_path / "no.txt")])
    assert result.exit_code == 1
    assert "cannot read rating list" in result.output


def test_import_then_search_the_store(tmp_path: Path) -> None:
    db = str(tmp_path / "go.db")
    path = _list(tmp_path)
    result = runner.invoke(app, ["go-list", "import", str(path), "--db", db])
    assert result.exit_code == 0, result.output
    assert "stored FFG list #1 of 2021-01-11: 2 players, 1 diagnostics" in result.stdout
    assert "ech_ffg.txt:4:1: error[E401]" in result.stderr
    result = runner.invoke(app, ["go-list", "lists", "--json", "--db", db])
    assert [(r["id"], r["origin"], r["players"]) for r in json.loads(result.stdout)] == [
        (1, "FFG", 2)
    ]
    args = ["go-list", "search", "Mikael Abadya", "--origin", "ffg", "--json", "--db", db]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    best = json.loads(result.stdout)[0]
    assert (best["number"], best["rating"]) == ("9728205", 650)
    missing = runner.invoke(app, ["go-list", "search", "x", "--origin", "egf", "--db", db])
    assert missing.exit_code == 1 and "no EGF rating list imported" in missing.output
