"""Wall and CPU time of the forecast of a 16-player, 7-round Swiss tournament after round 3
(or, with ``--game go``, of a 32-player, 5-round McMahon tournament after round 1).

Usage: .venv/bin/python benchmarks/forecast.py [--game othello|go] [--json] [--runs N]
[--repeats K] [--smoke]

The tournament is built from events: 16 entrants rated 1500 to 2100 (seeded), rounds 1-3
paired by the engine and their results drawn from the WOF model (seed 1); the forecast's
model is the chosen system's (whr-bayes, each entrant with a rating and a deviation of 80 in
its list, two entrants newcomers). Go: 32 entrants of ranks 15k to 5d (seeded), a quarter
without an EGF rating, round 1 paired by the engine, White winning; the GoR model. Then
`Game.forecast` (what `ratinglist tournament forecast`, the live page and
``/api/v1/live/N/forecast`` compute once per log position) runs `--runs` simulated ends
(default: the service's `default_runs` of the field), `--repeats` times, in this process
after one untimed warm-up. Prints the median and least wall time, the median CPU time (user +
system of the process) and the load average before and after: on a busy machine the wall time mostly
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
from ratinglist.model.forecast import ScoreModel, Strength
from ratinglist.model.go.tournament import GoSystem, default_parameters
from ratinglist.rating.registry import SYSTEMS
from ratinglist.service.tournaments.forecast import default_runs, wof_model
from ratinglist.service.tournaments.games.go import forecast_model as go_model
from ratinglist.service.tournaments.games.othello.forecast_model import system_model
from ratinglist.tournament.events import GO, Created, Event, Registered, Settings
from ratinglist.tournament.fold import fold
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import game_of
from ratinglist.tournament.games.go.events import GoPaired, GoRegistered, GoResultEntered
from ratinglist.tournament.games.go.settings import go_settings
from ratinglist.tournament.games.othello.events import ResultEntered
from ratinglist.tournament.games.othello.forecast import result_drawer
from ratinglist.tournament.games.othello.planning import next_pairing
from ratinglist.tournament.games.othello.play import othello

PLAYERS = 16
ROUNDS = 7
PLAYED = 3
GO_PLAYERS = 32
GO_ROUNDS = 5


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


def chosen_model(d: FoldedTournament) -> ScoreModel:
    """whr-bayes's model with every entrant but two in its list (rating - 1800, deviation 80)."""
    entrants = sorted(othello(d).state.entrants, key=lambda e: e.id)
    ratings = {
        int(e.id): Strength(float(e.rating or 1800) - 1800.0, 80.0)
        for e in entrants[2:]  # the first two are newcomers
    }
    return system_model(SYSTEMS["whr-bayes"], ratings, "2026-04-30")


def go_after_round_one(seed: int = 1) -> FoldedTournament:
    """The 32-player, 5-round McMahon tournament after its first round (White won)."""
    rng = random.Random(seed)
    parameters = default_parameters(GoSystem.MCMAHON, number_of_rounds=GO_ROUNDS)
    go = go_settings(GoSystem.MCMAHON, parameters)
    settings = Settings("Benchmark Go", "FRA", "2026-05-01", system="mcmahon", rounds=GO_ROUNDS,
                        game=GO, go=go, seed=seed)  # fmt: skip
    events: list[Event] = [Created(settings)]
    for k in range(GO_PLAYERS):
        grade = rng.randint(-15, 4)  # 15k .. 5d
        rank = f"{grade + 1}d" if grade >= 0 else f"{-grade}k"
        egf = () if k % 4 == 0 else (("rating_origin", "EGF"),)
        rating = 2100 + 100 * grade + rng.randint(-50, 49)
        events.append(GoRegistered(PlayerId(k + 1), f"P{k:02d}", "Go", rank, rating, details=egf))
    d = fold(events)
    paired = game_of(d).next_round(d, None)
    assert isinstance(paired, GoPaired)
    events.append(paired)
    events += [GoResultEntered(1, w, b, "white") for w, b, _h, _t in paired.games]
    return fold(events)


Case = tuple[FoldedTournament, ScoreModel, int, int, int]


def othello_case() -> Case:
    """The Othello tournament, its model, players, rounds and rounds played."""
    d = after_round_three()
    return d, chosen_model(d), PLAYERS, ROUNDS, PLAYED


def go_case() -> Case:
    """The Go tournament, its model (the GoR reads no store), players, rounds, played."""
    d = go_after_round_one()
    return d, go_model.score_model(None, d, None), GO_PLAYERS, GO_ROUNDS, 1  # type: ignore[arg-type]


CASES = {"othello": othello_case, "go": go_case}


def measure(runs: int | None, repeats: int, game_name: str = "othello") -> dict[str, object]:
    """Wall and CPU seconds of each repeat of the forecast, and the figures around them."""
    d, model, players, rounds, played = CASES[game_name]()
    game = game_of(d)
    runs = runs or default_runs(players)
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
        "game": game_name,
        "system": model.system,
        "players": players,
        "rounds": rounds,
        "after_round": played,
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
    parser.add_argument("--game", choices=tuple(CASES), default="othello", help="the game")
    parser.add_argument("--runs", type=int, help="simulated ends (default: the field's)")
    parser.add_argument("--repeats", type=int, default=5, help="timed forecasts (default 5)")
    parser.add_argument("--smoke", action="store_true", help="20 runs, 1 repeat: a check")
    args = parser.parse_args(argv)
    if args.smoke:
        args.runs, args.repeats = 20, 1
    result = measure(args.runs, args.repeats, args.game)
    if args.json:
        print(json.dumps(result))
        return 0
    print(
        f"{args.game} forecast ({result['system']}) of {result['players']} players, "
        f"{result['rounds']} rounds, after round {result['after_round']}: "
        f"{result['runs']} runs x {args.repeats} repeats"
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
