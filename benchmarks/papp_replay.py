"""Replay every Papp-made .ELO file: declared totals, and our papp pairing against Papp's.

Usage: .venv/bin/python benchmarks/papp_replay.py [--json] [--step N] [--smoke] [ROOT]
Prints the share of players whose points and discs match, the files that differ grouped by
cause, and for every Swiss round (fields over 12 players, round >= 2) how our pairing's
Papp penalty compares with the pairing Papp made. ROOT defaults to the real archive
(``$RATINGLIST_REAL_DATA`` or ``../shared/data/real``); `--smoke` checks the benchmark on
every 50th file (`--step 50`).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

from ratinglist.formats.elo import read_elo
from ratinglist.tournament.games.othello.papp_check import compare_rounds
from ratinglist.tournament.games.othello.replay import (
    TotalsCheck,
    check_totals,
    replay_results_file,
)
from smoke import real_data_dir

PAPP = re.compile(rb"%%Creator:\s*PAPP", re.IGNORECASE)
COMMENTED_GAME = re.compile(r"^%\s*\d+\s*\(\s*\d+\s*\)\s*[<>=]", re.MULTILINE)


def cause(path: Path, check: TotalsCheck) -> str:
    """A short reason why the declared totals of a file are not all reproduced."""
    if COMMENTED_GAME.search(path.read_text(encoding="latin-1")):
        return "games commented out (declared totals include them)"
    if all(m.declared_points == m.points for m in check.mismatches):
        return "discs only (declared discs differ from the games listed)"
    if all(abs((m.declared_points or 0) - m.points) == 1 for m in check.mismatches):
        return "one point off (bye or absence not recoverable from the file)"
    return "points differ (games missing, extra or entered after the rounds)"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", default=None)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--step", type=int, default=1)
    parser.add_argument("--smoke", action="store_true", help="--step 50 (a check)")
    args = parser.parse_args(argv)
    if args.smoke:
        args.step = 50
    if args.root is None:
        args.root = str(real_data_dir() / "othello-rating-pipeline" / "wof_results")
    files = [
        p for p in sorted(Path(args.root).glob("*/*.ELO")) if PAPP.search(p.read_bytes()[:600])
    ]
    players = matching = unverifiable = 0
    groups: dict[str, list[str]] = defaultdict(list)
    rounds = better = worse = 0
    for path in files[:: args.step]:
        rf = read_elo(path)
        replay = replay_results_file(rf)
        check = check_totals(rf, replay)
        players += check.players
        matching += check.matching
        unverifiable += check.unverifiable
        if check.mismatches:
            groups[cause(path, check)].append(f"{path.name} ({len(check.mismatches)})")
        if len(replay.tokens) > 12:
            for c in compare_rounds(replay):
                rounds += 1
                better += c.our_cost < c.papp_cost
                worse += c.our_cost > c.papp_cost
    summary = {
        "files": len(files[:: args.step]),
        "players": players,
        "matching": matching,
        "share": round(matching / players, 4),
        "unverifiable": unverifiable,
        "swiss_rounds": rounds,
        "strictly_better": better,
        "worse": worse,
        "causes": {k: v for k, v in sorted(groups.items())},
    }
    if args.json:
        print(json.dumps(summary, indent=1))
        return 0
    print(
        f"files {summary['files']}, players {players}, totals reproduced {matching} "
        f"({summary['share']:.2%}), unverifiable score column {unverifiable}"
    )
    print(
        f"swiss rounds {rounds}: ours strictly better {better} ({better / max(rounds, 1):.1%}), "
        f"worse {worse}"
    )
    for k, v in sorted(groups.items()):
        print(f"\n{k}: {len(v)} files\n  " + ", ".join(v))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
