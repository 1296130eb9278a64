"""Load the public site: 50 concurrent clients on 127.0.0.1 for a bounded time.

Usage: .venv/bin/python benchmarks/site_load.py DB [--clients 50] [--seconds 30]
       [--warmup 5] [--workers N] [--json]
       .venv/bin/python benchmarks/site_load.py --smoke [--json]

Copies the SQLite database DB (with its -wal file) to a temporary folder, serves the copy with
`ratinglist serve` (its defaults unless --workers is given) on a free port of 127.0.0.1, and
drives it with --clients asyncio clients (aiohttp, keep-alive, gzip accepted and not
decompressed, so that the client, which shares the machine's cores, costs less) that request
without pause for --seconds after --warmup seconds whose requests are not counted. Each
client takes the page kinds in turn: the rating list, a list filtered by a random country,
a random listed player's page, a random tournament page, a random page of the tournaments
list (random sort), a random page of the API list entries. Prints requests per second and
p50/p95/p99 latency per page kind and overall, and the compressed size of the full list
page; --json prints one object. Only loopback traffic; the server is stopped at the end.

Preparing DB: the real archive imported, the monthly history computed, the latest list
published, then its pages made in advance once, as `ratinglist serve` does in the background:
``python -m ratinglist.web.prerender --db sqlite:///DB`` (minutes; the copy carries them).
Without that step the run measures a server whose renderer is still making them. `--smoke`
checks the benchmark on a database of one year of the real archive (`smoke.smoke_database`,
its list published): 2 clients, one worker without the page renderer, 0.4 s after 0.2 s of
warm-up (a few requests of each page kind).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp
import numpy as np
from rich.console import Console
from rich.table import Table

from smoke import smoke_database

KINDS = ("list", "filtered list", "player page", "tournament page", "tournaments list", "API list")


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def copy_database(db: Path, folder: Path) -> Path:
    """Copy the SQLite file and its WAL into `folder`."""
    target = folder / db.name
    for suffix in ("", "-wal"):
        source = db.with_name(db.name + suffix)
        if source.exists():
            shutil.copyfile(source, target.with_name(target.name + suffix))
    return target


def start_server(
    db: Path, port: int, workers: int | None, *, prerender: bool = True
) -> subprocess.Popen[bytes]:
    """`ratinglist serve` on the copy, in its own process (`prerender`: with its page
    renderer, as deployed), its output (the access log) in ``serve.log`` beside the copy: a
    pipe nobody reads fills after a few hundred requests and then blocks the server."""
    command = [
        str(Path(sys.executable).with_name("ratinglist")),
        "serve",
        "--db",
        str(db),
        "--port",
        str(port),
    ]
    if workers is not None:
        command += ["--workers", str(workers)]
    if not prerender:
        command.append("--no-prerender")
    with (db.parent / "serve.log").open("wb") as log:
        return subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)


async def wait_ready(base: str, timeout: float = 60.0) -> None:
    """Until the list page answers 200."""
    deadline = time.monotonic() + timeout
    async with aiohttp.ClientSession() as session:
        while time.monotonic() < deadline:
            try:
                async with session.get(base + "/api/v1/lists") as answer:
                    if answer.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.2)
    raise SystemExit(f"the server at {base} did not answer within {timeout:.0f} s")


async def targets(base: str) -> dict[str, list[str]]:
    """The URLs each page kind draws from (player IDs, tournaments, countries from the API)."""
    async with aiohttp.ClientSession() as session:

        async def get(url: str) -> dict[str, object]:
            async with session.get(base + url) as answer:
                answer.raise_for_status()
                data: dict[str, object] = await answer.json()
                return data

        first = await get("/api/v1/lists/latest/entries?limit=1000")
        total = int(str(first["total"]))
        entries = list(first["entries"])  # type: ignore[call-overload]
        for offset in range(1000, total, 1000):
            page = await get(f"/api/v1/lists/latest/entries?limit=1000&offset={offset}")
            entries += list(page["entries"])  # type: ignore[call-overload]
        tours = await get("/api/v1/tournaments?limit=1000")
        tour_total = int(str(tours["total"]))
        tour_ids = [int(t["id"]) for t in tours["tournaments"]]  # type: ignore[attr-defined]
        for offset in range(1000, tour_total, 1000):
            page = await get(f"/api/v1/tournaments?limit=1000&offset={offset}")
            tour_ids += [int(t["id"]) for t in page["tournaments"]]  # type: ignore[attr-defined]
    countries = sorted({str(e["country"]) for e in entries})
    players = [int(e["player_id"]) for e in entries]
    pages = max(1, (tour_total + 49) // 50)
    return {
        "list": ["/"],
        "filtered list": [f"/?c={c}" for c in countries],
        "player page": [f"/players/{p}" for p in players],
        "tournament page": [f"/tournaments/{t}" for t in tour_ids],
        "tournaments list": [
            f"/tournaments?sort={s}&order={o}&page={p}"
            for s in ("date", "name", "country")
            for o in ("asc", "desc")
            for p in range(1, min(pages, 20) + 1)
        ],
        "API list": [
            f"/api/v1/lists/latest/entries?limit=100&offset={o}" for o in range(0, total, 100)
        ],
    }


async def drive(
    base: str,
    urls: dict[str, list[str]],
    clients: int,
    warmup: float,
    seconds: float,
    seed: int = 1,
) -> tuple[dict[str, list[float]], dict[str, int], float]:
    """Run the clients; latencies (s) and errors per kind during the measured window."""
    latencies: dict[str, list[float]] = {k: [] for k in KINDS}
    errors: dict[str, int] = dict.fromkeys(KINDS, 0)
    start = time.monotonic()
    measure_from = start + warmup
    stop = measure_from + seconds
    connector = aiohttp.TCPConnector(limit=clients)
    timeout = aiohttp.ClientTimeout(total=30)

    async def client(k: int, session: aiohttp.ClientSession) -> None:
        rng = random.Random(seed * 1000 + k)
        turn = k
        while (now := time.monotonic()) < stop:
            kind = KINDS[turn % len(KINDS)]
            turn += 1
            url = base + rng.choice(urls[kind])
            t0 = time.perf_counter()
            ok = False
            try:
                async with session.get(url) as answer:
                    await answer.read()
                    ok = answer.status == 200
            except (aiohttp.ClientError, TimeoutError):
                ok = False
            elapsed = time.perf_counter() - t0
            if now >= measure_from and time.monotonic() <= stop:
                latencies[kind].append(elapsed)
                if not ok:
                    errors[kind] += 1

    async with aiohttp.ClientSession(
        connector=connector,
        timeout=timeout,
        auto_decompress=False,
        headers={"Accept-Encoding": "gzip"},
    ) as session:
        await asyncio.gather(*(client(k, session) for k in range(clients)))
    return latencies, errors, seconds


async def list_size(base: str) -> tuple[int, int]:
    """(bytes, gzip bytes) of the full list page."""
    async with aiohttp.ClientSession(auto_decompress=False) as session:
        async with session.get(base + "/", headers={"Accept-Encoding": "gzip"}) as answer:
            compressed = len(await answer.read())
        async with session.get(base + "/", headers={"Accept-Encoding": "identity"}) as answer:
            plain = len(await answer.read())
    return plain, compressed


def summarise(
    latencies: dict[str, list[float]], errors: dict[str, int], seconds: float
) -> dict[str, dict[str, float]]:
    """Per kind and overall: requests, errors, requests/s, p50/p95/p99 in ms."""
    rows: dict[str, dict[str, float]] = {}
    everything: list[float] = []
    for kind in KINDS:
        values = np.array(latencies[kind]) * 1000.0
        everything += latencies[kind]
        rows[kind] = _row(values, errors[kind], seconds)
    rows["all"] = _row(np.array(everything) * 1000.0, sum(errors.values()), seconds)
    return rows


def _row(values: np.ndarray, errors: int, seconds: float) -> dict[str, float]:
    if len(values) == 0:
        return {"requests": 0, "errors": errors, "rps": 0.0, "p50": 0.0, "p95": 0.0, "p99": 0.0}
    p50, p95, p99 = np.percentile(values, [50, 95, 99])
    return {
        "requests": len(values),
        "errors": errors,
        "rps": len(values) / seconds,
        "p50": float(p50),
        "p95": float(p95),
        "p99": float(p99),
    }


def run(args: argparse.Namespace, report: Callable[[str], None]) -> dict[str, object]:
    """Copy, serve, load, stop; the measured figures."""
    with tempfile.TemporaryDirectory(prefix="site-load-") as folder:
        copy = copy_database(Path(args.db), Path(folder))
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = start_server(copy, port, args.workers, prerender=not args.smoke)
        try:
            asyncio.run(wait_ready(base))
            urls = asyncio.run(targets(base))
            report(
                f"serving a copy of {args.db} at {base}; {len(urls['player page']):,} players, "
                f"{len(urls['tournament page']):,} tournaments; {args.clients} clients, "
                f"{args.warmup:g} s warm-up + {args.seconds:g} s measured"
            )
            latencies, errors, seconds = asyncio.run(
                drive(base, urls, args.clients, args.warmup, args.seconds)
            )
            plain, compressed = asyncio.run(list_size(base))
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
    return {
        "clients": args.clients,
        "seconds": args.seconds,
        "workers": args.workers,
        "list_page_bytes": plain,
        "list_page_gzip_bytes": compressed,
        "kinds": summarise(latencies, errors, seconds),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "db", nargs="?", help="SQLite database file (imported, rated, lists published)"
    )
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--workers", type=int, default=None, help="default: serve's default")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--smoke", action="store_true", help="one year of the archive (a check)")
    args = parser.parse_args(argv)
    console = Console()
    report = (lambda _: None) if args.json else console.print
    if args.smoke:
        args.clients, args.seconds, args.warmup, args.workers = 2, 0.4, 0.2, 1
        with tempfile.TemporaryDirectory() as tmp:
            args.db = str(smoke_database(Path(tmp)))
            result = run(args, report)
    elif args.db is None:
        parser.error("expected DB (or --smoke)")
    else:
        result = run(args, report)
    if args.json:
        print(json.dumps(result))
        return 0
    table = Table(title=f"Site under {args.clients} concurrent clients ({args.seconds:g} s)")
    for column in ("page kind", "requests", "errors", "req/s", "p50 ms", "p95 ms", "p99 ms"):
        table.add_column(column, justify="left" if column == "page kind" else "right")
    kinds = result["kinds"]
    assert isinstance(kinds, dict)
    for kind, row in kinds.items():
        table.add_row(
            kind,
            f"{row['requests']:,}",
            str(row["errors"]),
            f"{row['rps']:.1f}",
            f"{row['p50']:.1f}",
            f"{row['p95']:.1f}",
            f"{row['p99']:.1f}",
        )
    console.print(table)
    console.print(
        f"full list page: {result['list_page_bytes']:,} bytes, "
        f"{result['list_page_gzip_bytes']:,} gzip-compressed"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
