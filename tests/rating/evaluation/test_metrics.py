"""Scores, calibration bins and the WOF links, against values worked out by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest

from ratinglist.rating.evaluation.links import davidson, fit_colour_draw, fit_newcomer, wof
from ratinglist.rating.evaluation.metrics import calibration, scores


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
