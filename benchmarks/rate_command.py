"""Time `ratinglist rate` end to end on an SQLite store of the real archive.

Usage: ``.venv/bin/python benchmarks/rate_command.py [--json] [--db PATH] [--repeat N]
[--profile exact|wof] [--smoke]``

The real archive is imported once into a temporary database (or ``--db`` is reused; imported
when it holds no tournament, with the received days of `wof_fidelity.ARCHIVE_LAGS`). Then
``ratinglist rate --as-of 2026-05-12 --exclude-sender 'rating committee|unofficial|scrape'
--csv FILE --json`` (profile exact, target <= 10 s) or ``ratinglist rate --as-of 2026-05-12
--profile wof --csv FILE --json`` (target <= 60 s) runs `--repeat` times as a separate
process: the wall time includes interpreter start-up, opening the store, loading the games,
the fit, storing the ~12,000 entries and writing the CSV. The command's own ``seconds``
(load + fit + store) is reported too. JSON keys: ``profile, games, rated, listed,
iterations, best_s, median_s, inner_s, target_s``. ``--smoke`` checks the benchmark on one
year of the archive (`smoke.SMOKE_YEAR`), one run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from smoke import smoke_archive
from wof_fidelity import DEFAULT_PATTERN, prepare_store, real_data_dir

AS_OF = "2026-05-12"
TARGETS_S = {"exact": 10.0, "wof": 60.0}
EXECUTABLE = Path(sys.executable).with_name("ratinglist")


def run_once(db: Path, csv_file: Path, profile: str) -> tuple[float, dict[str, Any]]:
    """One `ratinglist rate` process: wall seconds and its JSON summary."""
    selection = ["--exclude-sender", DEFAULT_PATTERN] if profile == "exact" else []
    command = [
        str(EXECUTABLE),
        "rate",
        "--as-of",
        AS_OF,
        "--profile",
        profile,
        *selection,
        "--csv",
        str(csv_file),
        "--json",
        "--db",
        str(db),
    ]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return time.perf_counter() - start, json.loads(done.stdout)


def measure(
    db: Path, repeat: int, profile: str = "exact", archive: Path | None = None
) -> dict[str, Any]:
    """Import when needed (the real archive, or the folder `archive`), then time `repeat`
    runs."""
    store, _ = prepare_store(db, real_data_dir(), archive)
    store.close()
    walls: list[float] = []
    summary: dict[str, Any] = {}
    for _ in range(repeat):
        wall, summary = run_once(db, db.with_suffix(".csv"), profile)
        walls.append(wall)
    return {
        "profile": profile,
        "games": summary["games"],
        "rated": summary["rated"],
        "listed": summary["listed"],
        "iterations": summary["iterations"],
        "best_s": round(min(walls), 2),
        "median_s": round(statistics.median(walls), 2),
        "inner_s": summary["seconds"],
        "target_s": TARGETS_S[profile],
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print a table or JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--db", type=Path, help="reuse (or fill) this SQLite database")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs")
    parser.add_argument("--profile", choices=sorted(TARGETS_S), default="exact")
    parser.add_argument("--smoke", action="store_true", help="one year, one run (a check)")
    args = parser.parse_args(argv)
    archive = smoke_archive() if args.smoke else None
    if args.smoke:
        args.repeat = 1
    if not real_data_dir().is_dir():
        print(f"real data not found at {real_data_dir()}", file=sys.stderr)
        return 1
    if args.db is not None:
        result = measure(args.db, args.repeat, args.profile, archive)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            result = measure(Path(tmp) / "wof.db", args.repeat, args.profile, archive)
    if args.json:
        print(json.dumps(result))
        return 0
    print(
        f"{'profile':<7} {'games':>8} {'rated':>6} {'listed':>6} {'steps':>6} {'best s':>7} "
        f"{'median s':>8} {'inner s':>7}"
    )
    print(
        f"{result['profile']:<7} {result['games']:>8,} {result['rated']:>6,} "
        f"{result['listed']:>6,} {result['iterations']:>6,} "
        f"{result['best_s']:>7.2f} {result['median_s']:>8.2f} {result['inner_s']:>7.2f}"
        f"   (target <= {result['target_s']:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
