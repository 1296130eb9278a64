"""The rating officer's safety (issue 8 items 8, 9, 11, 12, 15, 16, 17), through the CLI.

Each test failed before the service layer took these use cases over.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from ratinglist.cli.app import app
from tests.cli.rating_fixture import FILES, build_store, elo_text

runner = CliRunner()

LIST = """\
% Liste des joueurs par pays

pays = FRA

 50003 MARTEL, Luc                         %_<1650>
 50004 ROUX, Anne

pays = NLD

120005 VOS, Bram                           %_<1800>
120007 SMEETS, Linda
"""


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


@pytest.fixture()
def rated(tmp_path: Path) -> str:
    """The four-file archive with its five players registered."""
    db = build_store(tmp_path)
    players = tmp_path / "joueurs.txt"
    players.write_text(LIST + "\npays = GBR\n\n100001 ASHWORTH, Tom\n", encoding="ascii")
    done = run("players", "import-list", str(players), "--apply", "--db", db)
    assert done.exit_code == 0, done.output
    return db


# --- item 8: import-list refuses results files, dry run by default, undo as one step ---


def test_import_list_refuses_a_results_file(rated: str, tmp_path: Path) -> None:
    name, sender, games = FILES[0]
    results = tmp_path / "20250111_UTRECHT.ELO"
    results.write_text(elo_text(name, sender, games), encoding="ascii")
    refused = run("players", "import-list", str(results), "--apply", "--db", rated)
    assert refused.exit_code == 1
    assert "expected a players list with 'pays = CODE' blocks" in refused.output
    shown = run("players", "show", "50003", "--db", rated)
    assert shown.stdout.splitlines()[0] == "50003  MARTEL, Luc (FRA)  rating 1650"


def test_import_list_without_apply_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "joueurs.txt"
    path.write_text(LIST, encoding="ascii")
    db = str(tmp_path / "new.db")
    dry = run("players", "import-list", str(path), "--json", "--db", db)
    assert dry.exit_code == 1 and "expected an existing database file" in dry.output
    (tmp_path / "none").mkdir()
    run("import", str(tmp_path / "none"), "--db", db)  # a new database: no file imported
    dry = run("players", "import-list", str(path), "--json", "--db", db)
    assert dry.exit_code == 0, dry.output
    plan = json.loads(dry.stdout)
    assert (plan["applied"], plan["added"]) == (False, 4)
    assert run("players", "search", "martel", "--json", "--db", db).stdout.strip() == "[]"


def test_a_list_import_is_undone_as_one_step(rated: str, tmp_path: Path) -> None:
    later = tmp_path / "later.txt"
    later.write_text(
        LIST.replace("VOS, Bram", "KOK, Anna").replace("%_<1650>", "%_<1700>")
        + "\npays = BEL\n\n 20001 PEETERS, Jan\n",
        encoding="ascii",
    )
    done = run("players", "import-list", str(later), "--on", "2025-08-01", "--apply", "--db", rated)
    assert done.exit_code == 0, done.output
    assert "1 added, 1 updated, 0 renamed, 1 split" in done.stdout
    assert "split    120005  VOS, Bram (NLD) -> KOK, Anna (NLD)" in done.stdout
    undone = run("players", "undo-import", "--db", rated)
    assert undone.exit_code == 0, undone.output
    assert run("players", "show", "120005", "--db", rated).stdout.splitlines() == [
        "120005  VOS, Bram (NLD)  rating 1800"
    ]
    assert "rating 1650" in run("players", "show", "50003", "--db", rated).stdout
    assert run("players", "show", "20001", "--db", rated).exit_code == 1
    events = json.loads(run("players", "history", "120005", "--json", "--db", rated).stdout)
    assert [e["event"] for e in events["events"]] == ["assigned"]


def test_undo_refuses_when_the_registry_changed_since(rated: str) -> None:
    assert run("players", "merge", "50003", "50004", "--db", rated).exit_code == 0
    refused = run("players", "undo-import", "--db", rated)
    assert refused.exit_code == 1
    assert "to be the registry's latest change, got later changes" in refused.output


# --- item 9: a merge of two opponents leaves their games out, with file and line ---


def test_merge_of_two_opponents_keeps_rate_going(rated: str, tmp_path: Path) -> None:
    name, sender, games = FILES[0]
    lines = elo_text(name, sender, games).splitlines()
    line = lines.index("50003 > 50004") + 1  # the only game between the two IDs
    assert run("players", "merge", "50003", "50004", "--db", rated).exit_code == 0
    result = run("rate", "--as-of", "2025-07-31", "--json", "--db", rated)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["self_games"] == 1
    assert (
        f"20250111_UTRECHT.ELO:{line}: note: game 50003 against 50004 left out of ratings"
        in " ".join(result.stderr.split())
    )


# --- item 11: export --ratings writes every rated player of the latest list ---


def test_export_ratings_writes_every_rated_player(rated: str, tmp_path: Path) -> None:
    rate = json.loads(run("rate", "--as-of", "2025-07-31", "--json", "--db", rated).stdout)
    csv_path = tmp_path / "list.csv"
    run("rate", "--as-of", "2025-07-31", "--csv", str(csv_path), "--db", rated)
    with csv_path.open(encoding="utf-8", newline="") as f:
        rated_ids = {int(r["id"]): round(float(r["rating"])) for r in csv.DictReader(f)}
    assert len(rated_ids) == rate["rated"] > rate["listed"] - 1
    out = tmp_path / "joueurs.txt"
    assert run("players", "export", "--ratings", str(out), "--db", rated).exit_code == 0
    written = {
        int(line.split()[0]): int(line.split("%_<")[1].rstrip(">"))
        for line in out.read_text(encoding="utf-8").splitlines()
        if "%_<" in line
    }
    assert written == rated_ids


# --- item 12: no silent database creation, demo does not overwrite ---


def test_read_commands_refuse_a_missing_database(tmp_path: Path) -> None:
    missing = tmp_path / "typo.db"
    for args in (
        ["list"],
        ["players", "show", "1"],
        ["players", "search", "x"],
        ["archive", "list"],
    ):
        result = run(*args, "--db", str(missing))
        assert result.exit_code == 1, args
        assert "expected an existing database file" in result.output
    assert not missing.exists()


# --- item 15: same name twice, Papp-safe names, history by date ---


def test_add_twice_shows_the_existing_player(rated: str) -> None:
    again = run("players", "add", "Martel", "luc", "--country", "FRA", "--db", rated)
    assert again.exit_code == 1
    assert "already registered: 50003 MARTEL, Luc (FRA)" in again.stderr
    forced = run("players", "add", "MARTEL", "Luc", "--country", "FRA", "--force", "--db", rated)
    assert forced.exit_code == 0 and forced.stdout.strip() == "50000"


@pytest.mark.parametrize("surname", ["SMITH, JR", 'O"BRIEN', "DOE {X}", "50% OFF"])
def test_names_papp_cannot_write_are_refused(rated: str, surname: str) -> None:
    result = run("players", "add", surname, "Ann", "--country", "FRA", "--db", rated)
    assert result.exit_code == 1
    assert "as Papp's players list writes names; got" in result.output


def test_history_is_in_date_order(rated: str) -> None:
    for day, surname in (("2025-09-01", "SMIT"), ("2025-08-01", "SMITS")):
        done = run(
            "players", "rename", "120007", "--from", day, "--surname", surname, "--db", rated
        )
        assert done.exit_code == 0, done.output
    events = json.loads(run("players", "history", "120007", "--json", "--db", rated).stdout)
    dates = [e["date"] for e in events["events"]]
    assert dates == sorted(dates) and len(dates) == 3
    assert dates[1:] == ["2025-08-01", "2025-09-01"]
    text = run("players", "history", "120007", "--db", rated).stdout.splitlines()
    assert [line.split()[0] for line in text[text.index("events") + 1 :]] == dates


def test_registry_changes_record_the_actor(rated: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGLIST_USER", "officer-anna")
    assert run("players", "merge", "50003", "50004", "--db", rated).exit_code == 0
    import sqlite3

    with sqlite3.connect(rated) as conn:
        actor = conn.execute("SELECT actor FROM id_history WHERE event = 'merged'").fetchone()
    assert actor == ("cli:officer-anna",)


# --- item 16: check takes folders; item 17: help screens ---


def test_check_takes_a_folder(tmp_path: Path) -> None:
    for name, sender, games in FILES:
        path = tmp_path / "archive" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(elo_text(name, sender, games), encoding="ascii")
    result = run("check", str(tmp_path / "archive"))
    games = sum(len(g) for _, _, g in FILES)
    assert result.stdout.splitlines()[-1].startswith(f"checked 4 files, {games} games:")


@pytest.mark.parametrize(
    "command", [["check"], ["players", "import-list"], ["list"], ["archive", "list"], ["demo"]]
)
def test_help_has_no_type_labels_on_flags_nor_braces(command: list[str]) -> None:
    result = run(*command, "--help")
    assert result.exit_code == 0
    assert "<bool>" not in result.stdout
    usage = next(line for line in result.stdout.splitlines() if "Usage:" in line)
    assert "{" not in usage and "}" not in usage


def test_tournaments_is_a_hidden_alias_of_archive(rated: str) -> None:
    new = run("archive", "list", "--json", "--db", rated)
    old = run("tournaments", "list", "--json", "--db", rated)
    assert old.exit_code == new.exit_code == 0
    assert json.loads(old.stdout) == json.loads(new.stdout)
    assert len(json.loads(new.stdout)) == len(FILES)
    listed = [line.split()[1] for line in run("--help").stdout.splitlines() if "│ " in line]
    assert "archive" in listed and "tournaments" not in listed


# --- item 10: plausibility at import, with file and line; a huge file needs --force ---

PAIR_FILE = """\
%%Tournament: Pair Cup
%%Country: Netherlands
%%Date: 11/01/2025
%%Sender: Jan Tester

