"""OpenGotha's pairing report of a round's concerns, beside the cost report (issue 34 item
4): the players left unpaired, the rematches, the colour imbalances (even games only, GO.md
c.6), the handicaps the ceiling cut (GO.md c.1-4: rank difference minus the correction,
clamped to the ceiling), and the games within a club or a country.

The expected handicap: Dupont 1k and Martin 10k, handicap from ranks, correction 1 (OpenGotha's
default), no-handicap threshold 1d: 9 - 1 = 8 stones asked, the ceiling 2 gives 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.cli.tournament_cli import run

PLAYERS = (
    ("Dupont", "1k", "PAR", "FR"),
    ("Martin", "10k", "PAR", "FR"),
    ("Petit", "2k", "LYO", "DE"),
    ("Leroy", "3k", "BER", "DE"),
    ("Durand", "12k", "MAR", "FR"),
    ("Moreau", "5k", "NIC", "IT"),
)
"""Players 1-6 in entry order: surname, rank, club, country."""


def _report(db: Path, k: int) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(run(db, "report", "--round", str(k), "--json"))
    return out


def _by_kind(report: dict[str, Any]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for c in report["concerns"]:
        found.setdefault(c["kind"], []).append(c["text"])
    return found


def _unpair_all(db: Path, k: int) -> None:
    games = json.loads(run(db, "edit", "show", str(k), "--json"))["games"]
    for g in games:
        run(db, "edit", "unpair", str(k), str(g["table"]))


def test_the_concerns_of_rounds_paired_by_hand(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    run(db, "new", "Concerns Go", "--game", "go", "--country", "FRA", "--date", "2026-04-04",
        "--rounds", "3", "--handicap", "rank", "--handicap-ceiling", "2")  # fmt: skip
    for name, rank, club, country in PLAYERS:
        run(db, "register", "--new", f"{name},A", "--rank", rank, "--club", club,
            "--country", country)  # fmt: skip
    run(db, "pair")
    _unpair_all(db, 1)
    run(db, "edit", "pair", "1", "1", "2")  # Dupont - Martin: one club, one country
    run(db, "edit", "pair", "1", "3", "4")  # Petit - Leroy: one country, an even game
    one = _by_kind(_report(db, 1))
    assert sorted(one["unpaired"]) == ["Durand, A is not paired", "Moreau, A is not paired"]
    assert len(one["handicap"]) == 1
    assert (
        "Dupont, A and Martin, A play with handicap 2; their ranks ask for 8 (ceiling 2)"
        in (one["handicap"][0])
    )
    assert len(one["club"]) == 1 and "same club (PAR)" in one["club"][0]
    assert len(one["country"]) == 2
    assert "rematch" not in one and "colour" not in one
    run(db, "edit", "pair", "1", "5", "6")
    for table in (1, 2, 3):
        run(db, "result", "1", "--table", str(table), "1-0")
    run(db, "pair")
    _unpair_all(db, 2)
    run(db, "edit", "pair", "2", "3", "4", "--confirm")  # the even game again
    shown = json.loads(run(db, "edit", "show", "2", "--json"))["games"][0]
    first = json.loads(run(db, "edit", "show", "1", "--json"))["games"]
    before = next(
        g
        for g in first
        if g["handicap"] == 0 and "Petit" in g["white"]["name"] + g["black"]["name"]
    )
    if shown["white"]["name"] != before["white"]["name"]:
        run(db, "edit", "colours", "2", str(shown["table"]))  # the same White twice
    two = _by_kind(_report(db, 2))
    assert len(two["rematch"]) == 1
    assert "Petit, A and Leroy, A already played each other (round 1)" in two["rematch"][0]
    white = before["white"]["name"]
    black = before["black"]["name"]
    assert sorted(two["colour"]) == sorted([
        f"{white}: White 2, Black 0 in even games after round 2",
        f"{black}: White 0, Black 2 in even games after round 2",
    ])  # fmt: skip
    assert len(two["unpaired"]) == 4
    out = run(db, "report", "--round", "2")
    assert "rematch: table" in out and "concerns" in out


def test_pair_report_lists_the_concerns(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    run(db, "new", "Clean Go", "--game", "go", "--country", "FRA", "--date", "2026-04-04",
        "--rounds", "3")  # fmt: skip
    for name, rank, _, _ in PLAYERS[:4]:
        run(db, "register", "--new", f"{name},A", "--rank", rank)
    out = run(db, "pair", "--report")
    assert "Round 1: no concern" in out
