"""Fidelity: our rating lists against the published WOF lists, both profiles side by side.

Usage: ``.venv/bin/python benchmarks/wof_fidelity.py [--json] [--db PATH] [--profile NAME]``

Imports the real archive (``$RATINGLIST_REAL_DATA`` or ``../shared/data/real``) into a
temporary SQLite database, or reuses the database given with ``--db`` (imported when it holds
no tournament), sets every file's received day from the archive's dates (`ARCHIVE_LAGS`), then
computes and stores, with `ratinglist.service.rating_lists.compute_list`, for each profile
(``exact`` with the sender pattern ``rating committee|unofficial|scrape``, and ``wof``):

- the list as of 2024-12-31, compared with ``papp/joueurs-snapshots/2025-02-06_d353914``;
- the list as of 2026-05-12, compared with ``othello-rating-pipeline/joueurs.txt``.

For listed players with a published rating it removes the median offset taken over ALL of
them (not per group) and prints the shares within 1 and 2 points overall and for players whose
country (registry continent) is in Europe; for reference also Europe with its own median
offset. The columns "int" compare the two lists as printed: our ratings rounded to integers
like the WOF's (`compare_lists(..., as_published=True)`), offset again over all listed
players; the other columns compare our unrounded ratings with the WOF's integers. Then the
20 largest European differences of each list (wof profile) with their cause
where one is known: a file of theirs that the list leaves out or counts twice, few games, or a
known unexplained pool. Also how many files each sender pattern matches, and the times.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ratinglist.formats.playerlist import read_players_list
from ratinglist.model import Player
from ratinglist.rating.fidelity import Fidelity, compare_lists
from ratinglist.rating.profile import EXACT, WOF, RatingProfile
from ratinglist.rating.selection import Fate
from ratinglist.registry.countries import Continent, find_country
from ratinglist.service.actor import SYSTEM
from ratinglist.service.rating_lists import ComputedList, compute_list
from ratinglist.store import (
    Store,
    count_tournaments,
    import_paths,
    load_rating_games,
    open_store,
    received_by_lag,
    set_received_dates,
    tournaments_by_sender,
)

REPO = Path(__file__).resolve().parents[1]
DEFAULT_PATTERN = "rating committee|unofficial|scrape"
SENDER_PARTS = ("rating committee", "unofficial", "scrape", "auto")
SHOWN = 20
FEW_GAMES = 30


@dataclass(frozen=True, slots=True)
class Target:
    """A published list and the date we compute ours as of."""

    as_of: dt.date
    reference: str


TARGETS = (
    Target(dt.date(2024, 12, 31), "papp/joueurs-snapshots/2025-02-06_d353914/joueurs.txt"),
    Target(dt.date(2026, 5, 12), "othello-rating-pipeline/joueurs.txt"),
)


@dataclass(frozen=True, slots=True)
class Lag:
    """Files of `country` (``%%Country`` text) that started in [`first`, `last`] arrive
    `months` after their last day."""

    country: str
    months: int
    first: dt.date | None = None
    last: dt.date | None = None


ARCHIVE_LAGS = (Lag("Japan", 4, last=dt.date(2025, 12, 31)),)
"""The archive's files arrive on their last day, except the Japanese files, about four
months late until 2025 (Dec-2024 list: 94% of Europeans within 2 points with a 4-month lag,
91% with 3, 89% with 5, 91% with none) and on time in 2026 (May-2026 list: 95% with none or
one month, 87% with two, 89% with four). See docs/decisions.md, issue 14."""

KNOWN_POOLS = {
    (dt.date(2024, 12, 31), "NOR"): "Norwegian pool of 2024 (unexplained)",
}


def real_data_dir() -> Path:
    """``$RATINGLIST_REAL_DATA`` or the shared default next to the repository."""
    env = os.environ.get("RATINGLIST_REAL_DATA")
    return Path(env) if env else REPO.parent / "shared" / "data" / "real"


def set_archive_received_dates(store: Store) -> int:
    """Every file's received day from its dates and `ARCHIVE_LAGS`; how many were set."""
    days = received_by_lag(store, {})
    for lag in ARCHIVE_LAGS:
        days.update(
            received_by_lag(
                store,
                {lag.country: lag.months},
                None,
                started_from=lag.first,
                started_until=lag.last,
            )
        )
    return set_received_dates(store, dict(days))


