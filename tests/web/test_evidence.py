"""The evidence page `/evidence` (issue 23, item 4): an evaluation stored by `ratinglist
evaluate --store` (or `publish-evidence`) shown with the same figures as its JSON, its charts,
its API, each system's list one click away, and what the page says with nothing stored."""

from __future__ import annotations

import copy
import json
import math
import re
import shutil
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from ratinglist.cli.app import app
from ratinglist.service.databases import forget_database
from ratinglist.web.app import create_app
from tests.cli.rating_fixture import build_store

runner = CliRunner()
SYSTEMS = "elo,glicko2,glicko2-fitted,egf,whr-bayes,constant"


def _evaluate(db: str, *extra: str, months: tuple[str, str] = ("2025-06", "2025-07")) -> Any:
    result = runner.invoke(
        app,
        [
            "evaluate",
            "--from",
            months[0],
            "--to",
            months[1],
            "--fit-months",
            "5",
            "--systems",
            SYSTEMS,
            "--json",
            "--workers",
            "1",
            *extra,
            "--db",
            db,
        ],
    )
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _cells(html: str, table: str) -> dict[str, list[str]]:
    """The text of each row's cells of table `table`, keyed by the row's system."""
    body = html.split(f'id="{table}"', 1)[1].split("</table>", 1)[0]
    rows: dict[str, list[str]] = {}
    for system, row in re.findall(
        r'<tr data-system="([^"]+)"[^>]*>(.*?)(?=<tr|</tbody>)', body, re.S
    ):
        cells = [unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in row.split("<td")[1:]]
        rows[system] = [
            c.split(">", 1)[-1].strip() if c.startswith(("class", ">")) else c for c in cells
        ]
    return rows


def _played(report: Any, key: str, group: str) -> bool:
    return any(s[key][group]["games"] > 0 for s in report["systems"])


def _nulls(value: Any) -> Any:
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _nulls(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_nulls(v) for v in value]
    return value


def _text(cell: str) -> str:
    return re.sub(r"\s+", " ", cell).strip()


