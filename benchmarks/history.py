"""Time the monthly rating history of an imported archive, and check it against lists alone.

Usage: .venv/bin/python benchmarks/history.py DB [--from 1977-01] [--to 2026-05]
           [--check 12] [--json]
       .venv/bin/python benchmarks/history.py --smoke [--json]

DB is an SQLite file with an imported archive (``ratinglist import ARCHIVE --db DB``); it is
copied to a temporary folder first and left untouched. Measures `compute_history` (load the
games once, every month end warm-started, all lists stored), then the same call again (every
month unchanged, nothing computed), then for `--check` months spread evenly over the
computed ones compares the stored list with `rating.rate` of that month alone: the largest
rating and margin differences (points; margins also relative) and whether rated set, listed
and official flags agree. Times are wall clock and this process's CPU time (the machine may
be shared). `--json` prints one object with keys history_s, history_cpu_s, rerun_s,
rerun_computed, dates, lists, not_ratable, entries, iterations, checked, checked_months,
max_rating_diff, max_margin_diff, max_margin_rel_diff, flags_equal. `--smoke` checks the
benchmark on a database of one year of the real archive (`smoke.smoke_database`), that
year's months, two of them checked.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

from ratinglist.rating import EuropeanParams, rate
from ratinglist.service.actor import SYSTEM
from ratinglist.service.rating_history import HistoryRequest, MonthStatus, compute_history
from ratinglist.service.rating_lists import rated_games, stored_entries
from ratinglist.store import open_store
from smoke import SMOKE_AS_OF, smoke_database


def month(text: str) -> dt.date:
    """``YYYY-MM`` as the first day of that month."""
    year, number = text.split("-")[:2]
    return dt.date(int(year), int(number), 1)


def check(db: str, months: list[tuple[dt.date, int]]) -> dict[str, Any]:
    """Stored list vs. the list computed alone, for each ``(as_of, list_id)``."""
    worst_rating = worst_margin = worst_relative = 0.0
    flags_equal = True
    store = open_store(db)
    try:
        for as_of, list_id in months:
            stored = stored_entries(store, list_id)
            alone = rate(rated_games(store, as_of), EuropeanParams(), as_of)
            same_set = [int(e.player) for e in stored] == alone.players.tolist()
            flags_equal &= same_set
            if not same_set:
                continue
            ratings = np.array([e.rating for e in stored])
            margins = np.array([e.margin for e in stored])
            worst_rating = max(worst_rating, float(np.abs(ratings - alone.ratings).max()))
            gap = np.abs(margins - alone.margins)
            worst_margin = max(worst_margin, float(gap.max()))
            worst_relative = max(worst_relative, float((gap / alone.margins).max()))
            flags_equal &= [e.listed for e in stored] == alone.listed.tolist()
            flags_equal &= [e.official for e in stored] == alone.official.tolist()
    finally:
        store.close()
    return {
        "checked": len(months),
        "checked_months": [d.isoformat() for d, _ in months],
        "max_rating_diff": worst_rating,
        "max_margin_diff": worst_margin,
        "max_margin_rel_diff": worst_relative,
        "flags_equal": bool(flags_equal),
    }


def measure(source: Path, first: dt.date, last: dt.date, samples: int) -> dict[str, Any]:
    """Run the history twice on a copy of `source`, then check `samples` months."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "history.db"
        shutil.copy(source, copy)
        db = f"sqlite:///{copy}"
        request = HistoryRequest(first, last)
        start, cpu = time.perf_counter(), time.process_time()
        store = open_store(db)
        result = compute_history(store, request, SYSTEM)
        history_s, history_cpu_s = time.perf_counter() - start, time.process_time() - cpu
        start = time.perf_counter()
        again = compute_history(store, request, SYSTEM)
        rerun_s = time.perf_counter() - start
        computed = [m for m in result.months if m.status is MonthStatus.COMPUTED]
        picks = np.unique(np.linspace(0, len(computed) - 1, samples).round().astype(int))
        chosen = [(computed[k].as_of, computed[k].list_id or 0) for k in picks.tolist()]
        checked = check(db, chosen) if samples else {}
        store.close()
    return {
        "history_s": round(history_s, 2),
        "history_cpu_s": round(history_cpu_s, 2),
        "rerun_s": round(rerun_s, 2),
        "rerun_computed": again.count(MonthStatus.COMPUTED),
        "dates": len(result.months),
        "lists": len(computed),
        "not_ratable": result.count(MonthStatus.NOT_RATABLE),
        "entries": sum(m.rated for m in computed),
        "iterations": sum(m.iterations for m in computed),
        **checked,
    }


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db", type=Path, nargs="?", help="SQLite file with an imported archive")
    parser.add_argument("--from", dest="first", type=month, default=month("1977-01"))
    parser.add_argument("--to", dest="last", type=month, default=month("2026-05"))
    parser.add_argument("--check", type=int, default=12, help="months compared with lists alone")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--smoke", action="store_true", help="one year of the archive (a check)")
    args = parser.parse_args(argv)
    if args.smoke:
        with tempfile.TemporaryDirectory() as tmp:
            args.db = smoke_database(Path(tmp), rate=False)
            year = SMOKE_AS_OF.year
            args.first, args.last, args.check = dt.date(year, 1, 1), dt.date(year, 12, 1), 2
            result = measure(args.db, args.first, args.last, args.check)
    elif args.db is None or not args.db.is_file():
        sys.exit(f"error: expected an SQLite database file, got '{args.db}'")
    else:
        result = measure(args.db, args.first, args.last, args.check)
    if args.json:
        print(json.dumps(result))
        return 0
    table = Table(title=f"Monthly history of {args.db} ({args.first:%Y-%m} to {args.last:%Y-%m})")
    table.add_column("measure")
    table.add_column("value", justify="right")
    for key, value in result.items():
        if key == "checked_months":
            continue
        shown = f"{value:.6f}" if key.endswith("_diff") else str(value)
        table.add_row(key, shown)
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
