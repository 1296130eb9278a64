"""Write the old-log fixtures of `tests/tournament/test_old_logs.py` (issue 20, item 2).

Run by hand from the repository's root, beside ``../shared`` (the test does not run it):

    .venv/bin/python -m tests.tournament.logs.make_fixtures [--real PATH] [--out DIR]

It directs three tournaments with the CLI (`ratinglist tournament ...`, Typer's runner) on a
temporary SQLite database, then writes, for each tournament NAME, into ``--out`` (default:
this folder):

- ``NAME.events.json``: the tournament's stored event rows exactly as the store keeps them
  (``seq``, ``kind``, the ``payload`` JSON text and the ``actor`` of table
  ``tournament_events``);
- ``NAME.expected.json``: what the CLI showed of it (`observed.observe`): every round as
  ``tournament show`` prints it, the standings of ``tournament standings --json``, the
  exported files, and a team tournament's team standings.

The tournaments:

- ``othello-swiss``: 10 entrants of a small players list, one of them a new player under a
  temporary identifier who gets his ID from the ID officer; a forbidden pair, a forced pair,
  an absence, a withdrawal, results by table, a correction, an undo, the finals, submit and
  reopen.
- ``go-mcmahon``: a real OpenGotha file (12 players, McMahon, 3 of 5 rounds played;
  RATINGLIST_REAL_DATA or ``--real``, default ``../shared/data/real``) imported as a directed
  tournament, then a late entry, rounds 4 and 5 paired with results 1-0, 0-1, jigo, by
  default and both lose, a correction and an undo.
- ``go-teams``: a Go Swiss team tournament of four teams of two boards, three rounds paired
  by teams (one match given by hand), a jigo, a correction and an undo.

Expected values are what `main` showed when the fixtures were written; the test checks that a
later engine shows the same for the same stored log.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from sqlalchemy import select

from ratinglist.model import shown_id
from ratinglist.model.go.tournament import Outcome
from ratinglist.service.actor import Actor, ActorKind
from ratinglist.service.tournaments.temporary_ids import assign_id
from ratinglist.store import open_store
from ratinglist.store.players import all_players
from ratinglist.store.schema import tournament_events
from ratinglist.store.tournament_events import find_directed, load_events
from ratinglist.tournament.fold import fold
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.othello.finals import scheduled
from tests.conftest import handle
from tests.published import store_ratings
from tests.tournament.logs.observed import cli, observe

HERE = Path(__file__).parent

GO_FILE = "go/opengotha-remote/20201219161431_live-asynchronous-13x13.xml"
"""The real OpenGotha file of ``go-mcmahon`` (under the real data folder)."""

PLAYERS = """\
% Liste des joueurs par pays

pays = FRA

     2 TASTET, Marc                         %_<2200>
 50001 MARTEL, Luc                          %_<1650>
 50002 LÉGER, Anaïs                         %_<1500>

pays = NLD

  4012 DE GRAAF, Jan                        %_<1750>
  5105 VAN DEN BIGGELAAR, Nicky             %_<1900>
