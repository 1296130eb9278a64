"""The fit with saturated win probabilities: no zero information, bounded Newton steps."""

from __future__ import annotations

import datetime as dt

import numpy as np

from ratinglist.rating import EuropeanParams, rate
from ratinglist.rating.european import aggregate
from ratinglist.rating.newton import information
from tests.rating.helpers import AS_OF, games, months_before


def test_information_never_vanishes_for_saturated_probabilities() -> None:
    a = np.array([0, 1], dtype=np.int64)
    b = np.array([1, 2], dtype=np.int64)
    pairs = aggregate(3, a, b, np.array([1.0, 0.0]), np.array([150.0, 1.0]))
    c = information(pairs, np.array([1.0, 0.0]))
    assert (c > 0).all() and np.isfinite(c).all()


def test_chain_of_lopsided_results_converges() -> None:
    recent, old = months_before(1), months_before(60)
    rows: list[tuple[int, int, float, int, dt.date]] = []
    for k in range(1, 12):
        rows.append((k, k + 1, 1.0, 40, recent))
        rows.append((k + 1, k, 1.0, 1, old))
    result = rate(games(rows), EuropeanParams(), AS_OF)
    assert len(result) == 12
    ratings = result.ratings
    assert np.all(np.diff(ratings) < -1000)  # each step is a 6000:1 weighted score
    assert result.max_residual < 1e-6
