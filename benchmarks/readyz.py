"""How soon `ratinglist serve` answers ``/readyz``, start by start, and where a start's CPU goes.

Usage: .venv/bin/python benchmarks/readyz.py DB [DB ...] [--starts 3] [--workers N] [--json]
       .venv/bin/python benchmarks/readyz.py --smoke [--json]

Each start is made on a fresh copy of the SQLite database DB (with its -wal file; no page made
in advance, as after an import), polling ``/readyz`` every 20 ms from the moment the process
is started: READY is the wall time to its first 200, CPU the seconds serve and its workers had
used by then (Linux; the page renderer, started after READY, is left out), LOAD the 1-minute
load average at that moment. Then, in one fresh interpreter over another copy, the CPU seconds
of each phase of a start, in order: ``cli`` (importing the command and uvicorn), ``schema``
(the parent's schema check and probe of the database), ``preload`` (importing the application
and making its routes, what the parent does before it forks its workers), ``app`` (a worker
making its app over the database) and ``readyz`` (the app's first answer). Target (issue 38):
READY within 2 s on the real archive, whatever it holds (no list, one list, many). On a shared
machine the wall time mostly measures waiting for a core: report the load with the figures.
`--smoke` checks the benchmark on one year of the real archive (`smoke.smoke_database`): one
start, one worker, no page renderer (it would start after READY, only to be stopped).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from serve_start import POLL_S, RATINGLIST, TIMEOUT_S, server_cpu, stop
from serve_start import _get as get_status
from site_load import copy_database, free_port
from smoke import smoke_database

PHASES = ("cli", "schema", "preload", "app", "readyz")
PHASE_CHILD = r"""
import asyncio, json, os, sys, time

url = sys.argv[1]
os.environ["RATINGLIST_DB"] = url
os.environ["RATINGLIST_ACCESS_LOG"] = "0"
spent = {}
last = time.process_time()


def mark(name):
    global last
    now = time.process_time()
    spent[name] = round(now - last, 3)
    last = now


import uvicorn  # noqa: F401
import ratinglist.cli.serve as serve
from ratinglist.cli.workers import preload
mark("cli")
from ratinglist.service.databases import probe_database
from ratinglist.service.schema import schema_of
assert schema_of(url).is_current, "expected a database at this release's schema"
probe_database(url)
mark("schema")
preload([serve.PRELOAD])
mark("preload")
from ratinglist.web.app import create_app_from_env
app = create_app_from_env()
mark("app")


async def ask():
    sent = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
        "scheme": "http", "path": "/readyz", "raw_path": b"/readyz", "query_string": b"",
        "root_path": "", "headers": [(b"host", b"localhost")], "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
    }
    await app(scope, receive, send)
    return sent[0]["status"]


status = asyncio.run(ask())
mark("readyz")
print(json.dumps({"status": status, "cpu_s": spent}))
"""


@dataclass(frozen=True, slots=True)
class Start:
    """One start: wall seconds to the first 200 of ``/readyz``, the CPU seconds serve and
    its workers had used by then, and the 1-minute load average at that moment."""

    ready_s: float
    cpu_s: float
    load: float


def start_once(db: Path, workers: int | None, prerender: bool = True) -> Start:
    """Start `serve` on `db` (without the page renderer unless `prerender`), wait for
    ``/readyz`` 200, stop it."""
    port = free_port()
    command = [str(RATINGLIST), "serve", "--db", str(db), "--port", str(port)]
    command += ["--workers", str(workers)] if workers is not None else []
    command += [] if prerender else ["--no-prerender"]
    began = time.perf_counter()
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while get_status(f"http://127.0.0.1:{port}/readyz") != 200:
            if server.poll() is not None or time.perf_counter() - began > TIMEOUT_S:
                sys.exit(f"serve did not answer /readyz with 200 (exit {server.poll()})")
            time.sleep(POLL_S)
        ready = time.perf_counter() - began
        return Start(round(ready, 3), round(server_cpu(server.pid), 2), os.getloadavg()[0])
    finally:
        stop(server)


def phases(db: Path) -> dict[str, float]:
    """CPU seconds of each phase of a start (`PHASES`), in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", PHASE_CHILD, f"sqlite:///{db}"],
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"the phases could not be measured:\n{done.stderr[-2000:]}")
    found = json.loads(done.stdout.strip().splitlines()[-1])
    if found["status"] != 200:
        sys.exit(f"expected /readyz 200 in the phases, got {found['status']}")
    measured: dict[str, float] = found["cpu_s"]
    return measured


def measure(
    db: Path, starts: int, workers: int | None, prerender: bool = True
) -> dict[str, object]:
    """`starts` starts of `serve`, each on a fresh copy of `db`, then the phases of one."""
    made = []
    for _ in range(starts):
        with tempfile.TemporaryDirectory() as tmp:
            made.append(start_once(copy_database(db, Path(tmp)), workers, prerender))
    with tempfile.TemporaryDirectory() as tmp:
        spent = phases(copy_database(db, Path(tmp)))
    return {
        "db": db.name,
        "starts": [asdict(s) for s in made],
        "ready_max_s": max(s.ready_s for s in made),
        "phases_cpu_s": spent,
        "phases_total_cpu_s": round(sum(spent.values()), 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db", type=Path, nargs="*", help="SQLite databases at this schema")
    parser.add_argument("--starts", type=int, default=3, help="starts per database")
    parser.add_argument("--workers", type=int, default=None, help="default: serve's default")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--smoke", action="store_true", help="one year of the archive (a check)")
    args = parser.parse_args(argv)
    if not RATINGLIST.is_file():
        sys.exit(f"console script not found: {RATINGLIST} (run `make .venv/.installed`)")
    if args.smoke:
        with tempfile.TemporaryDirectory() as tmp:
            results = [measure(smoke_database(Path(tmp)), 1, 1, prerender=False)]
    else:
        missing = [str(db) for db in args.db if not db.is_file()]
        if not args.db or missing:
            sys.exit(f"expected SQLite database files, got {', '.join(missing) or 'none'}")
        results = [measure(db, max(1, args.starts), args.workers) for db in args.db]
    if args.json:
        print(json.dumps({"databases": results, "load_average": list(os.getloadavg())}))
        return 0
    print(f"{'database':<28} {'start':>5} {'READY s':>8} {'CPU s':>6} {'load':>6}")
    for result in results:
        for k, s in enumerate(result["starts"], 1):  # type: ignore[call-overload]
            print(
                f"{result['db']!s:<28} {k:>5} {s['ready_s']:>8.3f} {s['cpu_s']:>6.2f} "
                f"{s['load']:>6.2f}"
            )
    print()
    print(f"{'database':<28} " + " ".join(f"{p:>8}" for p in PHASES) + f" {'total':>8}")
    for result in results:
        spent: dict[str, float] = result["phases_cpu_s"]  # type: ignore[assignment]
        cells = " ".join(f"{spent[p]:>8.3f}" for p in PHASES)
        print(f"{result['db']!s:<28} {cells} {result['phases_total_cpu_s']:>8.3f}")
    print("(phases: CPU seconds in one fresh interpreter)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
