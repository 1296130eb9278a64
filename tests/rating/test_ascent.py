"""The WOF's early-stopped gradient ascent (issue 14) against its definition and the exact fit."""

from __future__ import annotations

import dataclasses
import datetime as dt

import numpy as np
import pytest

from ratinglist.errors import RatingError
from ratinglist.rating import EuropeanParams, GameArrays, Solver, rate
from ratinglist.rating.ascent import PERIOD, PLAIN_STEPS, ascend
from ratinglist.rating.european import aggregate
from ratinglist.rating.newton import Pairs
from tests.rating.helpers import AS_OF, games, months_before

A, B, C = 11, 22, 33
NOW = months_before(0)
ASCENT = EuropeanParams(solver=Solver.ASCENT)


def exact_case() -> GameArrays:
    """DOMAIN section 4: A-B 15-5, B-C 15-5, A-C 18-2 gives 2000/1800/1600 at the optimum."""
    return games(
        [
            (A, B, 1.0, 15, NOW),
            (A, B, 0.0, 5, NOW),
            (B, C, 1.0, 15, NOW),
            (B, C, 0.0, 5, NOW),
            (A, C, 1.0, 18, NOW),
            (A, C, 0.0, 2, NOW),
        ]
    )


def random_pairs(seed: int, n: int = 60, count: int = 900) -> Pairs:
    """A random connected tournament history with draws and mixed weights."""
    rng = np.random.default_rng(seed)
    strength = rng.normal(0.0, 1.0, n)
    a = np.concatenate([np.arange(n), rng.integers(0, n, count)])
    b = np.concatenate([(np.arange(n) + 1) % n, rng.integers(0, n, count)])
    keep = a != b
    a, b = a[keep], b[keep]
    p = 1.0 / (1.0 + np.exp(strength[b] - strength[a]))
    u = rng.random(len(a))
    score = np.where(u < 0.1, 0.5, (u < 0.1 + 0.9 * p).astype(float))
    # a cycle of wins and of losses makes every player strongly connected
    score[:n] = 0.5
    weight = rng.choice([1.0, 30.0, 60.0, 100.0, 150.0], len(a))
    return aggregate(n, a.astype(np.int64), b.astype(np.int64), score, weight)


def gradient(pairs: Pairs, theta: np.ndarray) -> np.ndarray:
    """``g_i = sum_j S_ij - W_ij sigma(theta_i - theta_j)``, straight from the definition."""
    g = np.zeros(pairs.n)
    for i, j, w, s in zip(pairs.i, pairs.j, pairs.weight, pairs.score, strict=True):
        r = s - w / (1.0 + np.exp(theta[j] - theta[i]))
        g[i] += r
        g[j] -= r
    return g


def first_norm(pairs: Pairs) -> float:
    return float(np.abs(gradient(pairs, np.zeros(pairs.n))).sum())


@pytest.mark.parametrize("fraction", [1e-2, 1e-4, 1e-7])
def test_stops_once_the_gradient_has_shrunk_by_the_fraction(fraction: float) -> None:
    pairs = random_pairs(1)
    fit = ascend(pairs, fraction, 100_000)
    norm = float(np.abs(gradient(pairs, fit.theta)).sum())
    assert norm <= fraction * first_norm(pairs) * (1 + 1e-9)
    assert fit.theta.mean() == pytest.approx(0.0, abs=1e-12)


def test_stops_at_the_first_step_below_the_fraction() -> None:
    pairs = random_pairs(2)
    fit = ascend(pairs, 1e-3, 100_000)
    with pytest.raises(RatingError, match=f"within {fit.iterations - 1} steps"):
        ascend(pairs, 1e-3, fit.iterations - 1)


def test_compiled_and_python_kernels_agree() -> None:
    pairs = random_pairs(3, n=25, count=200)
    fast = ascend(pairs, 1e-4, 100_000)
    slow = ascend(pairs, 1e-4, 100_000, compiled=False)
    assert fast.iterations == slow.iterations > PLAIN_STEPS
    np.testing.assert_allclose(fast.theta, slow.theta, rtol=0, atol=1e-9)


