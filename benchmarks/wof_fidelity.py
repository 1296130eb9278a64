"""Fidelity: our rating lists against the published WOF lists, both profiles side by side.

Usage: ``.venv/bin/python benchmarks/wof_fidelity.py [--json] [--db PATH] [--profile NAME]
[--smoke]``
or ``... --all-lists [--json] [--db PATH] [--rules NAME,...] [--dated-by known|membership]
[--lists NAME,...]`` (every published list we hold, leave-one-list-out, rules chosen on all
the other lists and on those some rules reproduce; see `measure_all_lists`).

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
``--smoke`` checks the benchmark (not `--all-lists`) on one file of the archive instead of
all of it (`smoke.SMOKE_RECENT`, a world championship whose players are on both lists).
"""

from __future__ import annotations

import argparse
import datetime as dt
import functools
import json
import os
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ratinglist.formats.playerlist import read_players_list
from ratinglist.model import Player
from ratinglist.rating.fidelity import Fidelity, compare_lists, leave_one_out
from ratinglist.rating.membership import files_not_in_list, newcomers_by_file
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


def prepare_store(db: Path, real: Path, archive: Path | None = None) -> tuple[Store, float]:
    """Open `db`, importing the real archive (or the folder `archive`) and setting the
    received days when it holds no tournament; import seconds."""
    store = open_store(f"sqlite:///{db}")
    start = time.perf_counter()
    if count_tournaments(store) == 0:
        import_paths(store, [archive or real / "othello-rating-pipeline" / "wof_results"])
        set_archive_received_dates(store)
    return store, time.perf_counter() - start


def _is_european(player: Player) -> bool:
    return _european_country(player.country)


@functools.cache
def _european_country(name: str) -> bool:
    """Whether the country a list names `name` is in Europe (asked once per name: a list
    names a few dozen countries for some 16,000 players)."""
    country = find_country(name)
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
    or counts twice. Only the games of those files are walked (a few hundred of the
    archive's 430,000)."""
    import numpy as np

    fates = {f.tournament: (f, fate) for f, fate in done.fates}
    notable = {
        Fate.EXCLUDED_FOR_LIST: "left out for this list",
        Fate.NOT_RECEIVED: "received after the list date",
        Fate.SENDER: "generated file left out",
    }
    reasons: dict[int, str] = {}
    for t, (file, fate) in fates.items():
        if fate in notable:
            reasons[t] = f"{file.file_name}: {notable[fate]}"
        elif file.duplicate and fate.rated and not file.include_duplicate:
            reasons[t] = f"{file.file_name}: duplicate counted twice"
    games = load_rating_games(store, as_of=done.info.as_of, include_excluded=True)
    tournament = np.frombuffer(games.tournament, dtype=np.int64)
    keep = np.flatnonzero(np.isin(tournament, np.fromiter(reasons, dtype=np.int64)))
    first = np.frombuffer(games.first, dtype=np.int64)[keep].tolist()
    second = np.frombuffer(games.second, dtype=np.int64)[keep].tolist()
    played: dict[int, set[int]] = defaultdict(set)
    for a, b, t in zip(first, second, tournament[keep].tolist(), strict=True):
        played[a].add(t)
        played[b].add(t)
    return {player: [reasons[t] for t in sorted(tids)] for player, tids in played.items()}


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
    db: Path,
    real: Path,
    profiles: tuple[RatingProfile, ...] = (EXACT, WOF),
    archive: Path | None = None,
) -> dict[str, Any]:
    """The whole benchmark on database `db` (imported when empty, from `archive` when
    given, else the whole real archive)."""
    store, import_s = prepare_store(db, real, archive)
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
    parser.add_argument(
        "--all-lists",
        action="store_true",
        help="every published list we hold, with rules chosen leaving each list out",
    )
    parser.add_argument(
        "--rules", help=f"with --all-lists: these rules only (default: {','.join(RULES)})"
    )
    parser.add_argument(
        "--dated-by",
        choices=["known", "membership"],
        default="membership",
        help="with --all-lists: every list dated by who is in it (`membership_date`, default), "
        "or the two 2024-2026 lists at the dates of issue 14 (2024-12-31, 2026-05-12)",
    )
    parser.add_argument(
        "--lists", help="with --all-lists: only these lists (names, comma-separated; at least 2)"
    )
    parser.add_argument(
        "--smoke", action="store_true", help="one year of the archive, not --all-lists (a check)"
    )
    args = parser.parse_args(argv)
    if args.smoke and args.all_lists:
        parser.error("--smoke checks the two lists' benchmark, not --all-lists")
    if args.all_lists:
        return _main_all_lists(args)
    profiles = tuple(p for p in (EXACT, WOF) if args.profile in (None, p.name))
    real = real_data_dir()
    if not real.is_dir():
        print(f"real data not found at {real} (set RATINGLIST_REAL_DATA)", file=sys.stderr)
        return 1
    archive = None
    if args.smoke:
        from smoke import smoke_recent  # beside this script, run as one

        archive = smoke_recent()
    if args.db is not None:
        result = measure(args.db, real, profiles, archive)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            result = measure(Path(tmp) / "wof.db", real, profiles, archive)
    if args.json:
        print(json.dumps(result))
    else:
        print_report(result)
    return 0


