"""WHR through the `whr` package, checked against the paper's model solved by hand."""

from __future__ import annotations

import datetime as dt
import math

import numpy as np
import pytest
from scipy.optimize import brentq

from ratinglist.rating import GameArrays
from ratinglist.rating.systems import whr
from ratinglist.rating.systems.whr import WhrHistory, WhrParams

DAY = dt.date(2020, 6, 6)
ELO_PER_UNIT = 400 / math.log(10)


def sigma(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def test_one_game_matches_the_map_of_the_paper() -> None:
    # A beats B once; each has the prior of two virtual draws against a 0-rated player. The
    # log-posterior ln s(a - b) + sum_p [ln s(r_p) + ln s(-r_p)] is symmetric, a = -b = x with
    # 1 - s(2x) + 1 - 2 s(x) = 0.
    x = brentq(lambda x: 2 - sigma(2 * x) - 2 * sigma(x), 0.0, 2.0)
    games = GameArrays.from_arrays([1], [2], [1.0], [DAY.toordinal()])
    listed = whr.rate(games, WhrParams(), DAY)
    assert listed.ratings.tolist() == pytest.approx([x * ELO_PER_UNIT, -x * ELO_PER_UNIT], abs=0.01)


def test_a_draw_leaves_both_at_zero_and_prediction_is_even() -> None:
    games = GameArrays.from_arrays([1], [2], [0.5], [DAY.toordinal()])
    listed = whr.rate(games, WhrParams(), DAY)
    assert listed.ratings.tolist() == pytest.approx([0.0, 0.0], abs=1e-6)
    assert whr.expected(listed, np.array([1]), np.array([3]), WhrParams())[0] == pytest.approx(0.5)


def test_deviation_grows_with_w2_per_month_after_the_last_game() -> None:
    games = GameArrays.from_arrays([1], [2], [1.0], [DAY.toordinal()])
    history = WhrHistory(WhrParams(w2=100.0))
    history.add(games, 50)
    now = history.to_list(DAY).deviations[0]
    later = history.to_list(dt.date(2020, 9, 1)).deviations[0]
    assert later**2 == pytest.approx(now**2 + 3 * 100.0)


def test_adding_later_games_moves_the_history() -> None:
    day = DAY.toordinal()
    history = WhrHistory(WhrParams())
    history.add(GameArrays.from_arrays([1], [2], [1.0], [day]), 50)
    before = history.ratings(np.array([1, 2, 9]))
    history.add(GameArrays.from_arrays([2, 2], [1, 1], [1.0, 1.0], [day + 40, day + 40]), 50)
    after = history.ratings(np.array([1, 2, 9]))
    assert before[0] > 0 > before[1] and before[2] == 0.0
    assert after[1] > after[0]