def prepare_store(db: Path, real: Path) -> tuple[Store, float]:
    """Open `db`, importing the real archive (and setting the received days) when it holds
    no tournament; import seconds."""
    store = open_store(f"sqlite:///{db}")
    start = time.perf_counter()
    if count_tournaments(store) == 0:
        import_paths(store, [real / "othello-rating-pipeline" / "wof_results"])
        set_archive_received_dates(store)
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


def _causes(store: Store, done: ComputedList) -> dict[int, list[str]]:
    """Player -> known reasons their rating may differ: files of theirs the list leaves out
    or counts twice."""
    fates = {f.tournament: (f, fate) for f, fate in done.fates}
    games = load_rating_games(store, as_of=done.info.as_of, include_excluded=True)
    played: dict[int, set[int]] = defaultdict(set)
    for a, b, t in zip(games.first, games.second, games.tournament, strict=True):
        played[a].add(t)
        played[b].add(t)
    causes: dict[int, list[str]] = {}
    notable = {
        Fate.EXCLUDED_FOR_LIST: "left out for this list",
        Fate.NOT_RECEIVED: "received after the list date",
        Fate.SENDER: "generated file left out",
    }
    for player, tids in played.items():
        found = []
        for t in sorted(tids):
            if t not in fates:
                continue
            file, fate = fates[t]
            if fate in notable:
                found.append(f"{file.file_name}: {notable[fate]}")
            elif file.duplicate and fate.rated and not file.include_duplicate:
                found.append(f"{file.file_name}: duplicate counted twice")
        if found:
            causes[player] = found
    return causes


def measure_profile(
    store: Store, target: Target, profile: RatingProfile, players: list[Player]
) -> dict[str, Any]:
    """Compute, store and compare one list; a JSON-ready result."""
    pattern = DEFAULT_PATTERN if profile.name == EXACT.name else None
    done = compute_list(
        store,
        target.as_of,
        exclude_sender=pattern,
        label=f"fidelity-{profile.name}",
        profile=profile,
        actor=SYSTEM,
    )
    published = {int(p.id): p.rating for p in players if p.rating is not None}
    by_id = {int(p.id): p for p in players}
    europe = {pid for pid, p in by_id.items() if _is_european(p)}
    entries = done.ratings.entries
    overall = compare_lists(entries, published)
    european = compare_lists(entries, published, members=europe, offset=overall.median_offset)
    european_own = compare_lists(entries, published, members=europe)
    printed = compare_lists(entries, published, as_published=True)
    european_printed = compare_lists(
        entries, published, members=europe, offset=printed.median_offset, as_published=True
    )
    causes = _causes(store, done) if profile.name == WOF.name else {}
    games = {e.player: e.games for e in entries}
    largest = []
    for d in european.differences[:SHOWN]:
        player = by_id[d.player]
        known = list(causes.get(d.player, []))
        country = find_country(player.country)
        pool = KNOWN_POOLS.get((target.as_of, country.code if country else player.country))
        if pool:
            known.append(pool)
        if games[d.player] < FEW_GAMES:
            known.append(f"few games ({games[d.player]})")
        largest.append(
            {
                "id": int(d.player),
                "name": player.name,
                "country": player.country,
                "ours": round(d.ours, 1),
                "published": d.published,
                "diff": round(d.difference, 1),
                "cause": "; ".join(known[:2]) or "unknown",
            }
        )
    return {
        "profile": profile.name,
        "list_id": done.info.id,
        "rated": done.info.rated,
        "listed": done.info.listed,
        "games": done.info.game_count,
        "iterations": done.info.iterations,
        "excluded_files": done.excluded_files,
        "rate_s": round(done.seconds, 2),
        "overall": _group(overall),
        "europe": _group(european),
        "europe_own_offset": _group(european_own),
        "overall_as_published": _group(printed),
        "europe_as_published": _group(european_printed),
        "largest": largest,
    }


