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


def test_latest_rating_is_the_largest_months_not_the_last_node_made() -> None:
    # Player 1 is second in March and first in May: the nodes of first players are made
    # before those of second players, so (1, March) is made after (1, May). The list must
    # show the May rating and the May game as the last played.
    march = dt.date(2020, 3, 7).toordinal()
    may = dt.date(2020, 5, 9).toordinal()
    games = GameArrays.from_arrays([2, 1], [1, 3], [1.0, 1.0], [march, may])
    history = WhrHistory(WhrParams())
    history.add(games, 50)
    players, months, ratings = history.nodes()
    node_may = ratings[(players == 1) & (months == 12 * 2020 + 4)]
    node_march = ratings[(players == 1) & (months == 12 * 2020 + 2)]
    assert len(node_may) == len(node_march) == 1
    # Lost in March, won in May: the May rating is the higher one.
    assert node_may[0] > node_march[0]
    listed = history.to_list(dt.date(2020, 5, 31))
    row = int(np.flatnonzero(listed.players == 1)[0])
    assert listed.ratings[row] == pytest.approx(node_may[0])
    assert listed.last_day[row] == may
    assert history.ratings(np.array([1]))[0] == pytest.approx(node_may[0])
