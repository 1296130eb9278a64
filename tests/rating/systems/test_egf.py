"""The EGF GoR formula: the published cases, a tournament rated as one batch, the floor."""

from __future__ import annotations

import datetime as dt

import numpy as np
import pytest

from ratinglist.errors import RatingError
from ratinglist.rating import GameArrays
from ratinglist.rating.systems import egf
from ratinglist.rating.systems.egf import EgfParams

DAY = dt.date(2021, 3, 4)


def change(rating: float, opponent: float, score: float) -> float:
    return float(
        EgfParams().changes(np.array([rating]), np.array([opponent]), np.array([score]))[0]
    )


def test_2100_loses_to_1500() -> None:
    assert change(2100, 1500, 0.0) == pytest.approx(-16.093, abs=5e-4)


def test_1500_beats_1500() -> None:
    assert change(1500, 1500, 1.0) == pytest.approx(18.817, abs=5e-4)


def test_tournament_games_use_the_ratings_at_its_start() -> None:
    # Newcomers 1 and 2 at 1500: 1 wins twice in one tournament; both games see 1500 v 1500.
    day = DAY.toordinal()
    games = GameArrays.from_arrays([1, 1], [2, 2], [1.0, 1.0], [day, day], [3, 3])
    listed = egf.rate(games, EgfParams(), DAY)
    assert listed.ratings.tolist() == pytest.approx(
        [1500 + 2 * change(1500, 1500, 1.0), 1500 + 2 * change(1500, 1500, 0.0)]
    )
    # In two tournaments the second game sees the first one's result.
    apart = GameArrays.from_arrays([1, 1], [2, 2], [1.0, 1.0], [day, day + 7], [3, 4])
    first = 1500 + change(1500, 1500, 1.0)
    second = 1500 + change(1500, 1500, 0.0)
    assert egf.rate(apart, EgfParams(), DAY + dt.timedelta(days=7)).ratings[0] == pytest.approx(
        first + change(first, second, 1.0)
    )


def test_floor() -> None:
    params = EgfParams(start=-890.0)
    day = DAY.toordinal()
    listed = egf.rate(GameArrays.from_arrays([1], [2], [0.0], [day]), params, DAY)
    assert listed.ratings[0] == -900.0


def test_expected_is_se() -> None:
    listed = egf.rate(GameArrays.from_arrays([1], [2], [0.5], [DAY.toordinal()]), EgfParams(), DAY)
    p = egf.expected(listed, np.array([1, 9]), np.array([2, 9]), EgfParams())
    assert p.tolist() == pytest.approx([0.5, 0.5])


def test_start_outside_floor_and_ceiling_is_refused() -> None:
    with pytest.raises(RatingError, match="floor < start < ceiling"):
        EgfParams(start=3400.0)
