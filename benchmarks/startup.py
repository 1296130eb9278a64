"""Wall time of a trivial command and of one result entry, as a person at a terminal waits.

Usage: .venv/bin/python benchmarks/startup.py [--json] [--repeats N] [--smoke]

Runs the installed ``ratinglist`` console script (next to this Python) in a new process each
time: ``ratinglist version`` (target 0.3 s), then ``ratinglist tournament result`` on a
four-player tournament the benchmark creates in a temporary database (target 1 s); the
result is undone between repeats so every run enters the same game. Only the timed commands
run as processes: the tournament is made and each result undone by the same commands run in
this process. Prints, in seconds, the median and slowest wall time of each and the median
CPU time (user + system) of the process: on a shared, busy machine the wall time mostly
measures waiting for a core, the CPU time what the command costs. `--smoke` (one repeat: two
processes) checks the benchmark.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from smoke import ratinglist_here

RATINGLIST = Path(sys.executable).with_name("ratinglist")
PLAYERS = """\
% Liste des joueurs par pays

pays = NLD

120001 AAP, Anna
120002 BEER, Bert
120003 CAT, Cor
120004 DAS, Dirk
"""


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


def tournament(folder: Path) -> tuple[str, str, str]:
    """A paired four-player tournament in a new database: (db, black, white) of table 1."""
    db = str(folder / "bench.db")
    players = folder / "joueurs.txt"
    players.write_text(PLAYERS, encoding="utf-8")
    ratinglist_here("players", "import-list", str(players), "--apply", "--db", db)
    ratinglist_here("tournament", "new", "Bench Open", "--country", "NLD", "--date",
                    "2026-05-01", "--rounds", "3", "--db", db)  # fmt: skip
    ratinglist_here("tournament", "register", "120001", "120002", "120003", "120004", "--db", db)
    shown = ratinglist_here("tournament", "pair", "--db", db)  # prints the round's tables
    table = next(line for line in shown.splitlines() if re.search(r"\(\d+\).*\(\d+\)", line))
    black, white = re.findall(r"\((\d+)\)", table)[:2]
    return db, black, white


def measure(repeats: int) -> dict[str, list[tuple[float, float]]]:
    """(wall, CPU) seconds of each repeat of both commands."""
    version = [timed("version")[:2] for _ in range(repeats)]
    entry = []
    with tempfile.TemporaryDirectory() as tmp:
        db, black, white = tournament(Path(tmp))
        for k in range(repeats):
            if k:
                ratinglist_here("tournament", "undo", "--db", db)
            entry.append(timed("tournament", "result", "1", black, white, "40-24", "--db", db)[:2])
    return {"ratinglist version": version, "tournament result": entry}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--smoke", action="store_true", help="--repeats 1 (a check)")
    args = parser.parse_args(argv)
    if args.smoke:
        args.repeats = 1
    if not RATINGLIST.is_file():
        sys.exit(f"console script not found: {RATINGLIST} (run `make .venv/.installed`)")
    rows = {
        k: (
            statistics.median(w for w, _ in v),
            max(w for w, _ in v),
            statistics.median(c for _, c in v),
        )
        for k, v in measure(args.repeats).items()
    }
    if args.json:
        print(
            json.dumps(
                [
                    {"command": k, "wall_median_s": round(m, 3), "wall_max_s": round(x, 3),
                     "cpu_median_s": round(c, 3)}
                    for k, (m, x, c) in rows.items()
                ]
            )
        )  # fmt: skip
        return 0
    print(f"{'command':<22} {'wall median s':>14} {'wall max s':>11} {'cpu median s':>13}")
    for command, (median, slowest, cpu) in rows.items():
        print(f"{command:<22} {median:>14.3f} {slowest:>11.3f} {cpu:>13.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
