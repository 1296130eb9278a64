"""`ratinglist players ...`: add, search, merge/unmerge, export and import-list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

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
    result = runner.invoke(app, ["players", "import-list", str(path), "--apply", "--db", database])
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
    assert "expected a country code or name such as 'FRA' or 'France', got 'Atlantis'" in (
        result.output
    )


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


@pytest.mark.parametrize(
    "command",
    ["search", "add", "merge", "unmerge", "export", "import-list", "split", "rename", "history",
     "show"],
)  # fmt: skip
def test_every_players_command_has_an_example(command: str) -> None:
    result = runner.invoke(app, ["players", command, "--help"])
    assert result.exit_code == 0
    assert "Example:" in result.output


def _run(*args: str) -> Result:
    return runner.invoke(app, ["players", *args])


def test_split_then_history_and_show(db: str) -> None:
    done = _run(
        "split", "120001", "--from", "2024-03-01", "--surname", "KOK", "--firstname", "Anna",
        "--reason", "ID reused", "--db", db,
    )  # fmt: skip
    assert done.exit_code == 0, done.output
    assert done.stdout.strip() == (
        "split 120001 from 2024-03-01: VOS, Bram (NLD) before, KOK, Anna (NLD) from then"
    )
    text = _run("history", "120001", "--db", db)
    assert text.exit_code == 0, text.output
    assert "(unknown)  .. 2024-02-29  person 1  VOS, Bram (NLD)" in text.stdout
    assert "2024-03-01 ..             person 2  KOK, Anna (NLD)" in text.stdout
    assert "split     KOK, Anna (NLD)  (ID reused)" in text.stdout
    document = json.loads(_run("history", "120001", "--json", "--db", db).stdout)
    assert [(t["surname"], t["from"], t["until"], t["person"]) for t in document["timeline"]] == [
        ("VOS", None, "2024-02-29", 1),
        ("KOK", "2024-03-01", None, 2),
    ]
    assert [e["event"] for e in document["events"]] == ["assigned", "split"]
    assert document["events"][1]["reason"] == "ID reused"
    shown = _run("show", "120001", "--db", db)
    assert shown.stdout.splitlines() == [
        "120001  KOK, Anna (NLD)  unrated",
        "earlier owner: VOS, Bram (NLD) until 2024-02-29",
    ]


def test_split_errors_exit_1(db: str) -> None:
    early = _run(
        "split", "120001", "--from", "1970-01-01", "--surname", "KOK", "--firstname", "Anna",
        "--db", db,
    )  # fmt: skip
    assert early.exit_code == 1 and "expected a split date after 1970-01-01" in early.output
    unknown = _run("show", "777", "--db", db)
    assert unknown.exit_code == 1 and "expected a known player ID, got 777" in unknown.output
    bad_day = _run("split", "120001", "--from", "2024-02-30", "--surname", "K", "--firstname", "A")
    assert bad_day.exit_code == 1
    assert "expected a date YYYY-MM-DD, got '2024-02-30'" in bad_day.output


def test_rename_and_show_merges(db: str) -> None:
    renamed = _run("rename", "120000", "--from", "2020-05-01", "--surname", "SMIT", "--db", db)
    assert renamed.exit_code == 0, renamed.output
    assert "DE GRAAF, Jan (NLD) before, SMIT, Jan (NLD) from then" in renamed.stdout
    assert _run("merge", "120000", "50000", "--db", db).exit_code == 0
    kept = _run("show", "120000", "--db", db).stdout.splitlines()
    assert kept == [
        "120000  SMIT, Jan (NLD)  rating 1987",
        "merged into this ID: 50000",
        "earlier name: DE GRAAF, Jan (NLD) until 2020-04-30",
    ]
    removed = _run("show", "50000", "--db", db).stdout
    assert "merged into 120000 since" in removed and "(resolves to 120000)" in removed
    history = _run("history", "50000", "--db", db).stdout
    assert "merged    50000 into 120000" in history


def test_import_list_records_splits_and_renames(db: str, tmp_path: Path) -> None:
    later = LIST.replace("VOS, Bram", "KOK, Anna").replace("DE GRAAF, Jan", "SMIT, Jan")
    path = tmp_path / "later.txt"
    path.write_text(later, encoding="ascii")
    result = _run("import-list", str(path), "--on", "2025-02-06", "--apply", "--db", db)
    assert result.exit_code == 0, result.output
    assert "0 added, 0 updated, 1 renamed, 1 split, 1 unchanged" in result.stdout
    document = json.loads(_run("history", "120001", "--json", "--db", db).stdout)
    assert document["timeline"][0]["until"] == "2025-02-05"
