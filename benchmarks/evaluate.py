"""Time the whole evaluation on the imported real archive (target: 15 minutes of wall time).

Usage: ``.venv/bin/python benchmarks/evaluate.py --db sqlite:////tmp/ratesys.db
[--from 2005-01] [--to 2026-05] [--systems ...] [--workers N] [--json] [--report FILE]``
or ``.venv/bin/python benchmarks/evaluate.py --smoke [--json]``

Import the archive first (``ratinglist import .../wof_results --db /tmp/ratesys.db``). Runs
the `evaluate` use case once (no charts) and reports the load time, each system's time inside
the replay (its predictions and updates over the fit and report months), and the total wall
time, the CPU time (user + system, all threads, of this process and of the worker processes
that replayed the systems: ``--workers``, default as ``ratinglist evaluate``'s, the CPUs this
process may use, at most 3) and the load average (1 minute) before and after: on a shared
machine the wall time is the CPU time stretched by the load, divided by the workers at best.
JSON: ``{"games", "workers", "load_s", "total_s", "cpu_s", "load_average": [before, after],
"systems": [{"system", "seconds", "log_loss"}]}``. ``--report FILE`` also writes the whole
report there, as ``ratinglist evaluate --json`` prints it (one run for the scores and the
time). ``--smoke`` checks the benchmark on a database of one year of the real archive
(`smoke.smoke_database`), that year's second half reported after a 6-month fit, one worker,
two systems (wof and elo).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

from ratinglist.cli.evaluate import evaluation_json
from ratinglist.rating.evaluation import DEFAULT_SYSTEMS
from ratinglist.service.databases import forget_database, open_database
from ratinglist.service.evaluation import default_workers, evaluate_archive
from smoke import SMOKE_YEAR, smoke_database


def main(argv: list[str] | None = None) -> int:
    """Run the evaluation once and print a table (or JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="database URL holding the archive")
    parser.add_argument("--from", dest="start", default="2005-01", help="first month")
    parser.add_argument("--to", dest="end", default="2026-05", help="last month")
    parser.add_argument("--systems", default=",".join(DEFAULT_SYSTEMS), help="comma-separated")
    parser.add_argument(
        "--workers",
        type=int,
        default=default_workers(),
        help="processes replaying the systems (default: the CPUs this process may use, at most 3)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--report", type=Path, help="write the whole report's JSON here")
    parser.add_argument("--smoke", action="store_true", help="one year of the archive (a check)")
    args = parser.parse_args(argv)
    if args.db is None and not args.smoke:
        parser.error("expected --db (or --smoke)")
    with tempfile.TemporaryDirectory() as tmp:
        fit_months = 60
        if args.smoke:
            args.db = f"sqlite:///{smoke_database(Path(tmp), rate=False)}"
            args.start, args.end = f"{SMOKE_YEAR}-07", f"{SMOKE_YEAR}-12"
            args.workers, fit_months, args.systems = 1, 6, "wof,elo"
        load_before = os.getloadavg()[0]
        cpu = time.process_time() + _children_cpu()
        done = evaluate_archive(
            open_database(args.db, create=True),
            args.start,
            args.end,
            systems=tuple(args.systems.split(",")),
            fit_months=fit_months,
            workers=args.workers,
        )
        cpu_seconds = time.process_time() + _children_cpu() - cpu
        if args.smoke:
            forget_database(args.db)  # before its folder goes
    load_after = os.getloadavg()[0]
    if args.report is not None:
        args.report.write_text(json.dumps(evaluation_json(done), indent=2), encoding="utf-8")
    rows = [
        {"system": s.system, "seconds": s.seconds, "log_loss": round(s.overall.log_loss, 4)}
        for s in done.report.systems
    ]
    result = {
        "games": done.report.games,
        "workers": args.workers,
        "load_s": round(done.load_seconds, 2),
        "total_s": round(done.seconds, 2),
        "cpu_s": round(cpu_seconds, 2),
        "load_average": [round(load_before, 2), round(load_after, 2)],
        "systems": rows,
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{done.report.games} games scored; load {result['load_s']} s")
    print(f"{'system':12} {'seconds':>9} {'log-loss':>9}")
    for row in rows:
        print(f"{row['system']:12} {row['seconds']:>9.1f} {row['log_loss']:>9.4f}")
    print(f"{'total':12} {result['total_s']:>9.1f}")
    print(
        f"wall {result['total_s']} s, CPU {result['cpu_s']} s ({args.workers} workers), load "
        f"average {load_before:.2f} before, {load_after:.2f} after"
    )
    return 0


def _children_cpu() -> float:
    """User + system CPU seconds of the finished child processes (the replay's workers)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return children.ru_utime + children.ru_stime


if __name__ == "__main__":
    sys.exit(main())
