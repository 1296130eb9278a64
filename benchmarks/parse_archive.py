"""Parse every real .ELO file (read bytes, decode, parse) and print time and diagnostics.

Usage: .venv/bin/python benchmarks/parse_archive.py [--json] [--smoke] [FOLDER]

FOLDER defaults to the `wof_results` folder of the real data (``RATINGLIST_REAL_DATA`` or
``../shared/data/real``). Prints the file and game counts, the parse time (single process),
and per diagnostic code the number of files and of diagnostics. `--smoke` checks the
benchmark on one year of the archive (`smoke.SMOKE_YEAR`).
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

from ratinglist.formats.diagnostics import CODES
from ratinglist.formats.elo import read_elo
from smoke import smoke_archive, wof_results


def main(argv: list[str]) -> int:
    """Run the benchmark; print a table (or JSON with ``--json``)."""
    as_json = "--json" in argv
    args = [a for a in argv if a not in ("--json", "--smoke")]
    folder = Path(args[0]) if args else smoke_archive() if "--smoke" in argv else wof_results()
    paths = sorted(folder.rglob("*.ELO"))
    started, cpu_started = time.perf_counter(), time.process_time()
    results = [read_elo(p) for p in paths]
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - cpu_started
    games = sum(len(r.games) for r in results)
    excluded = sum(1 for r in results for g in r.games if g.excluded is not None)
    files_by_code: Counter[str] = Counter()
    count_by_code: Counter[str] = Counter()
    for r in results:
        found = Counter(d.code for d in r.diagnostics)
        count_by_code.update(found)
        files_by_code.update(found.keys())
    clean = sum(1 for r in results if not r.diagnostics)
    codes = {
        code: {
            "name": CODES[code][1],
            "files": files_by_code[code],
            "count": count_by_code[code],
        }
        for code in sorted(count_by_code)
    }
    summary: dict[str, object] = {
        "files": len(paths),
        "games": games,
        "excluded_games": excluded,
        "clean_files": clean,
        "seconds": round(seconds, 3),
        "cpu_seconds": round(cpu_seconds, 3),
        "codes": codes,
    }
    if as_json:
        print(json.dumps(summary, indent=2))
        return 0
    print(f"files {len(paths)}  games {games}  excluded {excluded}  clean files {clean}")
    print(f"read + decode + parse: {seconds:.2f} s wall, {cpu_seconds:.2f} s CPU (one process)")
    print(f"{'code':<6} {'name':<24} {'files':>6} {'count':>8}")
    for code, row in codes.items():
        print(f"{code:<6} {row['name']:<24} {row['files']:>6} {row['count']:>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
