"""Time the numeric kernels in one run and print them beside a reference release's figures.

Usage: .venv/bin/python benchmarks/kernels.py [--json] [--repeats N] [--smoke]
       .venv/bin/python benchmarks/kernels.py --record PATH (write the figures as a reference)

The kernels: the European rating fit on a 2,000,000-game synthetic history (50,000 players,
`synthetic.generate`, seed 1); the WHR fit and the WOF's early-stopped gradient ascent
(`Solver.ASCENT`, `rating.ascent`) on the real WOF archive (`rating_fit.load_real`,
``$RATINGLIST_REAL_DATA``); Go pairing of every round of EGC 2011 (760 players, each round
re-paired from the rounds before it) and of synthetic McMahon fields of 1,000 and 2,000
players (rounds 1 and 4, `go_pairing.synthetic`); Othello Swiss pairing of 1,000 and 2,000
players after 6 rounds (`pairing.mid_tournament`, the default preset). Each is timed
`--repeats` times (least wall and CPU seconds kept) after a small warm-up pairing, in this one
process. The workloads come from the other benchmark scripts' helpers, so the same file run
inside an older release's tree (with `--record`) measures the same work with that release's
code.

The reference figures are read from `kernels_reference.json` beside this file (the release
before the numba kernels of `pairing.certified` were ported to numpy: its commit, the date
and the load it was measured at). The ratio compares CPU seconds (today / reference): on a
shared machine the wall time mostly measures waiting for a core; above 1.0 today's kernel is
slower. `--json` prints one object {rows, reference, load_average}. `--smoke` checks the
benchmark on tiny inputs (a 20,000-game history, one year of the archive, 60 Go and 50
Othello players, no EGC 2011), whose rows have no reference.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

# The engines' entry points through the helpers that build their inputs: a move of either
# is one fix there.
from go_pairing import pair_go_round, read_opengotha
from go_pairing import synthetic as go_field
from pairing import mid_tournament, pair_swiss, pairing_request
from rating_fit import AS_OF, load_real
from ratinglist.rating import EuropeanParams, GameArrays, Solver, rate
from ratinglist.rating.systems import whr
from smoke import smoke_archive, wof_results
from synthetic import generate

REFERENCE = Path(__file__).resolve().parent / "kernels_reference.json"
EGC = "go/opengotha-rgf/egc2011.xml"


def timed(work: Callable[[], object], repeats: int) -> tuple[float, float]:
    """Least wall and least CPU seconds of `repeats` calls of `work`."""
    walls, cpus = [], []
    for _ in range(repeats):
        start, cpu = time.perf_counter(), time.process_time()
        work()
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def rateable(games: GameArrays) -> GameArrays:
    """The games of `games` up to `AS_OF`, sorted by day (stable), as WHR requires."""
    kept = np.flatnonzero(games.day <= AS_OF.toordinal())
    order = kept[np.argsort(games.day[kept], kind="stable")]
    tournament = games.tournament[order] if games.tournament is not None else None
    return GameArrays(
        games.first[order], games.second[order], games.score[order], games.day[order], tournament
    )


def kernels(smoke: bool) -> list[tuple[str, Callable[[], object]]]:
    """(name, work) of every kernel timed; the inputs are made here, not timed."""
    found: list[tuple[str, Callable[[], object]]] = []
    size = 20_000 if smoke else 2_000_000
    history = generate(size, 2_000 if smoke else 50_000, seed=1)
    found.append(
        (f"rating fit, synthetic {size:,} games", lambda: rate(history, EuropeanParams(), AS_OF))
    )
    archive = rateable(load_real(smoke_archive() if smoke else wof_results()))
    label = "WHR fit, one year of the archive" if smoke else "WHR fit, real archive"
    found.append(
        (f"{label} ({len(archive):,} games)", lambda: whr.rate(archive, whr.WhrParams(), AS_OF))
    )
    ascent = EuropeanParams(solver=Solver.ASCENT)
    found.append(
        (
            f"WOF ascent, {'one year of the archive' if smoke else 'real archive'} "
            f"({len(archive):,} games)",
            lambda: rate(archive, ascent, AS_OF),
        )
    )
    if not smoke:
        egc_path = (
            Path(
                os.environ.get(
                    "RATINGLIST_REAL_DATA", Path(__file__).parents[2] / "shared/data/real"
                )
            )
            / EGC
        )
        egc = read_opengotha(egc_path)
        rounds = [
            replace(egc, games=tuple(g for g in egc.games if g.round < r))
            for r in range(egc.parameters.general.number_of_rounds)
        ]
        found.append(
            (
                f"Go pairing, EGC 2011 rounds 1-{len(rounds)} (760 players)",
                lambda: [pair_go_round(t, r) for r, t in enumerate(rounds)],
            )
        )
    for players in (60,) if smoke else (1_000, 2_000):
        field = go_field(players, 3, seed=players)
        before = {
            r: replace(field, games=tuple(g for g in field.games if g.round < r)) for r in (0, 3)
        }
        found.append(
            (
                f"Go pairing, synthetic {players:,} players, rounds 1 and 4",
                lambda b=before: [pair_go_round(t, r) for r, t in b.items()],
            )
        )
    for players in (50,) if smoke else (1_000, 2_000):
        request = pairing_request(mid_tournament(players, 6, seed=players), 7)
        found.append(
            (
                f"Othello pairing, synthetic {players:,} players, round 7",
                lambda q=request: pair_swiss(q),
            )
        )
    return found


def warm_up() -> None:
    """A small Go and Othello pairing first: a process's one-off costs out of the timings."""
    pair_go_round(go_field(100, 1, 0), 1)
    pair_swiss(pairing_request(mid_tournament(100, 6, seed=100), 7))


