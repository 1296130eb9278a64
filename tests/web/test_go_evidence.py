"""Issue 37, items 3 and 5 on Go: ``/go/evidence`` reads the stored Go contest in a minute
(one sentence from the stored numbers, one chart, the groups behind a link), says plainly
when none is stored, and every link it shows answers 200; the JSON under ``/api/v1/evidence``
with ``game=go``; Othello's evidence is not mixed with Go's."""

from __future__ import annotations

import importlib.util
import re
import sys
from html import unescape
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from ratinglist.cli.app import app
from ratinglist.errors import InputError
from ratinglist.rating.go.contest import go_contest
from ratinglist.service.actor import Actor
from ratinglist.service.go.archive import import_go_archive
from ratinglist.service.go.evidence import store_go_contest, store_go_evaluation
from ratinglist.service.go.rating import evaluate_go
from ratinglist.store.database import Store, open_store
from ratinglist.web.app import create_app
from tests.conftest import REPO
from tests.rating.test_go_contest import season

GROUPS = ("all", "newcomers", "established", "handicap", "dan", "kyu")


def _interval(value: float, low: float, high: float, games: int = 900) -> dict[str, Any]:
    return {"value": value, "interval": [low, high], "games": games}


def _report(losses: dict[str, float], versus: dict[str, tuple[float, float, float]]) -> dict:
    """A Go contest's JSON (the shape `evaluate --game go --json` prints) with the given
    log-loss per system and difference from the GoR (value, low, high)."""
    systems = []
    for name, loss in losses.items():
        d = versus[name]
        systems.append(
            {
                "system": name,
                "parameters": {},
                "temperature": 1.1,
                "fit_log_loss": 0.64,
                "configurations_tried": 6,
                "log_loss": _interval(loss, loss - 0.02, loss + 0.02),
                "groups": {g: _interval(loss, loss - 0.02, loss + 0.02) for g in GROUPS},
                "versus_gor": {g: _interval(*d) for g in GROUPS},
            }
        )
    winner = min(losses, key=losses.__getitem__)
    return {
        "game": "go",
        "fit_until": "2020-10-03",
        "fit_games": 6164,
        "test_games": 900,
        "test_tournaments": 141,
        "coin_log_loss": 0.6931,
        "configurations_tried": 18,
        "winner": winner,
        "conclusion": "",
        "systems": systems,
    }


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return open_store(f"sqlite:///{tmp_path / 'go.db'}")


def _client(store: Store) -> TestClient:
    return TestClient(create_app(store.url))


def _answer(html: str) -> str:
    found = re.search(r'<p id="answer"[^>]*>(.*?)</p>', html, re.S)
    assert found is not None
    return " ".join(unescape(re.sub(r"<[^>]+>", "", found.group(1))).split())


def _links(html: str) -> list[str]:
    return [unescape(h) for h in re.findall(r'(?:href|src)="(/[^"]*)"', html)]


def test_without_a_stored_go_evaluation_the_page_says_so(store: Store) -> None:
    client = _client(store)
    page = client.get("/go/evidence")
    assert page.status_code == 200
    assert "No Go evaluation is stored yet" in page.text
    assert "ratinglist evaluate --game go --store" in page.text
    groups = client.get("/go/evidence/groups")
    assert groups.status_code == 200 and "No Go evaluation is stored yet" in groups.text
    chart = client.get("/go/evidence/gain.svg")
    assert chart.status_code == 200 and chart.headers["content-type"].startswith("image/svg")
    missing = client.get("/api/v1/evidence", params={"game": "go"})
    assert missing.status_code == 404 and "evaluate --game go --store" in missing.text
    for link in _links(page.text):
        assert client.get(link).status_code == 200, link
    # linked from the Go list and from Othello's evidence page
    assert 'href="/go/evidence"' in client.get("/go/").text
    assert 'href="/go/evidence"' in client.get("/evidence").text


