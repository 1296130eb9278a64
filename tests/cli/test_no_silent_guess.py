"""Issue 31: a name typed for a list enters a player only on an exact match or the
director's explicit choice; otherwise nobody is entered and the candidates are offered."""

from __future__ import annotations

from pathlib import Path

from ratinglist.cli.app import app
from ratinglist.store import open_store
from ratinglist.store.tournament_events import find_directed, load_events
from ratinglist.tournament.fold import fold
from tests.cli.tournament_cli import fail, run, runner

FFG = (
    "#Echelle au 11/01/2021 07:09:39\n"
    "WALCH John                            -1200 L 0612345 67St FR\n"
    "DUPUIS Jean                            -900 L 04A0009 75Pa FR\n"
    "DUPUIS Jean                           -1900 L 0700001 13Ma FR\n"
    "ABADIE Yves                           -1500 L 0452000 31To FR\n"
)


def _go(tmp_path: Path) -> Path:
    db = tmp_path / "go.db"
    listed = tmp_path / "ech_ffg.txt"
    listed.write_bytes(FFG.encode("iso-8859-15"))
    done = runner.invoke(app, ["go-list", "import", str(listed), "--db", str(db)])
    assert done.exit_code == 0, done.output
    run(db, "new", "Club", "--game", "go", "--country", "FRA", "--date", "2026-04-04")
    return db


def _entrants(db: Path) -> list[tuple[str, str, str]]:
    with open_store(f"sqlite:///{db}") as store:
        s = fold(load_events(store, find_directed(store, None).id)).play
    return [(p.name, p.first_name, p.ffg_licence) for p in s.players]  # type: ignore[union-attr]


def test_a_name_missing_from_the_list_enters_nobody(tmp_path: Path) -> None:
    db = _go(tmp_path)
    refused = fail(db, "register", "--list", "ffg", "Smith John")
    assert "not found: 'Smith John'" in refused
    # the nearest list player is offered with the command that enters exactly him
    assert "WALCH John (FFG 0612345" in refused
    assert "ratinglist tournament register --list ffg 0612345" in refused
    assert "enter as a new player? ratinglist tournament register --new 'Smith,John'" in refused
    assert _entrants(db) == []
    run(db, "register", "--list", "ffg", "0612345")
    assert _entrants(db) == [("WALCH", "John", "0612345")]


def test_a_name_two_list_players_share_is_chosen_by_number(tmp_path: Path) -> None:
    db = _go(tmp_path)
    refused = fail(db, "register", "--list", "ffg", "Dupuis Jean")
    assert "got 2" in refused and "04A0009" in refused and "0700001" in refused
    assert "Dupond Jean" not in refused and _entrants(db) == []
    assert "not found" in fail(db, "register", "--list", "ffg", "Dupond Jean")
    assert _entrants(db) == []
    run(db, "register", "--list", "ffg", "04a0009")  # a licence, case ignored
    assert _entrants(db) == [("DUPUIS", "Jean", "04A0009")]


def test_an_exact_name_in_either_order_is_entered(tmp_path: Path) -> None:
    db = _go(tmp_path)
    out = run(db, "register", "--list", "ffg", "yves abadie", "Walch, John")
    assert "[FFG 0452000]" in out and "[FFG 0612345]" in out
    assert _entrants(db) == [("ABADIE", "Yves", "0452000"), ("WALCH", "John", "0612345")]


PLAYERS = """\
% Liste des joueurs par pays

pays = FRA

 50001 DUPUIS, Jean                         %_<1650>
 50002 MARTEL, Luc                          %_<1500>
"""


def test_othello_a_near_name_is_offered_not_entered(tmp_path: Path) -> None:
    db = tmp_path / "td.db"
    listed = tmp_path / "joueurs.txt"
    listed.write_text(PLAYERS, encoding="ascii")
    done = runner.invoke(app, ["players", "import-list", str(listed), "--apply", "--db", str(db)])
    assert done.exit_code == 0, done.output
    run(db, "new", "Open", "--country", "FRA", "--date", "2026-04-04", "--rounds", "3")
    refused = fail(db, "register", "Dupond Jean")
    assert "not found: 'Dupond Jean'" in refused
    assert "DUPUIS, Jean (50001, FRA): ratinglist tournament register 50001" in refused
    assert "--new 'Dupond,Jean' --country CODE" in refused
    assert "0 players" not in refused
    out = run(db, "register", "Jean Dupuis", "50002")
    assert "DUPUIS, Jean (50001) [exact name]" in out and "2 players entered" in out
