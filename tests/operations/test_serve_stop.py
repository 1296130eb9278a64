"""`ratinglist serve` stops within 10 s of SIGTERM whatever a worker is doing (issue 31,
item 2): here, answering a request whose body never ends (uvicorn alone waits for it for
ever)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.fixtures import seed_server
from tests.waiting import HANG_S, wait_for

STOP_S = 10.0


def _start(url: str, *options: str) -> tuple[subprocess.Popen[bytes], str]:
    command = [str(Path(sys.executable).parent / "ratinglist"), "serve", "--db", url]
    command += ["--port", "0", "--workers", "1", *options]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True
    )
    assert process.stdout is not None
    line = process.stdout.readline().decode()
    found = re.search(r"on (http://127\.0\.0\.1:\d+)/", line)
    assert found, line
    base = found.group(1)
    deadline = time.monotonic() + HANG_S
    with httpx.Client(timeout=5) as http:  # one client: each new one loads the CA bundle
        while True:
            try:
                if http.get(base + "/healthz").status_code == 200:
                    return process, base
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the server did not answer"
            time.sleep(0.1)


def _endless_upload(base: str, started: threading.Event) -> None:
    """POST /check with a chunked body that never ends (until the server goes away)."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=60) as conn:
        conn.sendall(
            b"POST /check HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\n\r\n"
        )
        started.set()
        try:
            while True:
                conn.sendall(b"5\r\ntext=\r\n")
                time.sleep(0.2)
        except OSError:
            return


@pytest.fixture
def seeded(tmp_path: Path) -> Iterator[str]:
    url = f"sqlite:///{tmp_path / 'stop.db'}"
    seed_server(url)
    yield url


def _stopped_within(process: subprocess.Popen[bytes], seconds: float) -> float:
    began = time.monotonic()
    process.send_signal(signal.SIGTERM)  # to serve only, as systemd's KillMode=mixed does
    try:
        process.wait(timeout=seconds + 20)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return time.monotonic() - began


@pytest.mark.parametrize("renderer", ["--no-prerender", "--prerender"])
def test_sigterm_during_a_request_that_never_ends(seeded: str, renderer: str) -> None:
    process, base = _start(seeded, renderer)
    started = threading.Event()
    client = threading.Thread(target=_endless_upload, args=(base, started), daemon=True)
    client.start()
    assert started.wait(30)
    time.sleep(1)  # the worker is reading the body
    took = _stopped_within(process, STOP_S)
    assert took < STOP_S, f"serve took {took:.1f} s to stop"
    # no process of the server is left: its group empties within the same bound (a signal
    # waited for, not a fixed pause)
    wait_for(lambda: not _group_alive(process.pid), "the server's group to empty", within_s=STOP_S)
    with pytest.raises(ProcessLookupError):
        os.killpg(process.pid, 0)


def _group_alive(group: int) -> bool:
    """Whether any process of the process group `group` is still running."""
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True
