"""Go team tournaments through `ratinglist tournament team ...`: teams, boards, pairing,
standings, and the OpenGotha file with its teams.

Expected values follow the rules: MNR = the round-1 members' ratings summed / team size (a
rank-only player's rating is 100 x rank + 2100, 1d = 2100); the automatic team pairing
(docs/decisions.md, issue 12: teams) puts the teams in team standings order and pairs each
group of equal team points by split and slip, never repeating a match it can avoid; in a
Swiss tournament nobody gets a handicap (OpenGotha's Swiss: no handicap above 30k), board 1
of the first team is White when the board-1 players' colour balance is equal, and boards
alternate.
"""

from __future__ import annotations

import json
from pathlib import Path

from ratinglist.cli.app import app
from ratinglist.formats.go.opengotha_document import read_opengotha_document
from ratinglist.store import open_store
from ratinglist.store.tournament_events import find_directed, load_events
from ratinglist.tournament.fold import fold
from ratinglist.tournament.games.go.state import GoState
from tests.cli.tournament_cli import fail, run, runner

# Team boards (player numbers in registration order) and ranks: MNR Red (3d 1d) 2200,
# Yellow (4d 2k) 2150, Blue (2d 1k) 2100, Green (1d 3k) 1950.
PLAYERS = [
    ("Red,One", "3d"),
    ("Red,Two", "1d"),
    ("Blue,One", "2d"),
    ("Blue,Two", "1k"),
    ("Green,One", "1d"),
    ("Green,Two", "3k"),
    ("Yellow,One", "4d"),
    ("Yellow,Two", "2k"),
]


def _state(db: Path, tournament: str | None = None) -> GoState:
    with open_store(f"sqlite:///{db}") as store:
        s = fold(load_events(store, find_directed(store, tournament).id)).play
    assert s is not None
    return s


def _matches(s: GoState, k: int) -> list[tuple[str, str]]:
    """(White's team, Black's team) of round k's board-1 games, in table order."""
    team_of = {m.player: t.name for t in s.teams for m in t.members if m.round == k - 1}
    games = sorted(s.rounds[k - 1].games, key=lambda g: g.table)
    return [(team_of[g.white], team_of[g.black]) for g in games[::2]]


