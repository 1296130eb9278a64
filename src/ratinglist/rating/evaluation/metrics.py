"""Scores of probabilistic predictions of a game's result (the first player's score).

For a prediction ``p`` of the first player's score ``s`` (1, 1/2 or 0):

- log-loss ``-(s ln p + (1 - s) ln(1 - p))`` (a draw counts half each way), ``p`` clipped to
  ``[1e-12, 1 - 1e-12]``; the constant 1/2 scores ``ln 2 = 0.6931``;
- Brier score ``(p - s)^2``; 1/2 scores 0.25;
- accuracy: 1 when the favoured side (``p > 1/2`` or ``p < 1/2``) scored more, 0 when it
  scored less, 1/2 when ``p = 1/2`` or the game was drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

EPSILON = 1e-12


@dataclass(frozen=True, slots=True)
class Scores:
    """Mean scores over `games` predictions."""

    games: int
    log_loss: float
    brier: float
    accuracy: float


@dataclass(frozen=True, slots=True)
class CalibrationBin:
    """Predictions with ``low <= p < high``: how many, their mean, the mean observed score."""

    low: float
    high: float
    games: int
    predicted: float
    observed: float


def per_game(
    p: NDArray[np.float64], s: NDArray[np.float64]
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """Each prediction's log-loss, Brier score and accuracy."""
    q = np.clip(p, EPSILON, 1 - EPSILON)
    loss: NDArray[np.float64] = -(s * np.log(q) + (1 - s) * np.log1p(-q))
    brier: NDArray[np.float64] = (p - s) ** 2
    accuracy: NDArray[np.float64] = 0.5 + 0.5 * np.sign(p - 0.5) * np.sign(s - 0.5)
    return loss, brier, accuracy


def scores(p: NDArray[np.float64], s: NDArray[np.float64]) -> Scores:
    """The mean scores of predictions `p` of results `s` (0 games: NaN means)."""
    if len(p) == 0:
        return Scores(0, float("nan"), float("nan"), float("nan"))
    loss, brier, accuracy = per_game(p, s)
    return Scores(len(p), float(loss.mean()), float(brier.mean()), float(accuracy.mean()))


def calibration(
    p: NDArray[np.float64], s: NDArray[np.float64], bins: int = 10
) -> tuple[CalibrationBin, ...]:
    """Predictions cut into `bins` equal-width bins of ``p`` (the last one includes 1);
    empty bins are left out."""
    edges = np.linspace(0.0, 1.0, bins + 1)
    which = np.minimum(np.searchsorted(edges, p, side="right") - 1, bins - 1)
    result = []
    for k in range(bins):
        inside = which == k
        if inside.any():
            result.append(
                CalibrationBin(
                    low=float(edges[k]),
                    high=float(edges[k + 1]),
                    games=int(inside.sum()),
                    predicted=float(p[inside].mean()),
                    observed=float(s[inside].mean()),
                )
            )
    return tuple(result)


@dataclass(frozen=True, slots=True)
class PairedDifference:
    """A system's mean log-loss minus `against`'s over the same `games`, with the 2.5% and
    97.5% percentiles of that difference over bootstrap resamples of whole tournaments."""

    against: str
    games: int
    difference: float
    low: float
    high: float


BOOTSTRAP_DRAWS = 1000
BOOTSTRAP_SEED = 23
"""Resamples of the paired bootstrap, and the seed that makes every interval reproducible
(every system and group is resampled with the same draws: the intervals are paired)."""


def tournament_resamples(
    clusters: int, draws: int = BOOTSTRAP_DRAWS, seed: int = BOOTSTRAP_SEED
) -> NDArray[np.int32]:
    """``draws`` resamples of `clusters` tournaments with replacement: row r holds how many
    times each tournament is drawn (each row sums to `clusters`)."""
    rng = np.random.default_rng(seed)
    if clusters == 0:
        return np.zeros((draws, 0), dtype=np.int32)
    counts: NDArray[np.int32] = rng.multinomial(
        clusters, np.full(clusters, 1.0 / clusters), size=draws
    ).astype(np.int32)
    return counts


def paired_difference(
    loss: NDArray[np.float64],
    reference: NDArray[np.float64],
    cluster: NDArray[np.int64],
    resamples: NDArray[np.int32],
    against: str,
) -> PairedDifference:
    """The mean of ``loss - reference`` (per game, the same games) and its 95% percentile
    interval from `resamples` of the tournaments (`cluster`: each game's tournament as a
    dense index into the columns of `resamples`). A resample without any of these games is
    left out of the percentiles; no games: NaN."""
    if len(loss) == 0:
        nan = float("nan")
        return PairedDifference(against, 0, nan, nan, nan)
    clusters = resamples.shape[1]
    d = loss - reference
    total = np.bincount(cluster, d, minlength=clusters)
    count = np.bincount(cluster, minlength=clusters).astype(np.float64)
    sums = resamples @ total
    games = resamples @ count
    means = sums[games > 0] / games[games > 0]
    low, high = np.percentile(means, [2.5, 97.5]) if len(means) else (np.nan, np.nan)
    return PairedDifference(against, len(d), float(d.mean()), float(low), float(high))


def calibration_error(p: NDArray[np.float64], s: NDArray[np.float64], bins: int = 10) -> float:
    """The expected calibration error: ``sum_b (n_b / n) |mean p_b - mean s_b|`` over the
    `calibration` bins of `p` (NaN without predictions)."""
    if len(p) == 0:
        return float("nan")
    total = sum(b.games * abs(b.predicted - b.observed) for b in calibration(p, s, bins))
    return float(total / len(p))
