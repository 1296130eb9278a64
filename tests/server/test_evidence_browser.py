"""The evidence page's first screen in a browser (issue 37 item 5): the answer in one
sentence, the chart of each system's gain against the official list, and what would change
for players, all inside the first screen of a laptop, in a screenshot."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ratinglist.cli.app import app
from tests.cli.rating_fixture import build_store
from tests.web.test_browser import serving

pytestmark = pytest.mark.slow
LAPTOP = {"width": 1280, "height": 800}
runner = CliRunner()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, Any]]]:
    url = f"sqlite:///{build_store(tmp_path_factory.mktemp('evidence'))}"
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
    best = min(report["systems"], key=lambda s: s["log_loss"])["system"]
    listed = best if best not in ("wof", "constant") else "whr"
    for command in (
        ["rate", "--as-of", "2025-07-31"],
        ["rate", "--system", listed, "--as-of", "2025-07-31"],
    ):
        rated = runner.invoke(app, [*command, "--db", url])
        assert rated.exit_code == 0, rated.output
    with serving(url) as base:
        yield base, report


def test_the_first_screen_answers_in_a_minute(
    served: tuple[str, dict[str, Any]], browser: Any, tmp_path: Path
) -> None:
    base, report = served
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    page.goto(f"{base}/evidence")
    page.wait_for_function(
        "() => { const i = document.querySelector('#gain-chart img');"
        " return i && i.complete && i.naturalWidth > 0; }"
    )
    shot = tmp_path / "evidence.png"
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000

    def inside(selector: str) -> None:
        box = page.locator(selector).bounding_box()
        assert box is not None, selector
        assert box["y"] >= 0 and box["y"] + box["height"] <= LAPTOP["height"], (selector, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= LAPTOP["width"], (selector, box)

    for selector in ("#answer", "#gain-chart img", "#movers"):
        inside(selector)
    # The sentence names the system of least log-loss and its gain, as the report has them.
    best = min(report["systems"], key=lambda s: s["log_loss"])
    answer = page.locator("#answer").inner_text()
    if best["system"] == "wof":
        assert "No system predicts" in answer
    else:
        assert answer.startswith(best["system"])
        assert f"{best['gain_vs_official']['difference']:.4f}" in answer
    # The chart has one bar label per system but the official list itself.
    svg = page.request.get(f"{base}/evidence/gain.svg").text()
    for s in report["systems"]:
        if s["system"] != "wof":
            assert s["system"] in svg, s["system"]
    # What would change for players: numbers, in the first screen.
    movers = page.locator("#movers").inner_text()
    assert re.search(r"\d", movers), movers
    context.close()
