"""Duplicate tournaments: the same games sent twice under two file names.

Rule (see docs/decisions.md, "Duplicate tournaments"): two tournaments are duplicates when
their *rated* games form the same multiset of canonical games and their start dates are at
most `DUPLICATE_WINDOW_DAYS` apart. A canonical game is ``(low ID, high ID, result of the low
ID)``, so ``A > B`` and ``B < A`` are the same game; disc counts, colours and rounds are
ignored. A tournament without rated games is never a duplicate.
"""

from __future__ import annotations

import datetime as dt
import hashlib
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
    canonical = sorted(canonical_game(a, b, o) for a, b, o in games)
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
