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
