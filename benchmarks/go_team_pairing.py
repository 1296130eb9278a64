"""Our automatic team pairing against the real team files, round by round, and its time.

Usage: .venv/bin/python benchmarks/go_team_pairing.py [--json] [--smoke]
For each round N of `opengotha/tournoi_equipe_LGO_2020.xml` and `opengotha-rgf/TeamEGC2013.xml`
(real data), pairs round N automatically from the file's rounds before N and its members of
round N (`tournament.go_teams.auto_pair_teams`) and counts the file's matches we reproduce.
Both files were paired by hand in OpenGotha (it has no automatic team pairing), so this is a
comparison, not an oracle. Prints a table (or a JSON list of {file, round, matches, same,
cpu_seconds}). `--smoke` checks the benchmark on the first file only.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

from ratinglist.formats.go.opengotha_document import read_opengotha_document_file
from ratinglist.standings.go.team_scores import team_matches
from ratinglist.tournament.games.go.teams import auto_pair_teams
from smoke import real_data_dir

FILES = ("opengotha/tournoi_equipe_LGO_2020.xml", "opengotha-rgf/TeamEGC2013.xml")


def rows(files: tuple[str, ...] = FILES) -> list[dict[str, object]]:
    """One row per round with matches in the file."""
    out: list[dict[str, object]] = []
    for name in files:
        doc = read_opengotha_document_file(real_data_dir() / "go" / name).document
        t, size = doc.tournament, doc.team_parameters.team_size
        for r in range(t.parameters.general.number_of_rounds):
            played = team_matches(t, doc.teams, size, r)
            in_file = {frozenset((n, ms[r].opponent)) for n, ms in played.items() if ms[r]}
            if not in_file:
                continue
            before = replace(t, games=tuple(g for g in t.games if g.round < r))
            start = time.process_time()
            ours = auto_pair_teams(before, doc.teams, doc.team_parameters, r)
            cpu = time.process_time() - start
            mine = {frozenset((a.number, b.number)) for a, b in ours.matches}
            out.append(
                {
                    "file": Path(name).name,
                    "round": r + 1,
                    "matches": len(in_file),
                    "same": len(in_file & mine),
                    "cpu_seconds": round(cpu, 3),
                }
            )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="Print a JSON list.")
    parser.add_argument("--smoke", action="store_true", help="The first file only (a check).")
    args = parser.parse_args(argv)
    files = FILES[:1] if args.smoke else FILES
    found = rows(files)
    if args.json:
        print(json.dumps(found))
        return 0
    print(f"{'file':32} {'round':>5} {'matches':>7} {'same':>4} {'cpu s':>6}")
    for row in found:
        print(
            f"{row['file']!s:32} {row['round']!s:>5} {row['matches']!s:>7} {row['same']!s:>4} "
            f"{row['cpu_seconds']!s:>6}"
        )
    for name in files:
        mine = [r for r in found if r["file"] == Path(name).name]
        total = sum(int(str(r["matches"])) for r in mine)
        same = sum(int(str(r["same"])) for r in mine)
        print(f"{Path(name).name}: {same} of {total} matches reproduced")
    return 0


if __name__ == "__main__":
    sys.exit(main())
