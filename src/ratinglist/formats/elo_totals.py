"""Declared totals against the games: a note when a player line's score cannot be right.

A ``%_%`` line declares a player's points. The games of the rounds (not the added ones, not
the excluded ones) give a lower bound; byes are never listed, so each round a player has
no game may add at most one point, and a round gives at most one bye. When the rounds are
known (every game under a round marker), a declared score outside [points of the games,
that + rounds without a game] gets an N303 note at the player line, and so does every
player declaring more than his games when the file declares more such points than it has
rounds with a player missing. Without round markers only the lower bound is checked.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from ratinglist.formats.diagnostics import Diagnostic, diagnostic
from ratinglist.formats.results_file import GameLine, PlayerLine

TOLERANCE = 1e-6


_POINTS = {">": (1.0, 0.0), "<": (0.0, 1.0), "=": (0.5, 0.5)}
"""Each player's points by result sign (`Outcome` values)."""


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def totals_notes(
    players: tuple[PlayerLine, ...], games: tuple[GameLine, ...], source: str
) -> tuple[Diagnostic, ...]:
    """N303 notes for declared scores the games (and possible byes) cannot give."""
    counted = [g for g in games if not g.added and g.excluded is None]
    rounds = {g.round for g in counted}
    known = None if None in rounds or not rounds else max(r for r in rounds if r is not None)
    points: defaultdict[str, float] = defaultdict(float)
    played: Counter[str] = Counter()
    present: defaultdict[int | None, set[str]] = defaultdict(set)
    for g in counted:
        first, second = _POINTS[g.outcome._value_]
        a, b = g.first, g.second
        points[a] += first
        points[b] += second
        played[a] += 1
        played[b] += 1
        round_present = present[g.round]
        round_present.add(a)
        round_present.add(b)
    notes = []
    tokens = {p.token for p in players}
    byes = 0
    if known is not None:
        for r in range(1, known + 1):
            byes += bool(tokens - present.get(r, set()))
    surplus = {
        p.token: p.score - points[p.token]
        for p in players
        if p.score is not None and p.score > points[p.token] + TOLERANCE
    }
    total = sum(surplus.values())
    if known is not None and total > byes + TOLERANCE:
        for p in players:
            if p.token in surplus:
                notes.append(
                    diagnostic(
                        "N303",
                        f"expected at most {byes} bye points beyond the games in the file "
                        f"(one bye a round), got {_number(total)}: {p.token} declares "
                        f"{_number(surplus[p.token])} more than its games",
                        source,
                        p.line,
                        1,
                        _number(p.score or 0),
                    )
                )
        return tuple(notes)
    for p in players:
        if p.score is None or p.token not in played:
            continue
        low = points[p.token]
        high = None if known is None else low + max(known - played[p.token], 0)
        if p.score < low - TOLERANCE or (high is not None and p.score > high + TOLERANCE):
            span = _number(low) if high is None or high == low else f"{_number(low)}-"
            span += "" if high is None or high == low else _number(high)
            bound = f"at least {span}" if high is None else span
            notes.append(
                diagnostic(
                    "N303",
                    f"expected a declared score of {bound} for {p.token} (games"
                    f" {_number(low)}, byes at most {_number((high or low) - low)}),"
                    f" got {_number(p.score)}",
                    source,
                    p.line,
                    1,
                    _number(p.score),
                )
            )
    return tuple(notes)