# --- Every published list, leave-one-list-out (issue 23, item 5) ---


@dataclass(frozen=True, slots=True)
class Rules:
    """One candidate set of the WOF profile's rules, applied in memory (no list stored).

    `japan_lag` months for Japanese files that started up to `japan_lag_until` (None:
    always); `other_lag_days` for every other file; `backfill`: the JP Federation backfill
    is rated; `both`: both copies of a flagged duplicate count; `ascent`: the WOF's early
    stopped ascent (else the converged fit); `overrides`: the profile's per-list exclusions
    (found on the two lists themselves, so never a leave-one-out candidate); `members`: when
    not 0, a file with at least that many newcomers, none of them in the published players
    list, counts as received after the list's date (`rating.membership`, the same rule as
    `ratinglist archive not-in-list`), and with `in_order` the later files of such a file's
    country too, unless a later one of them is shown received."""

    japan_lag: int = 4
    japan_lag_until: dt.date | None = dt.date(2025, 12, 31)
    other_lag_days: int = 0
    backfill: bool = True
    both: bool = True
    ascent: bool = True
    overrides: bool = False
    members: int = 0
    in_order: bool = False

    def count(self) -> int:
        """How many rules these are beyond the plainest set (every file rated as soon as it
        is received, the WOF's method): a Japanese lag, a lag for other files, the backfill
        left out, duplicates counted once, the converged fit, the overrides, the newcomer
        rule, its order rule. Ties of the leave-one-out go to the fewest."""
        return sum(
            (
                self.japan_lag > 0,
                self.other_lag_days > 0,
                not self.backfill,
                not self.both,
                not self.ascent,
                self.overrides,
                self.members > 0,
                self.in_order,
            )
        )


RULES = {
    "wof-no-overrides": Rules(),
    "japan-lag-0": Rules(japan_lag=0),
    "japan-lag-2": Rules(japan_lag=2),
    "japan-lag-4-always": Rules(japan_lag_until=None),
    "lag-14-days": Rules(other_lag_days=14),
    "lag-30-days": Rules(other_lag_days=30),
    "duplicates-once": Rules(both=False),
    "no-backfill": Rules(backfill=False),
    "members": Rules(members=1),
    "members-min2": Rules(members=2),
    "members-in-order": Rules(members=1, in_order=True),
    "members-japan-lag-0": Rules(members=1, japan_lag=0),
    "members-japan-lag-4-always": Rules(members=1, japan_lag_until=None),
    "members-duplicates-once": Rules(members=1, both=False),
}
"""The rules tried on every list; the profile as it is (with its two per-list overrides) is
measured beside them as the in-sample figure. A reporting lag for one small federation
(Norway, 2 months) is not a candidate: of the 2024-2026 lists it moves one file of one list
(the Dec-2024 list's XOT override in disguise, docs/decisions.md)."""
IN_SAMPLE = Rules(overrides=True)
SNAPSHOTS = "papp/joueurs-snapshots"
OLDER_SRC_COMMITTED = dt.date(2019, 11, 30)
"""The ``_src`` snapshot was committed in 2020 but holds a list of about October 2019."""
LIST_DATES = {
    "2025-02-06_d353914": dt.date(2024, 12, 31),
    "othello-rating-pipeline": dt.date(2026, 5, 12),
}
"""The dates issue 14 gave the two 2024-2026 lists (``--dated-by known``). By default every
list is dated by `membership_date`: 2024-12-22 and 2026-05-09 for these two. The Dec-2024
list's ratings are printed by the results files of 2024-12-28 on and by none before
2024-12-22, so it was computed between those days, not on 2024-12-31."""
REPRODUCED = 0.5
"""With ``leave_one_out_reproduced`` the rules are chosen on the other lists that some rules
reproduce to this share at least: the seven lists of 2018-2022 (1-36% whatever the rules)
then choose nothing (`rating.fidelity.leave_one_out`)."""
PIPELINE_COMMITTED = dt.date(2026, 7, 4)
"""The pipeline's players list was committed with the archive on 2026-07-04."""


@dataclass(frozen=True, slots=True)
class PublishedList:
    """A published list: its name, the date we compute ours as of, its ratings, its
    European players, and every ID it holds (rated or not)."""

    name: str
    as_of: dt.date
    published: dict[int, int]
    europe: frozenset[int]
    known: frozenset[int]