@pytest.mark.parametrize(
    ("losses", "versus", "expected"),
    [
        (  # glicko lowest, its interval holds 0: not "better"
            {"egf": 0.6315, "elo": 0.6366, "glicko": 0.6301},
            {"egf": (0, 0, 0), "elo": (0.0051, 0.001, 0.009), "glicko": (-0.0014, -0.0079, 0.0042)},
            "glicko has the lowest log-loss on the Go games from 2020-10-03, 0.6301, 0.0014 per "
            "game below the GoR, but the 95% interval of the difference (-0.0079 to 0.0042) "
            "holds 0: it does not surely beat the GoR.",
        ),
        (  # elo lowest and its interval wholly below 0: better
            {"egf": 0.6315, "elo": 0.6200, "glicko": 0.6301},
            {
                "egf": (0, 0, 0),
                "elo": (-0.0115, -0.0190, -0.0040),
                "glicko": (-0.0014, -0.01, 0.01),
            },
            "elo predicts the Go games from 2020-10-03 better than the GoR: log-loss 0.6200, "
            "0.0115 lower per game (95% interval of the difference -0.0190 to -0.0040, 900 "
            "games).",
        ),
        (  # the GoR lowest: none beats it
            {"egf": 0.6300, "elo": 0.6366, "glicko": 0.6310},
            {"egf": (0, 0, 0), "elo": (0.0066, 0.001, 0.012), "glicko": (0.001, -0.003, 0.005)},
            "No system beats the GoR on the Go games from 2020-10-03: the GoR (egf) has the "
            "lowest log-loss, 0.6300 (95% interval 0.6100 to 0.6500, 900 games).",
        ),
    ],
)
def test_the_answer_is_made_from_the_stored_numbers(
    store: Store,
    losses: dict[str, float],
    versus: dict[str, tuple[float, float, float]],
    expected: str,
) -> None:
    store_go_evaluation(store, _report(losses, versus), actor=Actor.cli_user())
    client = _client(store)
    page = client.get("/go/evidence")
    assert page.status_code == 200
    assert _answer(page.text) == expected
    assert '<img src="/go/evidence/gain.svg"' in page.text
    svg = client.get("/go/evidence/gain.svg").text
    assert all(name in svg for name in losses if name != "egf")  # one bar per system
    groups = client.get("/go/evidence/groups")
    assert groups.status_code == 200
    for label in ("newcomers", "established players", "handicap games", "dan", "kyu"):
        assert label in groups.text
    for link in {*_links(page.text), *_links(groups.text)}:
        assert client.get(link).status_code == 200, link
    found = client.get("/api/v1/evidence", params={"game": "go"}).json()
    assert found["report"]["systems"][0]["system"] == "egf"
    # Othello's evidence still has none stored: a Go report is not Othello's
    assert client.get("/api/v1/evidence").status_code == 404
    assert 'id="no-evaluation"' in client.get("/evidence").text


def test_a_contest_run_is_stored_and_read_back_with_its_winner(store: Store) -> None:
    games = season()
    ranks = np.zeros(len(games), dtype=np.int64)
    contest = go_contest(games, ranks, ranks)
    store_go_contest(store, contest, actor=Actor.cli_user())
    client = _client(store)
    found = client.get("/api/v1/evidence", params={"game": "go"}).json()["report"]
    assert found["winner"] == contest.winner.fitted.system.name
    answer = _answer(client.get("/go/evidence").text)
    loss = contest.winner.groups["all"].value
    assert contest.winner.fitted.system.name in answer or "No system beats the GoR" in answer
    assert f"{loss:.4f}" in answer


def test_a_report_that_is_not_go_s_is_refused(store: Store) -> None:
    report = _report({"egf": 0.63}, {"egf": (0, 0, 0)})
    with pytest.raises(InputError, match="expected a Go contest's report"):
        store_go_evaluation(store, {**report, "game": "othello"}, actor=Actor.cli_user())
    with pytest.raises(InputError, match="expected a Go contest's report"):
        store_go_evaluation(store, {"game": "go"}, actor=Actor.cli_user())
    assert _client(store).get("/api/v1/evidence", params={"game": "go"}).status_code == 404


def test_evaluate_go_store_from_the_cli(store: Store, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["evaluate", "--game", "go", "--store", "--db", store.url])
    assert result.exit_code == 1  # an empty Go archive: refused, nothing stored
    assert "expected Go games to evaluate" in result.output
    assert _client(store).get("/api/v1/evidence", params={"game": "go"}).status_code == 404


def test_the_demo_go_archive_gives_a_stored_answer(store: Store, tmp_path: Path) -> None:
    """`make run`'s Go part: the bundled synthetic archive (made again byte for byte by its
    generator) imports, its contest is stored, and `/go/evidence` answers from it."""
    spec = importlib.util.spec_from_file_location(
        "generate_demo_go", REPO / "examples" / "generate_demo_go.py"
    )
    assert spec is not None and spec.loader is not None
    demo = importlib.util.module_from_spec(spec)
    sys.modules["generate_demo_go"] = demo  # its dataclasses look their module up
    spec.loader.exec_module(demo)
    bundled = REPO / "examples" / "demo_go_archive"
    again = demo.generate(tmp_path / "again")
    assert sorted(p.name for p in again) == sorted(p.name for p in bundled.iterdir())
    assert all((bundled / p.name).read_bytes() == p.read_bytes() for p in again)
    summary = import_go_archive(store, [bundled])
    assert summary.count("imported") == demo.TOURNAMENTS
    contest = evaluate_go(store)
    store_go_contest(store, contest, actor=Actor.cli_user())
    client = _client(store)
    page = client.get("/go/evidence")
    assert 'id="answer"' in page.text and f"{contest.winner.groups['all'].value:.4f}" in page.text
    groups = client.get("/go/evidence/groups").text
    for s in contest.systems:  # every system's log-loss of every group, as stored
        for interval in s.groups.values():
            assert f"{interval.value:.4f}" in groups
