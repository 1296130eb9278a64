"""`rate --system whr-bayes`, `list --system whr-bayes` and `explain --system whr-bayes` on the
four-file rating fixture (games in January to July 2025)."""

from __future__ import annotations

import json
import math
from pathlib import Path

from typer.testing import CliRunner

from ratinglist.cli.app import app
from ratinglist.rating.registry import SYSTEMS
from tests.cli.rating_fixture import build_store

runner = CliRunner()
Q = math.log(10) / 400


def invoke(*args: str) -> object:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_whr_bayes_lists_whr_ratings_and_explains_them(tmp_path: Path) -> None:
    db = build_store(tmp_path)
    rated = invoke("rate", "--system", "whr-bayes", "--as-of", "2025-07-31", "--json", "--db", db)
    assert isinstance(rated, dict) and rated["system"] == "whr-bayes"
    invoke("rate", "--system", "whr", "--as-of", "2025-07-31", "--json", "--db", db)
    bayes = invoke("list", "--system", "whr-bayes", "--json", "--db", db)
    plain = invoke("list", "--system", "whr", "--json", "--db", db)
    assert isinstance(bayes, dict) and isinstance(plain, dict)
    # The same WHR fit (whr-bayes only predicts otherwise): the same players and ratings.
    assert [(e["id"], e["rating"]) for e in bayes["players"]] == [
        (e["id"], e["rating"]) for e in plain["players"]
    ]
    best = bayes["players"][0]
    why = invoke(
        "explain", str(best["id"]), "--system", "whr-bayes", "--as-of", "2025-07-31",
        "--json", "--db", db,
    )  # fmt: skip
    assert isinstance(why, dict)
    assert round(why["rating"]) == best["rating"]
    months = why["months"]
    assert months[-1]["rating"] == why["rating"]
    assert sum(m["games"] for m in months) == len(why["games"]) == best["games"]
    w2 = SYSTEMS["whr-bayes"].params.w2
    assert why["w2"] == w2
    # At the optimum each month's score minus expected equals the pull of its neighbours
    # (Wiener links of variance w^2 per month) and, on the first month, of the prior (two
    # virtual draws against a player rated 0): recomputed from the months listed.
    for k, m in enumerate(months):
        assert abs(m["score"] - m["expected"] - m["balance"]) < 1e-4
        gap = 0.0
        if k > 0:
            dt = month_gap(months[k - 1]["month"], m["month"])
            gap += (m["rating"] - months[k - 1]["rating"]) / (w2 * dt * Q)
        if k + 1 < len(months):
            dt = month_gap(m["month"], months[k + 1]["month"])
            gap -= (months[k + 1]["rating"] - m["rating"]) / (w2 * dt * Q)
        if k == 0:
            gap -= 2.0 * (0.5 - 1 / (1 + math.exp(-Q * m["rating"])))
        assert abs(gap - m["balance"]) < 1e-6
    # Each game's expected score is the curve at the month's two ratings.
    by_month = {m["month"]: m["rating"] for m in months}
    for g in why["games"]:
        own = by_month[g["day"][:7]]
        assert abs(g["expected"] - 1 / (1 + 10 ** (-(own - g["opponent_rating"]) / 400))) < 1e-9


def month_gap(a: str, b: str) -> int:
    ya, ma = map(int, a.split("-"))
    yb, mb = map(int, b.split("-"))
    return 12 * (yb - ya) + mb - ma


def test_explain_whr_bayes_says_what_a_player_without_a_game_gets(tmp_path: Path) -> None:
    db = build_store(tmp_path)
    refused = runner.invoke(
        app, ["explain", "999999", "--system", "whr-bayes", "--as-of", "2025-07-31", "--db", db]
    )
    assert refused.exit_code != 0
    assert "expected a player with a game on or before 2025-07-31" in refused.output
    assert "Traceback" not in refused.output
    invoke("rate", "--system", "whr", "--as-of", "2025-07-31", "--json", "--db", db)
    listed = invoke("list", "--system", "whr", "--json", "--db", db)
    assert isinstance(listed, dict)
    best = listed["players"][0]
    shown = runner.invoke(
        app, ["explain", str(best["id"]), "--system", "whr", "--as-of", "2025-07-31", "--db", db]
    )
    assert shown.exit_code == 0, shown.output
    head = shown.output.split("under whr: ")[1]
    assert round(float(head.split(" ")[0])) == best["rating"]
    assert "balance" in shown.output and "games, newest first" in shown.output
