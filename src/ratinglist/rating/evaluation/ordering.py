"""The list scored apart from the prediction rule (issue 37): how well a month-end list, its
point ratings alone, orders the players of the next month's games.

The score is the share of the month's decisive games won by the player listed higher (a
tie in the list counts half): no deviation, no temperature, no scale, nothing fitted, so
a system cannot gain it by its prediction rule. It is counted on the games every compared
list rates both players of (the same games for every system, `games`) and, apart, on the
games the system's own list rates (`own_games`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray


@dataclass(frozen=True, slots=True)
class ListOrdering:
    """The share of decisive games won by the higher-listed player: on the games every list
    compared rates (`games`, `share`) and on those this list rates (`own_games`,
    `own_share`); NaN without a game."""

    games: int
    share: float
    own_games: int
    own_share: float


def won_by_higher(gap: NDArray[np.float64], score: NDArray[np.float64]) -> float:
    """The share of games (decisive, `gap` finite) won by the higher-listed player: 1 when
    the winner's rating is above the loser's, 1/2 when equal, 0 below (NaN: no game)."""
    if len(gap) == 0:
        return float("nan")
    signed = np.where(score > 0.5, gap, -gap)
    return float(np.mean(np.where(signed > 0, 1.0, np.where(signed == 0, 0.5, 0.0))))


def list_orderings(
    gaps: Mapping[str, NDArray[np.float64]], score: NDArray[np.float64]
) -> dict[str, ListOrdering]:
    """Each list's ordering score (`gaps`: per system, each game's first player's rating
    minus the second's, NaN when either is not rated; `score`: the first player's)."""
    decisive = score != 0.5
    common = decisive.copy()
    for gap in gaps.values():
        common &= np.isfinite(gap)
    result: dict[str, ListOrdering] = {}
    for name, gap in gaps.items():
        own = decisive & np.isfinite(gap)
        result[name] = ListOrdering(
            games=int(common.sum()),
            share=won_by_higher(gap[common], score[common]),
            own_games=int(own.sum()),
            own_share=won_by_higher(gap[own], score[own]),
        )
    return result
