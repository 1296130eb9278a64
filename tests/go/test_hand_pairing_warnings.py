"""A hand pairing that repeats a game or breaks a forbidden pair is asked first (issue 34
item 4; OpenGotha's "Games .. Pair" asks before pairing two players who already played each
other and before a forbidden pair): without a confirmation nothing is written."""

from __future__ import annotations

from pathlib import Path

from tests.cli.tournament_cli import fail, run
from tests.go.test_go_edits import PLAYERS, _games, _new, _show, _surname


def _numbers(db: Path) -> dict[str, int]:
    """Players are numbered in entry order (`_new` enters `PLAYERS` in order)."""
    return {name: k for k, name in enumerate(PLAYERS, start=1)}


def _unpaired(db: Path, k: int) -> set[str]:
    return {_surname(p) for p in _show(db, k)["unpaired"]}


def test_a_rematch_and_a_forbidden_pair_are_asked_first(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    _new(db)
    number = _numbers(db)
    assert set(number) == set(PLAYERS)
    run(db, "pair")
    first_round = _games(_show(db, 1))
    for table in first_round:
        run(db, "result", "1", "--table", str(table), "1-0")
    run(db, "pair")
    # two opponents of round 1, separated in round 2 by unpairing their games
    white, black, _ = first_round[min(first_round)]
    second = _show(db, 2)
    for g in second["games"]:
        if {_surname(g["white"]), _surname(g["black"])} & {white, black}:
            run(db, "edit", "unpair", "2", str(g["table"]))
    assert {white, black} <= _unpaired(db, 2)
    before = _show(db, 2)
    refused = fail(db, "edit", "pair", "2", str(number[white]), str(number[black]))
    assert "already played each other (round 1)" in refused
    assert "--confirm" in refused and "nothing written" in refused
    assert _show(db, 2) == before
    run(db, "edit", "pair", "2", str(number[white]), str(number[black]), "--confirm")
    paired = {frozenset((w, b)) for w, b, _ in _games(_show(db, 2)).values()}
    assert frozenset((white, black)) in paired


def test_a_forbidden_pair_by_hand(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    _new(db)
    number = _numbers(db)
    run(db, "forbid", str(number["Dupont"]), str(number["Martin"]))
    run(db, "pair")
    for g in _show(db, 1)["games"]:
        if {_surname(g["white"]), _surname(g["black"])} & {"Dupont", "Martin"}:
            run(db, "edit", "unpair", "1", str(g["table"]))
    refused = fail(db, "edit", "pair", "1", str(number["Dupont"]), str(number["Martin"]))
    assert "are a forbidden pair" in refused and "already played" not in refused
    run(db, "edit", "pair", "1", str(number["Dupont"]), str(number["Martin"]), "--confirm")
    assert {"Dupont", "Martin"}.isdisjoint(_unpaired(db, 1))
