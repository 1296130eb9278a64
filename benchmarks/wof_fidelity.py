"""Fidelity: our rating lists against the published WOF lists, from the real archive.

Usage: ``.venv/bin/python benchmarks/wof_fidelity.py [--json] [--db PATH] [--exclude-sender RE]``

Imports the real archive (``$RATINGLIST_REAL_DATA`` or ``../shared/data/real``) into a
temporary SQLite database, or reuses the database given with ``--db`` (imported when it holds
no tournament), then computes and stores two lists with `ratinglist.store.compute_rating_list`
- as of 2024-12-31, compared with ``papp/joueurs-snapshots/2025-02-06_d353914/joueurs.txt``;
- as of 2026-05-12, compared with ``othello-rating-pipeline/joueurs.txt``;

leaving out files whose ``%%Sender:`` matches ``rating committee|unofficial|scrape`` (files
made by a third party's scripts, not sent by tournament directors). For listed players with a
published rating it prints the median offset and the shares within 1 and 2 points after
removing it, overall and for players whose country (registry continent) is in Europe, with
the European offset removed (and, for reference, with the overall offset), then the 20
largest differences. Also: how many files each alternative of the sender pattern (and
``auto``) matches, and the import and rate times.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ratinglist.formats.playerlist import read_players_list
from ratinglist.model import Player
from ratinglist.rating.fidelity import Fidelity, compare_lists
from ratinglist.registry.countries import Continent, find_country
from ratinglist.store import (
    Store,
    compute_rating_list,
    count_tournaments,
    import_paths,
    open_store,
    tournaments_by_sender,
)

REPO = Path(__file__).resolve().parents[1]
DEFAULT_PATTERN = "rating committee|unofficial|scrape"
SENDER_PARTS = ("rating committee", "unofficial", "scrape", "auto")
SHOWN = 20


@dataclass(frozen=True, slots=True)
class Target:
    """A published list and the date we compute ours as of."""

    as_of: dt.date
    reference: str


TARGETS = (
    Target(dt.date(2024, 12, 31), "papp/joueurs-snapshots/2025-02-06_d353914/joueurs.txt"),
    Target(dt.date(2026, 5, 12), "othello-rating-pipeline/joueurs.txt"),
)


def real_data_dir() -> Path:
    """``$RATINGLIST_REAL_DATA`` or the shared default next to the repository."""
    env = os.environ.get("RATINGLIST_REAL_DATA")
    return Path(env) if env else REPO.parent / "shared" / "data" / "real"


def prepare_store(db: Path, real: Path) -> tuple[Store, float]:
    """Open `db`, importing the real archive when it holds no tournament; import seconds."""
    store = open_store(f"sqlite:///{db}")
    start = time.perf_counter()
    if count_tournaments(store) == 0:
        import_paths(store, [real / "othello-rating-pipeline" / "wof_results"])
    return store, time.perf_counter() - start


def _is_european(player: Player) -> bool:
    country = find_country(player.country)
    return country is not None and country.continent is Continent.EUROPE


def _group(fid: Fidelity) -> dict[str, Any]:
    return {
        "players": fid.players,
        "median_offset": round(fid.median_offset, 2),
        "within_1": round(fid.within_1, 4),
        "within_2": round(fid.within_2, 4),
    }


def measure_target(store: Store, target: Target, real: Path, pattern: str) -> dict[str, Any]:
    """Compute, store and compare one list; a JSON-ready result."""
    done = compute_rating_list(store, target.as_of, exclude_sender=pattern, label="fidelity")
    players = read_players_list(real / target.reference).players()
    published = {int(p.id): p.rating for p in players if p.rating is not None}
    by_id = {int(p.id): p for p in players}
    europe = {pid for pid, p in by_id.items() if _is_european(p)}
    entries = done.ratings.entries
    overall = compare_lists(entries, published)
    european = compare_lists(entries, published, members=europe)
    european_global = compare_lists(
        entries, published, members=europe, offset=overall.median_offset
    )
    largest = [
        {
            "id": int(d.player),
            "name": by_id[d.player].name,
            "country": by_id[d.player].country,
            "ours": round(d.ours, 1),
            "published": d.published,
            "diff": round(d.difference, 1),
        }
        for d in overall.differences[:SHOWN]
    ]
    return {
        "as_of": target.as_of.isoformat(),
        "reference": target.reference,
        "list_id": done.info.id,
        "rated": done.info.rated,
        "listed": done.info.listed,
        "official": done.info.official,
        "excluded_files": done.excluded_files,
        "rate_s": round(done.seconds, 2),
        "overall": _group(overall),
        "europe": _group(european),
        "europe_with_overall_offset": _group(european_global),
        "largest": largest,
    }


def sender_counts(store: Store) -> list[dict[str, Any]]:
    """Files matched by each alternative of the pattern, in total and up to each target."""
    rows = []
    for part in (*SENDER_PARTS, DEFAULT_PATTERN):
        found = tournaments_by_sender(store, part)
        row: dict[str, Any] = {"pattern": part, "files": len(found)}
        for target in TARGETS:
            row[f"until_{target.as_of.isoformat()}"] = sum(
                m.start_date <= target.as_of for m in found
            )
        rows.append(row)
    return rows


def measure(db: Path, real: Path, pattern: str = DEFAULT_PATTERN) -> dict[str, Any]:
    """The whole benchmark on database `db` (imported when empty)."""
    store, import_s = prepare_store(db, real)
    try:
        return {
            "import_s": round(import_s, 1),
            "pattern": pattern,
            "senders": sender_counts(store),
            "lists": [measure_target(store, t, real, pattern) for t in TARGETS],
        }
    finally:
        store.close()


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def print_report(result: dict[str, Any]) -> None:
    """Plain-text tables."""
    print(f"import: {result['import_s']} s; sender pattern: {result['pattern']!r}")
    print(f"\n{'sender pattern':<40} {'files':>6} {'<=2024-12-31':>13} {'<=2026-05-12':>13}")
    for row in result["senders"]:
        print(
            f"{row['pattern']:<40} {row['files']:>6} {row['until_2024-12-31']:>13} "
            f"{row['until_2026-05-12']:>13}"
        )
    for lst in result["lists"]:
        print(
            f"\n== as of {lst['as_of']} vs {lst['reference']}: {lst['rated']:,} rated, "
            f"{lst['listed']:,} listed, {lst['official']:,} official, "
            f"{lst['excluded_files']} files left out, rate {lst['rate_s']} s"
        )
        print(f"{'group':<28} {'players':>7} {'offset':>7} {'<=1':>7} {'<=2':>7}")
        for key in ("overall", "europe", "europe_with_overall_offset"):
            g = lst[key]
            print(
                f"{key:<28} {g['players']:>7} {g['median_offset']:>7.2f} "
                f"{_pct(g['within_1']):>7} {_pct(g['within_2']):>7}"
            )
        print(f"\n{'id':>7} {'name':<32} {'ctry':<5} {'ours':>8} {'published':>9} {'diff':>8}")
        for d in lst["largest"]:
            print(
                f"{d['id']:>7} {d['name'][:32]:<32} {d['country']:<5} {d['ours']:>8.1f} "
                f"{d['published']:>9} {d['diff']:>8.1f}"
            )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print tables or JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--db", type=Path, help="reuse (or fill) this SQLite database")
    parser.add_argument("--exclude-sender", default=DEFAULT_PATTERN, help="sender regex")
    args = parser.parse_args(argv)
    real = real_data_dir()
    if not real.is_dir():
        print(f"real data not found at {real} (set RATINGLIST_REAL_DATA)", file=sys.stderr)
        return 1
    if args.db is not None:
        result = measure(args.db, real, args.exclude_sender)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            result = measure(Path(tmp) / "wof.db", real, args.exclude_sender)
    if args.json:
        print(json.dumps(result))
    else:
        print_report(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
