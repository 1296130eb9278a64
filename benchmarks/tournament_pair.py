"""Wall and CPU time of `ratinglist tournament pair` and `standings` on EGC 2011 (760 players),
each a whole process.

Usage: .venv/bin/python benchmarks/tournament_pair.py [--json] [--repeats N] [--egc PATH]
[--smoke]

The main tournament of EGC 2011 (`go/opengotha-rgf/egc2011.xml` of the real data) is
imported into a temporary database as a directed tournament without the games of its last
round (a copy of the file without them), so that a round is pending. Each repeat copies that
database and runs the installed ``ratinglist`` console script (next to this Python) in a new
process: ``ratinglist tournament pair``. Two starts are timed: right after the import (no
snapshot of the folded log yet: the whole log is folded, and a snapshot kept), and after a
``tournament show`` (which left a snapshot: the pairing starts from it). Prints the median
and least wall time, the median CPU time (user + system) of the process, and the load
average before and after: on a busy machine the wall time mostly measures waiting for a
core, the CPU time what the command costs. The issue's goal: at most 1.5 s of wall time on
an idle machine. After the last pairing, ``tournament standings`` (written to a pipe: every
row, as to a file) and ``tournament standings --json`` are timed the same way on the paired
database (issue 38's goal: at most 1 s). `--smoke` checks the benchmark on a 16-player file
(`SMOKE_FILE`): the import made in this process (set-up there, timed all the same), one run
after the import (not the start with a snapshot), and the standings once, as a pipe reads
them (two processes in all).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from smoke import ratinglist_here, real_data_dir

RATINGLIST = Path(sys.executable).with_name("ratinglist")
EGC = "go/opengotha-rgf/egc2011.xml"
SMOKE_FILE = "go/opengotha/CdFA2020-essaiLVCup.xml"


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed(*args: str) -> tuple[float, float, str]:
    """Wall and CPU seconds of one ``ratinglist`` process, and its output (must succeed)."""
    cpu = _cpu()
    start = time.perf_counter()
    done = subprocess.run([str(RATINGLIST), *args], capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"ratinglist {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    return elapsed, _cpu() - cpu, done.stdout


def without_last_round(source: Path, target: Path) -> int:
    """Copy the OpenGotha file `source` to `target` without the games and byes of its last
    round; that round's number."""
    data = source.read_bytes()
    rounds = [int(r) for r in re.findall(rb'<Game [^>]*roundNumber="(\d+)"', data)]
    if not rounds:
        sys.exit(f"expected games in {source}, found none")
    last = max(rounds)
    element = rb'[ \t]*<(?:Game|ByePlayer) [^>]*roundNumber="%d"[^>]*/>\r?\n?' % last
    target.write_bytes(re.sub(element, b"", data))
    return last


def copy_database(source: Path, target: Path) -> None:
    """`source` (an SQLite file, with its write-ahead log if any) copied over `target`."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{target}{suffix}").unlink(missing_ok=True)
        if Path(f"{source}{suffix}").exists():
            shutil.copyfile(f"{source}{suffix}", f"{target}{suffix}")


def here(*args: str) -> tuple[float, float, str]:
    """Wall and CPU seconds of ``ratinglist ARGS`` run in this process, and its output."""
    cpu, start = time.process_time(), time.perf_counter()
    out = ratinglist_here(*args)
    return time.perf_counter() - start, time.process_time() - cpu, out


STANDINGS = (("standings", ()), ("standings --json", ("--json",)))
"""The standings commands timed: (label, extra arguments)."""


def measure(
    egc: Path, repeats: int, snapshot: bool = True, smoke: bool = False
) -> dict[str, object]:
    """The import, then (wall, CPU) of every repeat of each start of `tournament pair`
    (without `snapshot`: the start after the import only) and of the standings (with `smoke`:
    the first of `STANDINGS` only)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        stripped = folder / "egc2011-pending.xml"
        pending = without_last_round(egc, stripped)
        imported = folder / "imported.db"
        importing = ("tournament", "import", str(stripped), "--db", str(imported))
        wall, cpu, out = here(*importing) if smoke else timed(*importing)
        bases = [("after import", imported)]
        if snapshot:
            shown = folder / "shown.db"
            copy_database(imported, shown)
            timed("tournament", "show", "--db", str(shown))
            bases.append(("with snapshot", shown))
        run = folder / "run.db"
        starts: dict[str, list[tuple[float, float]]] = {}
        for label, base in bases:
            starts[label] = []
            for _ in range(repeats):
                copy_database(base, run)
                w, c, paired = timed("tournament", "pair", "--db", str(run))
                if f"round {pending}" not in paired:
                    sys.exit(f"expected round {pending} paired, got:\n{paired[:400]}")
                starts[label].append((w, c))
        for label, extra in STANDINGS[:1] if smoke else STANDINGS:
            starts[label] = []
            for _ in range(repeats):
                w, c, shown = timed("tournament", "standings", *extra, "--db", str(run))
                if not shown.strip():
                    sys.exit(f"expected the standings, got nothing from `{label}`")
                starts[label].append((w, c))
    return {"import": (wall, cpu, out.strip()), "round": pending, "starts": starts}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--egc", type=Path, help="the EGC 2011 OpenGotha file")
    parser.add_argument("--smoke", action="store_true", help="a 16-player file, 1 run (a check)")
    args = parser.parse_args(argv)
    if args.smoke:
        args.egc, args.repeats = real_data_dir() / SMOKE_FILE, 1
    elif args.egc is None:
        args.egc = real_data_dir() / EGC
    if not RATINGLIST.is_file():
        sys.exit(f"console script not found: {RATINGLIST} (run `make .venv/.installed`)")
    if not args.egc.is_file():
        sys.exit(f"expected the EGC 2011 file at {args.egc} (set RATINGLIST_REAL_DATA)")
    load_before = os.getloadavg()
    found = measure(args.egc, args.repeats, snapshot=not args.smoke, smoke=args.smoke)
    load_after = os.getloadavg()
    starts = found["starts"]
    assert isinstance(starts, dict)
    rows = [
        {
            "start": label,
            "round": found["round"],
            "runs": len(runs),
            "wall_median_s": round(statistics.median(w for w, _ in runs), 3),
            "wall_min_s": round(min(w for w, _ in runs), 3),
            "cpu_median_s": round(statistics.median(c for _, c in runs), 3),
        }
        for label, runs in starts.items()
    ]
    imported = found["import"]
    assert isinstance(imported, tuple)
    load = {
        "before": [round(x, 2) for x in load_before],
        "after": [round(x, 2) for x in load_after],
    }
    if args.json:
        print(
            json.dumps({"pair": rows, "load_average": load, "import_wall_s": round(imported[0], 3)})
        )
        return 0
    print(f"{imported[2]} in {imported[0]:.2f} s wall, {imported[1]:.2f} s CPU")
    print(f"{'tournament':<18} {'runs':>5} {'wall median s':>14} {'wall min s':>11} "
          f"{'cpu median s':>13}")  # fmt: skip
    for r in rows:
        name = r["start"] if str(r["start"]).startswith("standings") else f"pair, {r['start']}"
        print(f"{name:<18} {r['runs']:>5} {r['wall_median_s']:>14.3f} "
              f"{r['wall_min_s']:>11.3f} {r['cpu_median_s']:>13.3f}")  # fmt: skip
    print(f"load average (1, 5, 15 min): before {load['before']}, after {load['after']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
