"""Time one Swiss round for 50, 200, 1,000 and 2,000 players after 6 random rounds.

Usage: .venv/bin/python benchmarks/pairing.py [--json] [--sizes 50,200] [--smoke]
Prints a table (or a JSON list of {players, seconds, cpu_seconds, rematches, preset, backend,
window, certified}); networkx is timed on the same candidate graphs up to 200 players. A
100-player round is paired first so that the first use of `pairing.certified` (from 64
players: imports, numpy's first calls) is not in the timings; it is a one-off cost per
process, timed and printed as `kernels`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from ratinglist.model import Colour, PlayerId
from ratinglist.pairing import Backend, Preset, pair_swiss
from ratinglist.tournament.games.othello.pairing_input import pairing_request
from ratinglist.tournament.games.othello.results import Result
from ratinglist.tournament.games.othello.state import (
    Entrant,
    Pairing,
    Round,
    TournamentState,
    add_entrant,
)


def mid_tournament(players: int, rounds: int, seed: int) -> TournamentState:
    """Random results over `rounds` rounds paired greedily by score (fast, no rematches)."""
    rng = random.Random(seed)
    state = TournamentState(seed=seed)
    for k in range(players):
        state = add_entrant(state, Entrant(PlayerId(k + 1), f"P{k + 1}", rng.choice("ABCDE")))
    score = dict.fromkeys(range(1, players + 1), 0.0)
    met: set[frozenset[int]] = set()
    built = []
    for r in range(1, rounds + 1):
        order = sorted(score, key=lambda p: (-score[p], rng.random()))
        bye = order.pop() if len(order) % 2 else None
        pairings = []
        while order:
            a = order.pop(0)
            k = next((i for i, b in enumerate(order) if frozenset((a, b)) not in met), 0)
            b = order.pop(k)
            met.add(frozenset((a, b)))
            d = rng.randint(0, 64)
            res = Result(d, 64 - d) if d != 32 else Result(32, 32)
            black, white = (a, b) if rng.random() < 0.5 else (b, a)
            pairings.append(Pairing(PlayerId(black), PlayerId(white), res))
            score[black] += res.points(Colour.BLACK)
            score[white] += res.points(Colour.WHITE)
        if bye is not None:
            score[bye] += 1
        byes = () if bye is None else (PlayerId(bye),)
        built.append(Round(r, tuple(pairings), byes))
    return TournamentState(entrants=state.entrants, rounds=tuple(built), seed=seed)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--sizes", default="50,200,1000,2000")
    parser.add_argument("--smoke", action="store_true", help="--sizes 50 (a check)")
    args = parser.parse_args(argv)
    if args.smoke:
        args.sizes = "50"
    start, cpu = time.perf_counter(), time.process_time()
    pair_swiss(pairing_request(mid_tournament(100, 6, seed=100), 7))
    kernels = (round(time.perf_counter() - start, 4), round(time.process_time() - cpu, 4))
    rows = []
    for n in [int(x) for x in args.sizes.split(",")]:
        state = mid_tournament(n, 6, seed=n)
        req = pairing_request(state, 7)
        for preset in Preset:
            backends = [Backend.RUSTWORKX] + ([Backend.NETWORKX] if n <= 200 else [])
            for backend in backends:
                t, cpu = time.perf_counter(), time.process_time()
                res = pair_swiss(req, preset, backend)
                dt, cpu = time.perf_counter() - t, time.process_time() - cpu
                rows.append(
                    {
                        "players": n,
                        "seconds": round(dt, 4),
                        "cpu_seconds": round(cpu, 4),
                        "rematches": res.rematches,
                        "preset": preset.value,
                        "backend": backend.value,
                        "window": res.window,
                        "certified": res.certified,
                    }
                )
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print(f"kernels: {kernels[0]:.3f} s wall, {kernels[1]:.3f} s CPU (100 players, first pairing)")
    print(
        f"{'players':>7} {'preset':>6} {'backend':>9} {'seconds':>8} {'cpu':>8} "
        f"{'rematches':>9} window"
    )
    for r in rows:
        print(
            f"{r['players']:>7} {r['preset']:>6} {r['backend']:>9} {r['seconds']:>8.3f} "
            f"{r['cpu_seconds']:>8.3f} {r['rematches']:>9} {r['window']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
