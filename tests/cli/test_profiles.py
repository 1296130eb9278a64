"""`rate --profile`, `tournaments received`, `explain --profiles` (issue 14)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratinglist.cli.app import app
from tests.cli.rating_fixture import PLAYERS, build_store

runner = CliRunner()


@pytest.fixture()
def db(tmp_path: Path) -> str:
    return build_store(tmp_path, received="import-day")


def invoke(*args: str) -> dict[str, object]:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    loaded: dict[str, object] = json.loads(result.stdout)
    return loaded


def rate(db: str, *extra: str) -> dict[str, object]:
    return invoke("rate", "--as-of", "2025-07-31", "--json", "--db", db, *extra)


def test_wof_profile_rates_only_files_received_by_the_list_date(db: str) -> None:
    exact = rate(db)
    assert exact["profile"] == "exact"
    # every file was imported today: the WOF had none of them on 2025-07-31
    nothing = runner.invoke(app, ["rate", "--as-of", "2025-07-31", "--profile", "wof", "--db", db])
    assert nothing.exit_code == 1
    assert "expected files received by 2025-07-31 for the wof profile, got none" in nothing.output
    done = runner.invoke(app, ["tournaments", "received", "--default-lag", "0", "--db", db])
    assert done.exit_code == 0 and "4 files" in done.stdout
    wof = rate(db, "--profile", "wof")
    # the committee's scraped file (3 games) is a generated collection
    assert wof["profile"] == "wof" and wof["excluded_files"] == 1
    assert wof["games"] == int(str(exact["games"])) - 3
    assert int(str(wof["iterations"])) > 10
    # London (2025-07-05) arrives a month late: not in the July list
    lagged = runner.invoke(
        app,
        ["tournaments", "received", "--lag", "Netherlands=1", "--since", "2025-07-01", "--db", db],
    )
    assert lagged.exit_code == 0 and "set the received day of 1 files" in lagged.stdout
    late = runner.invoke(
        app, ["tournaments", "received", "20250705_LONDON.ELO", "--date", "2025-08-05", "--db", db]
    )
    assert late.exit_code == 0, late.output
    assert int(str(rate(db, "--profile", "wof")["games"])) < int(str(wof["games"]))


def test_received_command_refuses_unclear_requests(db: str) -> None:
    both = runner.invoke(
        app, ["tournaments", "received", "X.ELO", "--default-lag", "0", "--db", db]
    )
    assert both.exit_code == 2
    unknown = runner.invoke(
        app, ["tournaments", "received", "NOPE.ELO", "--date", "2025-01-01", "--db", db]
    )
    assert unknown.exit_code == 1 and "NOPE.ELO" in unknown.output
    bad = runner.invoke(app, ["tournaments", "received", "--lag", "Japan", "--db", db])
    assert bad.exit_code == 2 and "COUNTRY=MONTHS" in bad.output


def test_unknown_profile_is_an_error(db: str) -> None:
    result = runner.invoke(app, ["rate", "--as-of", "2025-07-31", "--profile", "elo", "--db", db])
    assert result.exit_code == 1 and "'elo'" in result.output


def test_explain_profiles_parts_sum_to_the_difference(db: str) -> None:
    runner.invoke(app, ["tournaments", "received", "--default-lag", "0", "--db", db])
    out = invoke("explain", "120005", "--profiles", "--as-of", "2025-07-31", "--json", "--db", db)
    parts = {p["choice"]: p["part"] for p in out["parts"]}  # type: ignore[attr-defined]
    assert list(parts) == ["received", "senders", "duplicates", "list overrides", "method"]
    assert parts["received"] == pytest.approx(0.0)  # every file received on its own day
    total = float(str(out["wof"])) - float(str(out["exact"]))
    assert sum(parts.values()) == pytest.approx(total) == pytest.approx(out["total"])
    table = runner.invoke(
        app, ["explain", "120005", "--profiles", "--as-of", "2025-07-31", "--db", db]
    )
    assert table.exit_code == 0 and "method" in table.stdout
    wrong = runner.invoke(app, ["explain", "120005", "--profiles", "--db", db])
    assert wrong.exit_code == 2


def test_age_pause_option_changes_the_weights(db: str, tmp_path: Path) -> None:
    def ratings(*extra: str) -> dict[str, str]:
        out = tmp_path / "list.csv"
        invoke("rate", "--as-of", "2026-07-31", "--csv", str(out), "--json", "--db", db, *extra)
        rows = csv.DictReader(out.read_text(encoding="utf-8").splitlines())
        return {row["id"]: row["rating"] for row in rows}

    # games of January-July 2025 are 12-18 months old in July 2026 (weights 100 and 60);
    # with August 2025 to June 2026 paused they are 1-7 months old (150 and 100)
    plain = ratings()
    paused = ratings("--age-pause", "2025-08-01:2026-06-30")
    assert plain.keys() == paused.keys() and plain != paused
    bad = runner.invoke(
        app, ["rate", "--as-of", "2025-07-31", "--age-pause", "2025-02-01", "--db", db]
    )
    assert bad.exit_code == 1 and "FIRST:LAST" in bad.output
    backwards = runner.invoke(
        app,
        ["rate", "--as-of", "2025-07-31", "--age-pause", "2025-06-01:2025-02-01", "--db", db],
    )
    assert backwards.exit_code == 1 and "age pause" in backwards.output


def players_list(path: Path, ids: list[int]) -> Path:
    """A published players list (Papp format) holding `ids`, rated 1800."""
    lines = ["% Liste des joueurs par pays", "", "pays = NED", ""]
    for pid in ids:
        surname, first, _ = PLAYERS[pid]
        lines.append(f"{pid} {surname}, {first}   %_<1800>")
    path.write_text("\n".join(lines) + "\n", encoding="ascii")
    return path


def test_not_in_list_finds_the_files_whose_newcomers_a_published_list_lacks(
    db: str, tmp_path: Path
) -> None:
    runner.invoke(app, ["archive", "received", "--default-lag", "0", "--db", db])
    before = rate(db, "--profile", "wof")
    # Paris (2025-03-15) is the only file whose newcomer is 100001; a list without him
    # was computed before Paris arrived. Utrecht's four newcomers are in it; the scraped
    # file and London bring nobody new.
    listed = players_list(tmp_path / "joueurs.txt", [120005, 120007, 50003, 50004])
    args = ["archive", "not-in-list", str(listed), "--as-of", "2025-07-31", "--db", db]
    found = invoke(*args, "--json")
    assert found == [
        {
            "file_name": "20250315_PARIS.ELO",
            "start": "2025-03-15",
            "newcomers": 1,
            "received": "2025-03-15",
            "set_to": None,
        }
    ]
    assert rate(db, "--profile", "wof")["games"] == before["games"]  # nothing changed
    applied = runner.invoke(app, [*args, "--apply"])
    assert applied.exit_code == 0, applied.output
    assert "20250315_PARIS.ELO" in applied.stdout and "set the received day of 1 files" in (
        applied.stdout
    )
    # the July list leaves Paris (7 games) out; the August list rates it again
    assert rate(db, "--profile", "wof")["games"] == int(str(before["games"])) - 7
    august = invoke("rate", "--as-of", "2025-08-01", "--profile", "wof", "--json", "--db", db)
    assert august["games"] == before["games"]
    # with the newcomer in the list, no file is late
    full = players_list(tmp_path / "all.txt", sorted(PLAYERS))
    assert (
        invoke("archive", "not-in-list", str(full), "--as-of", "2025-07-31", "--json", "--db", db)
        == []
    )


def test_not_in_list_refuses_a_file_that_is_not_a_players_list(db: str, tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("%%Tournament: x\n", encoding="ascii")
    result = runner.invoke(
        app, ["archive", "not-in-list", str(wrong), "--as-of", "2025-07-31", "--db", db]
    )
    assert result.exit_code == 1 and "expected a players list" in result.output
    bad_day = runner.invoke(
        app, ["archive", "not-in-list", str(wrong), "--as-of", "31/07/2025", "--db", db]
    )
    assert bad_day.exit_code == 1 and "expected a date YYYY-MM-DD" in bad_day.output
