"""`ratinglist tournament pair` starts light (issue 20): the certified matching of a large Go
field runs on numpy and rustworkx alone, so a pairing process loads neither numba (its
compiled kernels took half a second to load) nor scipy."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from ratinglist.model import PlayerId
from ratinglist.model.go.tournament import GoSystem, default_parameters
from ratinglist.store import open_store
from ratinglist.store.tournament_events import create_tournament, log_writer
from ratinglist.tournament.events import GO, Created, Settings
from ratinglist.tournament.games.go.events import GoRegistered
from ratinglist.tournament.games.go.settings import go_settings

PLAYERS = 80
"""Above the 64 players from which the pairing uses the certified sparse matching."""


def _go_tournament(db: Path) -> None:
    settings = Settings(
        name="Big Go Open",
        country="FRA",
        start="2026-04-04",
        system="mcmahon",
        rounds=3,
        game=GO,
        go=go_settings(GoSystem.MCMAHON, default_parameters(GoSystem.MCMAHON, number_of_rounds=3)),
    )
    ranks = [f"{k}k" for k in range(20, 0, -1)] + [f"{d}d" for d in range(1, 6)]
    with open_store(f"sqlite:///{db}") as store:
        tid = create_tournament(store, Created(settings))
        with log_writer(store, tid, 1, actor="system:test") as writer:
            for k in range(1, PLAYERS + 1):
                rank = ranks[k % len(ranks)]
                writer.append(GoRegistered(PlayerId(k), f"Player{k:03d}", "Test", rank, 0))


def test_pairing_a_large_go_field_loads_neither_numba_nor_scipy(tmp_path: Path) -> None:
    db = tmp_path / "go.db"
    _go_tournament(db)
    code = (
        "import json, sys\n"
        f"sys.argv = ['ratinglist', 'tournament', 'pair', '--db', {str(db)!r}]\n"
        "from ratinglist.cli.app import main\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    wide = {**os.environ, "COLUMNS": "200"}  # one line per table
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=wide
    )
    *shown, last = done.stdout.splitlines()
    loaded = set(json.loads(last))
    assert "Big Go Open: round 1" in "\n".join(shown)
    assert sum("Player" in line for line in shown) == PLAYERS // 2  # every table printed
    assert "ratinglist.pairing.certified" in loaded  # the sparse matching ran
    assert not {m.split(".")[0] for m in loaded} & {"numba", "scipy", "llvmlite"}


def test_entering_a_result_loads_no_pairing_engine(tmp_path: Path) -> None:
    """A result entered (`tournament result`) needs the log and the Othello rules, not the
    Swiss engine: numpy and rustworkx stay unloaded (about a fifth of the command's CPU)."""
    from tests.service.test_tournament_race import _tournament

    db = tmp_path / "othello.db"
    _, pairs = _tournament(f"sqlite:///{db}", 2)
    (black, white), _ = pairs
    argv = ["ratinglist", "tournament", "result", "1", str(black), str(white), "40-24"]
    code = (
        "import json, sys\n"
        f"sys.argv = {[*argv, '--db', str(db)]!r}\n"
        "from ratinglist.cli.app import main\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    *shown, last = done.stdout.splitlines()
    loaded = {m.split(".")[0] for m in json.loads(last)}
    assert f"{black} 40-24 {white}" in "\n".join(shown)
    assert not loaded & {"numpy", "rustworkx", "scipy", "numba"}
