"""Every link of `/evidence` answers 200: with no evaluation stored (the system lists it names
are linked only once stored), with a system list stored, and with an evaluation stored."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from ratinglist.cli.app import app
from ratinglist.web.app import create_app
from tests.cli.rating_fixture import build_store
from tests.web.test_evidence import _stored_once, stored  # noqa: F401  (the fixtures)

runner = CliRunner()


def _links(page: str) -> set[str]:
    """The same-origin addresses a page links or loads (href and src)."""
    return {unescape(u) for u in re.findall(r'(?:href|src)="(/[^"/][^"]*|/)"', page)}


def _publish_a_list(db: str) -> None:
    """The official list of the archive's last month, published (the home page's)."""
    for args in (["rate", "--as-of", "2025-07-31"], ["publish", "2025-07-31"]):
        done = runner.invoke(app, [*args, "--db", db])
        assert done.exit_code == 0, done.output


EVIDENCE_PAGES = ("/evidence", "/evidence/details", "/evidence/list")
"""The evidence pages: the first screen and the pages behind its links."""


def _crawl(db: str) -> dict[str, int]:
    """Each address linked from the evidence pages and the status it answers (after
    redirects)."""
    _publish_a_list(db)
    with TestClient(create_app(db)) as client:
        answers: dict[str, int] = {}
        for start in EVIDENCE_PAGES:
            page = client.get(start)
            assert page.status_code == 200, start
            for url in sorted(_links(page.text)):
                answers.setdefault(url, client.get(url).status_code)
        return answers


def test_with_nothing_stored_every_link_answers(tmp_path: Path) -> None:
    db = f"sqlite:///{build_store(tmp_path)}"
    answers = _crawl(db)
    assert not [u for u in answers if u.startswith("/systems/")]  # none stored: none linked
    assert {u: s for u, s in answers.items() if s != 200} == {}


def test_a_stored_system_list_is_linked_and_answers(tmp_path: Path) -> None:
    db = f"sqlite:///{build_store(tmp_path)}"
    done = runner.invoke(app, ["rate", "--system", "elo", "--as-of", "2025-07-31", "--db", db])
    assert done.exit_code == 0, done.output
    answers = _crawl(db)
    assert [u for u in answers if u.startswith("/systems/")] == ["/systems/elo"]
    assert {u: s for u, s in answers.items() if s != 200} == {}


def test_with_an_evaluation_every_link_answers(stored: tuple[str, Any]) -> None:  # noqa: F811
    db, _ = stored
    answers = _crawl(f"sqlite:///{db}")
    assert "/api/v1/evidence" in answers and "/evidence/log-loss-by-year.svg" in answers
    assert {"/evidence/details", "/evidence/list"} <= set(answers)
    assert {u: s for u, s in answers.items() if s != 200} == {}


def test_the_first_screen_and_the_printed_list_of_the_winner(tmp_path: Path) -> None:
    # With the official list (wof) evaluated: the answer, the gain chart, the movers.
    url = f"sqlite:///{build_store(tmp_path)}"
    done = runner.invoke(
        app,
        [
            *("evaluate", "--from", "2025-06", "--to", "2025-07", "--fit-months", "5"),
            *("--systems", "wof,elo,glicko2,whr,constant", "--workers", "1", "--json"),
            *("--window-years", "0", "--store", "--db", url),
        ],
    )
    assert done.exit_code == 0, done.output
    report = json.loads(done.stdout)
    best = min(report["systems"], key=lambda s: s["log_loss"])
    gain = best["gain_vs_official"]
    with TestClient(create_app(url)) as client:
        first = client.get("/evidence").text
    assert 'id="gain-chart"' in first and 'id="movers"' in first
    answer = re.search(r'<p id="answer"[^>]*><strong>(.*?)</strong>', first, re.S)
    assert answer is not None
    if best["system"] == "wof":
        assert "No system predicts" in answer.group(1)
    else:
        assert f"{gain['difference']:.4f}" in answer.group(1)
        assert answer.group(1).startswith(best["system"])
    name = "whr" if best["system"] in ("wof", "constant") else best["system"]
    for command in (
        ["rate", "--as-of", "2025-07-31"],
        ["rate", "--system", name, "--as-of", "2025-07-31"],
    ):
        done = runner.invoke(app, [*command, "--db", url])
        assert done.exit_code == 0, done.output
    answers = _crawl(url)
    assert "/evidence/gain.svg" in answers
    assert {u: s for u, s in answers.items() if s != 200} == {}
    with TestClient(create_app(url)) as client:
        chart = client.get("/evidence/gain.svg").text
        printed = client.get("/evidence/list").text
    assert chart.lstrip().startswith("<?xml")
    if name == best["system"]:
        assert f"The {name} list of 2025-07-31" in printed
