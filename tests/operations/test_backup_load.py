"""Issue 24's acceptance: a backup taken while 20 TD devices enter results (the load of
`benchmarks/td_load.py`, against a real `ratinglist serve`) holds, once restored into a new
database, every result acknowledged before the backup started, and a consistent event log.

The backup runs as its own process while the server writes (as an admin's cron job); the
server runs without its page renderer (the pages it makes are no part of what is checked)
and the restore, a set-up of the checks, runs in the test's process (`ratinglist restore`
itself is tested in `test_backup.py`)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from typer.testing import CliRunner

from ratinglist.cli.app import app
from ratinglist.service.databases import forget_database
from tests.conftest import REPO
from tests.postgres_server import PostgresServer

DEVICES = 20
PLAYERS = 200
THINK_S = 1.0
"""Mean pause of a device before each result (td_load's default): about 20 results a second."""
BACKUP_AFTER = 20
"""The backup starts once this many results of the round are acknowledged."""


def _td_load() -> ModuleType:
    script = REPO / "benchmarks" / "td_load.py"
    spec = importlib.util.spec_from_file_location("td_load_for_backup", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


td = _td_load()


def ratinglist(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the real command line, as an admin's cron job would."""
    command = [str(Path(sys.executable).parent / "ratinglist"), *args]
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)


@pytest.fixture
def databases(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> Iterator[tuple[str, str]]:
    """The served database (new) and the one to restore into (new), on `backend`."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'served.db'}", f"sqlite:///{tmp_path / 'restored.db'}"
        return
    server: PostgresServer = request.getfixturevalue("postgres")
    names = [f"bk_served_{id(tmp_path)}", f"bk_restored_{id(tmp_path)}"]
    for name in names:
        server.execute(f"CREATE DATABASE {name}")
    yield server.url(names[0]), server.url(names[1])
    for name in names:
        server.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.mark.slow
def test_backup_during_load_holds_every_acknowledged_result(
    databases: tuple[str, str], tmp_path: Path
) -> None:
    served, restored = databases
    td.seed(served, PLAYERS)
    server = td.Server(served, 2, tmp_path, prerender=False)
    server.start()
    tally = td.Tally()
    boards: dict[Any, int] = {}
    backup_file = tmp_path / "during-load.rlbackup"
    try:
        director, dh = td.sign_in(server.base)
        devices = [td.sign_in(server.base) for _ in range(DEVICES)]
        created = director.post(
            "/api/v1/td/tournaments",
            json={
                "name": "Backup Open",
                "country": "Netherlands",
                "start_date": "2026-11-21",
                "rounds": 3,
                "system": "swiss",
            },
            headers=dh,
        )
        created.raise_for_status()
        tid = int(created.json()["id"])
        ids = [str(td.FIRST_ID + k) for k in range(PLAYERS)]
        director.post(
            f"/api/v1/td/tournaments/{tid}/players", json={"players": ids}, headers=dh
        ).raise_for_status()
        paired = director.post(f"/api/v1/td/tournaments/{tid}/rounds", headers=dh)
        paired.raise_for_status()
        lines = paired.json()["tables"]
        for t in lines:
            pair = frozenset((int(t["black"]["id"]), int(t["white"]["id"])))
            boards[(1, pair)] = int(t["table"])
        tables = [int(t["table"]) for t in lines]
        share = [tables[k::DEVICES] for k in range(DEVICES)]
        restarted = threading.Event()
        restarted.set()
        threads = [
            threading.Thread(target=td.device, args=(c, h, tid, 1, mine, tally, restarted, THINK_S))
            for (c, h), mine in zip(devices, share, strict=True)
        ]
        for t in threads:
            t.start()
        while len(tally.acknowledged) < BACKUP_AFTER:
            time.sleep(0.002)
        with tally.lock:
            before = dict(tally.acknowledged)
        done = ratinglist("backup", str(backup_file), "--db", served)
        with tally.lock:
            after_backup = len(tally.acknowledged)
        for t in threads:
            t.join()
        for client, _ in [*devices, (director, dh)]:
            client.close()
    finally:
        server.stop()
    assert done.returncode == 0, done.stderr
    assert not tally.errors, tally.errors[:3]
    # the devices went on entering results while the backup command ran
    assert len(before) < after_backup and len(tally.acknowledged) == len(tables)

    put_back = CliRunner().invoke(app, ["restore", str(backup_file), "--db", restored])
    forget_database(restored)
    assert put_back.exit_code == 0, put_back.output
    counts, scores, seqs, strays = td.stored_results(restored, tid, boards)
    missing = [key for key in before if counts[key] != 1]
    assert missing == [], f"acknowledged before the backup, missing from it: {missing}"
    assert all(scores[key] == score for key, score in before.items())
    # a consistent log: numbered 1..N without a gap, only results the devices sent, once each
    assert seqs == list(range(1, len(seqs) + 1))
    assert strays == 0
    assert all(n == 1 and tally.acknowledged.get(key) == scores[key] for key, n in counts.items())
