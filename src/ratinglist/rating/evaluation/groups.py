"""The report's groups of games: newcomer, established and top games for the paired differences,
bands by games played, layoff, federation pool and strength, and the reliability diagrams."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from numpy.typing import NDArray

from ratinglist.rating.evaluation.metrics import (
    CalibrationBin,
    PairedDifference,
    calibration,
    paired_difference,
    per_game,
    tournament_resamples,
)
from ratinglist.rating.games import GameArrays
from ratinglist.rating.systems.base import tournament_keys

PAIRED_GROUPS = ("overall", "newcomer", "established", "top")


PLAYED_BANDS = ((0, 0), (1, 9), (10, 49), (50, 199), (200, None))
"""Bands of the fewer earlier games of a game's two players."""


LAYOFF_BANDS = ((0, 1), (2, 6), (7, 24), (25, None))
"""Bands of the longer layoff (months since the previous game) of a game's players who had
played before (games between two first-timers are in none)."""


POOLS = ("Japan", "Europe", "others", "mixed")
"""Federation pools of a game: both players' pool, or mixed."""


STRENGTH_BANDS = ((0.01, "top 1%"), (0.10, "1-10%"), (0.50, "10-50%"), (1.0, "bottom 50%"))
"""Strength bands of a game (issue 23 item 2): the stronger player's share of the active
players rated strictly above them in the system's month-end list (below 0.01: top 1%, ...)."""


UNRATED = "unrated"
"""The strength band of a game with a player not in the system's list (a newcomer)."""


RELIABILITY_GROUPS = ("overall", "newcomer", "established", "top")
"""The groups that get a reliability diagram each."""


def strength_bands(
    active: NDArray[np.float64], first: NDArray[np.float64], second: NDArray[np.float64]
) -> NDArray[np.object_]:
    """Each game's strength band: the stronger player's share of the `active` ratings
    (the active players of the month-end list) strictly above their rating, cut by
    `STRENGTH_BANDS` (a share below 0.01 is the top 1%, ...); `UNRATED` when either
    player has no rating (NaN) or no active player is rated."""
    ordered = np.sort(active)
    n = len(ordered)

    def above(r: NDArray[np.float64]) -> NDArray[np.float64]:
        count = n - np.searchsorted(ordered, np.nan_to_num(r), side="right")
        share: NDArray[np.float64] = np.where(np.isfinite(r), count / max(n, 1), np.nan)
        return share

    share = np.fmin(above(first), above(second))
    unrated = np.isnan(above(first)) | np.isnan(above(second)) | (n == 0)
    labels = np.full(len(first), UNRATED, dtype=object)
    lower = 0.0
    for upper, label in STRENGTH_BANDS:
        inside = ~unrated & (share >= lower) & (share < upper if upper < 1.0 else share <= 1.0)
        labels[inside] = label
        lower = upper
    return labels


def strength_masks(
    labels: NDArray[np.object_], in_report: NDArray[np.bool_]
) -> dict[str, NDArray[np.bool_]]:
    """The games (fit and report months; only report games have a band) of each strength
    band, given the report games' `labels` in order."""
    full = np.full(len(in_report), "", dtype=object)
    full[in_report] = labels
    names = [label for _, label in STRENGTH_BANDS] + [UNRATED]
    return {name: np.asarray(full == name, dtype=bool) for name in names}


def _band_label(low: int, high: int | None) -> str:
    if high is None:
        return f"{low}+"
    return str(low) if low == high else f"{low}-{high}"


def _within(values: NDArray[np.int64], low: int, high: int | None) -> NDArray[np.bool_]:
    inside: NDArray[np.bool_] = values >= low
    return inside if high is None else inside & (values <= high)


def band_masks(
    fewest: NDArray[np.int64],
    layoff: NDArray[np.int64],
    scored: GameArrays,
    pools: Mapping[int, str] | None,
) -> dict[str, dict[str, NDArray[np.bool_]]]:
    """The games (fit and report months) of each band of each kind."""
    result = {
        "games_played": {_band_label(lo, hi): _within(fewest, lo, hi) for lo, hi in PLAYED_BANDS},
        "layoff": {_band_label(lo, hi): _within(layoff, lo, hi) for lo, hi in LAYOFF_BANDS},
    }
    if pools is not None:
        first = np.array([pools.get(p, "others") for p in scored.first.tolist()], dtype=object)
        second = np.array([pools.get(p, "others") for p in scored.second.tolist()], dtype=object)
        same = first == second
        result["pool"] = {
            pool: (same & (first == pool)) if pool != "mixed" else ~same for pool in POOLS
        }
    return result


def paired_differences(
    predictions: dict[str, NDArray[np.float64]],
    scored: GameArrays,
    in_report: NDArray[np.bool_],
    groups: dict[str, NDArray[np.bool_]],
    systems: tuple[str, ...],
) -> dict[str, tuple[tuple[str, PairedDifference], ...]]:
    """Each system's log-loss minus the best system's (least overall log-loss among
    `systems`), overall and per group, on the report games, with bootstrap intervals over
    the report's tournaments (the same resamples for every system and group)."""
    s = scored.score[in_report]
    losses = {name: per_game(p[in_report], s)[0] for name, p in predictions.items()}
    ranked = [n for n in systems if n in losses and len(s)]
    if not ranked:
        return {}
    best = min(ranked, key=lambda n: (float(losses[n].mean()), ranked.index(n)))
    _, cluster = np.unique(tournament_keys(scored)[in_report], return_inverse=True)
    resamples = tournament_resamples(int(cluster.max()) + 1)
    masks = {"overall": np.ones(len(s), dtype=bool)} | {
        g: mask[in_report] for g, mask in groups.items()
    }
    result: dict[str, tuple[tuple[str, PairedDifference], ...]] = {}
    for name, loss in losses.items():
        result[name] = tuple(
            (
                g,
                paired_difference(
                    loss[masks[g]], losses[best][masks[g]], cluster[masks[g]], resamples, best
                ),
            )
            for g in PAIRED_GROUPS
            if g in masks
        )
    return result


def gains_against(
    predictions: dict[str, NDArray[np.float64]],
    scored: GameArrays,
    in_report: NDArray[np.bool_],
    reference: str,
) -> dict[str, PairedDifference]:
    """Each system's gain against `reference` (the official list): `reference`'s log-loss
    minus the system's on the report games (above 0: better than the official list), with
    the bootstrap interval over tournaments; empty when `reference` is not predicted."""
    s = scored.score[in_report]
    if reference not in predictions or not len(s):
        return {}
    losses = {name: per_game(p[in_report], s)[0] for name, p in predictions.items()}
    _, cluster = np.unique(tournament_keys(scored)[in_report], return_inverse=True)
    resamples = tournament_resamples(int(cluster.max()) + 1)
    return {
        name: paired_difference(losses[reference], loss, cluster, resamples, reference)
        for name, loss in losses.items()
    }


def reliability(
    p: NDArray[np.float64],
    s: NDArray[np.float64],
    groups: Mapping[str, NDArray[np.bool_]],
    bins: int,
) -> tuple[tuple[str, tuple[CalibrationBin, ...]], ...]:
    """Per group of `RELIABILITY_GROUPS` in `groups` (masks over `p`): the reliability
    diagram's bins, each game counted from both sides (``p, s`` and ``1 - p, 1 - s``)."""
    return tuple(
        (g, calibration(np.concatenate([p[m], 1 - p[m]]), np.concatenate([s[m], 1 - s[m]]), bins))
        for g, m in groups.items()
        if g in RELIABILITY_GROUPS
    )
