"""Time reading Go rating lists and OpenGotha files.

Usage: .venv/bin/python benchmarks/go_files.py [REAL_DATA_GO_DIR] [--json] [--repeat N]
[--smoke]

For the full FFG and AGA lists (``opengotha/ratinglists/``): read time, search-index build
time and one misspelled-name search (best of `--repeat`, default 3). For the OpenGotha
corpus (every ``*.xml`` under the four folders): read time of all files, write-then-read time
of all files, files and round-trip failures. REAL_DATA_GO_DIR defaults to
``$RATINGLIST_REAL_DATA/go`` (or ``../shared/data/real/go``). `--json` prints a list of
objects with ``item``, ``seconds`` and ``count``. `--smoke` checks the benchmark on a slice:
the FFG list only, the files of ``opengotha/`` and ``pairgoth/``, one run each.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from ratinglist.formats.go.lists import read_go_list_file
from ratinglist.formats.go.opengotha_document import (
    read_opengotha_document,
    read_opengotha_document_file,
)
from ratinglist.formats.go.opengotha_write import write_opengotha
from ratinglist.registry.go.search import GoListIndex
from smoke import real_data_dir

SEARCHES = {"ech_ffg_V3.txt": "Mikael Abadya", "tdlista.txt": "Glen Andersen"}
FOLDERS = ("opengotha-remote", "opengotha", "opengotha-rgf", "pairgoth")
SMOKE_LISTS = ("ech_ffg_V3.txt",)
SMOKE_FOLDERS = ("opengotha", "pairgoth")


def best(repeat: int, run: Callable[[], Any]) -> tuple[float, Any]:
    """The fastest of `repeat` runs and the last result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return min(times), result


def measure(
    folder: Path,
    repeat: int,
    lists: tuple[str, ...] = tuple(SEARCHES),
    folders: tuple[str, ...] = FOLDERS,
) -> list[dict[str, object]]:
    """One row per timed item: the rating `lists` (names in `SEARCHES`), the OpenGotha
    files of `folders`."""
    rows: list[dict[str, object]] = []
    for name in lists:
        query = SEARCHES[name]
        path = folder / "opengotha" / "ratinglists" / name
        seconds, read = best(repeat, lambda p=path: read_go_list_file(p))
        rows.append(
            {"item": f"read {name}", "seconds": seconds, "count": len(read.rating_list.players)}
        )
        players = read.rating_list.players
        seconds, index = best(repeat, lambda ps=players: GoListIndex(ps))
        rows.append({"item": f"index {name}", "seconds": seconds, "count": len(index)})
        seconds, found = best(repeat, lambda q=query, ix=index: ix.search(q, 3))
        rows.append({"item": f"search {query!r}", "seconds": seconds, "count": len(found)})
    files = [f for sub in folders for f in sorted((folder / sub).glob("*.xml"))]
    start = time.perf_counter()
    documents = [read_opengotha_document_file(f).document for f in files]
    rows.append(
        {
            "item": "read OpenGotha files",
            "seconds": time.perf_counter() - start,
            "count": len(files),
        }
    )
    start = time.perf_counter()
    failures = sum(
        read_opengotha_document(write_opengotha(d, dt.datetime(2024, 1, 1))).document != d
        for d in documents
    )
    rows.append(
        {
            "item": "write+read OpenGotha files",
            "seconds": time.perf_counter() - start,
            "count": len(files),
        }
    )
    rows.append({"item": "round-trip failures", "seconds": 0.0, "count": failures})
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=None)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--smoke", action="store_true", help="a slice, one run (a check)")
    args = parser.parse_args(argv)
    folder = args.folder or real_data_dir() / "go"
    if args.smoke:
        rows = measure(folder, 1, SMOKE_LISTS, SMOKE_FOLDERS)
    else:
        rows = measure(folder, args.repeat)
    if args.json:
        print(json.dumps(rows))
        return 0
    table = Table("item", "seconds", "count")
    for row in rows:
        table.add_row(str(row["item"]), f"{row['seconds']:.3f}", str(row["count"]))
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
