"""`rate --system wof-map`, `list --system wof-map` and `explain --system wof-map` on the
four-file rating fixture (games in January to July 2025)."""

from __future__ import annotations

import json
import math
from pathlib import Path

from typer.testing import CliRunner

from ratinglist.cli.app import app
from ratinglist.rating.systems.wofmap import WofMapParams
from tests.cli.rating_fixture import build_store

runner = CliRunner()


def test_rate_list_and_explain_under_wof_map(tmp_path: Path) -> None:
    db = build_store(tmp_path)
    rated = runner.invoke(
        app, ["rate", "--system", "wof-map", "--as-of", "2025-07-31", "--json", "--db", db]
    )
    assert rated.exit_code == 0, rated.output
    assert json.loads(rated.stdout)["system"] == "wof-map"
    shown = runner.invoke(app, ["list", "--system", "wof-map", "--json", "--db", db])
    assert shown.exit_code == 0, shown.output
    entries = json.loads(shown.stdout)["players"]
    best = entries[0]
    assert [e["rating"] for e in entries] == sorted((e["rating"] for e in entries), reverse=True)
    explained = runner.invoke(
        app,
        [
            "explain",
            str(best["id"]),
            "--system",
            "wof-map",
            "--as-of",
            "2025-07-31",
            "--json",
            "--db",
            db,
        ],
    )
    assert explained.exit_code == 0, explained.output
    why = json.loads(explained.stdout)
    assert round(why["rating"]) == best["rating"]
    # At the maximum the prior's pull balances the games': rating = prior mean + pull,
    # pull = prior deviation^2 / points per unit * (weighted score - weighted expected),
    # recomputed here from the games listed.
    params = WofMapParams()
    score = sum(g["weight"] * g["score"] for g in why["games"])
    expected = sum(
        g["weight"]
        / (1 + math.exp(-(why["rating"] - g["opponent_rating"]) / params.points_per_unit))
        for g in why["games"]
    )
    pull = params.prior_deviation**2 / params.points_per_unit * (score - expected)
    assert abs(why["rating"] - why["prior_mean"] - pull) < 0.05
    assert why["prior_mean"] in (params.centre, params.entry)
    assert len(why["games"]) == best["games"]


def test_explain_refuses_a_system_that_does_not_explain(tmp_path: Path) -> None:
    db = build_store(tmp_path)
    refused = runner.invoke(
        app, ["explain", "1", "--system", "glicko2", "--as-of", "2025-07-31", "--db", db]
    )
    assert refused.exit_code != 0
    assert "expected a system that explains its ratings" in refused.output
    assert "Traceback" not in refused.output
