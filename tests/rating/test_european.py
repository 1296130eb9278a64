"""The European algorithm against the exact cases of DOMAIN section 4 and its rules."""

from __future__ import annotations

import datetime as dt
import math

import numpy as np
import pytest

from ratinglist.errors import RatingError
from ratinglist.model import PlayerId
from ratinglist.rating import EuropeanParams, GameArrays, MarginMethod, rate
from ratinglist.rating import margins as margins_module
from tests.rating.helpers import AS_OF, games, months_before

A, B, C = 11, 22, 33
NOW = months_before(0)
PARAMS = EuropeanParams()


def three_players(ab_day: dt.date = NOW) -> GameArrays:
    """A beats B 2-1, B beats C 2-1, A-C one win and one draw."""
    return games(
        [
            (A, B, 1.0, 2, ab_day),
            (A, B, 0.0, 1, ab_day),
            (B, C, 1.0, 2, NOW),
            (B, C, 0.0, 1, NOW),
            (A, C, 1.0, 1, NOW),
            (A, C, 0.5, 1, NOW),
        ]
    )


def ratings(result_games: GameArrays, params: EuropeanParams = PARAMS) -> list[float]:
    return rate(result_games, params, AS_OF).ratings.tolist()


def test_published_case_2000_1800_1600() -> None:
    data = games(
        [
            (A, B, 1.0, 15, NOW),
            (A, B, 0.0, 5, NOW),
            (B, C, 1.0, 15, NOW),
            (B, C, 0.0, 5, NOW),
            (A, C, 1.0, 18, NOW),
            (A, C, 0.0, 2, NOW),
        ]
    )
    assert ratings(data) == pytest.approx([2000.0, 1800.0, 1600.0], abs=1e-4)


def test_published_case_with_a_draw() -> None:
    assert ratings(three_players()) == pytest.approx([1912.6342, 1800.0, 1687.3658], abs=1e-4)


@pytest.mark.parametrize("months", [26, 37])
def test_published_case_with_weight_30(months: int) -> None:
    assert ratings(three_players(months_before(months))) == pytest.approx(
        [1901.2237, 1808.2594, 1688.8650], abs=1e-4
    )


@pytest.mark.parametrize("months", [25, 38])
def test_neighbouring_buckets_give_other_ratings(months: int) -> None:
    assert ratings(three_players(months_before(months)))[0] != pytest.approx(1901.2237, abs=1e-2)


def test_same_month_old_year_is_not_the_current_month() -> None:
    a_year_ago = dt.date(AS_OF.year - 1, AS_OF.month, 1)
    weighted = three_players(a_year_ago)
    assert ratings(weighted) == ratings(three_players(months_before(12)))
    assert ratings(weighted) != pytest.approx(ratings(three_players()), abs=1e-3)


def test_two_players_three_quarters_is_200_points() -> None:
    data = games([(A, B, 1.0, 3, NOW), (A, B, 0.0, 1, NOW)])
    result = rate(data, PARAMS, AS_OF)
    assert result.ratings[0] - result.ratings[1] == pytest.approx(200.0, abs=1e-6)
    assert result.ratings.mean() == pytest.approx(1800.0, abs=1e-9)
    assert result.max_residual < PARAMS.tolerance


def test_anchor_weights_players_by_plain_game_count() -> None:
    old = months_before(100)
    data = games([(A, B, 1.0, 3, NOW), (A, B, 0.0, 1, NOW), (B, C, 0.5, 6, old)])
    result = rate(data, PARAMS, AS_OF)
    counts = result.games
    assert counts.tolist() == [4, 10, 6]
    assert float(counts @ result.ratings / counts.sum()) == pytest.approx(1800.0, abs=1e-9)
    assert result.ratings[1] == pytest.approx(result.ratings[2], abs=1e-4)


def test_strongly_connected_component_decides_who_is_rated() -> None:
    data = games(
        [
            (1, 2, 1.0, 1, NOW),
            (2, 1, 1.0, 1, NOW),
            (3, 4, 1.0, 1, NOW),
            (4, 5, 1.0, 1, NOW),
            (5, 3, 1.0, 1, NOW),
            (3, 1, 1.0, 3, NOW),
            (6, 3, 0.0, 2, NOW),
        ]
    )
    result = rate(data, PARAMS, AS_OF)
    assert result.players.tolist() == [3, 4, 5]
    assert result.unrated.tolist() == [1, 2, 6]
    assert result.games.tolist() == [2, 2, 2]
    assert result.ratings.tolist() == pytest.approx([1800.0] * 3, abs=1e-6)


def test_equal_components_go_to_the_smallest_id() -> None:
    data = games([(5, 6, 0.5, 1, NOW), (1, 2, 0.5, 1, NOW), (1, 5, 1.0, 1, NOW)])
    assert rate(data, PARAMS, AS_OF).players.tolist() == [1, 2]


