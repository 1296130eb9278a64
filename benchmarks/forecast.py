"""Wall and CPU time of the forecast of a 16-player, 7-round Swiss tournament after round 3.

Usage: .venv/bin/python benchmarks/forecast.py [--json] [--runs N] [--repeats K] [--smoke]

The tournament is built from events: 16 entrants rated 1500 to 2100 (seeded), rounds 1-3
paired by the engine and their results drawn from the WOF model (the forecast's own result
model, seed 1). Then `Game.forecast` (what `ratinglist tournament forecast`, the live page
and ``/api/v1/live/N/forecast`` compute once per log position) runs `--runs` simulated ends
(default: the service's `RUNS`), `--repeats` times, in this process after one untimed
warm-up. Prints the median and least wall time, the median CPU time (user + system of the
process) and the load average before and after: on a busy machine the wall time mostly
measures waiting for a core, the CPU time what the forecast costs. Also prints the largest
standard error of a chance shown. The issue's goal: at most 1 s.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

from ratinglist.model import PlayerId
from ratinglist.model.forecast import Strength
from ratinglist.service.tournaments.forecast import RUNS, wof_model
from ratinglist.tournament.events import Created, Event, Registered, Settings
from ratinglist.tournament.fold import fold
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import game_of
from ratinglist.tournament.games.othello.events import ResultEntered
from ratinglist.tournament.games.othello.forecast import result_drawer
from ratinglist.tournament.games.othello.planning import next_pairing

PLAYERS = 16
ROUNDS = 7
PLAYED = 3


def after_round_three(seed: int = 1) -> FoldedTournament:
    """The 16-player, 7-round Swiss tournament after its third round."""
    rng = random.Random(seed)
    settings = Settings("Benchmark Open", "NLD", "2026-05-01", system="swiss", rounds=ROUNDS,
                        seed=seed)  # fmt: skip
    events: list[Event] = [Created(settings)]
    ratings = {PlayerId(1000 + k): rng.randint(1500, 2100) for k in range(PLAYERS)}
    events += [Registered(p, f"PLAYER{k:02d}", "Test", "NLD", rating=r)
               for k, (p, r) in enumerate(ratings.items())]  # fmt: skip
    model = wof_model()

    def expected(black: PlayerId, white: PlayerId) -> float:
        return model.expected(Strength(ratings[black]), Strength(ratings[white]), None)

    draw = result_drawer(expected, rng)
    for _ in range(PLAYED):
        paired, _ = next_pairing(fold(events))
        events.append(paired)
        events += [ResultEntered(str(paired.round), b, w, *draw(b, w)) for b, w in paired.pairs]
    return fold(events)


def measure(runs: int, repeats: int) -> dict[str, object]:
    """Wall and CPU seconds of each repeat of the forecast, and the figures around them."""
    d = after_round_three()
    game = game_of(d)
    model = wof_model()
    load_before = os.getloadavg()
    game.forecast(d, model, runs, 1, 0)  # warm-up: first imports and calls
    walls, cpus = [], []
    found = None
    for k in range(repeats):
        cpu = time.process_time()
        start = time.perf_counter()
        found = game.forecast(d, model, runs, 2 + k, 0)
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    assert found is not None
    return {
        "players": PLAYERS,
        "rounds": ROUNDS,
        "after_round": PLAYED,
        "runs": runs,
        "repeats": repeats,
        "wall_median": statistics.median(walls),
        "wall_min": min(walls),
        "cpu_median": statistics.median(cpus),
        "max_standard_error": found.max_error,
        "load_before": load_before[0],
        "load_after": os.getloadavg()[0],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--runs", type=int, default=RUNS, help=f"simulated ends (default {RUNS})")
    parser.add_argument("--repeats", type=int, default=5, help="timed forecasts (default 5)")
    parser.add_argument("--smoke", action="store_true", help="20 runs, 1 repeat: a check")
    args = parser.parse_args(argv)
    if args.smoke:
        args.runs, args.repeats = 20, 1
    result = measure(args.runs, args.repeats)
    if args.json:
        print(json.dumps(result))
        return 0
    print(
        f"forecast of {PLAYERS} players, {ROUNDS} rounds, after round {PLAYED}: "
        f"{args.runs} runs x {args.repeats} repeats"
    )
    print(f"{'wall median':>14} {'wall min':>9} {'cpu median':>11} {'max s.e.':>9} {'load':>11}")
    print(
        f"{result['wall_median']:>13.3f}s {result['wall_min']:>8.3f}s "
        f"{result['cpu_median']:>10.3f}s {100 * float(str(result['max_standard_error'])):>8.1f}% "
        f"{result['load_before']:>5.2f}/{result['load_after']:<5.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