%_% 120005, VOS, Bram, NLD, 0, 0
%_% 120007, SMEETS, Linda, NLD, 0, 0
%_% 50003, MARTEL, Luc, FRA, 0, 0

%Round 1
120005 > 120007
120007 < 120005
%Round 2
120005 > 50003
%Round 3
120005 > 120007
"""


def test_import_warns_on_games_the_rounds_cannot_hold(rated: str, tmp_path: Path) -> None:
    path = tmp_path / "20250111_PAIR_CUP.ELO"
    path.write_text(PAIR_FILE, encoding="ascii")
    lines = PAIR_FILE.splitlines()
    again = lines.index("120007 < 120005") + 1  # the pair's second game of round 1
    fourth = max(i for i, line in enumerate(lines, 1) if line == "120005 > 120007")
    result = run("check", str(path))
    out = result.stdout
    assert f"20250111_PAIR_CUP.ELO:{again}:1: warning[W211]" in out
    assert "expected one game of 120007 and 120005 in round 1" in out
    assert f"20250111_PAIR_CUP.ELO:{fourth}:1: warning[W212]" in out
    assert "expected at most 3 games of 120005 (one a round)" in out
    imported = json.loads(run("import", str(path), "--json", "--db", rated).stdout)
    assert imported["warnings"] == 2


def test_a_file_repeating_a_game_without_rounds_warns_once(tmp_path: Path) -> None:
    text = PAIR_FILE.split("%Round 1")[0] + "120005 > 120007\n" * 400
    path = tmp_path / "20250111_LOOP.ELO"
    path.write_text(text, encoding="ascii")
    fifth = text.splitlines().index("120005 > 120007") + 5
    out = run("check", str(path)).stdout
    assert out.count("warning[W211]") == 1
    assert f"20250111_LOOP.ELO:{fifth}:1: warning[W211]" in out


def test_a_file_over_the_size_limit_needs_force(rated: str, tmp_path: Path) -> None:
    text = PAIR_FILE.split("%Round 1")[0] + "120005 > 120007\n" * 20_000  # 320,000 bytes
    path = tmp_path / "20250111_HUGE.ELO"
    path.write_text(text, encoding="ascii")
    refused = run("import", str(path), "--json", "--db", rated)
    assert refused.exit_code == 1
    assert f"{path}: expected a results file of at most 262,144 bytes, got {len(text):,}" in (
        refused.output
    )
    assert len(json.loads(run("archive", "list", "--json", "--db", rated).stdout)) == len(FILES)
    forced = run("import", str(path), "--json", "--force", "--db", rated)
    assert forced.exit_code == 0 and json.loads(forced.stdout)["imported"] == 1


def test_check_reads_a_utf16_file(tmp_path: Path) -> None:
    name, sender, games = FILES[0]
    text = elo_text(name, sender, games).replace("Jan Tester", "Jürgen Müller")
    path = tmp_path / "20250111_UTRECHT.ELO"
    path.write_bytes(text.encode("utf-16"))
    result = run("check", "--json", str(path))
    assert result.exit_code == 0
    # only the notes on the declared scores of 0 (the file declares no points)
    assert {d["code"] for d in json.loads(result.stdout)} == {"N303"}
    imported = json.loads(run("import", str(path), "--json", "--db", str(tmp_path / "u.db")).stdout)
    assert (imported["imported"], imported["games"]) == (1, len(games))