120001 VOS, Bram                            %_<1400>
120002 SMEETS, Linda                        %_<1300>
120003 JANSEN, Karel                        %_<1200>
120004 BAKKER, Eva                          %_<1100>
120005 DE VRIES, Tom                        %_<1000>
"""
"""A small players list (synthetic names, ours) the Othello entrants are registered from."""


def _url(db: Path) -> str:
    return f"sqlite:///{db}"


def _folded(db: Path, tournament: str) -> FoldedTournament:
    with open_store(_url(db)) as store:
        return fold(load_events(store, find_directed(store, tournament).id))


def _tournament_id(db: Path, tournament: str) -> int:
    with open_store(_url(db)) as store:
        return find_directed(store, tournament).id


def _rows(db: Path, tournament: str) -> list[dict[str, Any]]:
    """The stored event rows of the tournament, as the table keeps them."""
    e = tournament_events.c
    query = (
        select(e.seq, e.kind, e.payload, e.actor)
        .where(e.tournament_id == _tournament_id(db, tournament))
        .order_by(e.seq)
    )
    with open_store(_url(db)) as store, store.connect() as conn:
        return [
            {"seq": int(seq), "kind": kind, "payload": payload, "actor": actor}
            for seq, kind, payload, actor in conn.execute(query)
        ]


def _othello_results(db: Path, name: str, rng: random.Random, skip: int = 0) -> None:
    """Enter a disc score at each table of the last round but the last `skip` tables."""
    d = _folded(db, name)
    tables = len(d.play.state.rounds[d.paired - 1].pairings)
    for table in range(1, tables - skip + 1):
        black = rng.randint(14, 50)
        cli(db, "tournament", "result", "--table", str(table), f"{black}-{64 - black}", "-t", name)


def othello_swiss(db: Path) -> tuple[str, str, int]:
    """An Othello Swiss tournament of 10; (name, kind, rounds paired)."""
    name = "Old Logs Open 2026"
    rng = random.Random(20)
    players = db.parent / "joueurs.txt"
    players.write_text(PLAYERS, encoding="utf-8")
    cli(db, "players", "import-list", str(players), "--apply")
    with open_store(_url(db)) as store:
        rated = {int(p.id): float(p.rating) for p in all_players(store) if p.rating is not None}
    store_ratings(_url(db), "2026-01-01", rated)
    t = ("-t", name)
    cli(db, "tournament", "new", name, "--country", "NLD", "--date", "2026-05-01", "--end",
        "2026-05-02", "--system", "swiss", "--rounds", "5", "--seed", "11")  # fmt: skip
    cli(db, "tournament", "register", "Marc Tastet", "Martel Luc", "Anais Leger",
        "de graaf jan", "Nicky van den Biggelar", "Vos Bram", "Smeets Linda", "Jansen Karel",
        "Bakker Eva", *t)  # fmt: skip
    cli(db, "tournament", "register", "--new", "PIETERS,Joost", "--country", "BEL", *t)
    cli(db, "tournament", "forbid", "4012", "5105", *t)
    cli(db, "tournament", "pair", *t)
    _othello_results(db, name, rng)
    # The ID officer gives the new player his ID (a new one of Belgium's range).
    assign_id(
        handle(_url(db)), _tournament_id(db, name), "NEW1", Actor(ActorKind.CLI, "id-officer")
    )
    cli(db, "tournament", "absent", "120002", "--round", "2", *t)
    cli(db, "tournament", "force", "2", "120001", *t)
    cli(db, "tournament", "pair", *t)
    _othello_results(db, name, rng)
    # A slip misread: round 1's table 1 gets another score.
    cli(db, "tournament", "correct", "1", "--table", "1", "33-31", *t)
    cli(db, "tournament", "withdraw", "120004", "--from-round", "3", *t)
    cli(db, "tournament", "pair", *t)
    _othello_results(db, name, rng, skip=1)
    # A result entered by mistake at the last table, then undone and entered again.
    d = _folded(db, name)
    last = len(d.play.state.rounds[d.paired - 1].pairings)
    cli(db, "tournament", "result", "--table", str(last), "64-0", *t)
    cli(db, "tournament", "undo", *t)
    cli(db, "tournament", "result", "--table", str(last), "30-34", *t)
    for _ in range(2):
        cli(db, "tournament", "pair", *t)
        _othello_results(db, name, rng)
    cli(db, "tournament", "finals", "--start", *t)
    for _ in range(10):
        d = _folded(db, name)
        assert d.play.finals is not None
        due = [g for g in scheduled(d.play.finals) if g.result is None]
        if not due:
            break
        black = rng.choice((22, 36, 40))
        g = due[0]
        cli(db, "tournament", "result", g.stage, shown_id(g.black), shown_id(g.white),
            f"{black}-{64 - black}", *t)  # fmt: skip
    cli(db, "tournament", "submit", *t)
    cli(db, "tournament", "reopen", "a disc count of round 5 was wrong", *t)
    cli(db, "tournament", "correct", "5", "--table", "2", "35-29", *t)
    return name, "othello", _folded(db, name).paired


def _go_results(db: Path, name: str, scores: list[str]) -> None:
    """Enter `scores` (White first) at tables 1, 2, ... of the last round."""
    for table, score in enumerate(scores, start=1):
        cli(db, "tournament", "result", "--table", str(table), score, "-t", name)


def go_mcmahon(db: Path, real: Path) -> tuple[str, str, int]:
    """A real OpenGotha McMahon file imported, then directed; (name, kind, rounds paired)."""
    cli(db, "tournament", "import", str(real / GO_FILE))
    with open_store(_url(db)) as store:
        tid = str(find_directed(store, None).id)
    t = ("-t", tid)
    cli(db, "tournament", "register", "--new", "Laterman,Lea", "--rank", "6k", "--country",
        "FR", "--club", "75Pa", "--first-round", "4", *t)  # fmt: skip
    # The file was saved before round 3 was over: its last results come in.
    go = _folded(db, tid).play
    assert go is not None
    for game in go.rounds[2].games:
        if game.result.outcome is Outcome.UNKNOWN:
            cli(db, "tournament", "result", "3", "--table", str(game.table), "0-1", *t)
    cli(db, "tournament", "pair", *t)
    tables = len(_folded(db, tid).play.rounds[3].games)  # type: ignore[union-attr]
    scores = ["1-0", "0-1", "=", "1-0!", "0-0", "0-1", "1-0", "1-0", "0-1"][: tables - 1]
    _go_results(db, tid, scores)
    # The last table's result was entered wrong: undone, entered again.
    cli(db, "tournament", "result", "--table", str(tables), "1-0", *t)
    cli(db, "tournament", "undo", *t)
    cli(db, "tournament", "result", "--table", str(tables), "0-1", *t)
    # A slip misread: table 2 is corrected.
    cli(db, "tournament", "correct", "--table", "2", "1-0", *t)
    cli(db, "tournament", "pair", *t)
    tables = len(_folded(db, tid).play.rounds[4].games)  # type: ignore[union-attr]
    _go_results(db, tid, (["0-1", "1-0", "1-0", "=", "0-1!", "1-0", "0-1", "1-0"])[:tables])
    return tid, "go", _folded(db, tid).paired


TEAM_PLAYERS = [
    ("Rouge,Anne", "3d"),
    ("Rouge,Basile", "1d"),
    ("Bleu,Claire", "2d"),
    ("Bleu,Denis", "1k"),
    ("Vert,Emma", "1d"),
    ("Vert,Fabien", "3k"),
    ("Jaune,Gael", "4d"),
    ("Jaune,Hugo", "2k"),
]
"""The team players (synthetic names), two per team, in registration order."""


def go_teams(db: Path) -> tuple[str, str, int]:
    """A Go team tournament of four teams of two; (name, kind, rounds paired)."""
    name = "Old Logs Team Cup"
    t = ("-t", name)
    cli(db, "tournament", "new", name, "--game", "go", "--system", "swiss", "--rounds", "3",
        "--team-size", "2", "--country", "FRA", "--date", "2026-05-01", "--seed", "5")  # fmt: skip
    for player, rank in TEAM_PLAYERS:
        cli(db, "tournament", "register", "--new", player, "--rank", rank, "--country", "FR", *t)
    cli(db, "tournament", "team", "add", "Rouge", "Bleu", "Vert", "Jaune", *t)
    for team, first in (("Rouge", 1), ("Bleu", 3), ("Vert", 5), ("Jaune", 7)):
        cli(db, "tournament", "team", "boards", team, str(first), str(first + 1), *t)
    cli(db, "tournament", "team", "pair", *t)
    _go_results(db, name, ["1-0", "0-1", "=", "1-0"])
    cli(db, "tournament", "correct", "--table", "4", "0-1", *t)
    # Jaune's boards swap from round 2 on.
    cli(db, "tournament", "team", "boards", "Jaune", "8", "7", "--round", "2", *t)
    cli(db, "tournament", "team", "pair", *t)
    _go_results(db, name, ["0-1", "0-1", "1-0", "1-0!"])
    cli(db, "tournament", "undo", *t)
    cli(db, "tournament", "result", "--table", "4", "0-0", *t)
    cli(db, "tournament", "team", "pair", "1:4", "2:3", *t)
    _go_results(db, name, ["1-0", "1-0", "0-1", "="])
    return name, "go-teams", _folded(db, name).paired


def _commit() -> str:
    """The commit the fixtures are written from (``+dirty`` when the tree has changes)."""
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    changed = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    return f"{head}+dirty" if changed else head


def _write(out: Path, stem: str, data: Any) -> None:
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n"
    (out / stem).write_text(text, encoding="utf-8")


def main() -> None:
    """Direct the three tournaments and write their fixtures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_real = os.environ.get("RATINGLIST_REAL_DATA", "../shared/data/real")
    parser.add_argument("--real", type=Path, default=Path(default_real))
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    commit = _commit()
    work = Path(tempfile.mkdtemp(prefix="old-logs-"))
    try:
        for fixture, direct in (
            ("othello-swiss", othello_swiss),
            ("go-mcmahon", lambda db: go_mcmahon(db, args.real)),
            ("go-teams", go_teams),
        ):
            db = work / fixture / "td.db"
            db.parent.mkdir()
            tournament, kind, rounds = direct(db)
            seen = observe(db, tournament, rounds, kind, work / fixture / "seen")
            rows = _rows(db, tournament)
            events = {"commit": commit, "kind": kind, "rounds": rounds, "events": rows}
            _write(args.out, f"{fixture}.events.json", events)
            _write(args.out, f"{fixture}.expected.json", seen)
            print(f"{fixture}: {len(events['events'])} events, {rounds} rounds")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
