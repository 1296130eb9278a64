"""Time the registry and rating-list queries of the service layer on a real database.

Usage: .venv/bin/python benchmarks/registry_queries.py --db /tmp/wof.db [--json] [--repeats N]
       .venv/bin/python benchmarks/registry_queries.py --smoke [--json]

The database is the real archive imported, the official players list imported and a list
computed (see docs/decisions.md, "Issue 7/8: registry, rating lists, archive"):

    ratinglist import ../shared/data/real/othello-rating-pipeline/wof_results --db /tmp/wof.db
    ratinglist players import-list ../shared/data/real/othello-rating-pipeline/joueurs.txt \
        --apply --db /tmp/wof.db
    ratinglist rate --as-of 2026-01-01 --db /tmp/wof.db

Prints the milliseconds of each operation: the first player search of the process (builds
the index), later searches (median), the search after a registry write (index rebuilt), new-ID
allocation for a few countries (the lowest unused ID of the range, median) and a whole
`players add` in a transaction that is rolled back, and pages of 100 rating-list entries
filtered by country, continent and official flag (median). The targets are 20 ms each (after
the first search). `--smoke` checks the benchmark on a database of one year of the real
archive (`smoke.smoke_database`, a list computed; no players list imported), 2 repeats,
merging two players a search finds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from ratinglist.registry.countries import get_country
from ratinglist.service.actor import SYSTEM
from ratinglist.service.databases import forget_database, open_database
from ratinglist.service.rating_lists import list_page
from ratinglist.service.registry import merge_players, search_players, unmerge_players
from ratinglist.store.players import add_player, new_player_id
from smoke import smoke_database

QUERIES = ["laz", "Lazrd", "Emmanuel Lazard", "Schotte Tom", "170037", "de graaf jan"]
COUNTRIES = ["FRA", "NLD", "JPN", "GBR", "USA"]
PAGES: list[tuple[str, dict[str, object]]] = [
    ("page: all listed, first 100", {}),
    ("page: all listed, 100 from 1,000", {"offset": 1000}),
    ("page: country NLD", {"country": "NLD"}),
    ("page: country JPN, official", {"country": "JPN", "official_only": True}),
    ("page: continent Europe", {"continent": "Europe"}),
    ("page: continent Asia, 100 from 200", {"continent": "Asia", "offset": 200}),
    ("page: official only", {"official_only": True}),
]


def timed(fn: Callable[[], object], repeats: int) -> float:
    """Median milliseconds of `repeats` calls."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def once(fn: Callable[[], object]) -> float:
    """Milliseconds of one call."""
    return timed(fn, 1)


def measure(
    db: Path, repeats: int, merged: tuple[int, int] | None = (4012, 4013)
) -> list[tuple[str, float]]:
    """Every operation's milliseconds, in order; `merged` are the IDs merged then unmerged
    (None: the first two a search for "an" finds)."""
    url = f"sqlite:///{db}"
    store = open_database(url)
    rows = [("first search (builds the index)", once(lambda: search_players(store, "lazard")))]
    if merged is None:
        found = search_players(store, "an", limit=2)
        merged = (int(found[0].player.id), int(found[1].player.id))
    rows += [
        (f"search {q!r}", timed(lambda q=q: search_players(store, q), repeats)) for q in QUERIES
    ]
    kept, removed = merged
    merge_players(store, kept, removed, actor=SYSTEM, reason="benchmark")
    rows.append(("search after a registry write", once(lambda: search_players(store, "lazard"))))
    unmerge_players(store, removed, actor=SYSTEM, reason="benchmark")
    search_players(store, "lazard")
    for code in COUNTRIES:
        country = get_country(code)

        def allocate(country: object = country) -> None:
            with store.connect() as conn:
                new_player_id(conn, country)  # type: ignore[arg-type]

        rows.append((f"new ID {code}", timed(allocate, repeats)))

    def add_and_roll_back() -> None:
        with store.engine.connect() as conn, conn.begin() as tx:
            add_player(conn, "BENCHMARK", "Bea", "FRA", actor=SYSTEM.label)
            tx.rollback()

    rows.append(("players add FRA (rolled back)", timed(add_and_roll_back, repeats)))
    for label, filters in PAGES:
        rows.append(
            (label, timed(lambda f=filters: list_page(store, limit=100, **f), repeats))  # type: ignore[arg-type]
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", type=Path)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--smoke", action="store_true", help="one year of the archive (a check)")
    args = parser.parse_args(argv)
    if args.smoke:
        with tempfile.TemporaryDirectory() as tmp:
            db = smoke_database(Path(tmp), publish=False)
            rows = measure(db, 2, None)
            forget_database(f"sqlite:///{db}")
    elif args.db is None or not args.db.is_file():
        sys.exit(f"database not found: {args.db}")
    else:
        rows = measure(args.db, args.repeats)
    if args.json:
        print(json.dumps([{"operation": op, "ms": round(ms, 3)} for op, ms in rows]))
        return 0
    print(f"{'operation':<40} {'ms':>9}")
    for op, ms in rows:
        print(f"{op:<40} {ms:>9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
