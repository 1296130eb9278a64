"""The rating history: each month's list equals the list computed alone; digests; dates."""

from __future__ import annotations

import datetime as dt

import numpy as np
import pytest

from ratinglist.errors import RatingError
from ratinglist.rating import EuropeanParams, GameArrays, MarginMethod, rate
from ratinglist.rating.history import fingerprints, month_end, month_ends, rate_history
from ratinglist.rating.params import Solver

START = dt.date(2019, 11, 1)


def synthetic(seed: int, months: int = 44, players: int = 40) -> GameArrays:
    """Players join over time and play a few events a month; outcomes from hidden strengths
    (draws included). The first month holds one game only, so nobody is ratable yet."""
    rng = np.random.default_rng(seed)
    strength = rng.normal(0.0, 1.0, players)
    first, second, score, day = [1001], [1002], [1.0], [START.toordinal() + 3]
    for m in range(1, months):
        index = 12 * START.year + START.month - 1 + m
        month_day = dt.date(index // 12, index % 12 + 1, 1)
        pool = min(players, 4 + m)
        for _ in range(int(rng.integers(0, 3))):
            start = month_day + dt.timedelta(days=int(rng.integers(0, 27)))
            for _ in range(int(rng.integers(3, 15))):
                a, b = rng.choice(pool, size=2, replace=False)
                p = 1.0 / (1.0 + np.exp(-(strength[a] - strength[b])))
                u = rng.random()
                first.append(1001 + int(a))
                second.append(1001 + int(b))
                score.append(0.5 if abs(u - p) < 0.05 else float(u < p))
                day.append(start.toordinal())
    return GameArrays.from_arrays(first, second, score, day)


def assert_same_list(history_list: object, alone: object) -> None:
    from ratinglist.rating import RatingList

    assert isinstance(history_list, RatingList) and isinstance(alone, RatingList)
    np.testing.assert_array_equal(history_list.players, alone.players)
    np.testing.assert_array_equal(history_list.unrated, alone.unrated)
    np.testing.assert_allclose(history_list.ratings, alone.ratings, rtol=0, atol=0.01)
    np.testing.assert_allclose(history_list.margins, alone.margins, rtol=0, atol=0.01)
    np.testing.assert_array_equal(history_list.listed, alone.listed)
    np.testing.assert_array_equal(history_list.official, alone.official)
    np.testing.assert_array_equal(history_list.games, alone.games)
    np.testing.assert_array_equal(history_list.last_day, alone.last_day)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_month_equals_the_list_computed_alone(seed: int) -> None:
    games = synthetic(seed)
    last = dt.date.fromordinal(int(games.day.max()))
    dates = month_ends(START, last)
    params = EuropeanParams()
    results = list(rate_history(games, params, dates))
    assert [r.as_of for r in results] == list(dates)
    rated = 0
    for result in results:
        until = games.until(result.as_of)
        assert result.game_count == len(until)
        if result.ratings is None:
            with pytest.raises(RatingError, match="nobody can be rated"):
                rate(until, params, result.as_of)
            continue
        rated += 1
        assert_same_list(result.ratings, rate(until, params, result.as_of))
    assert results[0].ratings is None
    assert rated >= len(dates) - 3


def test_yearly_steps_other_weights_and_full_margins_equal_the_lists_alone() -> None:
    games = synthetic(7)
    params = EuropeanParams(
        weight_buckets=((2, 10.0), (11, 7.5), (30, 2.0)),
        old_weight=0.5,
        listing_months=12,
        margin_method=MarginMethod.FULL,
    )
    dates = month_ends(dt.date(2020, 6, 1), dt.date(2023, 6, 1), step=12)
    assert dates == (
        dt.date(2020, 6, 30),
        dt.date(2021, 6, 30),
        dt.date(2022, 6, 30),
        dt.date(2023, 6, 30),
    )
    for result in rate_history(games, params, dates):
        assert result.ratings is not None
        assert_same_list(result.ratings, rate(games.until(result.as_of), params, result.as_of))


@pytest.mark.parametrize(
    "params",
    [
        EuropeanParams(age_pause=(dt.date(2020, 9, 1), dt.date(2021, 8, 31))),
        EuropeanParams(solver=Solver.ASCENT, stop_fraction=1e-3),
    ],
    ids=["age-pause", "ascent"],
)
def test_paused_age_clock_and_the_ascent_solver_equal_the_lists_alone(
    params: EuropeanParams,
) -> None:
    games = synthetic(8)
    dates = month_ends(dt.date(2020, 6, 1), dt.date(2022, 3, 1), step=3)
    for result in rate_history(games, params, dates):
        assert result.ratings is not None
        assert_same_list(result.ratings, rate(games.until(result.as_of), params, result.as_of))


def test_unwanted_months_are_not_rated_and_the_rest_still_match() -> None:
    games = synthetic(4)
    dates = month_ends(dt.date(2020, 1, 1), dt.date(2022, 12, 1))
    wanted = [k % 5 == 0 for k in range(len(dates))]
    params = EuropeanParams()
    for flag, result in zip(wanted, rate_history(games, params, dates, wanted=wanted), strict=True):
        if not flag:
            assert result.ratings is None
            continue
        assert result.ratings is not None
        assert_same_list(result.ratings, rate(games.until(result.as_of), params, result.as_of))


def test_games_out_of_date_order_give_the_same_history() -> None:
    games = synthetic(5)
    order = np.random.default_rng(0).permutation(len(games))
    shuffled = GameArrays.from_arrays(
        games.first[order], games.second[order], games.score[order], games.day[order]
    )
    dates = month_ends(dt.date(2021, 1, 1), dt.date(2022, 6, 1))
    params = EuropeanParams()
    for a, b in zip(
        rate_history(games, params, dates), rate_history(shuffled, params, dates), strict=True
    ):
        assert a.ratings is not None and b.ratings is not None
        assert_same_list(a.ratings, b.ratings)


def test_fingerprints_ignore_order_and_change_from_the_month_of_an_added_game() -> None:
    games = synthetic(6)
    dates = month_ends(dt.date(2020, 1, 1), dt.date(2021, 12, 1))
    digests = fingerprints(games, dates)
    assert len(set(digests)) > 1
    order = np.random.default_rng(1).permutation(len(games))
    shuffled = GameArrays.from_arrays(
        games.first[order], games.second[order], games.score[order], games.day[order]
    )
    assert fingerprints(shuffled, dates) == digests
    late = dt.date(2021, 3, 20).toordinal()
    added = GameArrays.from_arrays(
        np.append(games.first, 1001),
        np.append(games.second, 1002),
        np.append(games.score, 0.5),
        np.append(games.day, late),
    )
    changed = [a != b for a, b in zip(digests, fingerprints(added, dates), strict=True)]
    assert changed == [d >= dt.date(2021, 3, 31) for d in dates]


def test_months_without_games_share_the_digest_of_the_month_before() -> None:
    day = dt.date(2020, 3, 10).toordinal()
    games = GameArrays.from_arrays([1, 2], [2, 1], [1.0, 1.0], [day, day])
    dates = month_ends(dt.date(2020, 2, 1), dt.date(2020, 5, 1))
    first, march, april, may = fingerprints(games, dates)
    assert first != march
    assert march == april == may


def test_month_ends_and_their_checks() -> None:
    assert month_end(12 * 2024 + 1) == dt.date(2024, 2, 29)
    assert month_ends(dt.date(2023, 11, 15), dt.date(2024, 2, 3)) == (
        dt.date(2023, 11, 30),
        dt.date(2023, 12, 31),
        dt.date(2024, 1, 31),
        dt.date(2024, 2, 29),
    )
    with pytest.raises(RatingError, match="on or after the first"):
        month_ends(dt.date(2024, 2, 1), dt.date(2024, 1, 1))
    with pytest.raises(RatingError, match="positive month step"):
        month_ends(dt.date(2024, 1, 1), dt.date(2024, 2, 1), step=0)
    games = synthetic(1)
    with pytest.raises(RatingError, match="last day of a month"):
        list(rate_history(games, EuropeanParams(), [dt.date(2020, 5, 30)]))
    with pytest.raises(RatingError, match="strictly increasing"):
        fingerprints(games, [dt.date(2020, 5, 31), dt.date(2020, 4, 30)])
