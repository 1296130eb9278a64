"""Duplicate tournaments: the same games sent twice under two file names.

Rule (see docs/decisions.md, "Duplicate tournaments"): two tournaments are duplicates when
their *rated* games form the same multiset of canonical games and their start dates are at
most `DUPLICATE_WINDOW_DAYS` apart. A canonical game is ``(low ID, high ID, result of the low
ID)``, so ``A > B`` and ``B < A`` are the same game; disc counts, colours and rounds are
ignored. A tournament without rated games is never a duplicate.

Near duplicates (`near_duplicates`): the same tournament sent twice with a few games changed
(a corrected result, a renamed player), which the exact rule misses: files starting at most
`NEAR_WINDOW_DAYS` apart whose games, disc counts included, coincide for at least
`NEAR_SHARE` of the smaller file's games. The rating officer flags them with `ratinglist
archive near-duplicates --apply`.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

DUPLICATE_WINDOW_DAYS = 31

_FLIP = {">": "<", "<": ">", "=": "="}


def canonical_game(first: int, second: int, outcome: str) -> tuple[int, int, str]:
    """The game written from the lower ID's side: ``(5, 3, '>')`` becomes ``(3, 5, '<')``."""
    if first <= second:
        return first, second, outcome
    return second, first, _FLIP[outcome]


def games_fingerprint(games: Iterable[tuple[int, int, str]]) -> str:
    """The sha256 (hex) of the sorted multiset of canonical games; order-independent."""
    flip = _FLIP  # `canonical_game`, inline: this runs for every game of an import
    canonical = sorted([(a, b, o) if a <= b else (b, a, flip[o]) for a, b, o in games])
    text = ";".join(f"{a}{o}{b}" for a, b, o in canonical)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


@dataclass(frozen=True, slots=True)
class Candidate:
    """An already stored tournament with the same fingerprint."""

    tournament_id: int
    file_name: str
    start_date: dt.date
    duplicate_of: int | None


def find_original(
    candidates: Sequence[Candidate],
    start_date: dt.date,
    *,
    exclude_file: str,
    window_days: int = DUPLICATE_WINDOW_DAYS,
) -> Candidate | None:
    """The tournament a new one duplicates, or None.

    Among candidates (same fingerprint) other than `exclude_file` whose start date is within
    `window_days` of `start_date`, return the original: a candidate that is itself a duplicate
    leads to its own original, so every group has one root.
    """
    by_id = {c.tournament_id: c for c in candidates}
    near = [
        c
        for c in candidates
        if c.file_name != exclude_file and abs((c.start_date - start_date).days) <= window_days
    ]
    if not near:
        return None
    best = min(near, key=lambda c: (c.start_date, c.tournament_id))
    seen: set[int] = set()
    while best.duplicate_of is not None and best.duplicate_of in by_id:
        if best.tournament_id in seen:
            break
        seen.add(best.tournament_id)
        best = by_id[best.duplicate_of]
    return best


# --- Near duplicates (issue 23): the same tournament sent twice with a few games changed ---

NEAR_SHARE = 0.8
"""Two files are near duplicates when their shared games are at least this share of the
smaller file's games (the real archive: 7 pairs share 89-100 %, every other pair of files
within the window at most 53 %)."""
NEAR_WINDOW_DAYS = 7
"""...and their start dates are at most this many days apart."""

GameKey = tuple[int, int, str, int | None, int | None]


def game_key(
    first: int, second: int, outcome: str, first_discs: int | None, second_discs: int | None
) -> GameKey:
    """A game with its disc count written from the lower ID's side, so that the same game
    written either way round is one key: ``(5, 3, '>', 40, 24)`` is ``(3, 5, '<', 24, 40)``."""
    if first <= second:
        return first, second, outcome, first_discs, second_discs
    return second, first, _FLIP[outcome], second_discs, first_discs


@dataclass(frozen=True, slots=True)
class FileGames:
    """A stored file that is not yet flagged: its rated games as keys (a multiset)."""

    tournament_id: int
    file_name: str
    start_date: dt.date
    games: tuple[GameKey, ...]


@dataclass(frozen=True, slots=True)
class NearDuplicate:
    """A copy, the file it repeats, the games they share and the copy's game count."""

    copy: FileGames
    original: FileGames
    shared: int

    @property
    def share(self) -> float:
        """Shared games over the smaller file's games."""
        return self.shared / min(len(self.copy.games), len(self.original.games))


def near_duplicates(
    files: Sequence[FileGames],
    *,
    share: float = NEAR_SHARE,
    window_days: int = NEAR_WINDOW_DAYS,
) -> tuple[NearDuplicate, ...]:
    """Pairs of files whose games (with their disc counts) coincide for at least `share` of
    the smaller file's games and that start at most `window_days` apart. In each pair the
    copy is the later file (start date, then tournament id); a file is the copy of at most
    one file (the one it shares most with, the earliest on a tie), and a copy of a copy is
    given that copy's own original, so every group has one root that stays rated.
    """
    days = [f.start_date.toordinal() for f in files]
    index: dict[GameKey, list[int]] = {}
    for k in sorted(range(len(files)), key=days.__getitem__):  # each key's files by date
        for key in set(files[k].games):
            index.setdefault(key, []).append(k)
    pairs: set[tuple[int, int]] = set()
    for holders in index.values():
        for i, a in enumerate(holders):
            for b in holders[i + 1 :]:
                if days[b] - days[a] > window_days:
                    break  # the later holders start later still
                pairs.add((a, b) if a < b else (b, a))
    counts: dict[int, Counter[GameKey]] = {}
    found: dict[int, NearDuplicate] = {}
    for a, b in sorted(pairs):
        fa, fb = files[a], files[b]
        for k in (a, b):
            if k not in counts:
                counts[k] = Counter(files[k].games)
        shared = sum((counts[a] & counts[b]).values())
        if shared < share * min(len(fa.games), len(fb.games)):
            continue
        original, copy = sorted((fa, fb), key=lambda f: (f.start_date, f.tournament_id))
        best = found.get(copy.tournament_id)
        if best is None or (shared, _first(best.original)) > (best.shared, _first(original)):
            found[copy.tournament_id] = NearDuplicate(copy, original, shared)
    kept = []
    for d in found.values():
        root, seen = d.original, {d.copy.tournament_id}
        while root.tournament_id in found and root.tournament_id not in seen:
            seen.add(root.tournament_id)
            root = found[root.tournament_id].original
        if root.tournament_id != d.copy.tournament_id:
            kept.append(NearDuplicate(d.copy, root, d.shared))
    return tuple(sorted(kept, key=lambda d: (d.copy.start_date, d.copy.tournament_id)))


def _first(file: FileGames) -> tuple[int, int]:
    """A sort key that is larger for an earlier file (start date, then id)."""
    return -file.start_date.toordinal(), -file.tournament_id
