"""The pairing report (issue 21 item 7): each pair's cost parts and each player's next-best
opponents, on the CLI (``tournament report --json``), checked against the round's stored
pairs, a recomputation from the cost parts, the existing ``explain`` machinery and, for a
real OpenGotha file, OpenGotha's own cost dumps."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ratinglist.formats.go.opengotha_xml import read_opengotha
from ratinglist.model.directed import RoundView
from ratinglist.service.tournaments.log import find_tournament
from ratinglist.service.tournaments.views import show_round
from tests.cli.test_tournament import _play, db  # noqa: F401 (the Othello fixture)
from tests.cli.tournament_cli import fail, run
from tests.conftest import handle
from tests.pairing.go_dumps import read_dump

RANKS = ("5d", "3d", "1k", "5k", "12k", "25k", "2d", "8k", "3k", "1d", "6k")
"""Eleven players: one gets the bye each round."""


def _go(tmp_path: Path, rounds_played: int) -> Path:
    file = tmp_path / "go.db"
    run(file, "new", "Report Go", "--game", "go", "--country", "FRA", "--date", "2026-04-04",
        "--system", "mcmahon", "--bar", "4d", "--floor", "20k", "--rounds", "4")  # fmt: skip
    for k, rank in enumerate(RANKS):
        club = "Par" if k % 3 else "Lyo"
        run(file, "register", "--new", f"Player{chr(65 + k)},A", "--rank", rank, "--club", club)
    rng = random.Random(5)
    for number in range(1, rounds_played + 1):
        run(file, "pair")
        for t in _round(file, number).tables:
            run(file, "result", str(number), "--table", str(t.table), rng.choice(["1-0", "0-1"]))
    run(file, "pair")
    return file


def _round(file: Path, number: int) -> RoundView:
    store = handle(f"sqlite:///{file}")
    return show_round(store, find_tournament(store, None), number)


def _stored_pairs(file: Path, number: int) -> set[tuple[int, int, int]]:
    """(table, White, Black) of the round as stored (Go names White first)."""
    return {(t.table, int(t.white.id), int(t.black.id)) for t in _round(file, number).tables}


def _total(parts: list[list[Any]]) -> int:
    return 1 + sum(int(v) for _, v in parts)  # OpenGotha's totalCost: 1 + the parts


def test_go_report_pairs_are_the_rounds_and_differences_come_from_the_parts(
    tmp_path: Path,
) -> None:
    file = _go(tmp_path, 2)
    report = json.loads(run(file, "report", "--round", "3", "--json"))
    assert report["better"] == "higher" and report["columns"] == ["White", "Black"]
    got = {(p["table"], p["first"]["id"], p["second"]["id"]) for p in report["pairs"]}
    assert got == _stored_pairs(file, 3)
    chosen = {}
    for p in report["pairs"]:
        assert p["total"] == _total(p["parts"])
        chosen[p["first"]["id"]] = chosen[p["second"]["id"]] = p
    # the explain machinery (tournament explain --pair) costs each pair the same way
    explained = json.loads(run(file, "explain", "3", "--json"))
    by_pair = {frozenset((e["white"], e["black"])): e["cost"] for e in explained["pairs"]}
    for p in report["pairs"]:
        assert by_pair[frozenset((p["first"]["id"], p["second"]["id"]))] == p["total"]
    assert len(report["byes"]) == 1 and report["byes"][0]["id"] not in chosen
    for line in report["players"]:
        me = line["player"]["id"]
        pair = chosen[me]
        assert line["total"] == pair["total"]
        options = line["options"]
        assert len(options) == 3
        partner = pair["second"]["id"] if pair["first"]["id"] == me else pair["first"]["id"]
        assert line["partner"]["id"] == partner
        assert partner not in {o["opponent"]["id"] for o in options}
        for o in options:
            assert o["total"] == _total(o["parts"])
            assert o["difference"] == _total(o["parts"]) - _total(pair["parts"])
        assert [o["total"] for o in options] == sorted((o["total"] for o in options), reverse=True)
        # the best alternative is the best of all: ask explain for every other opponent
        others = [p for p in chosen if p not in (me, partner)]
        asked = [a for q in others for a in ("--pair", f"{me}-{q}")]
        costs = json.loads(run(file, "explain", "3", *asked, "--json"))["pairs"]
        best = max(c["cost"] for c in costs if c["kind"] == "asked")
        assert options[0]["total"] == best


def test_report_refuses_an_unpaired_round(tmp_path: Path) -> None:
    file = _go(tmp_path, 0)
    assert "expected a paired round (1-1), got 4" in fail(file, "report", "--round", "4")


@pytest.mark.realdata
@pytest.mark.parametrize(("name", "round_"), [("notsimplemm", 3), ("simpleswiss", 4)])
def test_go_report_costs_equal_opengotha_dump(
    tmp_path: Path, real_data: Path, name: str, round_: int
) -> None:
    folder = real_data / "go" / "pairgoth"
    file = tmp_path / "og.db"
    run(file, "import", str(folder / f"{name}.xml"))
    report = json.loads(run(file, "report", "--round", str(round_), "--json"))
    t = read_opengotha(folder / f"{name}.xml")
    players = t.players
    full = {k + 1: f"{p.name} {p.first_name}" for k, p in enumerate(players)}
    dump = {
        frozenset((str(d["p1"]), str(d["p2"]))): d
        for d in read_dump(folder / f"{name}_weights_R{round_}.txt")
    }
    assert len(report["pairs"]) == sum(1 for g in t.games if g.round == round_ - 1) >= 3
    for p in report["pairs"]:
        theirs = dump[frozenset((full[p["first"]["id"]], full[p["second"]["id"]]))]
        assert p["total"] == theirs["totalCost"]
        assert {k: v for k, v in p["parts"]} == {k: theirs[k] for k, _ in p["parts"]}
    for line in report["players"]:
        for o in line["options"]:
            theirs = dump[frozenset((full[line["player"]["id"]], full[o["opponent"]["id"]]))]
            assert o["total"] == theirs["totalCost"]


def test_othello_report_pairs_are_the_rounds(db: Path, tmp_path: Path) -> None:  # noqa: F811
    _play(db, tmp_path)
    report = json.loads(run(db, "report", "--round", "3", "--json"))
    assert report["better"] == "lower" and report["columns"] == ["Black", "White"]
    stored = {(t.table, int(t.black.id), int(t.white.id)) for t in _round(db, 3).tables}
    assert {(p["table"], p["first"]["id"], p["second"]["id"]) for p in report["pairs"]} == stored
    explained = json.loads(run(db, "explain", "3", "--json"))["pairs"]
    cost = {(e["black"], e["white"]): e["cost"] for e in explained}
    for p in report["pairs"]:
        assert p["total"] == cost[p["first"]["id"], p["second"]["id"]]
    chosen = {}
    for p in report["pairs"]:
        chosen[p["first"]["id"]] = chosen[p["second"]["id"]] = p["total"]
    for line in report["players"]:
        for o in line["options"]:
            assert o["difference"] == o["total"] - chosen[line["player"]["id"]]
        totals = [o["total"] for o in line["options"]]
        assert totals == sorted(totals)
