"""The printed list (issue 37): listing rule, provisional mark, the WOF scale and anchor."""

from __future__ import annotations

import datetime as dt
import math

import numpy as np
import pytest

from ratinglist.rating.systems.base import SystemList
from ratinglist.rating.systems.printable import (
    ELO_SLOPE,
    PrintRule,
    months_before,
    printed,
)

AS_OF = dt.date(2026, 5, 31)


def test_months_before() -> None:
    assert months_before(AS_OF, 36) == dt.date(2023, 5, 31)
    assert months_before(dt.date(2026, 3, 31), 1) == dt.date(2026, 2, 28)


def test_the_printed_list_by_hand() -> None:
    days = [
        dt.date(2026, 5, 1),  # 1: active
        dt.date(2023, 5, 31),  # 2: played exactly 36 months before: active
        dt.date(2023, 5, 30),  # 3: one day more: not listed
        dt.date(2025, 1, 1),  # 4: active but too uncertain
        dt.date(2026, 4, 1),  # 5: active, 3 games: provisional
    ]
    ratings = SystemList(
        system="whr",
        as_of=AS_OF,
        players=np.array([1, 2, 3, 4, 5]),
        ratings=np.array([400.0, 0.0, 800.0, 100.0, -400.0]),
        deviations=np.array([50.0, 60.0, 40.0, 90.0, 80.0]),
        games=np.array([100, 50, 30, 10, 3]),
        last_day=np.array([d.toordinal() for d in days], dtype=np.int32),
    )
    # Elo points to WOF points: the same log-odds, (ln 10 / 400) / (ln 3 / 200) = 1.04795.
    factor = (math.log(10) / 400) / (math.log(3) / 200)
    mean = (400 * 100 + 0 * 50 + 800 * 30 + 100 * 10 - 400 * 3) / 193
    shown = printed(ratings, ELO_SLOPE, variance_scale=2.0, rule=PrintRule(max_deviation=100.0))
    # Deviations times sqrt(2) (the prediction's), in WOF points: 90 -> 133 > 100 is out,
    # 80 -> 118.6 too; 50 -> 74.1 and 60 -> 88.9 stay.
    assert [e.player for e in shown.entries] == [1, 2]
    assert (shown.rated, shown.inactive, shown.uncertain) == (5, 1, 2)
    first = shown.entries[0]
    assert first.rating == pytest.approx(1800 + (400 - mean) * factor)
    assert first.deviation == pytest.approx(50 * factor * math.sqrt(2))
    assert shown.entries[1].rating - first.rating == pytest.approx(-400 * factor)
    # With scale 1 and a wider deviation limit, 4 and 5 are listed; 5 is provisional.
    loose = printed(ratings, ELO_SLOPE, rule=PrintRule(max_deviation=200.0))
    assert [(e.player, e.provisional) for e in loose.entries] == [
        (1, False),
        (4, False),
        (2, False),
        (5, True),
    ]
    assert [e.place for e in loose.entries] == [1, 2, 3, 4]
    with_ten = printed(ratings, ELO_SLOPE, rule=PrintRule(max_deviation=200, provisional_games=11))
    assert [e.provisional for e in with_ten.entries] == [False, True, False, True]