def test_team_tournament_from_creation_to_the_file(tmp_path: Path) -> None:
    db = tmp_path / "teams.db"
    result = runner.invoke(
        app,
        [
            "tournament", "new", "Team Cup", "--game", "go", "--system", "swiss",
            "--rounds", "3", "--team-size", "2", "--country", "FRA", "--date", "2026-05-01",
            "--db", str(db),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    for name, rank in PLAYERS:
        run(db, "register", "--new", name, "--rank", rank, "--country", "FR")
    run(db, "team", "add", "Red", "Blue", "Green", "Yellow")
    for team, first in (("Red", 1), ("Blue", 3), ("Green", 5), ("Yellow", 7)):
        run(db, "team", "boards", team, str(first), str(first + 1))
    # Players of a team tournament are paired by teams only: `pair` (the web's "Pair
    # round") pairs it by teams automatically, as `team pair` does (issue 34).
    run(db, "pair")
    by_pair = _state(db).rounds[0].games
    run(db, "undo")
    assert _state(db).paired == 0
    # A player already on another team's board.
    assert "no other team" in fail(db, "team", "boards", "Red", "1", "3")

    run(db, "team", "pair")
    s = _state(db)
    assert s.rounds[0].games == by_pair
    # Order by MNR: Red, Yellow, Blue, Green; split and slip: Red-Blue, Yellow-Green.
    assert _matches(s, 1) == [("Red", "Blue"), ("Yellow", "Green")]
    games = sorted(s.rounds[0].games, key=lambda g: g.table)
    assert [g.table for g in games] == [1, 2, 3, 4]
    assert all(g.handicap == 0 for g in games)
    key = {s.name(pid): s.key(pid) for pid in s.ids}
    # Board 1: the first team White; board 2 the other way round.
    assert (games[0].white, games[1].black) == (key["Red, One"], key["Red, Two"])
    assert (games[2].white, games[3].black) == (key["Yellow, One"], key["Yellow, Two"])

    # Red wins both boards; Yellow-Green: board 1 to Green, board 2 to Yellow (a draw).
    run(db, "result", "1", "--table", "1", "1-0")
    run(db, "result", "1", "--table", "2", "0-1")
    run(db, "result", "1", "--table", "3", "0-1")
    run(db, "result", "1", "--table", "4", "0-1")
    rows = json.loads(run(db, "team", "standings", "--json"))
    assert [(r["team"], r["TEAMP"], r["BDW"], r["BDW1U"], r["matches"]) for r in rows] == [
        ("Red", "2", "2", "1", ["2+2"]),
        ("Green", "1", "1", "1", ["4=1"]),  # board 1 won: ahead of Yellow on BDW1U
        ("Yellow", "1", "1", "0", ["3=1"]),
        ("Blue", "0", "0", "0", ["1-0"]),
    ]

    # Round 2: groups {Red} {Green Yellow} {Blue}; Green-Yellow and Red-Blue met: Red meets
    # Green (one group down), Yellow meets Blue.
    output = run(db, "team", "pair")
    assert "1 Red - 3 Green\n4 Yellow - 2 Blue\n" in output
    # Board-1 colours now follow the balance: Red One was White in round 1, Green One Black.
    assert _matches(_state(db), 2) == [("Green", "Red"), ("Blue", "Yellow")]

    out = tmp_path / "cup.xml"
    run(db, "export", "--xml", str(out))
    doc = read_opengotha_document(out.read_bytes(), out.name).document
    s = _state(db)
    assert doc.teams == s.teams and doc.team_parameters.team_size == 2
    run(db, "import", str(out))
    assert _state(db, "2").teams == s.teams
    assert json.loads(run(db, "team", "standings", "--json", "-t", "2")) == rows


def test_teams_by_hand_and_errors(tmp_path: Path) -> None:
    db = tmp_path / "hand.db"
    run(db, "new", "Cup", "--game", "go", "--team-size", "2", "--country", "FRA",
        "--date", "2026-05-01")  # fmt: skip
    for name, rank in PLAYERS[:6]:
        run(db, "register", "--new", name, "--rank", rank, "--country", "FR")
    run(db, "team", "add", "Red", "Blue", "Green")
    assert "new team name" in fail(db, "team", "add", "red")
    run(db, "team", "boards", "1", "1", "2")
    # Blue Two (1k, 2000) typed first; by rating Blue One (2d, 2200) goes on board 1.
    run(db, "team", "boards", "Blue", "4", "3", "--by-rating")
    assert _state(db).team(2).board_players(0) == {0: _state(db).key(3), 1: _state(db).key(4)}
    assert "expected a team number or name" in fail(db, "team", "boards", "Pink", "5", "6")
    assert "TEAM:TEAM" in fail(db, "team", "pair", "1-2")
    # Green has no players yet: it sits out; the match is given by hand, Blue first.
    output = run(db, "team", "pair", "Blue:Red")
    assert "2 Blue - 1 Red" in output
    s = _state(db)
    assert s.paired == 1 and len(s.rounds[0].games) == 2
    blue_one = s.key(3)
    assert sorted(s.rounds[0].games, key=lambda g: g.table)[0].white == blue_one
    assert "Green" in run(db, "team", "show", "--round", "1")


def test_odd_number_of_teams_rotates_the_bye(tmp_path: Path) -> None:
    """Three teams, three rounds: each round the bye goes to a team with the fewest byes,
    and no match repeats while another is possible, so every team sits out once and each
    pair of teams meets once (a round robin)."""
    db = tmp_path / "odd.db"
    run(db, "new", "Odd Cup", "--game", "go", "--system", "swiss", "--rounds", "3",
        "--team-size", "2", "--country", "FRA", "--date", "2026-05-01")  # fmt: skip
    for name, rank in PLAYERS[:6]:
        run(db, "register", "--new", name, "--rank", rank, "--country", "FR")
    run(db, "team", "add", "Red", "Blue", "Green")
    for team, first in (("Red", 1), ("Blue", 3), ("Green", 5)):
        run(db, "team", "boards", team, str(first), str(first + 1))
    byes: list[str] = []
    met: list[frozenset[str]] = []
    for k in (1, 2, 3):
        output = run(db, "team", "pair")
        byes += [line.split(" ", 2)[2] for line in output.splitlines() if line.startswith("bye:")]
        met += [frozenset(_matches(_state(db), k)[0])]
        run(db, "result", str(k), "--table", "1", "1-0")
        run(db, "result", str(k), "--table", "2", "1-0")
    assert sorted(byes) == ["Blue", "Green", "Red"]
    assert len(set(met)) == 3
    # Round 1: MNR order Red (2200), Blue (2100), Green (1950): the lowest, Green, sits out.
    assert byes[0] == "Green"
    rows = json.loads(run(db, "team", "standings", "--json"))
    # A team's bye is a round without a match ("-"), worth nothing.
    assert sorted(r["matches"].count("-") for r in rows) == [1, 1, 1]
