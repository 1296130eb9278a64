"""Reliability harness: 20 TD devices enter a 200-player, 7-round tournament at once (issue 10).

Usage: ``.venv/bin/python benchmarks/td_load.py [--json] [--backends sqlite,postgresql]
[--devices 20] [--players 200] [--rounds 7] [--workers 2] [--think-ms 1000] [--no-kill]
[--smoke]``

Bounded and loopback only. For each backend (an SQLite file; a throwaway PostgreSQL server
started by `tests.postgres_server`) and each of "no kill" / "kill": a fresh database gets
`players` registry players and an admin (the use cases of ``ratinglist users add|grant``); a real
``ratinglist serve --workers N`` (uvicorn) serves it on a free loopback port. A director
device creates the tournament and registers everyone; for each round it pairs, then the
devices (one thread and one signed-in session each) enter the round's results at once, each
its share of the tables. In the kill run the server's whole process group gets SIGKILL once
half the results of the middle round are acknowledged, and is started again; devices retry
what was not acknowledged (a retry the server already stored answers 409 / "already": it
counts acknowledged once).

Checks, from the stored event log (read with the store, outside the server): every
acknowledged result is present exactly once (`lost`, `duplicated`), every table of every
round has its result with the score the device sent, the log's numbers run 1..N without a
gap and no stored result is one the devices did not send (`half_written` counts the
exceptions), and the standings the API shows equal the standings a fresh fold of the
stored events gives (`standings_match`). ``--json`` prints a list, one object
per run: backend, kill, devices, results (acknowledged), lost, duplicated, p95_ms (result
entries answered 201, retries excluded), results_per_s (acknowledged results over the
wall time of the rounds' result bursts, the kill's restart included), and beside them
standings_match, expected (rounds x tables), half_written, restart_s (kill to answering),
think_ms, and server_p95_ms (the same entries as the server timed them: its
``Server-Timing`` header, from the request reaching the app to the response).

Think time (docs/decisions.md, "Issue 10: load"): a TD enters a result after reading a
slip and typing it, which takes seconds. By default each device pauses before each result
for a time drawn uniformly between 0 and 2 x ``--think-ms`` (mean 1,000 ms; a seeded
generator per device): 20 devices then send about 20 results a second, a 100-table round
in about 5 s, faster than any real tournament hall, and they do not send in lock-step (a
fixed pause made all 20 fire at the same instant every second, a burst no hall produces).
``--think-ms 0`` sends back to back, the worst case: a closed loop whose latency is mostly
the queue of 20 devices waiting for each other's writes (about devices / throughput).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

import httpx
import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.postgres_server import PostgresServer  # noqa: E402

PASSWORD = "td-load password"
USER = "td"
FIRST_ID = 900001
BIN = Path(sys.executable).parent
START_TIMEOUT_S = 120.0
REQUEST_TIMEOUT_S = 30.0
TLS = ssl.create_default_context()
"""The one TLS context of every client: a client made without one loads the CA bundle again
(about 25 ms of CPU), which the devices and the start's polling multiply."""


@dataclass(frozen=True, slots=True)
class Run:
    """One run's figures (the JSON object)."""

    backend: str
    kill: bool
    devices: int
    results: int
    lost: int
    duplicated: int
    p95_ms: float
    results_per_s: float
    standings_match: bool
    expected: int
    half_written: int
    restart_s: float
    think_ms: float
    server_p95_ms: float


@dataclass(slots=True)
class Tally:
    """What the devices saw, shared between threads under `lock`."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    acknowledged: dict[tuple[int, int], str] = field(default_factory=dict)
    latencies_ms: list[float] = field(default_factory=list)
    server_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def ack(
        self, key: tuple[int, int], score: str, ms: float | None, server: float | None = None
    ) -> None:
        with self.lock:
            if key in self.acknowledged:
                self.errors.append(f"round {key[0]} table {key[1]} acknowledged twice")
            self.acknowledged[key] = score
            if ms is not None:
                self.latencies_ms.append(ms)
            if server is not None:
                self.server_ms.append(server)


def server_ms(response: httpx.Response) -> float | None:
    """The application's own time for a response (its ``Server-Timing: app;dur=MS``)."""
    for part in response.headers.get("server-timing", "").split(","):
        name, _, rest = part.strip().partition(";dur=")
        if name == "app" and rest:
            return float(rest)
    return None


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def seed(url: str, players: int) -> None:
    """Registry players (IDs FIRST_ID...) and the admin user of the devices."""
    from sqlalchemy import insert

    from ratinglist.service.accounts import add_user, grant, parse_grant
    from ratinglist.service.actor import SYSTEM
    from ratinglist.store import open_store
    from ratinglist.store.schema import players as players_table

    rows = [
        {
            "id": FIRST_ID + k,
            "surname": f"LOAD{k:03d}",
            "firstname": "Test",
            "country": "NLD",
            "rating": 1200 + 3 * k,
            "origin": "td_load",
            "merged_into": None,
        }
        for k in range(players)
    ]
    with open_store(url) as store:
        with store.begin() as conn:
            conn.execute(insert(players_table), rows)
        add_user(store, USER, PASSWORD, SYSTEM)
        grant(store, USER, parse_grant("admin"), SYSTEM)