def measure_target(
    store: Store, target: Target, real: Path, profiles: tuple[RatingProfile, ...]
) -> dict[str, Any]:
    """Both profiles' lists for one published list."""
    players = list(read_players_list(real / target.reference).players())
    return {
        "as_of": target.as_of.isoformat(),
        "reference": target.reference,
        "profiles": {p.name: measure_profile(store, target, p, players) for p in profiles},
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


def measure(
    db: Path, real: Path, profiles: tuple[RatingProfile, ...] = (EXACT, WOF)
) -> dict[str, Any]:
    """The whole benchmark on database `db` (imported when empty)."""
    store, import_s = prepare_store(db, real)
    try:
        return {
            "import_s": round(import_s, 1),
            "senders": sender_counts(store),
            "lists": [measure_target(store, t, real, profiles) for t in TARGETS],
        }
    finally:
        store.close()


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def print_report(result: dict[str, Any]) -> None:
    """Plain-text tables."""
    print(f"import: {result['import_s']} s")
    print(f"\n{'sender pattern':<40} {'files':>6} {'<=2024-12-31':>13} {'<=2026-05-12':>13}")
    for row in result["senders"]:
        print(
            f"{row['pattern']:<40} {row['files']:>6} {row['until_2024-12-31']:>13} "
            f"{row['until_2026-05-12']:>13}"
        )
    print(
        f"\n{'list':<11} {'profile':<7} {'offset':>7} {'EU <=1':>7} {'EU <=2':>7} "
        f"{'all <=1':>7} {'all <=2':>7} {'EU own <=2':>10} {'EU n':>5} {'all n':>6} "
        f"{'steps':>6} {'rate s':>7} {'EU <=1 int':>10} {'EU <=2 int':>10}"
    )
    for lst in result["lists"]:
        for name, p in lst["profiles"].items():
            print(
                f"{lst['as_of']:<11} {name:<7} {p['overall']['median_offset']:>7.2f} "
                f"{_pct(p['europe']['within_1']):>7} {_pct(p['europe']['within_2']):>7} "
                f"{_pct(p['overall']['within_1']):>7} {_pct(p['overall']['within_2']):>7} "
                f"{_pct(p['europe_own_offset']['within_2']):>10} {p['europe']['players']:>5} "
                f"{p['overall']['players']:>6} {p['iterations']:>6} {p['rate_s']:>7.1f} "
                f"{_pct(p['europe_as_published']['within_1']):>10} "
                f"{_pct(p['europe_as_published']['within_2']):>10}"
            )
    for lst in result["lists"]:
        name = WOF.name if WOF.name in lst["profiles"] else next(iter(lst["profiles"]))
        print(f"\n== {lst['as_of']} ({name}): largest European differences")
        print(f"{'id':>7} {'name':<26} {'ctry':<4} {'ours':>8} {'publ':>6} {'diff':>6}  cause")
        for d in lst["profiles"][name]["largest"]:
            print(
                f"{d['id']:>7} {d['name'][:26]:<26} {d['country'][:4]:<4} {d['ours']:>8.1f} "
                f"{d['published']:>6} {d['diff']:>6.1f}  {d['cause']}"
            )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print tables or JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--db", type=Path, help="reuse (or fill) this SQLite database")
    parser.add_argument(
        "--profile", choices=[EXACT.name, WOF.name], help="only this profile (default: both)"
    )
    args = parser.parse_args(argv)
    profiles = tuple(p for p in (EXACT, WOF) if args.profile in (None, p.name))
    real = real_data_dir()
    if not real.is_dir():
        print(f"real data not found at {real} (set RATINGLIST_REAL_DATA)", file=sys.stderr)
        return 1
    if args.db is not None:
        result = measure(args.db, real, profiles)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            result = measure(Path(tmp) / "wof.db", real, profiles)
    if args.json:
        print(json.dumps(result))
    else:
        print_report(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
