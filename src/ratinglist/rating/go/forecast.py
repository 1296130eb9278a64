"""Black's expected result of a Go game by the EGF GoR, with each rating's uncertainty
(issue 37 item 4: the live page's forecasts).

The GoR's expected result is ``Se = 1 / (1 + exp(beta(R_W) - beta(R_B')))``, ``beta(R) =
-7 ln(3300 - R)``, Black raised by the handicap and komi (`gor.expected_white`). The GoR has
no deviation; a rating known only from a declared rank is uncertain: its deviation ``s`` is
``s beta'(R) = 7 s / (3300 - R)`` in the log-odds (the delta method; Black's at the rating
raised by the handicap and komi, where beta is read), and the log-odds are
divided by MacKay's ``sqrt(1 + pi v / 8)`` (`rating.entrant_forecast.spread`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from ratinglist.model.forecast import Handicap, Strength
from ratinglist.rating.entrant_forecast import columns, spread
from ratinglist.rating.go.gor import GorParams, expected_white
from ratinglist.rating.go.handicap import black_advantage

EVEN_GAME = Handicap(0, 7.5)
"""A game's conditions when none are given: no stones, komi 7.5 (worth nothing)."""


def gor_expected_black(
    black: Sequence[Strength],
    white: Sequence[Strength],
    handicaps: Sequence[Handicap | None],
    params: GorParams | None = None,
) -> NDArray[np.float64]:
    """Black's expected results by the GoR (`gor.expected_white`: Black raised by the
    handicap and komi) with both deviations (see the module docstring)."""
    p = params or GorParams()
    f = p.formula
    rb, db = columns(black)
    rw, dw = columns(white)
    terms = [h or EVEN_GAME for h in handicaps]
    stones = np.array([h.stones for h in terms], dtype=np.int64)
    komi = np.array([h.komi for h in terms], dtype=np.float64)
    point = 1.0 - expected_white(rw, rb, stones, komi, p)
    q = np.clip(point, 1e-12, 1.0 - 1e-12)
    log_odds = np.log(q) - np.log1p(-q)
    top = f.ceiling - 1.0

    def slope(r: NDArray[np.float64]) -> NDArray[np.float64]:
        result: NDArray[np.float64] = f.beta_factor / (f.ceiling - np.minimum(r, top))
        return result

    # beta is read at Black's rating raised by the handicap and komi: its slope there
    raised = rb + black_advantage(stones, komi, p.grade)
    variance = (slope(raised) * db) ** 2 + (slope(rw) * dw) ** 2
    return _logistic(log_odds / spread(variance))


def _logistic(log_odds: NDArray[np.float64]) -> NDArray[np.float64]:
    result: NDArray[np.float64] = 1.0 / (1.0 + np.exp(-log_odds))
    return result