@pytest.mark.parametrize(
    "rows",
    [
        [(A, B, 1.0, 5, NOW)],
        [(A, B, 1.0, 1, NOW), (B, C, 1.0, 1, NOW), (A, C, 1.0, 1, NOW)],
    ],
)
def test_nobody_ratable_is_an_error(rows: list[tuple[int, int, float, int, dt.date]]) -> None:
    with pytest.raises(RatingError, match="at least two players"):
        rate(games(rows), PARAMS, AS_OF)


def test_no_games_is_an_error() -> None:
    with pytest.raises(RatingError, match="at least one game"):
        rate(games([]), PARAMS, AS_OF)


def test_games_after_the_calculation_date_are_refused() -> None:
    data = games([(A, B, 0.5, 1, AS_OF + dt.timedelta(days=1))])
    with pytest.raises(RatingError, match="tournament starting 2026-05-13"):
        rate(data, PARAMS, AS_OF)


@pytest.mark.parametrize(("months", "listed"), [(37, True), (38, False)])
def test_listed_within_37_months(months: int, listed: bool) -> None:
    day = months_before(months, day=1)
    data = games([(A, B, 0.5, 4, NOW), (B, C, 0.5, 1, NOW), (C, A, 0.5, 1, day)])
    result = rate(data, PARAMS, AS_OF)
    assert result.entry(PlayerId(C)).last_played == NOW
    assert result.listed.tolist() == [True, True, True]
    data = games([(A, B, 0.5, 4, NOW), (C, A, 0.5, 2, day)])
    result = rate(data, PARAMS, AS_OF)
    assert result.entry(PlayerId(C)).listed is listed
    assert result.entry(PlayerId(C)).last_played == day


def test_margin_is_two_sigma_of_the_diagonal_information() -> None:
    data = games([(A, B, 0.5, 8, NOW)])
    result = rate(data, PARAMS, AS_OF)
    sigma = PARAMS.points_per_unit / math.sqrt(8 * 0.25)
    assert result.margins.tolist() == pytest.approx([2 * sigma] * 2, rel=1e-12)
    assert result.official.tolist() == [False, False]
    bigger = rate(games([(A, B, 0.5, 32, NOW)]), PARAMS, AS_OF)
    assert bigger.official.tolist() == [True, True]


def test_old_games_count_one_150th_in_the_margin() -> None:
    recent = rate(games([(A, B, 0.5, 2, NOW)]), PARAMS, AS_OF)
    old = rate(games([(A, B, 0.5, 300, months_before(40))]), PARAMS, AS_OF)
    assert old.margins.tolist() == pytest.approx(recent.margins.tolist(), rel=1e-12)


def test_full_margins_on_two_players_quarter_the_diagonal_variance() -> None:
    data = games([(A, B, 0.5, 8, NOW)])
    diagonal = rate(data, PARAMS, AS_OF).margins
    full = rate(data, EuropeanParams(margin_method=MarginMethod.FULL), AS_OF).margins
    # var(theta_A - theta_B) = 1/I_AA and the anchor makes theta_A = (theta_A - theta_B)/2
    assert (full / diagonal).tolist() == pytest.approx([0.5, 0.5], rel=1e-9)


def test_full_margins_sparse_path_matches_dense(monkeypatch: pytest.MonkeyPatch) -> None:
    data = three_players(months_before(30))
    params = EuropeanParams(margin_method=MarginMethod.FULL)
    dense = rate(data, params, AS_OF).margins
    monkeypatch.setattr(margins_module, "DENSE_LIMIT", 0)
    monkeypatch.setattr(margins_module, "BLOCK", 2)
    sparse = rate(data, params, AS_OF).margins
    assert sparse.tolist() == pytest.approx(dense.tolist(), rel=1e-9)
    assert (dense < rate(data, PARAMS, AS_OF).margins * 2).all()


def test_result_is_read_only_and_entries_agree() -> None:
    result = rate(three_players(), PARAMS, AS_OF)
    with pytest.raises(ValueError, match="read-only"):
        result.ratings[0] = 0.0
    entries = result.entries
    assert [e.player for e in entries] == [A, B, C]
    assert [e.published for e in entries] == [1913, 1800, 1687]
    assert [e.player for e in result.ranked()] == [A, B, C]
    assert PlayerId(B) in result and PlayerId(99) not in result
    with pytest.raises(RatingError, match="got '99'"):
        result.entry(PlayerId(99))


def test_input_is_not_mutated() -> None:
    data = three_players(months_before(20))
    before = [np.array(x, copy=True) for x in (data.first, data.second, data.score, data.day)]
    rate(data, PARAMS, AS_OF)
    after = (data.first, data.second, data.score, data.day)
    assert all((x == y).all() for x, y in zip(before, after, strict=True))


def test_non_convergence_is_reported() -> None:
    with pytest.raises(RatingError, match="within 1 Newton steps"):
        rate(three_players(), EuropeanParams(max_iterations=1), AS_OF)
