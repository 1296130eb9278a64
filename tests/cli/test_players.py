"""`ratinglist players ...`: add, search, merge/unmerge, export and import-list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratinglist.cli.app import app

runner = CliRunner()

LIST = """\
% Liste des joueurs par pays

pays = NLD

120000 DE GRAAF, Jan                       %_<1987>
120001 VOS, Bram

pays = FRA

50000 MARTEL, Luc                         %_<2003>
"""


@pytest.fixture()
def db(tmp_path: Path) -> str:
    path = tmp_path / "players.txt"
    path.write_text(LIST, encoding="ascii")
    database = str(tmp_path / "p.db")
    result = runner.invoke(app, ["players", "import-list", str(path), "--db", database])
    assert result.exit_code == 0, result.output
    assert "3 added" in result.output
    return database


def test_add_prints_lowest_unused_id_of_host_country(db: str) -> None:
    result = runner.invoke(
        app, ["players", "add", "VAN DAM", "Eva", "--country", "NLD", "--db", db]
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "120002"
    hosted = runner.invoke(
        app,
        [
            "players",
            "add",
            "ASHWORTH",
            "Tom",
            "--country",
            "GBR",
            "--host-country",
            "FRA",
            "--db",
            db,
        ],
    )
    assert hosted.stdout.strip() == "50001"


def test_add_with_unknown_country_exits_1(db: str) -> None:
    result = runner.invoke(app, ["players", "add", "X", "Y", "--country", "Atlantis", "--db", db])
    assert result.exit_code == 1
    assert "expected a known country" in result.output


def test_search_json(db: str) -> None:
    result = runner.invoke(app, ["players", "search", "graaf", "--json", "--db", db])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    assert found[0]["id"] == 120000 and found[0]["rating"] == 1987
    by_country = runner.invoke(
        app, ["players", "search", "martel", "--country", "NLD", "--json", "--db", db]
    )
    assert json.loads(by_country.stdout) == []


def test_search_table(db: str) -> None:
    result = runner.invoke(app, ["players", "search", "vos", "--db", db])
    assert result.exit_code == 0
    assert "120001" in result.stdout and "VOS, Bram" in result.stdout


def test_merge_and_unmerge(db: str) -> None:
    merged = runner.invoke(
        app, ["players", "merge", "120000", "120001", "--reason", "x", "--db", db]
    )
    assert merged.exit_code == 0 and "merged 120001 into 120000" in merged.stdout
    again = runner.invoke(app, ["players", "merge", "50000", "120001", "--db", db])
    assert again.exit_code == 1 and "already merged" in again.output
    undone = runner.invoke(app, ["players", "unmerge", "120001", "--db", db])
    assert undone.exit_code == 0 and "unmerged 120001 from 120000" in undone.stdout
    twice = runner.invoke(app, ["players", "unmerge", "120001", "--db", db])
    assert twice.exit_code == 1 and "not merged" in twice.output


def test_export_round_trips_the_list(db: str, tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    result = runner.invoke(app, ["players", "export", str(out), "--db", db])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="ascii")
    assert "pays = FRA" in text and "pays = NLD" in text
    assert "DE GRAAF, Jan" in text and "%_<1987>" in text
    printed = runner.invoke(app, ["players", "export", "--db", db])
    assert printed.stdout == text


@pytest.mark.parametrize("command", ["search", "add", "merge", "unmerge", "export", "import-list"])
def test_every_players_command_has_an_example(command: str) -> None:
    result = runner.invoke(app, ["players", command, "--help"])
    assert result.exit_code == 0
    assert "Example:" in result.output
