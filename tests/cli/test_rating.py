"""`ratinglist rate`, `list`, `diff`, `explain`, `players export --ratings`, `tournaments`."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratinglist.cli.app import app
from tests.cli.rating_fixture import build_store

runner = CliRunner()

RATE_KEYS = {
    "list_id",
    "as_of",
    "games",
    "rated",
    "listed",
    "official",
    "excluded_files",
    "profile",
    "self_games",
    "iterations",
    "seconds",
}


@pytest.fixture()
def db(tmp_path: Path) -> str:
    return build_store(tmp_path)


def invoke(*args: str) -> dict[str, object]:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    loaded: dict[str, object] = json.loads(result.stdout)
    return loaded


def test_rate_writes_csv_with_exact_header_and_json_summary(db: str, tmp_path: Path) -> None:
    out = tmp_path / "list.csv"
    summary = invoke("rate", "--as-of", "2025-07-31", "--csv", str(out), "--json", "--db", db)
    assert set(summary) == RATE_KEYS
    assert (summary["list_id"], summary["as_of"], summary["rated"]) == (1, "2025-07-31", 5)
    assert summary["games"] == 22 and summary["listed"] == 5
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "id,name,country,rating,margin,official,listed,games,last_played"
    rows = list(csv.DictReader(lines))
    assert len(rows) == 5
    vos = next(r for r in rows if r["id"] == "120005")
    assert (vos["name"], vos["country"], vos["listed"], vos["official"]) == (
        "VOS, Bram",
        "NLD",
        "1",
        "0",
    )
    assert vos["last_played"] == "2025-07-05" and vos["games"] == "8"
    assert all(len(r["rating"].split(".")[1]) == 1 for r in rows)
    ratings = [float(r["rating"]) for r in rows]
    assert ratings == sorted(ratings, reverse=True)


def test_rate_knows_nothing_of_later_tournaments(db: str) -> None:
    early = invoke("rate", "--as-of", "2025-03-14", "--json", "--db", db)
    assert early["games"] == 6
    # the unbeaten 120005 is outside the rated set before the July draw
    assert early["rated"] == 3


def test_rate_exclude_sender_drops_matching_files(db: str) -> None:
    both = invoke("rate", "--as-of", "2025-07-31", "--json", "--db", db)
    left = invoke(
        "rate",
        "--as-of",
        "2025-07-31",
        "--exclude-sender",
        "RATING COMMITTEE",
        "--json",
        "--db",
        db,
    )
    assert left["excluded_files"] == 1
    assert left["games"] == int(str(both["games"])) - 3


def test_rate_rejects_a_bad_date_and_a_bad_regex(db: str) -> None:
    bad = runner.invoke(app, ["rate", "--as-of", "31/07/2025", "--db", db])
    assert bad.exit_code == 1 and "expected a date YYYY-MM-DD" in bad.output
    regex = runner.invoke(
        app, ["rate", "--as-of", "2025-07-31", "--exclude-sender", "(", "--db", db]
    )
    assert regex.exit_code == 1 and "expected a regular expression" in regex.output


def test_list_shows_latest_list_with_filters(db: str) -> None:
    invoke("rate", "--as-of", "2025-07-31", "--json", "--db", db)
    shown = invoke("list", "--json", "--db", db)
    assert shown["list"] == {"id": 1, "as_of": "2025-07-31", "selected": 5}
    players = shown["players"]
    assert isinstance(players, list)
    assert [p["place"] for p in players] == [1, 2, 3, 4, 5]
    assert set(players[0]) == {
        "place",
        "id",
        "name",
        "country",
        "rating",
        "margin",
        "official",
        "games",
        "last_played",
    }
    assert [p["rating"] for p in players] == sorted((p["rating"] for p in players), reverse=True)
    dutch = invoke("list", "--country", "Netherlands", "--json", "--db", db)["players"]
    assert isinstance(dutch, list)
    assert {p["id"] for p in dutch} == {120005, 120007}
    europe = invoke("list", "--continent", "europe", "--limit", "2", "--json", "--db", db)
    assert europe["list"] == {"id": 1, "as_of": "2025-07-31", "selected": 5}
    assert len(europe["players"]) == 2  # type: ignore[arg-type]
    assert invoke("list", "--official-only", "--json", "--db", db)["players"] == []
    table = runner.invoke(app, ["list", "--db", db])
    assert table.exit_code == 0 and "SMEETS, Linda" in table.output


def test_list_errors(db: str) -> None:
    none = runner.invoke(app, ["list", "--db", db])
    assert none.exit_code == 1 and "expected a stored rating list" in none.output
    invoke("rate", "--as-of", "2025-07-31", "--json", "--db", db)
    bad = runner.invoke(app, ["list", "--continent", "Atlantis", "--db", db])
    assert bad.exit_code == 1 and "expected a continent" in bad.output
    missing = runner.invoke(app, ["list", "--list", "9", "--db", db])
    assert missing.exit_code == 1 and "'9'" in missing.output


def test_diff_reports_groups_by_id_or_date(db: str) -> None:
    invoke("rate", "--as-of", "2025-03-31", "--json", "--db", db)
    invoke("rate", "--as-of", "2025-07-31", "--json", "--db", db)
    result = invoke("diff", "2025-03-31", "2", "--json", "--db", db)
    assert result["from"] == {"id": 1, "as_of": "2025-03-31"}
    assert result["to"] == {"id": 2, "as_of": "2025-07-31"}
    assert result["counts"] == {
        "movers": 4,
        "newcomers": 1,
        "dropped": 0,
        "became_official": 0,
        "lost_official": 0,
    }
    (newcomer,) = result["newcomers"]  # type: ignore[misc]
    assert newcomer["id"] == 120005 and newcomer["before"] is None
    movers = result["movers"]
    assert isinstance(movers, list)
    changes = [abs(m["change"]) for m in movers]
    assert changes == sorted(changes, reverse=True)
    assert all(m["change"] == m["after"] - m["before"] for m in movers)
    text = runner.invoke(app, ["diff", "1", "2", "--db", db])
    assert text.exit_code == 0 and "newcomers (1)" in text.output


def test_explain_parts_sum_to_the_change(db: str) -> None:
    invoke("rate", "--as-of", "2025-03-31", "--json", "--db", db)
    invoke("rate", "--as-of", "2025-07-31", "--json", "--db", db)
    shown = invoke("explain", "50004", "--from", "1", "--to", "2025-07-31", "--json", "--db", db)
    parts = float(shown["new_games"]) + float(shown["aging"]) + float(shown["others"])  # type: ignore[arg-type]
    assert parts == pytest.approx(shown["total"], abs=1e-6)
    before, after = shown["from"], shown["to"]
    assert isinstance(before, dict) and isinstance(after, dict)
    assert after["rating"] - before["rating"] == pytest.approx(shown["total"], abs=1e-9)
    assert (shown["own_games"], shown["other_games"]) == (1, 8)
    table = runner.invoke(app, ["explain", "50004", "--from", "1", "--to", "2", "--db", db])
    assert table.exit_code == 0 and "own new games" in table.output
    unrated = runner.invoke(app, ["explain", "120005", "--from", "1", "--to", "2", "--db", db])
    assert unrated.exit_code == 1 and "expected player '120005' to be rated" in unrated.output


def test_players_export_ratings_uses_latest_list(db: str) -> None:
    missing = runner.invoke(app, ["players", "export", "--ratings", "--db", db])
    assert missing.exit_code == 1
    listed = invoke("rate", "--as-of", "2025-07-31", "--json", "--db", db)
    assert listed["listed"] == 5
    ratings = invoke("list", "--json", "--db", db)["players"]
    assert isinstance(ratings, list)
    result = runner.invoke(app, ["players", "export", "--ratings", "--db", db])
    assert result.exit_code == 0, result.output
    for p in ratings:
        line = next(x for x in result.stdout.splitlines() if x.strip().startswith(str(p["id"])))
        assert line.endswith(f"%_<{p['rating']}>")
    plain = runner.invoke(app, ["players", "export", "--db", db])
    assert "%_<" not in plain.stdout


def test_tournaments_exclude_include_and_list(db: str) -> None:
    done = runner.invoke(
        app, ["tournaments", "exclude", "20250705_LONDON.ELO", "--reason", "test", "--db", db]
    )
    assert done.exit_code == 0, done.output
    rows = invoke("tournaments", "list", "--json", "--db", db)
    assert isinstance(rows, list)
    assert [r["status"] for r in rows] == ["rated", "rated", "rated", "excluded"]
    assert invoke("rate", "--as-of", "2025-07-31", "--json", "--db", db)["games"] == 16
    back = runner.invoke(app, ["tournaments", "include", "20250705_LONDON.ELO", "--db", db])
    assert back.exit_code == 0
    assert invoke("rate", "--as-of", "2025-07-31", "--json", "--db", db)["games"] == 22
    unknown = runner.invoke(app, ["tournaments", "include", "NOPE.ELO", "--db", db])
    assert unknown.exit_code == 1 and "'NOPE.ELO'" in unknown.output
