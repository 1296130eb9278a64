"""`ratinglist serve` forks its workers from one parent (`cli.workers`): a worker that dies is
replaced, and stopping `serve` stops every worker."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.waiting import HANG_S, wait_for
from tests.web.site_fixture import build_site_db


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _workers(parent: int) -> set[int]:
    """The children of `parent` running its own command line (forked, not exec'd)."""
    command = Path(f"/proc/{parent}/cmdline").read_bytes()
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            same = (entry / "cmdline").read_bytes() == command
        except OSError:
            continue
        if int(stat[1]) == parent and same and stat[0] != "Z":
            found.add(int(entry.name))
    return found


def _until(check: object, what: str) -> None:
    wait_for(check, what)  # type: ignore[arg-type]


def _answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/tournaments", timeout=10) as r:
            return int(r.status) == 200
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds the workers in /proc")
def test_a_dead_worker_is_replaced_and_stopping_serve_stops_every_worker(tmp_path: Path) -> None:
    db = build_site_db(tmp_path, f"sqlite:///{tmp_path / 'site.db'}")
    port = _free_port()
    ratinglist = str(Path(sys.executable).with_name("ratinglist"))
    command = [ratinglist, "serve", "--db", db, "--port", str(port), "--workers", "2"]
    server = subprocess.Popen([*command, "--no-prerender"], stdout=subprocess.DEVNULL)
    try:
        _until(lambda: _answers(port), "an answer")
        _until(lambda: len(_workers(server.pid)) == 2, "two workers")
        first = _workers(server.pid)
        victim = min(first)
        os.kill(victim, signal.SIGKILL)
        _until(lambda: len(_workers(server.pid) - first) == 1, "a new worker")
        assert victim not in _workers(server.pid)
        assert _answers(port)
        workers = _workers(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=HANG_S)
    assert server.returncode is not None
    for pid in workers:
        _until(lambda pid=pid: not Path(f"/proc/{pid}").exists(), f"worker {pid} gone")