class Server:
    """A ``ratinglist serve`` subprocess in its own process group (killable as a whole)."""

    def __init__(self, url: str, workers: int, folder: Path, *, prerender: bool = True) -> None:
        self.url, self.workers, self.folder = url, workers, folder
        self.prerender = prerender
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def start(self) -> None:
        self.starts += 1
        log = (self.folder / f"serve-{self.starts}.log").open("wb")
        command = [str(BIN / "ratinglist"), "serve", "--db", self.url, "--port", str(self.port)]
        self.process = subprocess.Popen(
            [*command, "--workers", str(self.workers)]
            + ([] if self.prerender else ["--no-prerender"]),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + START_TIMEOUT_S
        with httpx.Client(timeout=2, verify=TLS) as http:
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise RuntimeError(f"the server exited: see {log.name}")
                try:
                    if http.get(self.base + "/readyz").status_code == 200:
                        return
                except httpx.HTTPError:
                    pass
                time.sleep(0.1)
        raise RuntimeError(f"the server did not answer within {START_TIMEOUT_S:.0f} s")

    def kill(self) -> None:
        """SIGKILL the whole process group (uvicorn's supervisor and its workers)."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


def sign_in(base: str) -> tuple[httpx.Client, dict[str, str]]:
    """A client signed in as the admin, and its CSRF header."""
    client = httpx.Client(base_url=base, timeout=REQUEST_TIMEOUT_S, verify=TLS)
    response = client.post("/api/v1/login", json={"username": USER, "password": PASSWORD})
    response.raise_for_status()
    return client, {"X-CSRF-Token": response.json()["csrf"]}


def score_of(round_no: int, table: int) -> str:
    """The disc score a device enters at a table (varied, deterministic, 64 discs)."""
    black = random.Random(round_no * 1000 + table).randint(14, 50)
    return f"{black}-{64 - black}"


def already(response: httpx.Response) -> bool:
    """True when the server says this game already has a result (a retry that was stored)."""
    return response.status_code == 409 or (
        response.status_code == 400 and "already" in response.text.lower()
    )


def device(
    client: httpx.Client,
    headers: dict[str, str],
    tid: int,
    round_no: int,
    tables: list[int],
    tally: Tally,
    restarted: threading.Event,
    think_s: float,
) -> None:
    """Enter the results of `tables` (pausing 0 to 2 x `think_s` before each, as a TD reads
    a slip and types); retry what is not acknowledged once `restarted`."""
    pause = random.Random(round_no * 100_003 + (tables[0] if tables else 0))
    pending = list(tables)
    while pending:
        retry: list[int] = []
        for table in pending:
            if think_s:
                time.sleep(pause.uniform(0, 2 * think_s))
            score = score_of(round_no, table)
            body = {"round": round_no, "table": table, "score": score}
            began = time.perf_counter()
            try:
                response = client.post(
                    f"/api/v1/td/tournaments/{tid}/results", json=body, headers=headers
                )
            except httpx.HTTPError:
                retry.append(table)
                continue
            ms = (time.perf_counter() - began) * 1000
            if response.status_code == 201:
                tally.ack((round_no, table), score, ms, server_ms(response))
            elif already(response) and restarted.is_set():
                tally.ack((round_no, table), score, None)
            elif response.status_code >= 500 or response.status_code == 503:
                retry.append(table)
            else:
                with tally.lock:
                    tally.errors.append(f"table {table}: {response.status_code} {response.text}")
        if retry:
            restarted.wait(timeout=START_TIMEOUT_S)
            time.sleep(0.2)
        pending = retry


@contextmanager
def database(backend: str, folder: Path, pg: PostgresServer | None, name: str) -> Iterator[str]:
    """A fresh database URL on `backend`."""
    if backend == "sqlite":
        yield f"sqlite:///{folder / (name + '.db')}"
        return
    assert pg is not None
    pg.execute(f"CREATE DATABASE {name}")
    yield pg.url(name)


Boards = dict[tuple[int, frozenset[int]], int]
"""(round, the two players) -> table number, as the API published the round."""


def stored_results(
    url: str, tid: int, boards: Boards
) -> tuple[Counter[tuple[int, int]], dict[tuple[int, int], str], list[int], int]:
    """From the store: how often each (round, table) has a result, its score, the log's
    numbers, and the results of games the API never published (should be none)."""
    from ratinglist.store import open_store
    from ratinglist.store.tournament_events import load_log
    from ratinglist.tournament.games.othello.events import ResultEntered

    with open_store(url) as store:
        log = load_log(store, tid)
    counts: Counter[tuple[int, int]] = Counter()
    scores: dict[tuple[int, int], str] = {}
    strays = 0
    for entry in log:
        event = entry.event
        if not isinstance(event, ResultEntered):
            continue
        table = boards.get((int(event.round), frozenset((int(event.black), int(event.white)))))
        if table is None:
            strays += 1
            continue
        key = (int(event.round), table)
        counts[key] += 1
        scores[key] = f"{event.black_discs}-{event.white_discs}"
    return counts, scores, [e.seq for e in log], strays


def run_one(
    backend: str, kill: bool, args: argparse.Namespace, folder: Path, pg: PostgresServer | None
) -> Run:
    """One run: a fresh database, a served app, the tournament, the checks."""
    from ratinglist.service.tournaments.views import standings
    from ratinglist.store import open_store

    name = f"load_{backend}_{'kill' if kill else 'calm'}"
    with database(backend, folder, pg, name) as url:
        seed(url, args.players)
        server = Server(url, args.workers, folder, prerender=not args.smoke)
        server.start()
        tally = Tally()
        boards: Boards = {}
        burst_s = restart_s = 0.0
        try:
            director, dh = sign_in(server.base)
            devices = [sign_in(server.base) for _ in range(args.devices)]
            created = director.post(
                "/api/v1/td/tournaments",
                json={
                    "name": f"Load Open {backend}",
                    "country": "Netherlands",
                    "start_date": "2026-11-21",
                    "rounds": args.rounds,
                    "system": "swiss",
                },
                headers=dh,
            )
            created.raise_for_status()
            tid = int(created.json()["id"])
            ids = [str(FIRST_ID + k) for k in range(args.players)]
            director.post(
                f"/api/v1/td/tournaments/{tid}/players", json={"players": ids}, headers=dh
            ).raise_for_status()
            kill_round = (args.rounds + 1) // 2
            for round_no in range(1, args.rounds + 1):
                paired = director.post(f"/api/v1/td/tournaments/{tid}/rounds", headers=dh)
                paired.raise_for_status()
                lines = paired.json()["tables"]
                tables = [int(t["table"]) for t in lines]
                for t in lines:
                    pair = frozenset((int(t["black"]["id"]), int(t["white"]["id"])))
                    boards[(round_no, pair)] = int(t["table"])
                share = [tables[k :: args.devices] for k in range(args.devices)]
                restarted = threading.Event()
                if not (kill and round_no == kill_round):
                    restarted.set()
                began = time.perf_counter()
                threads = [
                    threading.Thread(
                        target=device,
                        args=(c, h, tid, round_no, mine, tally, restarted, args.think_ms / 1000),
                    )
                    for (c, h), mine in zip(devices, share, strict=True)
                ]
                for t in threads:
                    t.start()
                if not restarted.is_set():
                    goal = sum(1 for k in tally.acknowledged if k[0] < round_no) + len(tables) // 2
                    while len(tally.acknowledged) < goal:
                        time.sleep(0.002)
                    down = time.perf_counter()
                    server.kill()
                    server.start()
                    restart_s = time.perf_counter() - down
                    restarted.set()
                for t in threads:
                    t.join()
                burst_s += time.perf_counter() - began
            shown = director.get(f"/api/v1/td/tournaments/{tid}/standings")
            shown.raise_for_status()
            api_lines = shown.json()["lines"]
            for client, _ in [*devices, (director, dh)]:
                client.close()
        finally:
            server.stop()
        if tally.errors:
            raise RuntimeError(f"{len(tally.errors)} device errors, first: {tally.errors[0]}")
        counts, scores, seqs, strays = stored_results(url, tid, boards)
        with open_store(url) as store:
            folded = standings(store, tid)
        fresh = [
            {"place": x.place, "id": int(x.player.id), "points": x.points, "bw": x.brightwell}
            for x in folded.lines
        ]
        seen = [
            {"place": x["place"], "id": int(x["player"]["id"]), "points": x["points"],
             "bw": x["brightwell"]}
            for x in api_lines
        ]  # fmt: skip
    acknowledged = tally.acknowledged
    lost = sum(1 for key in acknowledged if counts[key] == 0)
    duplicated = sum(n - 1 for n in counts.values() if n > 1)
    wrong = sum(1 for key, score in acknowledged.items() if scores.get(key, score) != score)
    expected = args.rounds * (args.players // 2)
    half_written = (0 if seqs == list(range(1, len(seqs) + 1)) else 1) + wrong
    half_written += strays + sum(1 for key in counts if key not in acknowledged)
    latencies = np.array(tally.latencies_ms)
    on_server = np.array(tally.server_ms)
    return Run(
        backend=backend,
        kill=kill,
        devices=args.devices,
        results=len(acknowledged),
        lost=lost,
        duplicated=duplicated,
        p95_ms=round(float(np.percentile(latencies, 95)), 1) if len(latencies) else 0.0,
        results_per_s=round(len(acknowledged) / burst_s, 1) if burst_s else 0.0,
        standings_match=fresh == seen,
        expected=expected,
        half_written=half_written,
        restart_s=round(restart_s, 1),
        think_ms=args.think_ms,
        server_p95_ms=round(float(np.percentile(on_server, 95)), 1) if len(on_server) else 0.0,
    )


def main(argv: list[str] | None = None) -> int:
    """Run the four runs (two backends, with and without the kill); print a table or JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--backends", default="sqlite,postgresql", help="comma-separated")
    parser.add_argument("--devices", type=int, default=20, help="simulated TD devices")
    parser.add_argument("--players", type=int, default=200, help="entrants (even)")
    parser.add_argument("--rounds", type=int, default=7, help="rounds")
    parser.add_argument("--workers", type=int, default=2, help="server worker processes")
    parser.add_argument("--no-kill", action="store_true", help="skip the SIGKILL runs")
    parser.add_argument(
        "--think-ms",
        type=float,
        default=1000.0,
        help="mean pause of a device before each result, drawn from 0 to twice this "
        "(default 1000: a fast TD; 0: back to back, the worst case)",
    )
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="a tiny run that checks the harness still works: the kill run only (every step "
        "of the calm one and the restart), on SQLite, 8 players, 3 rounds, 2 devices, 1 worker "
        "without the page renderer, no think time",
    )
    args = parser.parse_args(argv)
    if args.smoke:
        args.backends, args.devices, args.players, args.rounds = "sqlite", 2, 8, 3
        args.workers, args.think_ms = 1, 0.0
    kills = (True,) if args.smoke else (False,) if args.no_kill else (False, True)
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    runs: list[Run] = []
    pg: PostgresServer | None = None
    with tempfile.TemporaryDirectory(prefix="td-load-") as tmp:
        try:
            if "postgresql" in backends:
                pg = PostgresServer.start()
            for backend in backends:
                for kill in kills:
                    runs.append(run_one(backend, kill, args, Path(tmp), pg))
        finally:
            if pg is not None:
                pg.stop()
    if args.json:
        print(json.dumps([asdict(r) for r in runs], indent=2))
    else:
        print_table(runs)
    broken = [r for r in runs if r.lost or r.duplicated or r.half_written or not r.standings_match]
    if args.smoke and broken:
        sys.exit(f"td_load --smoke: a run lost, repeated or half-wrote results: {broken[0]}")
    return 0


def print_table(runs: list[Run]) -> None:
    """The runs as a table."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title="td_load: result entry through the TD API")
    columns: list[str] = list(asdict(runs[0])) if runs else []
    for column in columns:
        table.add_column(column, justify="right")
    for r in runs:
        table.add_row(*(str(v) for v in asdict(r).values()))
    Console(width=200).print(table)


if __name__ == "__main__":
    sys.exit(main())