def _japanese(country: str) -> bool:
    return country.casefold() == "japan"


def membership_date(
    players: list[Player],
    files: list[Any],
    newcomers: Mapping[int, Collection[int]],
    before: dt.date,
) -> dt.date:
    """When an undated list was computed, from who is in it: the last day of the latest
    non-Japanese tournament before `before` (the commit) at least a third of whose
    newcomers (players whose first archived game it holds) have a rating in the list.
    Japanese files are left out because they reached the WOF months late."""
    rated = {int(p.id) for p in players if p.rating is not None}
    best: dt.date | None = None
    for f in files:
        new = newcomers.get(f.tournament)
        if f.start > before or _japanese(f.country) or not new:
            continue
        if 3 * sum(p in rated for p in new) >= len(new) and (best is None or f.received > best):
            best = f.received
    if best is None:
        raise SystemExit(f"no tournament before {before} has newcomers in the list")
    return best


def _published(name: str, as_of: dt.date, players: list[Player]) -> PublishedList:
    return PublishedList(
        name,
        as_of,
        {int(p.id): p.rating for p in players if p.rating is not None},
        frozenset(int(p.id) for p in players if _is_european(p)),
        frozenset(int(p.id) for p in players),
    )


def measure_all_lists(
    db: Path,
    real: Path,
    rule_names: list[str] | None = None,
    *,
    dated_by: str = "membership",
    only: list[str] | None = None,
) -> dict[str, Any]:
    """Every published list we hold (the Papp snapshots and the May-2026 list) under each
    of `RULES` and under the profile as it is; then, for each list, the rules with the best
    mean share of Europeans within 2 points on the OTHER lists and their share on it
    (`rating.fidelity.leave_one_out`). Files' received days are their last days (as an
    archive import stores them); the rules add the lags in memory. `only`: these lists
    (names) only, e.g. to add a list's figures under another dating to an earlier run."""
    import numpy as np

    from ratinglist.model.results_file import add_months
    from ratinglist.rating import GameArrays
    from ratinglist.rating.european import rate
    from ratinglist.rating.params import Solver
    from ratinglist.rating.selection import Duplicates
    from ratinglist.store.rating_games import load_tournament_games, results_files

    store = open_store(f"sqlite:///{db}")
    if count_tournaments(store) == 0:
        import_paths(store, [real / "othello-rating-pipeline" / "wof_results"])
    files = list(results_files(store))
    by_id = {f.tournament: f for f in files}
    loaded = load_tournament_games(store, {f.tournament: f.start.toordinal() for f in files})
    store.close()
    games = GameArrays.from_half_points(
        loaded.first, loaded.second, loaded.score, loaded.day, loaded.tournament
    )
    tournament = np.frombuffer(loaded.tournament, dtype=np.int64)
    newcomers = newcomers_by_file(
        zip(loaded.first, loaded.second, loaded.tournament, strict=True),
        {t: f.start for t, f in by_id.items()},
    )

    lists = []
    for folder in sorted((real / SNAPSHOTS).iterdir()):
        players = list(read_players_list(folder / "joueurs.txt").players())
        commit = dt.date.fromisoformat(folder.name[:10])
        if folder.name.endswith("_src"):
            commit = OLDER_SRC_COMMITTED
        as_of = (None if dated_by == "membership" else LIST_DATES.get(folder.name)) or (
            membership_date(players, files, newcomers, commit)
        )
        lists.append(_published(folder.name, as_of, players))
    latest = list(read_players_list(real / "othello-rating-pipeline" / "joueurs.txt").players())
    latest_as_of = (
        membership_date(latest, files, newcomers, PIPELINE_COMMITTED)
        if dated_by == "membership"
        else LIST_DATES["othello-rating-pipeline"]
    )
    lists.append(_published("2026-05 pipeline", latest_as_of, latest))
    if only:
        lists = [lst for lst in lists if lst.name in only]

    def measure_one(rules: Rules, lst: PublishedList) -> dict[str, Any]:
        selection = WOF.selection
        if not rules.backfill:
            selection = replace(selection, keep_senders=None)
        if not rules.both:
            selection = replace(selection, duplicates=Duplicates.ORIGINAL)
        if not rules.overrides:
            selection = replace(selection, overrides=())
        params = WOF.params if rules.ascent else replace(WOF.params, solver=Solver.NEWTON)
        shown = []
        for f in files:
            if f.start > lst.as_of:
                continue
            day = f.received + dt.timedelta(days=rules.other_lag_days)
            if _japanese(f.country) and (
                rules.japan_lag_until is None or f.start <= rules.japan_lag_until
            ):
                day = add_months(f.received, rules.japan_lag)
            shown.append(replace(f, received=day))
        if rules.members:
            late = {
                n.file.tournament
                for n in files_not_in_list(
                    shown,
                    newcomers,
                    lst.known,
                    lst.as_of,
                    min_newcomers=rules.members,
                    in_order=rules.in_order,
                )
            }
            after = lst.as_of + dt.timedelta(days=1)
            shown = [replace(f, received=after) if f.tournament in late else f for f in shown]
        rated = [f.tournament for f, fate in selection.fates(shown, lst.as_of) if fate.rated]
        start = time.perf_counter()
        done = rate(games.select(np.isin(tournament, np.array(rated))), params, lst.as_of)
        seconds = time.perf_counter() - start
        ids = done.players[done.listed].tolist()
        ours = done.ratings[done.listed].tolist()
        pairs = [
            (i, r, lst.published[i]) for i, r in zip(ids, ours, strict=True) if i in lst.published
        ]
        diffs = np.array([r - p for _, r, p in pairs])
        europe = np.array([i in lst.europe for i, _, _ in pairs])
        offset = float(np.median(diffs))
        own = diffs[europe] - np.median(diffs[europe])
        return {
            "players": len(pairs),
            "europeans": int(europe.sum()),
            "median_offset": round(offset, 2),
            "all_within_2": round(float(np.mean(np.abs(diffs - offset) <= 2)), 4),
            "europe_within_2": round(float(np.mean(np.abs(diffs[europe] - offset) <= 2)), 4),
            "europe_own_within_2": round(float(np.mean(np.abs(own) <= 2)), 4),
            "europe_median_abs": round(float(np.median(np.abs(own))), 2),
            "europe_max_abs": round(float(np.max(np.abs(own))), 1),
            "rate_s": round(seconds, 1),
        }

    named = rule_names or list(RULES)
    # Ties of the leave-one-out go to the rules named first: the fewest rules first (`count`).
    chosen = {name: RULES[name] for name in sorted(named, key=lambda n: RULES[n].count())}
    results = {
        name: {lst.name: measure_one(rules, lst) for lst in lists}
        for name, rules in {"in-sample (wof profile)": IN_SAMPLE, **chosen}.items()
    }
    loo: dict[str, dict[str, list[dict[str, Any]]]] = {"all": {}, "reproduced": {}}
    for key in ("europe_within_2", "europe_own_within_2", "all_within_2"):
        scores = {
            name: {lst: r[key] for lst, r in by_list.items()}
            for name, by_list in results.items()
            if name in chosen
        }
        for choice, reproduced in (("all", 0.0), ("reproduced", REPRODUCED)):
            loo[choice][key] = [
                {
                    "list": h.held_out,
                    "chosen": h.chosen,
                    "others_mean": round(h.others_mean, 4),
                    "leave_one_out": h.score,
                    "tied": list(h.tied),
                    "worst_tied": h.worst_tied,
                    "in_sample_best": h.in_sample,
                    "in_sample_best_score": h.in_sample_score,
                    "wof_profile": results["in-sample (wof profile)"][h.held_out][key],
                }
                for h in leave_one_out(scores, reproduced=reproduced)
            ]
    return {
        "lists": [{"name": lst.name, "as_of": lst.as_of.isoformat()} for lst in lists],
        "results": results,
        "leave_one_out": loo["all"],
        "leave_one_out_reproduced": loo["reproduced"],
    }


