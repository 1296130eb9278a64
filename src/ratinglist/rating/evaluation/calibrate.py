"""The contest's one calibration, the same for every system (issue 37): four temperatures by
the number of earlier games of the game's less experienced player, fitted on the fit period.

A prediction ``p`` becomes ``1 / (1 + exp(-logit(p) / T))`` with the temperature ``T`` of its
game's band: above 1 pulls towards 1/2 (a system too sure of itself there), below 1 pushes
away. Every system gets the same bands and fits its own four temperatures by least log-loss on
its fit-period predictions, so an uncertainty a system was built with (whr-bayes's newcomer
deviation) is no longer an advantage the others were denied.
"""

from __future__ import annotations

import itertools

import numpy as np
from numpy.typing import NDArray
from scipy.optimize import minimize_scalar

CALIBRATIONS = ("temperatures", "none")
"""The calibrations a contest can give every system: the temperatures, or none."""

BAND_EDGES = (1, 10, 30)
"""The bands of the fewer earlier games of a game's two players: 0, 1-9, 10-29, 30 and more."""

LOWEST, HIGHEST = 0.2, 5.0
"""The temperatures searched (bounded, so a band of a few games cannot blow up)."""

_EPS = 1e-12


def bands(fewest: NDArray[np.int64], edges: tuple[int, ...] = BAND_EDGES) -> NDArray[np.int64]:
    """Each game's band (0..len(edges)) by the fewer earlier games of its players."""
    return np.searchsorted(np.asarray(edges), fewest, side="right").astype(np.int64)


def band_names(edges: tuple[int, ...] = BAND_EDGES) -> tuple[str, ...]:
    """The bands' names: ``0``, ``1-9``, ``10-29``, ``30+``."""
    bounds = (0, *edges)
    names = [
        f"{low}" if high - low == 1 else f"{low}-{high - 1}"
        for low, high in itertools.pairwise(bounds)
    ]
    return (*names, f"{edges[-1]}+")


def logit(p: NDArray[np.float64]) -> NDArray[np.float64]:
    """The log-odds of `p`, clipped away from 0 and 1."""
    q = np.clip(p, _EPS, 1 - _EPS)
    result: NDArray[np.float64] = np.log(q) - np.log1p(-q)
    return result


def tempered(p: NDArray[np.float64], temperature: float) -> NDArray[np.float64]:
    """`p` with its log-odds divided by `temperature`."""
    result: NDArray[np.float64] = 1.0 / (1.0 + np.exp(-logit(p) / temperature))
    return result


def _loss(p: NDArray[np.float64], s: NDArray[np.float64]) -> float:
    q = np.clip(p, _EPS, 1 - _EPS)
    return float(-np.mean(s * np.log(q) + (1 - s) * np.log1p(-q)))


def fit_temperature(p: NDArray[np.float64], s: NDArray[np.float64]) -> float:
    """The temperature of least log-loss of predictions `p` for scores `s` (1 without games)."""
    if len(p) == 0:
        return 1.0
    found = minimize_scalar(
        lambda t: _loss(tempered(p, t), s),
        bounds=(LOWEST, HIGHEST),
        method="bounded",
        options={"xatol": 1e-4},
    )
    return float(found.x)


def fit_temperatures(
    p: NDArray[np.float64],
    s: NDArray[np.float64],
    band: NDArray[np.int64],
    fit: NDArray[np.bool_],
    count: int = len(BAND_EDGES) + 1,
) -> tuple[float, ...]:
    """One temperature per band, each fitted on the games of `fit` in that band."""
    return tuple(fit_temperature(p[fit & (band == k)], s[fit & (band == k)]) for k in range(count))


def calibrated(
    p: NDArray[np.float64], band: NDArray[np.int64], temperatures: tuple[float, ...]
) -> NDArray[np.float64]:
    """`p` with each game's log-odds divided by its band's temperature."""
    t = np.asarray(temperatures)[band]
    result: NDArray[np.float64] = 1.0 / (1.0 + np.exp(-logit(p) / t))
    return result
