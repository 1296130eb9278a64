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
from scipy.optimize import minimize_scalar

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
    """``(eta, nu)``: `eta` (within +-2 natural units) with the least log-loss over the games
    whose colour is known, then (with `draw`) `nu` (0 to 20) with the least log-loss over all
    games given that `eta`; each a bounded one-dimensional search."""
    known = colour != 0
    eta = 0.0
    if known.any():
        f, c, s = features[known], colour[known], score[known]
        eta = float(
            minimize_scalar(
                lambda e: _loss(wof(f, c, newcomer, float(e), 0.0, points), s),
                bounds=(-2.0, 2.0),
                method="bounded",
                options={"xatol": 1e-6},
            ).x
        )
    nu = 0.0
    if draw and len(score):
        nu = float(
            minimize_scalar(
                lambda v: _loss(wof(features, colour, newcomer, eta, float(v), points), score),
                bounds=(0.0, 20.0),
                method="bounded",
            ).x
        )
    return eta, nu
