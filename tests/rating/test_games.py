"""The columnar game input."""

from __future__ import annotations

import datetime as dt

import numpy as np
import pytest

from ratinglist.errors import RatingError
from ratinglist.model import Game, Outcome, PlayerId
from ratinglist.rating import GameArrays, month_index


def test_from_games_reads_the_outcome_sign_and_the_start_day() -> None:
    day = dt.date(2024, 3, 9)
    arrays = GameArrays.from_games(
        [
            (Game(PlayerId(1), PlayerId(2), Outcome.WIN, 30, 34), day),
            (Game(PlayerId(2), PlayerId(3), Outcome.DRAW), day),
            (Game(PlayerId(3), PlayerId(1), Outcome.LOSS), dt.date(2025, 1, 1)),
        ]
    )
    assert arrays.first.tolist() == [1, 2, 3]
    assert arrays.second.tolist() == [2, 3, 1]
    assert arrays.score.tolist() == [1.0, 0.5, 0.0]
    assert arrays.day.tolist() == [
        day.toordinal(),
        day.toordinal(),
        dt.date(2025, 1, 1).toordinal(),
    ]
    assert len(arrays) == 3


def test_from_arrays_copies_and_freezes() -> None:
    first = np.array([1, 2])
    arrays = GameArrays.from_arrays(first, [2, 3], [1.0, 0.0], [700000, 700001])
    first[0] = 99
    assert arrays.first.tolist() == [1, 2]
    assert first.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        arrays.first[0] = 5


@pytest.mark.parametrize(
    ("day", "expected"),
    [
        (dt.date(2026, 1, 31), 12 * 2026),
        (dt.date(2025, 12, 1), 12 * 2026 - 1),
        (dt.date(1970, 1, 1), 12 * 1970),
        (dt.date(1969, 12, 31), 12 * 1970 - 1),
        (dt.date(2000, 2, 29), 12 * 2000 + 1),
    ],
)
def test_months_across_years(day: dt.date, expected: int) -> None:
    assert month_index(day) == expected
    arrays = GameArrays.from_arrays([1], [2], [1.0], [day.toordinal()])
    assert arrays.months().tolist() == [expected]


def test_until_keeps_games_up_to_the_day() -> None:
    days = [dt.date(2026, 5, d).toordinal() for d in (11, 12, 13)]
    arrays = GameArrays.from_arrays([1, 1, 1], [2, 2, 2], [1, 0, 1], days, tournament=[0, 1, 2])
    kept = arrays.until(dt.date(2026, 5, 12))
    assert kept.day.tolist() == days[:2]
    assert kept.tournament is not None and kept.tournament.tolist() == [0, 1]


@pytest.mark.parametrize(
    ("first", "second", "score", "day", "message"),
    [
        ([1, 2], [2], [1.0, 0.0], [1, 1], "arrays of one length"),
        ([1], [2], [0.25], [1], "scores 0, 0.5 or 1, got 0.25 at game 0"),
        ([1, 4], [2, 4], [1.0, 1.0], [1, 1], "'4' against itself at game 1"),
        ([[1]], [[2]], [[1.0]], [[1]], "one-dimensional first"),
    ],
)
def test_bad_arrays_are_refused(
    first: list[int], second: list[int], score: list[float], day: list[int], message: str
) -> None:
    with pytest.raises(RatingError, match=message):
        GameArrays.from_arrays(first, second, score, day)
