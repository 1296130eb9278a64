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


@pytest.mark.realdata
def test_bye_chosen_by_hand_replays_the_round(real_data: Path, tmp_path: Path) -> None:
    """notsimplemm without its round-3 bye: --bye names it (number 7 in the file's order, or
    its key) and OpenGotha's dump of round 3 holds again, pair by pair."""
    folder = real_data / "go" / "pairgoth"
    text = (folder / "notsimplemm.xml").read_text(encoding="utf-8")
    line = '<ByePlayer player="GOLOUBKOVALEXANDRA" roundNumber="3"/>'
    assert line in text
    without = tmp_path / "nobye.xml"
    without.write_text(text.replace(line, ""), encoding="utf-8")
    dump = read_dump(folder / "notsimplemm_weights_R3.txt")
    expected = {frozenset((str(d["p1"]), str(d["p2"]))): [d[f] for f in FIELDS] for d in dump}
    for chosen in ("7", "GoloubkovAlexandra"):
        args = ["tournament", "costs", str(without), "--round", "3", "--bye", chosen, "--json"]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        doc = json.loads(result.output)
        assert doc["bye"] == "Goloubkov Alexandra"
        ours = {
            frozenset((c["player1"], c["player2"])): [c[f] for f in FIELDS] for c in doc["costs"]
        }
        assert ours == expected
    # Another bye by hand (Bonjean, number 1): the six others are the pairable players.
    args = ["tournament", "costs", str(without), "--round", "3", "--bye", "1", "--json"]
    doc = json.loads(runner.invoke(app, args).output)
    named = {n for c in doc["costs"] for n in (c["player1"], c["player2"])}
    assert doc["bye"] == "Bonjean Robin" and len(doc["costs"]) == 15
    assert "Bonjean Robin" not in named and "Goloubkov Alexandra" in named
    for chosen, message in (
        ("2", "expected a bye who plays round 3"),  # Marechal is absent in round 3
        ("10", "expected a bye player number in 1..9"),
        ("NOBODY", "expected a bye player number or key"),
    ):
        args = ["tournament", "costs", str(without), "--round", "3", "--bye", chosen]
        result = runner.invoke(app, args)
        assert result.exit_code == 1 and message in result.output, result.output
