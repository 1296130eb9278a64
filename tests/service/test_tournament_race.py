"""Several writers on one tournament, in separate processes on one database (SQLite file
and PostgreSQL).

Two processes enter 200 results each (different tables of one round) at the same time: all
400 are stored exactly once. Two processes correct the same game based on the same log:
one succeeds, the other gets the conflict error (exit 1) and writes nothing. No process
ever sees ``database is locked``.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratinglist.cli.app import app
from ratinglist.model import PlayerId
from ratinglist.service.databases import forget_database
from ratinglist.store import open_store
from ratinglist.store.tournament_events import create_tournament, load_log, log_writer
from ratinglist.tournament.events import Created, Registered, Settings
from ratinglist.tournament.fold import fold
from ratinglist.tournament.games.othello.events import Paired, ResultCorrected, ResultEntered
from tests.waiting import HANG_S, wait_for

pytestmark = pytest.mark.both_backends  # concurrency: PostgreSQL locks otherwise than SQLite

WORKER = Path(__file__).with_name("race_worker.py")
GAMES = 400


def _tournament(url: str, games: int) -> tuple[int, tuple[tuple[PlayerId, PlayerId], ...]]:
    """A Swiss tournament of 2 * `games` entrants with round 1 published."""
    settings = Settings(name="Race Open", country="NLD", start="2026-06-01", system="swiss")
    ids = [PlayerId(100000 + k) for k in range(2 * games)]
    pairs = tuple((ids[2 * k], ids[2 * k + 1]) for k in range(games))
    with open_store(url) as store:
        tid = create_tournament(store, Created(settings))
        with log_writer(store, tid, 1, actor="system:test") as w:
            for k, pid in enumerate(ids):
                w.append(Registered(pid, f"PLAYER{k}", "Test", "NLD", 1500))
            w.append(Paired(1, pairs))
    return tid, pairs


def _env() -> dict[str, str]:
    src = str(Path(__file__).resolve().parents[2] / "src")
    return {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}


@pytest.mark.slow
def test_two_processes_enter_200_results_each_all_400_stored_once(
    db_url: str, tmp_path: Path
) -> None:
    url = db_url
    tid, pairs = _tournament(url, GAMES)
    start = tmp_path / "go"
    half = GAMES // 2
    procs = [
        subprocess.Popen(
            [sys.executable, str(WORKER), url, str(start), str(a), str(b), name],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=_env(),
        )
        for a, b, name in ((0, half, "td-a"), (half, GAMES, "td-b"))
    ]
    for p, name in zip(procs, ("td-a", "td-b"), strict=True):  # both loaded, then both start
        ready = Path(f"{start}.{name}.ready")
        wait_for(ready.exists, f"{name} ready", process=p)
    began = time.perf_counter()
    start.touch()
    outputs = [p.communicate(timeout=600) for p in procs]
    elapsed = time.perf_counter() - began
    reports = []
    for (out, err), p in zip(outputs, procs, strict=True):
        assert p.returncode == 0, err
        assert "database is locked" not in out + err
        reports.append(json.loads(out.strip().splitlines()[-1]))
    assert [r["errors"] for r in reports] == [[], []]
    assert [r["conflicts"] for r in reports] == [0, 0]
    assert [r["entered"] for r in reports] == [half, half]
    with open_store(url) as store:
        log = load_log(store, tid)
    results = [x for x in log if isinstance(x.event, ResultEntered)]
    games = [(int(x.event.black), int(x.event.white)) for x in results]
    assert len(games) == GAMES and sorted(games) == sorted((int(b), int(w)) for b, w in pairs)
    assert [x.seq for x in log] == list(range(1, len(log) + 1))
    assert {x.actor for x in results} == {"cli:td-a", "cli:td-b"}
    # the writers really interleaved: each one's results are not a single block
    actors = [x.actor for x in results]
    switches = sum(1 for a, b in itertools.pairwise(actors) if a != b)
    assert switches > 1
    d = fold(tuple(x.event for x in log))
    assert d.play.state.rounds[0].complete
    print(f"race: {GAMES} results by 2 processes in {elapsed:.1f} s, {switches} switches")


def _correct(db: str, black: int, white: int, score: str, based_on: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from ratinglist.cli.app import main; main()",
            "tournament",
            "correct",
            "1",
            str(black),
            str(white),
            score,
            "--based-on",
            str(based_on),
            "--db",
            db,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(),
    )


@pytest.mark.slow
def test_two_processes_correcting_one_game_one_conflicts(db_url: str) -> None:
    db = url = db_url
    tid, pairs = _tournament(url, 4)
    (b, w), (b2, w2) = pairs[0], pairs[1]
    with open_store(url) as store, log_writer(store, tid, 10, actor="system:test") as writer:
        writer.append(ResultEntered("1", b, w, 40, 24))
        writer.append(ResultEntered("1", b2, w2, 30, 34))
    seen = 12
    procs = [_correct(db, b, w, s, seen) for s in ("33-31", "20-44")]
    done = [(p.wait(timeout=HANG_S), *p.communicate()) for p in procs]
    codes = sorted(code for code, _, _ in done)
    assert codes == [0, 1], done
    for _, out, err in done:
        assert "database is locked" not in out + err and "Traceback" not in err
    loser = next(err for code, _, err in done if code == 1)
    assert "conflicts" in loser and "nothing written" in loser
    with open_store(url) as store:
        log = load_log(store, tid)
    corrections = [x.event for x in log if isinstance(x.event, ResultCorrected)]
    assert len(log) == seen + 1 and len(corrections) == 1
    # a correction of another game based on the same old log is not a conflict (no race
    # left to run: the command in this process)
    command = ["tournament", "correct", "1", str(b2), str(w2), "35-29", "--based-on", str(seen)]
    other = CliRunner().invoke(app, [*command, "--db", db])
    forget_database(db)
    assert other.exit_code == 0, other.output
    with open_store(url) as store:
        log = load_log(store, tid)
    assert len(log) == seen + 2
    fixed = [x.event for x in log if isinstance(x.event, ResultCorrected)]
    assert [(int(x.black), int(x.white)) for x in fixed] == [(b, w), (b2, w2)]
