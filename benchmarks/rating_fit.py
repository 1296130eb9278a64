"""Time the European rating fit on the real WOF archive and on a 2M-game synthetic history.

Usage: ``.venv/bin/python benchmarks/rating_fit.py [--json] [--repeat N] [--skip-real]
[--smoke]``

For each dataset the games are loaded into `GameArrays` first (not timed); then `rate` is run
`--repeat` times and the best and median wall times are reported ("fit": everything `rate`
does, from arrays to the finished `RatingList`, margins included). Peak memory is the peak of
Python/numpy allocations during one extra, untimed fit (tracemalloc). The real archive is read
with `ratinglist.formats.elo.read_elo` from ``$RATINGLIST_REAL_DATA`` (default
``../shared/data/real``) ``/othello-rating-pipeline/wof_results``; usable games are those not
excluded by a diagnostic and with two numeric IDs. JSON: a list of objects with keys
``dataset, games, players, fit_s, iterations, peak_mb`` (plus median, counts). `--smoke`
checks the benchmark on one year of the archive (`smoke.SMOKE_YEAR`) and a 20,000-game
synthetic history, one fit each.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import statistics
import sys
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ratinglist.formats.elo import read_elo
from ratinglist.rating import EuropeanParams, GameArrays, RatingList, rate
from smoke import smoke_archive, wof_results
from synthetic import generate

AS_OF = dt.date(2026, 5, 12)
_NAME_DATE = re.compile(r"(\d{4})(\d{2})(\d{2})")


def load_real(folder: Path) -> GameArrays:
    """Every usable game of every .ELO file under `folder`, dated by the header's first day.

    A file without a header date falls back to the ``YYYYMMDD`` of its name; a file with
    neither is skipped.
    """
    first: list[int] = []
    second: list[int] = []
    score: list[float] = []
    day: list[int] = []
    tournament: list[int] = []
    for index, path in enumerate(sorted(folder.rglob("*.ELO"))):
        results = read_elo(path)
        dates = results.header.dates
        if dates is not None:
            start = dates.start
        else:
            match = _NAME_DATE.match(path.name)
            if match is None:
                continue
            try:
                start = dt.date(*(int(x) for x in match.groups()))
            except ValueError:
                continue
        ordinal = start.toordinal()
        for game in results.games:
            if game.excluded is not None or not (game.first.isdigit() and game.second.isdigit()):
                continue
            a, b = int(game.first), int(game.second)
            if a == b:
                continue
            first.append(a)
            second.append(b)
            score.append(game.outcome.score)
            day.append(ordinal)
            tournament.append(index)
    return GameArrays.from_arrays(first, second, score, day, tournament)


@dataclass(frozen=True, slots=True)
class Measure:
    """One dataset's numbers."""

    dataset: str
    games: int
    players: int
    fit_s: float
    fit_s_median: float
    iterations: int
    peak_mb: float
    rated: int
    listed: int
    official: int


def measure(name: str, games: GameArrays, repeat: int) -> tuple[Measure, RatingList]:
    """Time `rate` on `games` as of `AS_OF` (best and median of `repeat`) and its peak memory."""
    params = EuropeanParams()
    times = []
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = rate(games, params, AS_OF)
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    result = rate(games, params, AS_OF)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return (
        Measure(
            dataset=name,
            games=len(games),
            players=len(np.union1d(games.first, games.second)),
            fit_s=round(min(times), 4),
            fit_s_median=round(statistics.median(times), 4),
            iterations=result.iterations,
            peak_mb=round(peak / 2**20, 1),
            rated=len(result),
            listed=int(result.listed.sum()),
            official=int((result.listed & result.official).sum()),
        ),
        result,
    )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a table (or JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--repeat", type=int, default=3, help="timed fits per dataset")
    parser.add_argument("--skip-real", action="store_true", help="synthetic history only")
    parser.add_argument("--smoke", action="store_true", help="small datasets, 1 fit (a check)")
    args = parser.parse_args(argv)
    rows: list[Measure] = []
    folder = smoke_archive() if args.smoke else wof_results()
    if args.smoke:
        args.repeat = 1
    if not args.skip_real and folder.is_dir():
        real = load_real(folder).until(AS_OF)
        rows.append(measure("real", real, args.repeat)[0])
    elif not args.skip_real:
        print(f"real archive not found at {folder}; skipped", file=sys.stderr)
    if args.smoke:
        rows.append(measure("synthetic-20k", generate(20_000, 2_000, seed=1), args.repeat)[0])
    else:
        synthetic = generate(2_000_000, 50_000, seed=1)
        rows.append(measure("synthetic-2M", synthetic, args.repeat)[0])
    if args.json:
        print(json.dumps([_as_dict(r) for r in rows]))
        return 0
    header = (
        f"{'dataset':<14}{'games':>10}{'players':>9}{'fit best s':>12}{'median s':>10}"
        f"{'iters':>7}{'peak MB':>9}{'rated':>8}{'listed':>8}{'official':>9}"
    )
    print(header)
    for r in rows:
        print(
            f"{r.dataset:<14}{r.games:>10}{r.players:>9}{r.fit_s:>12.3f}{r.fit_s_median:>10.3f}"
            f"{r.iterations:>7}{r.peak_mb:>9.1f}{r.rated:>8}{r.listed:>8}{r.official:>9}"
        )
    return 0


def _as_dict(row: Measure) -> dict[str, object]:
    return {name: getattr(row, name) for name in Measure.__slots__}


if __name__ == "__main__":
    sys.exit(main())
