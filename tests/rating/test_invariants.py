"""Properties of the European fit that hold for any game history (hypothesis)."""

from __future__ import annotations

import datetime as dt

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratinglist.errors import RatingError
from ratinglist.rating import EuropeanParams, GameArrays, RatingList, rate
from tests.rating.helpers import AS_OF, months_before

# converged far below the default 1e-6 games so that ill-determined ratings compare exactly
PARAMS = EuropeanParams(tolerance=1e-10)


@st.composite
def histories(draw: st.DrawFn) -> GameArrays:
    """Up to 40 games among up to 7 players, scores 0/0.5/1, ages 0-60 months."""
    n_players = draw(st.integers(2, 7))
    n_games = draw(st.integers(1, 40))
    first: list[int] = []
    second: list[int] = []
    score: list[float] = []
    day: list[int] = []
    for _ in range(n_games):  # two draws a game: the pair of players, the score and age
        a, b = divmod(draw(st.integers(0, n_players * (n_players - 1) - 1)), n_players - 1)
        points, months = divmod(draw(st.integers(0, 3 * 61 - 1)), 61)
        first.append(100 + a)
        second.append(100 + (b if b < a else b + 1))
        score.append((0.0, 0.5, 1.0)[points])
        day.append(months_before(months).toordinal())
    return GameArrays.from_arrays(first, second, score, day)


def rate_or_none(games: GameArrays) -> RatingList | None:
    try:
        return rate(games, PARAMS, AS_OF)
    except RatingError as error:
        assert "at least two players" in str(error)
        return None


def by_player(result: RatingList | None) -> dict[int, tuple[float, float]]:
    if result is None:
        return {}
    return {
        int(p): (float(r), float(m))
        for p, r, m in zip(result.players, result.ratings, result.margins, strict=True)
    }


def assert_same(
    left: dict[int, tuple[float, float]], right: dict[int, tuple[float, float]]
) -> None:
    assert left.keys() == right.keys()
    for player, (rating, margin) in left.items():
        assert right[player][0] == pytest.approx(rating, abs=1e-4)
        assert right[player][1] == pytest.approx(margin, rel=1e-6)


@given(histories(), st.integers(0, 2**32 - 1))
def test_order_sides_and_labels_do_not_matter(games: GameArrays, seed: int) -> None:
    # labels keep their order: equally large components are broken by the smallest ID
    order = np.random.default_rng(seed).permutation(len(games))
    labels = {100 + k: 5000 + 7 * k for k in range(7)}
    relabel = np.vectorize(labels.__getitem__, otypes=[np.int64])
    flip = np.arange(len(games)) % 2 == 1
    first = np.where(flip, games.second, games.first)
    second = np.where(flip, games.first, games.second)
    score = np.where(flip, 1.0 - games.score, games.score)
    shuffled = GameArrays.from_arrays(
        relabel(first[order]), relabel(second[order]), score[order], games.day[order]
    )
    expected = {labels[p]: v for p, v in by_player(rate_or_none(games)).items()}
    assert_same(expected, by_player(rate_or_none(shuffled)))


@given(histories())
def test_mirrored_results_mirror_ratings(games: GameArrays) -> None:
    mirrored = GameArrays.from_arrays(games.first, games.second, 1.0 - games.score, games.day)
    expected = {p: (3600.0 - r, m) for p, (r, m) in by_player(rate_or_none(games)).items()}
    assert_same(expected, by_player(rate_or_none(mirrored)))


@given(histories())
def test_duplicating_games_keeps_ratings_and_shrinks_margins(games: GameArrays) -> None:
    doubled = GameArrays.from_arrays(
        np.tile(games.first, 2),
        np.tile(games.second, 2),
        np.tile(games.score, 2),
        np.tile(games.day, 2),
    )
    expected = {p: (r, m / np.sqrt(2.0)) for p, (r, m) in by_player(rate_or_none(games)).items()}
    assert_same(expected, by_player(rate_or_none(doubled)))


@given(histories())
def test_results_are_finite_converged_and_input_untouched(games: GameArrays) -> None:
    copies = [np.array(a, copy=True) for a in (games.first, games.second, games.score, games.day)]
    result = rate_or_none(games)
    for before, after in zip(
        copies, (games.first, games.second, games.score, games.day), strict=True
    ):
        assert (before == after).all()
    if result is None:
        return
    assert np.isfinite(result.ratings).all() and np.isfinite(result.margins).all()
    assert result.max_residual < PARAMS.tolerance
    counts = result.games
    assert float(counts @ result.ratings) / counts.sum() == pytest.approx(1800.0, abs=1e-6)
    assert len(result) + len(result.unrated) == len(np.union1d(games.first, games.second))


def test_symmetric_round_robin_gives_equal_ratings() -> None:
    day = dt.date(2026, 1, 10).toordinal()
    first = [1, 2, 3, 1, 2, 3]
    second = [2, 3, 1, 3, 1, 2]
    result = rate(GameArrays.from_arrays(first, second, [1.0] * 6, [day] * 6), PARAMS, AS_OF)
    assert result.ratings.tolist() == pytest.approx([1800.0] * 3, abs=1e-9)
    assert np.ptp(result.margins) == pytest.approx(0.0, abs=1e-9)
