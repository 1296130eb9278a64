"""Time the Go rating archive: import the real Go files, rate them by the EGF GoR, run the
contest on Go games.

Usage: .venv/bin/python benchmarks/go_rating.py [REAL_DATA_GO_DIR] [--json] [--smoke]

Imports every OpenGotha XML, ``.h9`` and ``.tou`` under REAL_DATA_GO_DIR (default
``$RATINGLIST_REAL_DATA/go`` or ``../shared/data/real/go``) into a fresh SQLite database in a
temporary folder, then times the GoR of the whole archive, the Go list (`rate --game go`)
and the contest (`evaluate --game go`: 3 systems x 6 candidates). `--json` prints a list of
objects with ``item``, ``seconds`` and ``count``. `--smoke` checks the benchmark on the
``opengotha/`` and ``pairgoth/`` folders only.

Measured (2 shared cores under load, 794 files, 13,327 rated games): import 14 s, loading
the games 0.4 s, GoR 0.1 s, the Go list 1.1 s, the contest 8 s.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from ratinglist.rating.go.gor import rate_gor
from ratinglist.service.go.archive import import_go_archive
from ratinglist.service.go.rating import archive_games, evaluate_go, go_rating_list
from ratinglist.store.database import open_store
from smoke import real_data_dir

SMOKE_FOLDERS = ("opengotha", "pairgoth")


def measure(folders: list[Path], database: Path, contest: bool) -> list[dict[str, object]]:
    """One row per timed step."""
    rows: list[dict[str, object]] = []
    store = open_store(f"sqlite:///{database}")
    try:
        start = time.perf_counter()
        summary = import_go_archive(store, folders)
        rows.append(
            {
                "item": "import",
                "seconds": time.perf_counter() - start,
                "count": len(summary.results),
            }
        )
        start = time.perf_counter()
        games = archive_games(store).games
        rows.append(
            {"item": "load games", "seconds": time.perf_counter() - start, "count": len(games)}
        )
        start = time.perf_counter()
        state = rate_gor(games)
        rows.append(
            {"item": "GoR", "seconds": time.perf_counter() - start, "count": len(state.ratings)}
        )
        start = time.perf_counter()
        listed = go_rating_list(store)
        rows.append(
            {"item": "Go list", "seconds": time.perf_counter() - start, "count": len(listed.rows)}
        )
        if contest:
            start = time.perf_counter()
            report = evaluate_go(store, dt.date.fromordinal(int(games.day[len(games) // 2])))
            rows.append(
                {
                    "item": "contest",
                    "seconds": time.perf_counter() - start,
                    "count": report.test_games,
                }
            )
    finally:
        store.close()
    return rows


def main(argv: list[str] | None = None) -> int:
    """Parse the options, measure, print."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=None)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--smoke", action="store_true", help="two small folders (a check)")
    args = parser.parse_args(argv)
    root = args.folder or real_data_dir() / "go"
    folders = [root / name for name in SMOKE_FOLDERS] if args.smoke else [root]
    with tempfile.TemporaryDirectory() as tmp:
        rows = measure(folders, Path(tmp) / "go.db", contest=not args.smoke)
    if args.json:
        print(json.dumps(rows))
        return 0
    table = Table(title="Go rating archive")
    for name in ("item", "seconds", "count"):
        table.add_column(name, justify="left" if name == "item" else "right")
    for row in rows:
        table.add_row(str(row["item"]), f"{row['seconds']:.3f}", str(row["count"]))
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
