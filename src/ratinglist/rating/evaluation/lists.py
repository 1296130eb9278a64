"""Month-end lists followed through the replay: the active players' ratings, the stability of the
ranking between consecutive lists, the drift of the mean rating, the strength band of each game."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
from numpy.typing import NDArray
from scipy.stats import rankdata

from ratinglist.rating.evaluation.groups import strength_bands
from ratinglist.rating.evaluation.search import Run
from ratinglist.rating.games import GameArrays

ACTIVE_MONTHS = 24
"""A player is active in a month-end list with a game in the 24 months before."""


@dataclass(frozen=True, slots=True)
class ListFacts:
    """A system's month-end list (`month` of the games it predicts): the active players
    rated in it (increasing), their ratings, the Spearman correlation with the previous."""

    month: int
    players: NDArray[np.int64]
    ratings: NDArray[np.float64]
    rho: float


def follow_lists(
    runs: dict[str, Run],
    active: NDArray[np.int64],
    month: int,
    lists: dict[str, list[ListFacts]],
    chunk: GameArrays,
    strength: dict[str, list[NDArray[np.object_]]],
    gaps: dict[str, list[NDArray[np.float64]]] | None = None,
) -> None:
    """Per system with a list: the `active` players' ratings in this month-end list, their
    mean, and the Spearman correlation with the same players' ratings in the previous list
    (NaN for the first, or with fewer than three players rated in both); the strength band
    of each game of `chunk` by that list (appended to `strength`), and the first player's
    rating minus the second's in that list (appended to `gaps`; NaN: either not rated)."""
    for name, run in runs.items():
        if "@" in name:
            continue
        forecaster = run.lister()
        values = forecaster.rated(active)
        if values is None:
            continue
        first, second = forecaster.rated(chunk.first), forecaster.rated(chunk.second)
        if first is not None and second is not None:
            bands = strength_bands(values[np.isfinite(values)], first, second)
            strength.setdefault(name, []).append(bands)
            if gaps is not None:
                gaps.setdefault(name, []).append(first - second)
        keep = np.isfinite(values)
        now = ListFacts(month, active[keep], values[keep], float("nan"))
        rows = lists.setdefault(name, [])
        if rows:
            _, here, there = np.intersect1d(now.players, rows[-1].players, return_indices=True)
            if len(here) > 2:
                a = rankdata(now.ratings[here])
                b = rankdata(rows[-1].ratings[there])
                now = replace(now, rho=float(np.corrcoef(a, b)[0, 1]))
        rows.append(now)


def stability(lists: list[ListFacts]) -> tuple[tuple[int, float], ...]:
    """Per year: the mean Spearman correlation between consecutive month-end lists."""
    by_year: dict[int, list[float]] = {}
    for facts in lists:
        if np.isfinite(facts.rho):
            by_year.setdefault(facts.month // 12, []).append(facts.rho)
    return tuple((year, float(np.mean(rhos))) for year, rhos in sorted(by_year.items()))


def drift(lists: list[ListFacts]) -> tuple[tuple[int, float], ...]:
    """Per year: the mean rating of the active players in its last month-end list."""
    last = {facts.month // 12: facts for facts in lists if len(facts.ratings)}
    return tuple((year, float(f.ratings.mean())) for year, f in sorted(last.items()))
