"""Time the rating list page in a browser: seconds to the `load` event of `/` (issue 22:
at most 0.5 s), desktop (1280x900) and phone emulation (390x844, touch, 3x), in Debian's
chromium driven by Playwright.

Usage: .venv/bin/python benchmarks/list_load.py DB [--path /] [--tries 5] [--json]
       .venv/bin/python benchmarks/list_load.py --smoke [--json]

Serves the SQLite database DB (read as it is; use a copy if it must stay untouched) with the
app in this process on a free port of 127.0.0.1, loads the page once per context to warm the
server, then `--tries` times, and prints the minimum, median and maximum per device; --json
prints one object. Prepare DB with the README's real-archive recipe (a published list).
`--smoke` checks the benchmark on a database of one year of the real archive
(`smoke.smoke_database`, its list published), one try without the warm-up load, in Debian's
chromium-headless-shell where it is installed (half chromium's CPU; the smoke checks the code
path, not the time).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import uvicorn
from rich.console import Console
from rich.table import Table

from ratinglist.web.app import create_app
from smoke import smoke_database

CHROMIUM = "/usr/bin/chromium"
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]
DEVICES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 3,
    },
}
LOAD_TIME = (
    "() => { const n = performance.getEntriesByType('navigation')[0];"
    " return (n.loadEventEnd - n.startTime) / 1000; }"
)
"""Seconds from the start of the navigation to the end of the `load` event."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def measure(
    db: Path, path: str, tries: int, *, warm_up: bool = True, executable: str = CHROMIUM
) -> dict[str, list[float]]:
    """Seconds to `load` of `path` per device in `executable`, `tries` loads each (after one
    warm-up load with `warm_up`)."""
    from playwright.sync_api import sync_playwright

    port = _free_port()
    app = create_app(f"sqlite:///{db.resolve()}")
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        if time.monotonic() > deadline:
            raise SystemExit("the server did not start within 60 s")
        time.sleep(0.05)
    url = f"http://127.0.0.1:{port}{path}"
    found: dict[str, list[float]] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=executable, args=ARGS, headless=True)
            try:
                for name, options in DEVICES.items():
                    context = browser.new_context(**options)
                    page = context.new_page()
                    if warm_up:
                        page.goto(url, wait_until="load")
                    times = []
                    for _ in range(tries):
                        page.goto(url, wait_until="load")
                        times.append(float(page.evaluate(LOAD_TIME)))
                    found[name] = times
                    context.close()
            finally:
                browser.close()
    finally:
        server.should_exit = True
        thread.join(timeout=10)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db", type=Path, nargs="?")
    parser.add_argument("--path", default="/")
    parser.add_argument("--tries", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--smoke", action="store_true", help="one year of the archive (a check)")
    args = parser.parse_args(argv)
    if args.smoke:
        with tempfile.TemporaryDirectory() as tmp:
            shell = HEADLESS_SHELL if Path(HEADLESS_SHELL).exists() else CHROMIUM
            found = measure(
                smoke_database(Path(tmp)), args.path, 1, warm_up=False, executable=shell
            )
    elif args.db is None or not args.db.is_file():
        raise SystemExit(f"{args.db}: expected an SQLite database file")
    else:
        found = measure(args.db, args.path, args.tries)
    load = os.getloadavg()[0]
    summary = {
        name: {
            "min_s": round(min(t), 3),
            "median_s": round(statistics.median(t), 3),
            "max_s": round(max(t), 3),
        }
        for name, t in found.items()
    }
    if args.json:
        print(json.dumps({"path": args.path, "load_average": round(load, 2), **summary}))
        return 0
    table = Table(title=f"{args.path}: seconds to the load event (load average {load:.2f})")
    for column in ("device", "min", "median", "max"):
        table.add_column(column, justify="left" if column == "device" else "right")
    for name, row in summary.items():
        table.add_row(name, *(f"{row[k]:.3f}" for k in ("min_s", "median_s", "max_s")))
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
