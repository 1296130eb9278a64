"""`explain_change`: three parts that sum to the change, each switched on in turn."""

from __future__ import annotations

import datetime as dt

import pytest

from ratinglist.errors import RatingError
from ratinglist.model import PlayerId
from ratinglist.rating import EuropeanParams, explain_change, rate
from tests.rating.helpers import games

A = dt.date(2025, 3, 31)
B = dt.date(2025, 9, 30)
OLD = dt.date(2023, 6, 1)
NEW = dt.date(2025, 6, 1)
PARAMS = EuropeanParams()

HISTORY = games(
    [
        (1, 2, 1.0, 6, OLD),
        (2, 1, 1.0, 3, OLD),
        (2, 3, 1.0, 5, OLD),
        (3, 2, 1.0, 4, OLD),
        (3, 1, 0.5, 4, dt.date(2025, 2, 1)),
        (1, 4, 1.0, 3, dt.date(2025, 2, 1)),
        (4, 1, 1.0, 1, dt.date(2025, 2, 1)),
        (4, 2, 0.5, 2, OLD),
        (1, 3, 1.0, 3, NEW),
        (2, 4, 1.0, 2, NEW),
        (4, 3, 1.0, 2, NEW),
    ]
)


def test_parts_sum_to_the_change_between_the_two_lists() -> None:
    result = explain_change(HISTORY, PlayerId(1), A, B, PARAMS)
    before = rate(HISTORY.until(A), PARAMS, A).entry(PlayerId(1)).rating
    after = rate(HISTORY, PARAMS, B).entry(PlayerId(1)).rating
    assert result.before == pytest.approx(before, abs=1e-9)
    assert result.after == pytest.approx(after, abs=1e-9)
    assert result.aging + result.new_games + result.others == pytest.approx(result.total, abs=1e-9)
    assert (result.own_games, result.other_games) == (3, 4)
    assert result.new_games > 0  # three new wins
    assert all(abs(x) > 1e-6 for x in (result.aging, result.new_games, result.others))


def test_a_player_without_new_games_has_no_own_part() -> None:
    result = explain_change(HISTORY, PlayerId(2), A, dt.date(2025, 5, 31), PARAMS)
    assert result.own_games == 0 and result.other_games == 0
    assert result.new_games == 0.0 and result.others == 0.0
    assert result.aging == pytest.approx(result.total, abs=1e-12)


def test_same_month_has_no_aging() -> None:
    result = explain_change(HISTORY, PlayerId(3), dt.date(2025, 6, 1), dt.date(2025, 6, 30), PARAMS)
    assert result.aging == 0.0
    assert result.total == 0.0


def test_dates_in_the_wrong_order_and_unrated_players_are_errors() -> None:
    with pytest.raises(RatingError, match="expected the earlier list's date first"):
        explain_change(HISTORY, PlayerId(1), B, A, PARAMS)
    with pytest.raises(RatingError, match="expected player '9' to be rated"):
        explain_change(HISTORY, PlayerId(9), A, B, PARAMS)
