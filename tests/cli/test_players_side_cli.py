"""`ratinglist tournament registration`, `codes`, `checkin` and `reporting` (issue 35)."""

from __future__ import annotations

import re
from pathlib import Path

from ratinglist.service.tournaments.players_side.registrations import register_online
from ratinglist.service.tournaments.views import show_round
from tests.cli.tournament_cli import fail, run
from tests.conftest import handle

PLAYERS = [("Dupont,Jean", "3d"), ("Martin,Luc", "1k"), ("Petit,Anne", "5k"), ("Durand,Eva", "9k")]


def _go(db: Path) -> None:
    run(
        db,
        "new",
        "Paris Go",
        "--game",
        "go",
        "--country",
        "FR",
        "--date",
        "2026-04-04",
        "--rounds",
        "2",
    )
    for name, rank in PLAYERS:
        run(db, "register", "--new", name, "--rank", rank, "--country", "FR")


def test_registration_opens_closes_and_decides(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    _go(db)
    assert "open until 2099-01-01 23:59 UTC, at most 8 players" in run(
        db, "registration", "--open", "--closes", "2099-01-01", "--cap", "8"
    )
    assert "expected a date" in fail(db, "registration", "--open", "--closes", "soon")
    register_online(
        handle(f"sqlite:///{db}"),
        1,
        {"name": "SATO, Ken", "rank": "2k"},
        "k@example.org",
        "127.0.0.1",
    )
    listed = run(db, "registration")
    assert "SATO, Ken" in listed and "--accept 1 --as new" in listed
    assert "expected --as" in fail(db, "registration", "--accept", "1")
    entered = run(db, "registration", "--accept", "1", "--as", "new")
    assert re.search(r"SATO, Ken entered as 5, code [A-Z2-9]{5}-[A-Z2-9]{5}", entered)
    assert "pending" in fail(db, "registration", "--refuse", "1")
    assert "closed" in run(db, "registration", "--close")


def test_codes_list_every_entrant_once(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    _go(db)
    first = run(db, "codes")
    codes = re.findall(r"[A-Z2-9]{5}-[A-Z2-9]{5}", first)
    assert len(set(codes)) == 4
    assert run(db, "codes") == first


def test_checkin_and_its_deadline(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    _go(db)
    assert "checked in" in run(db, "checkin", "1", "2")
    assert "2 of 4 checked in" in run(db, "checkin")
    assert "check-in until 2000-01-01 00:00 UTC" in run(
        db, "checkin", "--until", "2000-01-01T00:00"
    )
    run(db, "pair")
    view = show_round(handle(f"sqlite:///{db}"), 1, 1)
    assert sorted(int(p.id) for p in view.absent) == [3, 4]
    assert {int(view.tables[0].white.id), int(view.tables[0].black.id)} == {1, 2}
    assert "before round 1" in fail(db, "checkin", "2")
    assert "player reporting off" in run(db, "reporting", "--off")
