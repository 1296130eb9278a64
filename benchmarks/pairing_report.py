"""Time a round's pairing report (each pair's cost parts, each player's next-best opponents)
on EGC 2011's main tournament (760 players, `opengotha-rgf/egc2011.xml` of the real data),
stored as a directed tournament, through the same service call as the CLI, the page and
the API.

Usage: .venv/bin/python benchmarks/pairing_report.py [--json] [--rounds 1,5] [--file PATH]
[--smoke]
Prints a table (or a JSON list of {round, players, pairs, seconds, cpu_seconds}). `--smoke`
checks the benchmark on a 16-player file (`SMOKE_FILE`), rounds 1 and 4.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from ratinglist.service.actor import SYSTEM
from ratinglist.service.databases import open_database
from ratinglist.service.tournaments.games.go.files import import_opengotha
from ratinglist.service.tournaments.printing import pairing_report
from smoke import real_data_dir

EGC = "go/opengotha-rgf/egc2011.xml"
SMOKE_FILE = "go/opengotha/CdFA2020-essaiLVCup.xml"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--rounds", default="1,5")
    parser.add_argument("--file", type=Path, help="default: EGC 2011 of the real data")
    parser.add_argument("--smoke", action="store_true", help="a 16-player file (a check)")
    args = parser.parse_args(argv)
    if args.smoke:
        args.file, args.rounds = real_data_dir() / SMOKE_FILE, "1,4"
    elif args.file is None:
        args.file = real_data_dir() / EGC
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        db = open_database(f"sqlite:///{folder}/bench.db", create=True)
        done = import_opengotha(db, args.file, SYSTEM)
        pairing_report(db, done.id, 1)  # the first call folds the log: not timed
        for number in (int(r) for r in args.rounds.split(",")):
            wall, cpu = time.perf_counter(), time.process_time()
            found = pairing_report(db, done.id, number)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            rows.append(
                {
                    "round": number,
                    "players": len(found.players),
                    "pairs": len(found.pairs),
                    "seconds": round(wall, 3),
                    "cpu_seconds": round(cpu, 3),
                }
            )
    if args.json:
        print(json.dumps(rows))
        return 0
    print(f"{'round':>5} {'players':>7} {'pairs':>5} {'wall s':>7} {'cpu s':>7}")
    for r in rows:
        print(
            f"{r['round']:>5} {r['players']:>7} {r['pairs']:>5} {r['seconds']:>7.3f} "
            f"{r['cpu_seconds']:>7.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
