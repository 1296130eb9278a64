"""From WOF list ratings to predictions, and the few numbers fitted on the fit period.

The WOF model predicts ``P = 1 / (1 + e^-x)`` with ``x = (R_a - R_b) / s`` (``s`` points per
natural unit, 182.05). Players outside the list get one newcomer rating, fitted on the fit
period. The colour/draw variant (not the WOF default) uses Davidson's draw model with a
first-move term: ``x = (R_a - R_b) / s + eta c`` (``c`` = +1 when the first player had Black,
-1 White, 0 unknown) and expected score
``E = (e^(x/2) + nu/2) / (e^(x/2) + e^(-x/2) + nu)`` (Davidson 1970: ``P(draw)`` proportional
to ``nu sqrt(pi_a pi_b)``); ``nu = eta = 0`` is the WOF prediction.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from scipy.optimize import minimize, minimize_scalar

from ratinglist.rating.evaluation.metrics import per_game

_CLIP = 60.0


def davidson(x: NDArray[np.float64], nu: float) -> NDArray[np.float64]:
    """``(e^(x/2) + nu/2) / (e^(x/2) + e^(-x/2) + nu)``, computed without overflow."""
    half = np.clip(x, -_CLIP, _CLIP) / 2
    top = np.maximum(half, -half)
    up, down, tie = np.exp(half - top), np.exp(-half - top), nu * np.exp(-top)
    result: NDArray[np.float64] = (up + tie / 2) / (up + down + tie)
    return result


def wof(
    features: NDArray[np.float64],
    colour: NDArray[np.int8],
    newcomer: float,
    eta: float,
    nu: float,
    points: float,
) -> NDArray[np.float64]:
    """Predictions from the WOF forecaster's features (ratings, NaN for unlisted players)."""
    a = np.where(np.isnan(features[:, 0]), newcomer, features[:, 0])
    b = np.where(np.isnan(features[:, 1]), newcomer, features[:, 1])
    return davidson((a - b) / points + eta * colour, nu)


def _loss(p: NDArray[np.float64], s: NDArray[np.float64]) -> float:
    return float(per_game(p, s)[0].mean()) if len(p) else 0.0


def fit_newcomer(
    features: NDArray[np.float64], score: NDArray[np.float64], points: float, anchor: float
) -> float:
    """The newcomer rating with the least log-loss, within 1500 below to 500 above `anchor`."""
    unknown = np.isnan(features[:, 0]) | np.isnan(features[:, 1])
    if not unknown.any():
        return anchor
    f, s = features[unknown], score[unknown]
    none = np.zeros(len(f), dtype=np.int8)
    found = minimize_scalar(
        lambda r: _loss(wof(f, none, float(r), 0.0, 0.0, points), s),
        bounds=(anchor - 1500.0, anchor + 500.0),
        method="bounded",
    )
    return float(found.x)


def fit_colour_draw(
    features: NDArray[np.float64],
    colour: NDArray[np.int8],
    score: NDArray[np.float64],
    newcomer: float,
    points: float,
    *,
    draw: bool = True,
) -> tuple[float, float]:
    """``(eta, nu)`` with the least log-loss (eta in [-2, 2] natural units, nu in [0, 20];
    nu stays 0 unless `draw`)."""
    if len(score) == 0:
        return 0.0, 0.0
    found = minimize(
        lambda v: _loss(wof(features, colour, newcomer, float(v[0]), float(v[1]), points), score),
        x0=np.array([0.0, 0.01 if draw else 0.0]),
        bounds=[(-2.0, 2.0), (0.0, 20.0 if draw else 0.0)],
        method="L-BFGS-B",
    )
    return float(found.x[0]), float(found.x[1])
