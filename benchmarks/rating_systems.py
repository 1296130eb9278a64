"""Time each rating system's full `rate` over the real WOF archive (Elo's target: 2 s).

Usage: ``.venv/bin/python benchmarks/rating_systems.py [--db URL] [--json] [--repeat N]
[--smoke]``

Games come from a database filled by ``ratinglist import`` (``--db``, e.g.
``sqlite:////tmp/ratesys.db``; the rated games in store order: start date, tournament, file
order), else from parsing ``$RATINGLIST_REAL_DATA/othello-rating-pipeline/wof_results`` (not
timed; sorted by start date, then file). Each system rates every game as of the day after the
latest one; the best and median of `--repeat` runs are reported. JSON: a list of objects with
keys ``system, games, players, rate_s, rate_s_median``. `--smoke` checks the benchmark on
one year of the archive (`smoke.SMOKE_YEAR`, parsed), one run per system.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rating_fit import load_real
from ratinglist.rating import GameArrays
from ratinglist.rating.registry import SYSTEMS
from ratinglist.store.database import open_store
from ratinglist.store.rating_games import load_rating_games
from smoke import smoke_archive, wof_results


def load(db: str | None, folder: Path) -> GameArrays:
    """The archive's rated games in time order: from the database `db`, else parsed from
    the .ELO files under `folder`."""
    if db is not None:
        store = open_store(db, upgrade=False)
        try:
            rows = load_rating_games(store)
        finally:
            store.close()
        return GameArrays.from_half_points(
            rows.first, rows.second, rows.score, rows.day, rows.tournament
        )
    games = load_real(folder)
    order = np.argsort(games.day, kind="stable")
    return GameArrays(
        first=games.first[order],
        second=games.second[order],
        score=games.score[order],
        day=games.day[order],
        tournament=None if games.tournament is None else games.tournament[order],
    )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a table (or JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="database URL holding the imported archive")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per system")
    parser.add_argument("--systems", default=",".join(SYSTEMS), help="comma-separated names")
    parser.add_argument("--smoke", action="store_true", help="one year, 1 run (a check)")
    args = parser.parse_args(argv)
    if args.smoke:
        args.repeat = 1
    games = load(args.db, smoke_archive() if args.smoke else wof_results())
    as_of = dt.date.fromordinal(int(games.day.max()) + 1)
    players = len(np.union1d(games.first, games.second))
    rows = []
    for name in args.systems.split(","):
        system = SYSTEMS[name]
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            system.rate(games, as_of)
            times.append(time.perf_counter() - start)
        rows.append(
            {
                "system": name,
                "games": len(games),
                "players": players,
                "rate_s": round(min(times), 3),
                "rate_s_median": round(statistics.median(times), 3),
            }
        )
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'system':10} {'games':>8} {'players':>8} {'best s':>8} {'median s':>9}")
    for row in rows:
        print(
            f"{row['system']:10} {row['games']:>8} {row['players']:>8} "
            f"{row['rate_s']:>8.3f} {row['rate_s_median']:>9.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
