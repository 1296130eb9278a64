"""Time parsing and importing a results archive into a fresh SQLite file.

Usage: .venv/bin/python benchmarks/import_archive.py ARCHIVE_DIR [--json] [--workers N]
       .venv/bin/python benchmarks/import_archive.py --smoke [--json]

Prints parse-only time (every file read and parsed in this process, as the import does),
import time into a fresh SQLite file in a temporary folder (parse included; `--workers`
parsing processes, default: the importer's choice), games stored, games per second and peak
memory (largest resident set of this process or a parsing worker). `--json` prints one
object with keys parse_s, import_s, games, games_per_s, peak_mb, files, workers. `--smoke`
checks the benchmark on one year of the real archive (`smoke.SMOKE_YEAR`).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from ratinglist.store import collect_elo_files, import_paths, open_store
from ratinglist.store.importer import default_workers
from ratinglist.store.parsed import parse_for_import
from smoke import smoke_archive


def peak_mb() -> float:
    """Largest resident set so far of this process or any finished child, in MB (Linux KB)."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, children) / 1024


def measure(archive: Path, workers: int | None) -> dict[str, float | int]:
    """Parse-only time, then a full import into a fresh SQLite file."""
    files = collect_elo_files([archive])
    start = time.perf_counter()
    parsed_games = sum(len(parse_for_import(str(p)).games) for p in files)
    parse_s = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(f"sqlite:///{Path(folder) / 'bench.db'}")
        try:
            start = time.perf_counter()
            summary = import_paths(store, [archive], workers=workers)
            import_s = time.perf_counter() - start
        finally:
            store.close()
    return {
        "files": len(files),
        "workers": default_workers(len(files)) if workers is None else workers,
        "parsed_games": parsed_games,
        "parse_s": round(parse_s, 2),
        "import_s": round(import_s, 2),
        "games": summary.games,
        "games_per_s": round(summary.games / import_s) if import_s else 0,
        "peak_mb": round(peak_mb(), 1),
    }


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("archive", type=Path, nargs="?")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--workers", type=int, default=None, help="parsing processes")
    parser.add_argument("--smoke", action="store_true", help="one year of the real archive")
    args = parser.parse_args(argv)
    if args.smoke and args.archive is None:
        args.archive = smoke_archive()
    if args.archive is None:
        parser.error("expected ARCHIVE_DIR (or --smoke)")
    if not args.archive.is_dir():
        sys.exit(f"error: expected an archive folder, got '{args.archive}'")
    result = measure(args.archive, args.workers)
    if args.json:
        print(json.dumps(result))
        return 0
    table = Table(title=f"Import of {args.archive}")
    table.add_column("measure")
    table.add_column("value", justify="right")
    rows = [
        ("files", f"{result['files']:,}"),
        ("parse only (s)", f"{result['parse_s']:.2f}"),
        ("import, fresh SQLite (s)", f"{result['import_s']:.2f}"),
        ("parsing workers", str(result["workers"])),
        ("games stored", f"{result['games']:,}"),
        ("games/s", f"{result['games_per_s']:,}"),
        ("peak memory (MB)", f"{result['peak_mb']:.0f}"),
    ]
    for name, value in rows:
        table.add_row(name, value)
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
