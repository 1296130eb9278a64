"""Generate the synthetic Go demo archive: 16 tournaments of 5 rounds, 64 players, 2023-2025.

Usage: python examples/generate_demo_go.py OUT_DIR [--seed N]

Everything is drawn from one seeded `random.Random`, so the same seed gives the same bytes.
Each tournament is an EGF results file (``OUT_DIR/YYYYMMDD_NAME.h9``, written by
`ratinglist.formats.go.egf_h9.write_h9`), class A, komi 7.5: 16 to 24 of the players, each
with a hidden strength and the rank they declare (their strength's grade, now and then one
off); rounds paired among players of near score, a handicap of the rank difference less one
(at most 9) between players more than one grade apart; results drawn from the EGF's expected
result with Black's handicap advantage. All names are invented.
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import random
import shutil
from dataclasses import dataclass
from pathlib import Path

from ratinglist.formats.go.egf_h9 import write_h9
from ratinglist.model.go.results import (
    HalfGame,
    Mark,
    ResultsHeader,
    ResultsRow,
    ResultsTable,
    TimeControl,
    TimeSystem,
)

DEFAULT_SEED = 2025
START = dt.date(2023, 1, 14)
TOURNAMENTS = 16
PLAYERS = 64
ROUNDS = 5
CITIES = ("Lyon", "Gent", "Leiden", "Brno", "Graz", "Turku", "Porto", "Bern")
COUNTRIES = ("FR", "BE", "NL", "CZ", "AT", "FI", "PT", "CH")
SURNAMES = (
    "Alder", "Brisk", "Corvan", "Dunmore", "Elst", "Fairow", "Grell", "Hask", "Ivel", "Jorr",
    "Kest", "Lunde", "Morrow", "Nyle", "Orsk", "Pell", "Quist", "Rask", "Sorrel", "Tamsin",
)  # fmt: skip
FIRST_NAMES = ("Ana", "Bo", "Cas", "Dita", "Emil", "Fay", "Gus", "Hana", "Ivo", "Jo", "Kai")


@dataclass(frozen=True, slots=True)
class DemoPlayer:
    """A player of the demo: name, country, club, hidden strength (GoR points)."""

    surname: str
    first_name: str
    country: str
    club: str
    strength: float


def rank_of(rating: float) -> str:
    """The rank of a GoR (EGF: 2100 is 1d, 100 a grade, 2000 is 1k), ``20K`` at most."""
    grade = math.floor((rating + 50) / 100)  # 21 = 1d
    return f"{grade - 20}D" if grade >= 21 else f"{min(30, 21 - grade)}K"


def grade_of(rank: str) -> int:
    """1d = 21, 1k = 20, 30k = -9."""
    number = int(rank[:-1])
    return 20 + number if rank.endswith("D") else 21 - number


def expected_white(white: float, black: float) -> float:
    """The EGF's expected result, ``1 / (1 + exp(beta(B) - beta(W)))``."""
    beta = lambda r: -7.0 * math.log(3300.0 - min(r, 3200.0))  # noqa: E731
    return 1.0 / (1.0 + math.exp(beta(black) - beta(white)))


def players(rng: random.Random) -> list[DemoPlayer]:
    """The pool: strengths from 20k to 5d, more kyu than dan."""
    pool = []
    for k in range(PLAYERS):
        city = k % len(CITIES)
        pool.append(
            DemoPlayer(
                SURNAMES[k % len(SURNAMES)] + ("" if k < len(SURNAMES) else f"-{k // 20}"),
                rng.choice(FIRST_NAMES),
                COUNTRIES[city],
                CITIES[city][:4],
                rng.triangular(100.0, 2600.0, 1700.0),
            )
        )
    return pool


def tournament(rng: random.Random, pool: list[DemoPlayer], number: int) -> ResultsTable:
    """One tournament (see the module docstring)."""
    begin = START + dt.timedelta(days=63 * number)
    field = rng.sample(range(len(pool)), rng.randint(16, 24))
    declared = {p: rank_of(pool[p].strength + 100 * rng.choice((-1, 0, 0, 0, 1))) for p in field}
    points = dict.fromkeys(field, 0)
    rounds: dict[int, list[HalfGame | None]] = {p: [] for p in field}
    met: set[frozenset[int]] = set()
    for _ in range(ROUNDS):
        order = sorted(field, key=lambda p: (-points[p], -grade_of(declared[p]), rng.random()))
        waiting = list(order)
        while len(waiting) >= 2:
            a = waiting.pop(0)
            b = next((q for q in waiting if frozenset((a, q)) not in met), waiting[0])
            waiting.remove(b)
            met.add(frozenset((a, b)))
            gap = grade_of(declared[a]) - grade_of(declared[b])
            stones = min(9, abs(gap) - 1) if abs(gap) > 1 else 0
            white, black = (a, b) if gap > 0 else (b, a) if gap < 0 else rng.sample((a, b), 2)
            advantage = 100.0 * (max(stones, 1) - 0.5) if stones else 0.0
            p_white = expected_white(pool[white].strength, pool[black].strength + advantage)
            white_wins = rng.random() < p_white
            winner = white if white_wins else black
            points[winner] += 1
            for me, colour in ((white, "w"), (black, "b")):
                mark = Mark.WIN if me == winner else Mark.LOSS
                opponent = black if me == white else white
                rounds[me].append(HalfGame(-1 - opponent, mark, False, colour, stones))
        for p in waiting:  # the bye
            rounds[p].append(None)
            points[p] += 1
    standing = sorted(field, key=lambda p: (-points[p], -grade_of(declared[p]), p))
    place = {p: k for k, p in enumerate(standing, start=1)}
    rows = []
    for p in standing:
        games = tuple(
            HalfGame(0, Mark.WIN)
            if g is None
            else HalfGame(place[-1 - g.opponent], g.mark, False, g.colour, g.handicap)
            for g in rounds[p]
        )
        who = pool[p]
        row = ResultsRow(
            place[p], False, who.surname, who.first_name, declared[p], who.country,
            who.club, (str(points[p]),), games,
        )  # fmt: skip
        rows.append(row)
    city = CITIES[number % len(CITIES)]
    header = ResultsHeader(
        short_name=f"demo{number + 1}",
        name=f"Demo Go Cup {city} {begin.year}",
        location=city,
        begin=begin,
        end=begin + dt.timedelta(days=1),
        komi="7.5",
        size=19,
        handicap_correction=1,
        time=TimeControl(60, TimeSystem.CANADIAN_BYOYOMI),
        internet=False,
        program="examples/generate_demo_go.py",
    )
    return ResultsTable(header, ("MMS",), tuple(rows))


def generate(out: Path, seed: int = DEFAULT_SEED) -> list[Path]:
    """Write the archive to `out` (emptied first); the files written."""
    rng = random.Random(seed)
    pool = players(rng)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    written = []
    for number in range(TOURNAMENTS):
        table = tournament(rng, pool, number)
        head = table.header
        path = out / f"{head.begin:%Y%m%d}_{head.name.replace(' ', '_').upper()}.h9"
        path.write_bytes(write_h9(table))
        written.append(path)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = parser.parse_args()
    files = generate(args.out, args.seed)
    print(f"{len(files)} Go tournaments written to {args.out}")


if __name__ == "__main__":
    main()
