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
from itertools import compress

from ratinglist.formats.diagnostics import Diagnostic, diagnostic
from ratinglist.formats.results_file import GameLine, PlayerLine

TOLERANCE = 1e-6


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def totals_notes(
    players: tuple[PlayerLine, ...], games: tuple[GameLine, ...], source: str
) -> tuple[Diagnostic, ...]:
    """N303 notes for declared scores the games (and possible byes) cannot give."""
    counted = [g for g in games if not g.added and g.excluded is None]
    rounds = [g.round for g in counted]
    distinct = set(rounds)
    known = None if None in distinct or not distinct else max(r for r in distinct if r is not None)
    firsts = [g.first for g in counted]
    seconds = [g.second for g in counted]
    signs = [g.outcome._value_ for g in counted]
    # Counted in C: games, wins and draws by token. Points, wins + draws / 2, are the same
    # float as a sum game by game (multiples of 0.5 are exact).
    played = Counter(firsts)
    played.update(seconds)
    wins = Counter(compress(firsts, [s == ">" for s in signs]))
    wins.update(compress(seconds, [s == "<" for s in signs]))
    drawn = [s == "=" for s in signs]
    draws = Counter(compress(firsts, drawn))
    draws.update(compress(seconds, drawn))
    points = {t: wins[t] + 0.5 * draws[t] for t in played}
    notes = []
    surplus = {
        p.token: p.score - points.get(p.token, 0.0)
        for p in players
        if p.score is not None and p.score > points.get(p.token, 0.0) + TOLERANCE
    }
    total = sum(surplus.values())
    byes = 0  # rounds where a listed player has no game: needed only beyond the games
    if known is not None and total > TOLERANCE:
        tokens = {p.token for p in players}
        present: defaultdict[int | None, set[str]] = defaultdict(set)
        for r, a, b in zip(rounds, firsts, seconds, strict=True):
            round_present = present[r]
            round_present.add(a)
            round_present.add(b)
        for r in range(1, known + 1):
            byes += bool(tokens - present.get(r, set()))
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
        low = points.get(p.token, 0.0)
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
