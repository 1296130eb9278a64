"""Time the rating officer's web computation (a rating job) on an SQLite store of the real
archive, phase by phase, and how long it holds the database's write lock.

Usage: ``.venv/bin/python benchmarks/rating_job.py [--json] [--db PATH] [--smoke]``

The real archive is imported once into a temporary database (or ``--db`` is reused, imported
when it holds no tournament). Then `request_list` records a job as of 2026-05-12 and
`run_job` computes it as the web does in the background (through `compute_list`, the call
behind ``ratinglist rate``), its phases timed from the job's own progress. ``write_lock_s``
is the phase that writes (storing the list): the only time other writers of the site wait,
the fit itself runs outside any write transaction. JSON keys: ``games, rated, loading_s,
rating_s, saving_s, total_s, write_lock_s, target_s``. ``--smoke``: the same on one year of
the archive (`smoke.smoke_database`), as of that year's end.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ratinglist.service.actor import Actor, ActorKind
from ratinglist.service.rating_jobs import request_list, run_job
from ratinglist.service.rating_lists import ComputedList, compute_list
from smoke import SMOKE_AS_OF, smoke_database
from wof_fidelity import prepare_store, real_data_dir

AS_OF = dt.date(2026, 5, 12)
TARGET_S = 10.0
"""The exact list's target, as `rate_command.py`'s."""


def measure(db: Path, as_of: dt.date = AS_OF) -> dict[str, Any]:
    """Import when needed, then compute one job and time its phases."""
    store, _ = prepare_store(db, real_data_dir())
    marks: list[tuple[str, float]] = []
    found: dict[str, ComputedList] = {}

    def timed(*args: Any, **kwargs: Any) -> ComputedList:
        told = kwargs["progress"]

        def tell(phase: str) -> None:
            marks.append((phase, time.perf_counter()))
            told(phase)

        found["list"] = compute_list(*args, **{**kwargs, "progress": tell})
        return found["list"]

    try:
        job = request_list(store, as_of, Actor(ActorKind.CLI, "benchmark"))
        start = time.perf_counter()
        done = run_job(store, job.id, compute=timed)
        end = time.perf_counter()
    finally:
        store.close()
    if done.phase != "done":
        raise SystemExit(f"the job ended {done.phase}: {done.message}")
    at = dict(marks)
    info = found["list"].info
    return {
        "games": info.game_count,
        "rated": info.rated,
        "loading_s": round(at["rating"] - at["loading"], 2),
        "rating_s": round(at["saving"] - at["rating"], 2),
        "saving_s": round(end - at["saving"], 2),
        "total_s": round(end - start, 2),
        "write_lock_s": round(end - at["saving"], 2),
        "target_s": TARGET_S,
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print a table or JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--db", type=Path, help="reuse (or fill) this SQLite database")
    parser.add_argument("--smoke", action="store_true", help="one year of the archive only")
    args = parser.parse_args(argv)
    if not real_data_dir().is_dir():
        print(f"real data not found at {real_data_dir()}", file=sys.stderr)
        return 1
    if args.smoke:
        with tempfile.TemporaryDirectory() as tmp:
            result = measure(smoke_database(Path(tmp), rate=False), SMOKE_AS_OF)
    elif args.db is not None:
        result = measure(args.db)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            result = measure(Path(tmp) / "wof.db")
    if args.json:
        print(json.dumps(result))
        return 0
    print(
        f"{'games':>8} {'rated':>6} {'loading s':>9} {'rating s':>8} {'saving s':>8} "
        f"{'total s':>7} {'write lock s':>12}"
    )
    print(
        f"{result['games']:>8,} {result['rated']:>6,} {result['loading_s']:>9.2f} "
        f"{result['rating_s']:>8.2f} {result['saving_s']:>8.2f} {result['total_s']:>7.2f} "
        f"{result['write_lock_s']:>12.2f}   (target <= {result['target_s']:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
