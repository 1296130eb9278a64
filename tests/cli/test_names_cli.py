"""One rule for names on the registry's CLI paths: add, rename, split, players-list import."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_rating_officer import LIST, rated, run

__all__ = ["rated"]

RULE = "holds only the letters A to Z"


def test_add_writes_the_surname_as_the_list_does(rated: str) -> None:
    done = run("players", "add", "Blanchet", "Sophie", "--country", "FRA", "--db", rated)
    assert done.exit_code == 0, done.output
    pid = done.stdout.strip()
    assert "registered as BLANCHET, Sophie (FRA)" in done.output  # said, not silent
    assert run("players", "show", pid, "--db", rated).stdout.startswith(f"{pid}  BLANCHET, Sophie")
    again = run("players", "add", "BLANCHET", "Sophie", "--country", "FRA", "--db", rated)
    assert again.stdout.strip() != pid and pid in again.output  # the namesake is shown


@pytest.mark.parametrize(
    ("args", "char"),
    [
        (["rename", "50003", "--from", "2025-09-01", "--surname", "<b>MARTEL</b>"], "<"),
        (["rename", "50003", "--from", "2025-09-01", "--firstname", "Luc (junior)"], "("),
        (
            ["split", "50003", "--from", "2025-09-01", "--surname", "ROUX", "--firstname", "A>"],
            ">",
        ),
    ],
)
def test_rename_and_split_refuse_naming_the_rule(rated: str, args: list[str], char: str) -> None:
    refused = run("players", *args, "--db", rated)
    assert refused.exit_code == 1
    assert RULE in refused.output and f"got {char!r}" in refused.output
    shown = run("players", "show", "50003", "--db", rated)
    assert shown.stdout.splitlines()[0] == "50003  MARTEL, Luc (FRA)  rating 1650"


def test_rename_writes_the_surname_as_the_list_does(rated: str) -> None:
    args = ("rename", "50004", "--from", "2025-09-01", "--surname", "Léger", "--db", rated)
    done = run("players", *args)
    assert done.exit_code == 0, done.output
    assert run("players", "show", "50004", "--db", rated).stdout.startswith("50004  LEGER, Anne")


def test_import_list_refuses_markup_with_file_and_line(rated: str, tmp_path: Path) -> None:
    bad = tmp_path / "joueurs.txt"
    bad.write_text(LIST + " 50009 DOE, <script>x</script>\n", encoding="ascii")
    refused = run("players", "import-list", str(bad), "--apply", "--db", rated)
    assert refused.exit_code == 1
    assert f"joueurs.txt:12: a first name {RULE}" in refused.output
    assert "got '<'" in refused.output and "nothing imported" in refused.output
    assert run("players", "show", "50009", "--db", rated).exit_code == 1


def test_import_list_stores_one_spelling_of_a_surname(rated: str, tmp_path: Path) -> None:
    lower = tmp_path / "joueurs.txt"
    lower.write_text(LIST.replace("ROUX, Anne", "Roux, Anne"), encoding="ascii")
    done = run("players", "import-list", str(lower), "--apply", "--db", rated)
    assert done.exit_code == 0, done.output
    assert "0 added, 0 updated" in done.stdout
    shown = run("players", "show", "50004", "--db", rated)
    assert shown.stdout.splitlines()[0] == "50004  ROUX, Anne (FRA)  unrated"


def test_intake_fix_and_accept_refuse_a_new_name_naming_the_rule(tmp_path: Path) -> None:
    from tests.service.test_intake import LEIDEN
    from tests.store.conftest import UTRECHT

    path = tmp_path / "intake.db"
    utrecht = tmp_path / "20230114_UTRECHT.ELO"
    utrecht.write_text(UTRECHT, encoding="ascii")
    assert run("import", str(utrecht), "--db", str(path)).exit_code == 0
    leiden = tmp_path / "20230211_LEIDEN.ELO"
    leiden.write_text(LEIDEN.replace("DE VRIES, Anna", "DE VRIES (A), Anna"), encoding="ascii")
    assert run("intake", "upload", str(leiden), "--db", str(path)).exit_code == 0
    fixed = run("intake", "fix-id", "1", "NEW1", "--new", "--db", str(path))
    assert fixed.exit_code == 1 and RULE in fixed.output and "got '('" in fixed.output
    refused = run("intake", "accept", "1", "--db", str(path))
    assert refused.exit_code == 1
    assert f"20230211_LEIDEN.ELO:8: a surname {RULE}" in " ".join(refused.output.split())
    assert run("players", "show", "120001", "--db", str(path)).exit_code == 1


def test_a_go_new_player_refuses_markup_but_keeps_accents(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    assert run("tournament", "new", "Go", "--game", "go", "--country", "FRA",
               "--date", "2026-04-04", "--db", str(db)).exit_code == 0  # fmt: skip
    bad = run("tournament", "register", "--new", "<b>X,Y", "--rank", "3k", "--db", str(db))
    assert bad.exit_code == 1 and "a surname holds only letters" in bad.output
    assert "got '<'" in bad.output
    good = run("tournament", "register", "--new", "Lefèvre,Léa", "--rank", "3k", "--db", str(db))
    assert good.exit_code == 0 and "entered Lefèvre, Léa (3k)" in good.output
