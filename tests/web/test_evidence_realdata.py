"""The evidence page over the real archive: an evaluation of 2025's first half stored by
`ratinglist evaluate --store` is shown with its JSON's figures, and the Glicko-2 list it
links to is the one `ratinglist list --system glicko2` prints."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from ratinglist.cli.app import app
from ratinglist.web.app import create_app

pytestmark = [pytest.mark.realdata, pytest.mark.slow]
runner = CliRunner()


def test_real_evaluation_on_the_evidence_page(real_archive_copy: Path) -> None:
    url = f"sqlite:///{real_archive_copy}"
    db = str(real_archive_copy)
    done = runner.invoke(
        app,
        [
            "evaluate", "--from", "2025-01", "--to", "2025-06", "--fit-months", "12",
            "--systems", "elo,glicko2,glicko2-fitted,egf,constant", "--json", "--store",
            "--workers", "1", "--db", db,
        ],
    )  # fmt: skip
    assert done.exit_code == 0, done.output
    report = json.loads(done.stdout)
    assert report["games"] > 10_000
    rated = runner.invoke(app, ["rate", "--system", "glicko2", "--as-of", "2025-06-30", "--db", db])
    assert rated.exit_code == 0, rated.output
    shown = runner.invoke(
        app, ["list", "--system", "glicko2", "--json", "--limit", "20", "--db", db]
    )
    with TestClient(create_app(url)) as client:
        page = client.get("/evidence/details").text
        listed = client.get("/systems/glicko2").text
    for s in report["systems"]:
        row = re.search(
            rf'<tr data-system="{re.escape(s["system"])}"[^>]*>(.*?)</tr>|'
            rf'<tr data-system="{re.escape(s["system"])}"[^>]*>(.*?)\n',
            page,
            re.S,
        )
        assert row is not None, s["system"]
        assert f"{s['log_loss']:.4f}" in row.group(0) and f"{s['brier']:.4f}" in row.group(0)
    best = min(report["systems"], key=lambda s: s["log_loss"])
    assert f"{best['system']} predicts best: its log-loss is {best['log_loss']:.4f}" in page
    assert '<a href="/systems/glicko2">the glicko2 list</a>' in page
    top = [p["id"] for p in json.loads(shown.stdout)["players"]]
    rows = [int(p) for p in re.findall(r'<tr><td>\d+<td><a href="/players/(\d+)">', listed)]
    assert rows[:20] == top
