"""Plausibility of a results file's games: what the rounds cannot hold.

A file can be well formed and still impossible: a pair meeting twice in one round, a player
with more games than the tournament has rounds, or (without round markers) one pair playing
game after game (a line copied 400,000 times). Each gets a warning at the first game line
that goes beyond what is possible (W211 repeated pair, W212 more games than rounds); the
file is still imported, so the rating officer decides. Games added after the tournament
(``added``) and games the reader excluded do not count. Declared scores are checked by
`elo_totals` (N303).

`completeness_diagnostics` reads what a tournament program says about the tournament in
``%%`` comment lines after the header (the writer's `tournament.games.othello.submission`):
rounds planned and paired, paired games without a result, the director's reason for
submitting it so (one W213 warning, with the reason or saying there is none), and each
forfeit (N305: not played, not rated). The same checks refuse the submission itself.
"""

from __future__ import annotations

from collections import Counter

from ratinglist.formats.diagnostics import Diagnostic, diagnostic
from ratinglist.formats.results_file import GameLine

PLANNED_KEY = "Planned rounds"
PAIRED_KEY = "Paired rounds"
MISSING_KEY = "Paired games without a result"
REASON_KEY = "Reason the director gave for submitting it unfinished"
"""Long on purpose: no text after it reads as a ``%Round N`` marker (within 40 characters)."""
FORFEIT_KEY = "Forfeit"

PAIR_LIMIT_WITHOUT_ROUNDS = 4
"""Games one pair may play in a file without round markers before a warning (a double
round robin and a two-game final, say)."""


def _pair(g: GameLine) -> tuple[str, str]:
    a, b = g.first, g.second
    return (a, b) if a <= b else (b, a)


def plausibility_warnings(
    games: tuple[GameLine, ...],
    source: str,
    *,
    pair_limit: int = PAIR_LIMIT_WITHOUT_ROUNDS,
) -> tuple[Diagnostic, ...]:
    """W211 / W212 warnings for games the rounds cannot hold (see the module docstring).

    With round markers on every counted game: a pair's second game in one round is W211,
    and a player's game beyond the number of rounds is W212. Without them: a pair's game
    beyond `pair_limit` is W211 (once per pair).
    """
    counted = [g for g in games if not g.added and g.excluded is None]
    rounds = {g.round for g in counted}
    known = bool(counted) and None not in rounds
    found: list[Diagnostic] = []
    firsts = [g.first for g in counted]
    seconds = [g.second for g in counted]
    if known:
        limit = max(r for r in rounds if r is not None)
        # Most files have neither warning: counted in C first, the game by game walk only
        # when a player has more games than rounds or a pair meets twice in a round.
        played_all = Counter(firsts)
        played_all.update(seconds)
        keys = [
            ((a, b) if a <= b else (b, a), g.round)
            for a, b, g in zip(firsts, seconds, counted, strict=True)
        ]
        if max(played_all.values()) <= limit and len(set(keys)) == len(keys):
            return ()
        seen: dict[tuple[tuple[str, str], int | None], int] = {}
        played: Counter[str] = Counter()
        told: set[str] = set()
        for g in counted:
            a, b = g.first, g.second
            key = ((a, b) if a <= b else (b, a), g.round)
            if key in seen:
                found.append(
                    _warn(
                        "W211",
                        f"expected one game of {g.first} and {g.second} in round {g.round}, "
                        f"got another (first on line {seen[key]})",
                        source,
                        g,
                    )
                )
            else:
                seen[key] = g.line
            for token in (a, b):
                played[token] += 1
                if played[token] > limit and token not in told:
                    told.add(token)
                    found.append(
                        _warn(
                            "W212",
                            f"expected at most {limit} games of {token} (one a round), got "
                            f"game {played[token]} here",
                            source,
                            g,
                        )
                    )
        return tuple(found)
    pairs: Counter[tuple[str, str]] = Counter(
        [(a, b) if a <= b else (b, a) for a, b in zip(firsts, seconds, strict=True)]
    )
    if not pairs or max(pairs.values()) <= pair_limit:
        return ()  # no pair beyond the limit (counted in C first, as above)
    pairs.clear()
    for g in counted:
        pair = _pair(g)
        pairs[pair] += 1
        if pairs[pair] == pair_limit + 1:
            found.append(
                _warn(
                    "W211",
                    f"expected at most {pair_limit} games of {g.first} and {g.second} in a file "
                    f"without rounds, got game {pair_limit + 1} here",
                    source,
                    g,
                )
            )
    return tuple(found)


def _warn(code: str, message: str, source: str, g: GameLine) -> Diagnostic:
    return diagnostic(code, message, source, g.line, g.column, f"{g.first} {g.second}")


def _count(value: str) -> int | None:
    text = value.strip()
    return int(text) if text.isdigit() else None


def completeness_diagnostics(
    extra: tuple[tuple[str, str, int], ...],
    games: tuple[GameLine, ...],
    source: str,
) -> tuple[Diagnostic, ...]:
    """W213 for a tournament its file says is unfinished, N305 for each forfeit it names.

    `extra`: the ``%%Key: value`` comment lines after the header with their line numbers.
    The rounds played are the highest round of a counted game when every game is under a
    round marker, else the file's ``%%Paired rounds``.
    """
    keys = {key.strip().lower(): (value, line) for key, value, line in reversed(extra)}
    found: list[Diagnostic] = []
    for key, value, line in extra:
        if key.strip().lower() == FORFEIT_KEY.lower():
            found.append(
                diagnostic(
                    "N305", f"a forfeit, not played and not rated: {value}", source, line, 1, value
                )
            )
    planned_at = keys.get(PLANNED_KEY.lower())
    planned = None if planned_at is None else _count(planned_at[0])
    if planned_at is None or planned is None:
        return tuple(found)
    counted = [g for g in games if not g.added and g.excluded is None]
    rounds = {g.round for g in counted}
    paired_at = keys.get(PAIRED_KEY.lower())
    declared = None if paired_at is None else _count(paired_at[0])
    played = (
        max((r for r in rounds if r is not None), default=0) if None not in rounds else declared
    )
    missing_at = keys.get(MISSING_KEY.lower())
    missing = 0 if missing_at is None else (_count(missing_at[0]) or 0)
    gaps = []
    if missing:
        gaps.append(f"{missing} paired game{'s' if missing > 1 else ''} without a result")
    if played is not None and played < planned:
        gaps.append(f"games in {played} of {planned} planned rounds")
    if not gaps:
        return tuple(found)
    reason = keys.get(REASON_KEY.lower())
    why = (
        f"the director's reason: {reason[0]!r}"
        if reason is not None and reason[0].strip()
        else "no reason from the director"
    )
    found.append(
        diagnostic(
            "W213",
            f"expected a finished tournament, got {' and '.join(gaps)}; {why}",
            source,
            planned_at[1],
            1,
            planned_at[0],
        )
    )
    return tuple(sorted(found, key=lambda d: d.line))
