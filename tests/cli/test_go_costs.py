"""`ratinglist tournament costs FILE.xml --round N --json` against OpenGotha's own dumps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratinglist.cli.app import app
from tests.pairing.go_dumps import read_dump

runner = CliRunner()
FIELDS = (
    "baseDuplicateGameCost",
    "baseRandomCost",
    "baseBWBalanceCost",
    "mainCategoryCost",
    "mainScoreDiffCost",
    "mainDUDDCost",
    "mainSeedCost",
    "secHandiCost",
    "secGeoCost",
    "totalCost",
)


@pytest.mark.realdata
def test_costs_json_matches_the_dump(real_data: Path) -> None:
    folder = real_data / "go" / "pairgoth"
    result = runner.invoke(
        app, ["tournament", "costs", str(folder / "notsimplemm.xml"), "--round", "3", "--json"]
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["round"] == 3
    assert doc["bye"] == "Goloubkov Alexandra"
    dump = read_dump(folder / "notsimplemm_weights_R3.txt")
    ours = {frozenset((c["player1"], c["player2"])): c for c in doc["costs"]}
    assert len(ours) == len(dump)
    for d in dump:
        c = ours[frozenset((str(d["p1"]), str(d["p2"])))]
        assert [c[f] for f in FIELDS] == [d[f] for f in FIELDS]
        assert all(isinstance(c[f], int) for f in FIELDS)
    total = {frozenset((c["player1"], c["player2"])): c["totalCost"] for c in doc["costs"]}
    assert doc["weight"] == sum(total[frozenset(p)] for p in doc["pairs"])
    assert len(doc["pairs"]) == 3


def test_costs_errors_exit_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_text("<Tournament>", encoding="utf-8")
    result = runner.invoke(app, ["tournament", "costs", str(bad), "--round", "1"])
    assert result.exit_code == 1
    assert "expected well-formed XML" in result.output
