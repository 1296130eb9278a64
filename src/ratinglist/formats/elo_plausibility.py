"""Plausibility of a results file's games: what the rounds cannot hold.

A file can be well formed and still impossible: a pair meeting twice in one round, a player
with more games than the tournament has rounds, or (without round markers) one pair playing
game after game (a line copied 400,000 times). Each gets a warning at the first game line
that goes beyond what is possible (W211 repeated pair, W212 more games than rounds); the
file is still imported, so the rating officer decides. Games added after the tournament
(``added``) and games the reader excluded do not count. Declared scores are checked by
`elo_totals` (N303).
"""

from __future__ import annotations

from collections import Counter

from ratinglist.formats.diagnostics import Diagnostic, diagnostic
from ratinglist.formats.results_file import GameLine

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
    if known:
        limit = max(r for r in rounds if r is not None)
        seen: dict[tuple[tuple[str, str], int | None], int] = {}
        played: Counter[str] = Counter()
        told: set[str] = set()
        for g in counted:
            key = (_pair(g), g.round)
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
            for token in (g.first, g.second):
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
    pairs: Counter[tuple[str, str]] = Counter()
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