def test_acceleration_beats_plain_steps() -> None:
    """Plain gradient steps alone would need far more steps than the Chebyshev cycles."""
    pairs = random_pairs(4)
    fit = ascend(pairs, 1e-6, 100_000)
    assert fit.iterations < 20 * PERIOD


def test_a_tiny_stop_fraction_reaches_the_published_exact_case() -> None:
    params = dataclasses.replace(ASCENT, stop_fraction=1e-13)
    ratings = rate(exact_case(), params, AS_OF).ratings
    assert ratings.tolist() == pytest.approx([2000.0, 1800.0, 1600.0], abs=1e-6)


def test_an_early_stop_leaves_extreme_players_short_of_the_optimum() -> None:
    exact = rate(exact_case(), EuropeanParams(), AS_OF).ratings
    early = rate(exact_case(), dataclasses.replace(ASCENT, stop_fraction=0.05), AS_OF).ratings
    # climbing from equal ratings, the spread is still smaller than at the optimum
    assert early[0] - early[2] < exact[0] - exact[2]
    assert early[0] < exact[0] and early[2] > exact[2]


def test_first_steps_are_plain_gradient_steps_of_n_to_the_0_3_over_the_l1_norm() -> None:
    pairs = random_pairs(5, n=30, count=300)
    h = 30**0.3 / first_norm(pairs)
    # stop after exactly one step by asking for a fraction the first step just reaches
    theta1 = h * gradient(pairs, np.zeros(pairs.n))
    reached = float(np.abs(gradient(pairs, theta1)).sum()) / first_norm(pairs)
    fit = ascend(pairs, reached * (1 + 1e-9), 10)
    assert fit.iterations == 1
    np.testing.assert_allclose(fit.theta, theta1 - theta1.mean(), atol=1e-12)


def test_ascent_lists_record_the_solver_and_round_trip() -> None:
    result = rate(exact_case(), ASCENT, AS_OF)
    assert result.params.solver is Solver.ASCENT
    assert EuropeanParams.from_dict(ASCENT.to_dict()) == ASCENT
    assert result.iterations > 0


@pytest.mark.parametrize("fraction", [0.0, 1.0, -1e-3])
def test_stop_fraction_must_be_between_0_and_1(fraction: float) -> None:
    with pytest.raises(RatingError, match="stop fraction"):
        EuropeanParams(solver=Solver.ASCENT, stop_fraction=fraction)


def test_paused_months_do_not_age_games() -> None:
    """A game 30 months old with 24 paused months in between weighs as a 6-month-old one."""
    pause = (dt.date(2020, 3, 1), dt.date(2022, 2, 28))
    params = EuropeanParams(age_pause=pause)
    game_month = 12 * 2019 + 11  # December 2019
    as_of_month = game_month + 30  # June 2022
    ages = params.ages(np.array([game_month, as_of_month - 1]), as_of_month)
    assert ages.tolist() == [6, 1]
    assert EuropeanParams.from_dict(params.to_dict()) == params
    with pytest.raises(RatingError, match="age pause"):
        EuropeanParams(age_pause=(pause[1], pause[0]))


def test_pause_changes_the_weight_bucket_in_a_list() -> None:
    old = months_before(30)
    data = games(
        [
            (A, B, 1.0, 2, old),
            (A, B, 0.0, 1, old),
            (B, C, 1.0, 2, NOW),
            (C, B, 1.0, 1, NOW),
            (A, C, 0.5, 1, NOW),
        ]
    )
    pause = (months_before(29), months_before(6))  # 24 months
    plain = rate(data, EuropeanParams(), AS_OF)
    paused = rate(data, EuropeanParams(age_pause=pause), AS_OF)
    same_age = rate(
        games(
            [
                (A, B, 1.0, 2, months_before(6)),
                (A, B, 0.0, 1, months_before(6)),
                (B, C, 1.0, 2, NOW),
                (C, B, 1.0, 1, NOW),
                (A, C, 0.5, 1, NOW),
            ]
        ),
        EuropeanParams(),
        AS_OF,
    )
    np.testing.assert_allclose(paused.ratings, same_age.ratings, atol=1e-6)
    assert not np.allclose(plain.ratings, paused.ratings)
