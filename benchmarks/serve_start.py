"""How soon `ratinglist serve` answers after it starts, and how fast its first home page is.

Usage: .venv/bin/python benchmarks/serve_start.py DB [--repeats 3] [--workers N] [--json]
       .venv/bin/python benchmarks/serve_start.py --smoke [--json]

Copies the SQLite database DB (with its -wal file) to a temporary folder, then starts
`ratinglist serve` on the copy (a free port of 127.0.0.1) --repeats + 1 times, each time
polling every 20 ms from the moment the process is started: READY is the first 200 of
``/readyz`` (of ``/`` when the server has no ``/readyz``: 404), HOME the wall time of the
first request of the home page ``/`` sent right after. The first start finds no page made
in advance (as after an import or a publication while the server was down); before each
restart the benchmark waits until the previous server's background renderer has stored the
home page (the usual restart: same data, pages already made). Targets (issue 24): READY
within 2 s of start, HOME within 200 ms. Prints a table (median and slowest of the restarts,
and the first start) or, with --json, one object. Report the load average with the figures:
on a shared machine the wall time mostly measures waiting for a core. `--smoke` checks the
benchmark on a database of one year of the real archive (`smoke.smoke_database`, its list
published): one worker, the first start only, without the page renderer (it would only be
stopped): the table's restart lines are left empty.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path

from ratinglist.service.site import open_site
from ratinglist.service.site_pages import HOME_KEY, stored_site_page
from ratinglist.store import open_store
from site_load import copy_database, free_port
from smoke import smoke_database

RATINGLIST = Path(sys.executable).with_name("ratinglist")
POLL_S = 0.02
TIMEOUT_S = 120.0


@dataclass(frozen=True, slots=True)
class Start:
    """One start: seconds to the first READY 200, the path polled, the first home request,
    whether the home page was made in advance, and the CPU seconds the server's processes
    (serve and its workers, not the renderer) had used at READY (Linux; 0 elsewhere)."""

    ready_s: float
    ready_path: str
    home_s: float
    pages_made: bool
    cpu_s: float


def _get(url: str) -> int:
    """The status of a GET (0 when nothing answers yet)."""
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            answer.read()
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return 0


def _cpu_of(pid: int) -> tuple[float, int]:
    """(user + system CPU seconds, parent pid) of a process from /proc (0, 0 when gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0, 0
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks, int(fields[1])


def server_cpu(pid: int) -> float:
    """CPU seconds of `pid` and of its children that run Python's uvicorn workers (forked:
    same command line), leaving out the page renderer (another command line)."""
    total, _ = _cpu_of(pid)
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
        entries = list(Path("/proc").iterdir())
    except OSError:
        return total
    for entry in entries:
        if not entry.name.isdigit():
            continue
        cpu, parent = _cpu_of(int(entry.name))
        try:
            same = (entry / "cmdline").read_bytes() == command
        except OSError:
            continue
        if parent == pid and same:
            total += cpu
    return total


def home_made(url: str) -> bool:
    """True when the home page is stored at the database's current data version."""
    site = open_site(open_store(url))
    try:
        return stored_site_page(site, site.version(), HOME_KEY) is not None
    finally:
        site.close()


def start_once(
    db: Path, workers: int | None, prerender: bool = True
) -> tuple[Start, subprocess.Popen[bytes]]:
    """Start the server (without its page renderer unless `prerender`), time READY and the
    first home page; the server keeps running."""
    made = home_made(f"sqlite:///{db}")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [str(RATINGLIST), "serve", "--db", str(db), "--port", str(port)]
    if workers is not None:
        command += ["--workers", str(workers)]
    command += [] if prerender else ["--no-prerender"]
    began = time.perf_counter()
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    path = "/readyz"
    while True:
        status = _get(base + path)
        if status == 404 and path == "/readyz":
            path = "/"
            continue
        if status == 200:
            break
        if server.poll() is not None or time.perf_counter() - began > TIMEOUT_S:
            server.kill()
            sys.exit(f"the server did not answer {path} with 200 (exit {server.poll()})")
        time.sleep(POLL_S)
    ready = time.perf_counter() - began
    cpu = server_cpu(server.pid)
    sent = time.perf_counter()
    if _get(base + "/") != 200:
        server.kill()
        sys.exit("the home page did not answer 200")
    return Start(ready, path, time.perf_counter() - sent, made, cpu), server


def stop(server: subprocess.Popen[bytes]) -> None:
    """Stop a server and wait for it."""
    server.terminate()
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def measure(db: Path, repeats: int, workers: int | None, smoke: bool = False) -> list[Start]:
    """The first start on a copy of `db`, then `repeats` restarts (with `smoke`, the last
    start is made without the page renderer)."""
    starts = []
    with tempfile.TemporaryDirectory() as tmp:
        copy = copy_database(db, Path(tmp))
        for k in range(repeats + 1):
            start, server = start_once(copy, workers, prerender=not (smoke and k == repeats))
            starts.append(start)
            try:
                deadline = time.monotonic() + TIMEOUT_S
                while k < repeats and not home_made(f"sqlite:///{copy}"):
                    if time.monotonic() > deadline:
                        sys.exit("the renderer did not store the home page in time")
                    time.sleep(0.5)
            finally:
                stop(server)
    return starts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db", type=Path, nargs="?", help="an SQLite database, a list published")
    parser.add_argument("--repeats", type=int, default=3, help="restarts after the first start")
    parser.add_argument("--workers", type=int, default=None, help="default: serve's default")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--smoke", action="store_true", help="one year of the archive (a check)")
    args = parser.parse_args(argv)
    if not RATINGLIST.is_file():
        sys.exit(f"console script not found: {RATINGLIST} (run `make .venv/.installed`)")
    if args.smoke:
        with tempfile.TemporaryDirectory() as tmp:
            starts = measure(smoke_database(Path(tmp)), 0, 1, smoke=True)
    elif args.db is None or not args.db.is_file():
        sys.exit(f"expected an SQLite database file, got {args.db}")
    else:
        starts = measure(args.db, max(1, args.repeats), args.workers)
    first, restarts = starts[0], starts[1:]
    load = os.getloadavg()
    ready = [s.ready_s for s in restarts]
    home = [1000 * s.home_s for s in restarts]
    result = {
        "first_start": asdict(first),
        "restarts": [asdict(s) for s in restarts],
        "restart_ready_median_s": round(statistics.median(ready), 3) if ready else None,
        "restart_ready_max_s": round(max(ready), 3) if ready else None,
        "restart_home_median_ms": round(statistics.median(home), 1) if home else None,
        "restart_home_max_ms": round(max(home), 1) if home else None,
        "load_average": [round(x, 2) for x in load],
    }
    if args.json:
        print(json.dumps(result))
        return 0
    print(
        f"{'start':<24} {'ready path':>10} {'READY s':>8} {'CPU s':>6} {'HOME ms':>8} "
        f"{'home made':>9}"
    )
    for name, s in [("first (no pages made)", first)] + [
        (f"restart {k}", s) for k, s in enumerate(restarts, 1)
    ]:
        made = "yes" if s.pages_made else "no"
        print(
            f"{name:<24} {s.ready_path:>10} {s.ready_s:>8.3f} {s.cpu_s:>6.2f} "
            f"{1000 * s.home_s:>8.1f} {made:>9}"
        )
    if not restarts:
        print(f"no restarts; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        return 0
    print(
        f"restarts: READY median {result['restart_ready_median_s']} s, "
        f"max {result['restart_ready_max_s']} s; HOME median "
        f"{result['restart_home_median_ms']} ms, max {result['restart_home_max_ms']} ms; "
        f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
