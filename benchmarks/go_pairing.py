"""Time OpenGotha-exact Go pairing: every round of EGC 2011 and synthetic McMahon fields.

Usage: .venv/bin/python benchmarks/go_pairing.py [--json] [--sizes 1000,2000] [--egc PATH]
[--smoke] (synthetic fields of 60 players and no EGC 2011: a check)
Prints a table (or a JSON list of {field, round, players, seconds, cpu_seconds, weight}).
EGC 2011's main tournament (760 players, `opengotha-rgf/egc2011.xml` of the real data)
is re-paired round by round from its own earlier rounds; synthetic fields get 3 random rounds
(paired greedily by MMS, results by rank difference) before the timed rounds 1 and 4. A small
field is paired first so that the one-off cost of a process's first pairing is not in the
timings.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

from ratinglist.formats.go.opengotha_xml import read_opengotha
from ratinglist.model.go import GoRank
from ratinglist.model.go.tournament import (
    GoGame,
    GoPlayer,
    GoResult,
    GoSystem,
    GoTournament,
    Outcome,
    default_parameters,
)
from ratinglist.tournament.games.go.pairing import pair_go_round

REAL = Path(os.environ.get("RATINGLIST_REAL_DATA", Path(__file__).parents[2] / "shared/data/real"))
COUNTRIES = ["FR", "DE", "NL", "CZ", "PL", "RU", "UA", "GB", "IT", "RO", "HU", "AT"]


def synthetic(players: int, rounds: int, seed: int) -> GoTournament:
    """A McMahon field (bar 4d, floor 20k) with `rounds` greedy rounds played."""
    rng = random.Random(seed)
    field = tuple(
        GoPlayer(
            f"Player{k:04d}",
            "X",
            GoRank(max(-30, min(8, round(rng.gauss(-6, 7))))),
            1500,
            rng.choice(COUNTRIES),
            f"C{rng.randrange(players // 8 + 1)}",
        )
        for k in range(players)
    )
    t = GoTournament(default_parameters(GoSystem.MCMAHON, number_of_rounds=5), field)
    mms = {p.key: 30 + max(-20, min(3, p.rank.value)) for p in field}
    rank = {p.key: p.rank.value for p in field}
    met: set[frozenset[str]] = set()
    games: list[GoGame] = []
    for r in range(rounds):
        order = sorted(mms, key=lambda k: (-mms[k], rng.random()))
        if len(order) % 2:
            order.pop()
        table = 0
        while order:
            a = order.pop(0)
            k = next((n for n, b in enumerate(order) if frozenset((a, b)) not in met), 0)
            b = order.pop(k)
            met.add(frozenset((a, b)))
            p_white = 1 / (1 + 10 ** ((rank[b] - rank[a]) / 3))
            result = Outcome.WHITE_WINS if rng.random() < p_white else Outcome.BLACK_WINS
            table += 1
            games.append(GoGame(r, table, a, b, 0, GoResult(result)))
            mms[a if result is Outcome.WHITE_WINS else b] += 1
    return replace(t, games=tuple(games))


def timed(t: GoTournament, r: int) -> dict[str, object]:
    """Pair round r; wall-clock and CPU seconds (the machine is shared), players, weight."""
    start, cpu = time.perf_counter(), time.process_time()
    pairing = pair_go_round(t, r)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "round": r + 1,
        "players": 2 * len(pairing.games),
        "seconds": round(seconds, 3),
        "cpu_seconds": round(cpu, 3),
        "weight": pairing.weight,
    }


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    ap.add_argument("--sizes", default="1000,2000", help="synthetic field sizes")
    ap.add_argument("--egc", type=Path, default=REAL / "go/opengotha-rgf/egc2011.xml")
    ap.add_argument("--smoke", action="store_true", help="--sizes 60, no EGC 2011 (a check)")
    args = ap.parse_args(argv)
    if args.smoke:
        args.sizes = "60"
    timed(synthetic(100, 1, 0), 1)  # load the compiled kernels
    rows: list[dict[str, object]] = []
    if args.egc.is_file() and not args.smoke:
        egc = read_opengotha(args.egc)
        for r in range(egc.parameters.general.number_of_rounds):
            before = replace(egc, games=tuple(g for g in egc.games if g.round < r))
            rows.append({"field": "egc2011", **timed(before, r)})
    for size in (int(s) for s in args.sizes.split(",") if s):
        t = synthetic(size, 3, seed=size)
        for r in (0, 3):
            before = replace(t, games=tuple(g for g in t.games if g.round < r))
            rows.append({"field": "synthetic", **timed(before, r)})
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        print(f"{'field':<10} {'round':>5} {'players':>8} {'seconds':>8} {'cpu':>8}")
        for row in rows:
            print(
                f"{row['field']:<10} {row['round']:>5} {row['players']:>8} "
                f"{row['seconds']:>8.3f} {row['cpu_seconds']:>8.3f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