@pytest.fixture(scope="module")
def _stored_once(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    """The database of `stored`, built and evaluated once for the module (closed after)."""
    db = build_store(tmp_path_factory.mktemp("evidence"))
    report = _evaluate(db, "--store")
    forget_database(f"sqlite:///{db}")
    return Path(db), report


@pytest.fixture()
def stored(_stored_once: tuple[Path, Any], tmp_path: Path) -> tuple[str, Any]:
    """A small archive with one stored evaluation (June and July 2025) and its JSON: a copy
    of this test's own (`_stored_once`)."""
    seed, report = _stored_once
    db = tmp_path / "r.db"
    shutil.copyfile(seed, db)
    return str(db), copy.deepcopy(report)


def test_page_shows_the_stored_figures(stored: tuple[str, Any]) -> None:
    db, report = stored
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        page = client.get("/evidence/details")
        api = client.get("/api/v1/evidence")
    assert page.status_code == 200 and api.status_code == 200
    # stored as printed, a score of a group without games (NaN) as null
    assert api.json()["report"]["systems"] == _nulls(report["systems"])
    scores = _cells(page.text, "scores")
    assert list(scores) == [s["system"] for s in report["systems"]]
    # a group without games in any system (here: established) has no column
    groups = [g for g in report["systems"][0]["by_group"] if _played(report, "by_group", g)]
    assert groups
    for s in report["systems"]:
        cells = [_text(c) for c in scores[s["system"]]]
        assert cells[1:4] == [f"{s['log_loss']:.4f}", f"{s['brier']:.4f}", f"{s['accuracy']:.4f}"]
        for k, group in enumerate(groups):
            g = s["by_group"][group]
            assert cells[4 + k] == (f"{g['log_loss']:.4f}" if g["games"] else ""), group
    paired = _cells(page.text, "paired")
    paired_groups = [g for g in report["systems"][0]["paired"] if _played(report, "paired", g)]
    for s in report["systems"]:
        cells = [_text(c) for c in paired[s["system"]]]
        for k, group in enumerate(paired_groups):
            d = s["paired"][group]
            if d["games"]:
                shown = f"{d['difference']:+.4f} [{d['low']:+.4f}, {d['high']:+.4f}]"
                assert cells[1 + k] == shown, (s["system"], group)
    best = min(report["systems"], key=lambda s: s["log_loss"])
    reading = page.text.split('id="reading"', 1)[1].split("</ul>", 1)[0]
    assert f"{best['system']} predicts best: its log-loss is {best['log_loss']:.4f}" in unescape(
        reading
    )
    assert f"{report['games']:,} games" in page.text


def test_charts_are_svg_of_the_stored_systems(stored: tuple[str, Any]) -> None:
    db, report = stored
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        for url in ("/evidence/calibration.svg", "/evidence/log-loss-by-year.svg"):
            answer = client.get(url)
            assert answer.status_code == 200
            assert answer.headers["content-type"].startswith("image/svg+xml")
            assert answer.text.lstrip().startswith("<?xml")
            for s in report["systems"]:  # matplotlib names each legend entry in a comment
                assert f"<!-- {s['system']} -->" in answer.text, (url, s["system"])


@pytest.mark.parametrize("name", ["elo", "whr-bayes"])
def test_each_system_list_is_one_click_away(stored: tuple[str, Any], name: str) -> None:
    db, _ = stored
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        before = client.get("/evidence/details").text
        assert f"no {name} list stored yet (ratinglist rate --system {name})" in before
        assert client.get(f"/systems/{name}").status_code == 404
    rated = runner.invoke(app, ["rate", "--system", name, "--as-of", "2025-07-31", "--db", db])
    assert rated.exit_code == 0, rated.output
    shown = runner.invoke(app, ["list", "--system", name, "--json", "--db", db])
    assert shown.exit_code == 0, shown.output
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        page = client.get("/evidence/details").text
        assert f'<a href="/systems/{name}">the {name} list</a>' in page
        listed = client.get(f"/systems/{name}")
    assert listed.status_code == 200
    entries = json.loads(shown.stdout)["players"]
    rows = re.findall(r'<tr><td>(\d+)<td><a href="/players/(\d+)">', listed.text)
    assert [int(p) for _, p in rows] == [e["id"] for e in entries]


def test_the_official_list_links_the_stored_lists_best_first(
    stored: tuple[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Beside the official list (`/`): every stored list of another system, the one that
    # predicts best in the stored evaluation first.
    db, report = stored
    paired = {s["system"]: s["paired"]["overall"]["difference"] for s in report["systems"]}
    best = next(name for name, difference in paired.items() if difference == 0)
    assert best not in ("elo", "wof", "constant")  # a system with its own list, not elo
    monkeypatch.setenv("RATINGLIST_USER", "carol")
    for command in (
        ["rate", "--as-of", "2025-07-31"],
        ["publish", "2025-07-31"],
        ["rate", "--system", "elo", "--as-of", "2025-07-31"],
    ):
        done = runner.invoke(app, [*command, "--db", db])
        assert done.exit_code == 0, done.output
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        before = client.get("/").text
    assert "Beside this list" in before and f"/systems/{best}" not in before
    rated = runner.invoke(app, ["rate", "--system", best, "--as-of", "2025-07-31", "--db", db])
    assert rated.exit_code == 0, rated.output
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        page = client.get("/").text
    links = re.findall(r'<a href="/systems/([a-z0-9-]+)">the \1 list</a>', page)
    assert links == [best, "elo"]


def test_newest_stored_evaluation_is_shown(stored: tuple[str, Any]) -> None:
    db, first = stored
    second = _evaluate(db, "--store", months=("2025-07", "2025-07"))
    assert second["games"] != first["games"]
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        assert client.get("/api/v1/evidence").json()["report"]["games"] == second["games"]
        assert f"{second['games']:,} games" in client.get("/evidence/details").text


def test_no_evaluation_says_how_to_make_one(tmp_path: Path) -> None:
    db = build_store(tmp_path)
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        page = client.get("/evidence")
        api = client.get("/api/v1/evidence")
        chart = client.get("/evidence/calibration.svg")
    assert page.status_code == 200
    assert "No evaluation is stored yet" in page.text
    assert "ratinglist evaluate --from 2005-01 --to 2026-05 --store" in page.text
    assert api.status_code == 404
    assert "ratinglist evaluate" in api.json()["error"]["message"]
    assert chart.status_code == 200 and chart.text.lstrip().startswith("<?xml")


def test_publish_evidence_stores_a_report_file(tmp_path: Path) -> None:
    db = build_store(tmp_path)
    report = _evaluate(db)
    path = tmp_path / "report.json"
    path.write_text(json.dumps(report), encoding="utf-8")
    result = runner.invoke(app, ["publish-evidence", str(path), "--db", db])
    assert result.exit_code == 0, result.output
    assert "stored as evaluation 1" in result.stdout
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        assert client.get("/api/v1/evidence").json()["report"]["games"] == report["games"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"systems": [', "bad.json:1:14: expected the JSON of"),
        ("[1, 2]", "expected a JSON object"),
        ('{"systems": []}', "expected at least one system"),
        ('{"systems": [{"system": "elo"}]}', "expected an evaluation report"),
    ],
)
def test_publish_evidence_refuses_what_is_not_a_report(
    tmp_path: Path, text: str, message: str
) -> None:
    db = build_store(tmp_path)
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["publish-evidence", str(path), "--db", db])
    assert result.exit_code == 1
    assert message in result.output and "Traceback" not in result.output
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        assert client.get("/api/v1/evidence").status_code == 404  # nothing half-written


def test_one_reliability_diagram_per_group(stored: tuple[str, Any]) -> None:
    db, report = stored
    groups = list(report["systems"][0]["reliability"])
    # no `wof` among the systems evaluated here, so no top group
    assert groups == ["overall", "newcomer", "established"]
    # A group is drawn when some system has a bin with games in it.
    drawn = [g for g in groups if any(s["reliability"][g] for s in report["systems"])]
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        page = client.get("/evidence/details").text
        assert re.findall(r'src="/evidence/calibration.svg\?group=([a-z-]+)"', page) == drawn
        for group in drawn:
            chart = client.get(f"/evidence/calibration.svg?group={group}")
            assert chart.status_code == 200, group
            assert chart.text.lstrip().startswith("<?xml")
            assert f"{group} games" in chart.text
            for s in report["systems"]:
                # a system is in the group's legend exactly when it has bins there
                assert (f"<!-- {s['system']} -->" in chart.text) == bool(s["reliability"][group])
        missing = client.get("/evidence/calibration.svg?group=nobody")
        assert missing.status_code == 404
        assert "expected a group with a reliability diagram" in missing.text


def test_a_report_without_reliability_keeps_the_single_diagram(tmp_path: Path) -> None:
    db = build_store(tmp_path)
    report = _evaluate(db)
    for system in report["systems"] + report["variants"]:
        del system["reliability"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(report), encoding="utf-8")
    assert runner.invoke(app, ["publish-evidence", str(path), "--db", db]).exit_code == 0
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        page = client.get("/evidence/details").text
        assert 'src="/evidence/calibration.svg"' in page
        assert "?group=" not in page
        assert client.get("/evidence/calibration.svg?group=overall").status_code == 404