def commit() -> str:
    """The commit of the tree this file sits in ('' outside git)."""
    done = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=Path(__file__).parent, capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    return done.stdout.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--repeats", type=int, default=1, help="timed runs of each kernel")
    parser.add_argument("--smoke", action="store_true", help="tiny inputs (a check)")
    parser.add_argument("--record", type=Path, help="write the figures as a reference file")
    args = parser.parse_args(argv)
    load_before = os.getloadavg()
    warm_up()
    rows = []
    for name, work in kernels(args.smoke):
        wall, cpu = timed(work, max(1, args.repeats))
        rows.append({"kernel": name, "wall_s": round(wall, 3), "cpu_s": round(cpu, 3)})
    load = [round(x, 2) for x in (*load_before, *os.getloadavg())]
    if args.record is not None:
        args.record.write_text(
            json.dumps(
                {
                    "commit": commit(),
                    "measured": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
                    "load_average_before_after": load,
                    "rows": rows,
                },
                indent=1,
            )
            + "\n"
        )
    reference = json.loads(REFERENCE.read_text()) if REFERENCE.is_file() else {"rows": []}
    before = {r["kernel"]: r for r in reference["rows"]}
    for row in rows:
        ref = before.get(row["kernel"])
        row["reference_wall_s"] = ref["wall_s"] if ref else None
        row["reference_cpu_s"] = ref["cpu_s"] if ref else None
        row["ratio_cpu"] = round(row["cpu_s"] / ref["cpu_s"], 2) if ref and ref["cpu_s"] else None
    shown_reference = {k: v for k, v in reference.items() if k != "rows"}
    if args.json:
        print(json.dumps({"rows": rows, "reference": shown_reference, "load_average": load}))
        return 0
    print(f"{'kernel':<58} {'wall s':>7} {'CPU s':>7} {'ref wall':>8} {'ref CPU':>8} {'ratio':>6}")
    for r in rows:
        ref_wall = f"{r['reference_wall_s']:.3f}" if r["reference_wall_s"] is not None else "-"
        ref_cpu = f"{r['reference_cpu_s']:.3f}" if r["reference_cpu_s"] is not None else "-"
        ratio = f"{r['ratio_cpu']:.2f}" if r["ratio_cpu"] is not None else "-"
        print(f"{r['kernel']:<58} {r['wall_s']:>7.3f} {r['cpu_s']:>7.3f} {ref_wall:>8} "
              f"{ref_cpu:>8} {ratio:>6}")  # fmt: skip
    if shown_reference:
        print(f"reference: commit {shown_reference.get('commit', '?')[:10]}, measured "
              f"{shown_reference.get('measured', '?')} at load "
              f"{shown_reference.get('load_average_before_after', '?')}")  # fmt: skip
    print(f"load average (1, 5, 15 min) before and after: {load}; ratio: CPU today / reference")
    return 0


if __name__ == "__main__":
    sys.exit(main())
