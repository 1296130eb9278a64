"""Scores, calibration bins, the WOF links and the paired bootstrap, against values worked out
by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest

from ratinglist.rating.evaluation.links import davidson, fit_colour_draw, fit_newcomer, wof
from ratinglist.rating.evaluation.metrics import (
    calibration,
    calibration_error,
    paired_difference,
    scores,
    tournament_resamples,
)


def test_scores_by_hand() -> None:
    p = np.array([0.8, 0.8, 0.5, 0.3])
    s = np.array([1.0, 0.0, 0.5, 0.5])
    result = scores(p, s)
    losses = [
        -math.log(0.8),
        -math.log(0.2),
        math.log(2),
        -(0.5 * math.log(0.3) + 0.5 * math.log(0.7)),
    ]
    assert result.games == 4
    assert result.log_loss == pytest.approx(sum(losses) / 4)
    assert result.brier == pytest.approx((0.04 + 0.64 + 0 + 0.04) / 4)
    # Right, wrong, no favourite, a draw: 1, 0, 1/2, 1/2.
    assert result.accuracy == pytest.approx(0.5)


def test_empty_scores_are_nan() -> None:
    assert math.isnan(scores(np.zeros(0), np.zeros(0)).log_loss)


def test_calibration_bins() -> None:
    p = np.array([0.05, 0.15, 0.12, 0.95, 1.0])
    s = np.array([0.0, 1.0, 0.0, 1.0, 0.5])
    bins = calibration(p, s, bins=10)
    assert [(b.low, b.games) for b in bins] == [(0.0, 1), (0.1, 2), (0.9, 2)]
    assert bins[1].predicted == pytest.approx(0.135)
    assert bins[1].observed == pytest.approx(0.5)
    assert bins[2].observed == pytest.approx(0.75)


def test_davidson_link() -> None:
    x = np.array([0.0, math.log(4), -math.log(4)])
    assert davidson(x, 0.0).tolist() == pytest.approx([0.5, 0.8, 0.2])
    # e^(x/2) = 2, e^(-x/2) = 1/2, nu = 1: (2 + 1/2) / (2 + 1/2 + 1).
    assert davidson(x[1:2], 1.0)[0] == pytest.approx(2.5 / 3.5)
    assert davidson(np.array([1e6, -1e6]), 0.1).tolist() == pytest.approx([1.0, 0.0])


def test_wof_link_uses_the_newcomer_rating_and_colour() -> None:
    s = 200 / math.log(3)
    features = np.array([[2000.0, np.nan, 1.0, np.nan], [1800.0, 1600.0, 2.0, 3.0]])
    colour = np.array([0, 1], dtype=np.int8)
    p = wof(features, colour, 1800.0, 0.1, 0.0, s)
    assert p[0] == pytest.approx(1 / (1 + 3 ** (-200 / 200)))
    assert p[1] == pytest.approx(1 / (1 + math.exp(-(200 / s + 0.1))))


def test_newcomer_rating_fits_the_newcomers_results() -> None:
    # Newcomers score 1/4 against a 1800 player: the fitted rating gives P = 1/4, i.e.
    # 1800 - 200 (base 3, scale 200: 3^-1 = 1 / (1 + 3)).
    s = 200 / math.log(3)
    features = np.array([[np.nan, 1800.0, np.nan, np.nan]] * 4)
    score = np.array([1.0, 0.0, 0.0, 0.0])
    assert fit_newcomer(features, score, s, 1800.0) == pytest.approx(1600.0, abs=0.5)


def test_colour_term_fits_blacks_share() -> None:
    # Equal ratings, Black (the first player, then the second) scores 3 of 4: sigma(eta) = 3/4.
    features = np.array([[1800.0, 1800.0, 1.0, 2.0]] * 4)
    colour = np.array([1, 1, -1, -1], dtype=np.int8)
    score = np.array([1.0, 1.0, 0.0, 1.0])
    eta, nu = fit_colour_draw(features, colour, score, 1800.0, 200 / math.log(3), draw=False)
    assert eta == pytest.approx(math.log(3), abs=1e-4)
    assert nu == 0.0


def test_paired_difference_of_equal_losses_is_zero() -> None:
    loss = np.array([0.3, 0.7, 0.1, 0.9])
    cluster = np.array([0, 0, 1, 2])
    d = paired_difference(loss, loss.copy(), cluster, tournament_resamples(3), "x")
    assert (d.against, d.games, d.difference, d.low, d.high) == ("x", 4, 0.0, 0.0, 0.0)


def test_paired_difference_resamples_whole_tournaments() -> None:
    # Two tournaments of 5 games, the system 1 worse on every game of the first and 1 better
    # on every game of the second: resampling two tournaments gives -1 (both the second,
    # probability 1/4), 0 (one each, 1/2) or +1 (1/4), so the 95% interval is [-1, +1].
    reference = np.zeros(10)
    loss = np.array([1.0] * 5 + [-1.0] * 5)
    cluster = np.array([0] * 5 + [1] * 5)
    resamples = tournament_resamples(2, draws=4000)
    assert (resamples.sum(axis=1) == 2).all()
    d = paired_difference(loss, reference, cluster, resamples, "best")
    assert d.difference == 0.0
    assert (d.low, d.high) == (-1.0, 1.0)
    # Resampled game by game the interval would be far narrower: the clusters matter.
    single = paired_difference(loss, reference, np.arange(10), tournament_resamples(10), "b")
    assert single.high - single.low < 1.5


def test_paired_interval_matches_the_normal_approximation() -> None:
    # 400 tournaments of 3 games, per-tournament mean difference iid N(0.01, 0.05^2):
    # the 95% interval is close to mean +- 1.96 * 0.05 / sqrt(400) = +- 0.0049.
    rng = np.random.default_rng(5)
    means = rng.normal(0.01, 0.05, 400)
    loss = np.repeat(means, 3)
    cluster = np.repeat(np.arange(400), 3)
    d = paired_difference(loss, np.zeros(1200), cluster, tournament_resamples(400), "b")
    assert d.difference == pytest.approx(means.mean())
    half = 1.96 * means.std(ddof=1) / np.sqrt(400)
    assert d.low == pytest.approx(means.mean() - half, abs=0.0008)
    assert d.high == pytest.approx(means.mean() + half, abs=0.0008)


def test_calibration_error_by_hand() -> None:
    # Bin 0.8-0.9: two predictions of 0.8, one win: |0.8 - 0.5| for 2 of 3; bin 0.2-0.3: one
    # prediction of 0.2, a loss: |0.2 - 0| for 1 of 3.
    p = np.array([0.8, 0.8, 0.2])
    s = np.array([1.0, 0.0, 0.0])
    assert calibration_error(p, s) == pytest.approx((2 * 0.3 + 0.2) / 3)
    assert calibration_error(np.array([0.5, 0.5]), np.array([1.0, 0.0])) == 0.0
    assert math.isnan(calibration_error(np.zeros(0), np.zeros(0)))