def _main_all_lists(args: argparse.Namespace) -> int:
    real = real_data_dir()
    names = args.rules.split(",") if args.rules else None
    only = args.lists.split(",") if args.lists else None
    if names and any(n not in RULES for n in names):
        print(f"expected rules among {', '.join(RULES)}, got {args.rules}", file=sys.stderr)
        return 2
    if args.db is not None:
        result = measure_all_lists(args.db, real, names, dated_by=args.dated_by, only=only)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            result = measure_all_lists(
                Path(tmp) / "wof.db", real, names, dated_by=args.dated_by, only=only
            )
    if args.json:
        print(json.dumps(result))
        return 0
    dates = {lst["name"]: lst["as_of"] for lst in result["lists"]}
    for choice in ("leave_one_out", "leave_one_out_reproduced"):
        for key, rows in result[choice].items():
            print(f"\n{key}, {choice.replace('_', ' ')}")
            print(
                f"{'list':<24} {'as of':<11} {'wof profile':>11} {'best own':>9} "
                f"{'own rules':<26} {'LOO':>6} {'worst tied':>10} {'LOO rules (others mean)'}"
            )
            for r in rows:
                print(
                    f"{r['list']:<24} {dates[r['list']]:<11} {_pct(r['wof_profile']):>11} "
                    f"{_pct(r['in_sample_best_score']):>9} {r['in_sample_best']:<26} "
                    f"{_pct(r['leave_one_out']):>6} {_pct(r['worst_tied']):>10} "
                    f"{r['chosen']} ({_pct(r['others_mean'])})"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
