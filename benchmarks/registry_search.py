"""Time the players list round trip and fuzzy search over the real 2026 list (17,206 players).

Usage: .venv/bin/python benchmarks/registry_search.py [--json] [--list PATH] [--smoke]
Prints a table of operations with milliseconds (median of the repeats); the search target is
a few milliseconds per keystroke. `--smoke` checks the benchmark with one call of each.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from ratinglist.formats.playerlist import format_players_list, read_players_list
from ratinglist.registry.history import Registry
from ratinglist.registry.ids import lowest_unused_id
from ratinglist.registry.search import PlayerIndex
from smoke import real_data_dir

QUERIES = [
    "l",
    "la",
    "laz",
    "lazr",
    "Lazrd",
    "Emmanuel Lazard",
    "Schotte Tom",
    "170037",
    "de graaf jan",
]


def timed(fn: Callable[[], object], repeats: int) -> float:
    """Median milliseconds of `repeats` calls."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--list", type=Path, help="default: joueurs.txt of the real data")
    parser.add_argument("--smoke", action="store_true", help="one call each (a check)")
    args = parser.parse_args(argv)
    if args.list is None:
        args.list = real_data_dir() / "othello-rating-pipeline" / "joueurs.txt"
    few, many = (1, 1) if args.smoke else (5, 20)
    if not args.list.is_file():
        sys.exit(f"players list not found: {args.list}")
    pl = read_players_list(args.list)
    players = pl.players()
    index = PlayerIndex(players)
    used = {int(p.id) for p in players}
    rows = [
        ("read players list", timed(lambda: read_players_list(args.list), few)),
        ("format players list", timed(lambda: format_players_list(pl), few)),
        ("build PlayerIndex", timed(lambda: PlayerIndex(players), few)),
        ("Registry.from_players", timed(lambda: Registry.from_players(players), few)),
        ("lowest_unused_id JPN", timed(lambda: lowest_unused_id("JPN", used), many)),
    ]
    rows += [(f"search {q!r}", timed(lambda q=q: index.search(q), many)) for q in QUERIES]
    if args.json:
        print(json.dumps([{"operation": op, "ms": round(ms, 3)} for op, ms in rows]))
        return 0
    print(f"{len(players)} players")
    print(f"{'operation':<28} {'ms':>9}")
    for op, ms in rows:
        print(f"{op:<28} {ms:>9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
