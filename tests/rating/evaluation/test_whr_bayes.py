"""`whr-bayes`: WHR's list, each game predicted by the logistic curve averaged over the
uncertainty of the rating difference (the players' deviations, a newcomer's entry
deviation). Its predictions are the closed form written out from the list; they read the
WHR replays `whr-fitted` reads (no replay more); its search keeps the least fit-period
log-loss; with no variance it predicts exactly as `whr-fitted`."""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
from itertools import product

import numpy as np
import pytest
from scipy import integrate, stats

from ratinglist.rating.evaluation import DEFAULT_SYSTEMS, FITTED, EvaluationConfig, evaluate
from ratinglist.rating.evaluation.config import month_start
from ratinglist.rating.forecasters import Whr
from ratinglist.rating.registry import SYSTEMS
from ratinglist.rating.systems.whr import WhrParams, expected_bayes, predictive, rate
from tests.rating.evaluation.test_whr_refit import FIRST, random_history

WINDOW = {"start": FIRST + 10, "end": FIRST + 19, "fit_months": 10}


def averaged(difference: float, deviation: float) -> float:
    """The logistic curve of base 10 / 400 averaged over N(difference, deviation^2), by
    numerical integration."""
    if deviation == 0:
        return 1.0 / (1.0 + 10.0 ** (-difference / 400.0))

    def curve(x: float) -> float:
        density = stats.norm.pdf(x, difference, deviation)
        return float(density / (1.0 + 10.0 ** (-x / 400.0)))

    lo, hi = difference - 12 * deviation, difference + 12 * deviation
    value, _ = integrate.quad(curve, lo, hi, limit=200)
    return float(value)


@pytest.mark.parametrize("difference", [-600.0, -150.0, 0.0, 80.0, 400.0])
@pytest.mark.parametrize("deviation", [0.0, 60.0, 250.0, 600.0])
def test_the_prediction_is_the_curve_averaged_over_the_uncertainty(
    difference: float, deviation: float
) -> None:
    # MacKay's closed form is within 0.015 of the exact average over a normal difference
    # (his paper: the probit approximation of the logistic), exact without uncertainty, and
    # it only ever moves a prediction towards 1/2.
    got = float(predictive(np.array([difference]), np.array([deviation**2]))[0])
    exact = averaged(difference, deviation)
    assert got == pytest.approx(exact, abs=0.015)
    plain = 1.0 / (1.0 + 10.0 ** (-difference / 400.0))
    if deviation == 0:
        assert got == pytest.approx(plain, abs=1e-15)
    assert abs(got - 0.5) <= abs(plain - 0.5) + 1e-15


def test_expected_bayes_adds_both_variances_and_puts_newcomers_at_the_entry() -> None:
    games = random_history(3, months=6)
    params = WhrParams(entry=-250.0, entry_deviation=500.0, variance_scale=2.0)
    listed = rate(games, params, dt.date(2019, 6, 30))
    a, b = listed.players[:2]
    first = np.array([a, a, 999], dtype=np.int64)
    second = np.array([b, 998, b], dtype=np.int64)
    got = expected_bayes(listed, first, second, params)
    ra, rb = listed.ratings[:2]
    va, vb = 2.0 * listed.deviations[:2] ** 2
    q = math.log(10) / 400
    for k, (difference, variance) in enumerate(
        [(ra - rb, va + vb), (ra + 250.0, va + 500.0**2), (-250.0 - rb, 500.0**2 + vb)]
    ):
        spread = math.sqrt(1 + math.pi * q * q * variance / 8)
        assert got[k] == pytest.approx(1 / (1 + 10 ** (-difference / spread / 400)), abs=1e-12)


def test_the_forecaster_predicts_from_the_month_end_list() -> None:
    # Each month, the whr-bayes columns equal expected_bayes of the WHR list as of the last
    # day of the month before (the list of `rate`, deviations grown to that day).
    games = random_history(5, months=8)
    months = games.months()
    params = WhrParams(tolerance=1e-10)
    columns = ((-200.0, 400.0, 1.0), (0.0, 0.0, 0.0), (-100.0, 300.0, 3.0))
    forecaster = Whr(params, entries=(-200.0,), bayes=columns)
    checked = 0
    for month in range(int(months.min()), int(months.max()) + 1):
        now = games.select(months == month)
        as_of = month_start(month) - dt.timedelta(days=1)
        if month > int(months.min()):
            got = forecaster.predict(now, as_of)
            listed = rate(games.select(months < month), params, as_of)
            assert got.shape == (len(now), 1 + len(columns))
            for k, (e, d, c) in enumerate(columns):
                p = dataclasses.replace(params, entry=e, entry_deviation=d, variance_scale=c)
                want = expected_bayes(listed, now.first, now.second, p)
                np.testing.assert_allclose(got[:, 1 + k], want, atol=1e-6)
            checked += len(now)
        forecaster.observe(now)
    assert checked > 0


def test_without_variance_whr_bayes_predicts_as_whr_fitted() -> None:
    # Entry deviation 0 and variance scale 0: the same curve as WHR's, so the same choice
    # and the same scores as whr-fitted, from the same replays.
    games = random_history(7, months=20)
    config = EvaluationConfig(
        **WINDOW,
        systems=("whr-fitted", "whr-bayes"),
        whr_w2s=(30.0, 300.0),
        entry_offsets=(-100.0, 0.0),
        whrbayes_entry_deviations=(0.0,),
        whrbayes_variance_scales=(0.0,),
    )
    fitted, bayes = evaluate(games, config).systems
    assert bayes.overall == fitted.overall
    assert dict(bayes.fitted)["w2"] == dict(fitted.fitted)["w2"]
    assert dict(bayes.fitted)["entry"] == dict(fitted.fitted)["entry"]


def test_whr_bayes_keeps_the_column_of_least_fit_log_loss() -> None:
    # Each (w^2, entry, entry deviation, scale) alone gives its fit-period log-loss; the
    # search over all keeps the least and scores the report months as that one alone.
    games = random_history(7, months=20)
    w2s, offsets, deviations, scales = (30.0, 1000.0), (-300.0, 0.0), (100.0, 600.0), (1.0, 3.0)
    alone = {}
    for w2, offset, deviation, scale in product(w2s, offsets, deviations, scales):
        config = EvaluationConfig(
            **WINDOW,
            systems=("whr-bayes",),
            whr_w2s=(w2,),
            entry_offsets=(offset,),
            whrbayes_entry_deviations=(deviation,),
            whrbayes_variance_scales=(scale,),
            refit_years=None,
        )
        alone[w2, offset, deviation, scale] = evaluate(games, config).systems[0]
    losses = {k: dict(r.fitted)["fit_log_loss"] for k, r in alone.items()}
    assert len(set(losses.values())) == len(losses)
    best = min(losses, key=lambda k: losses[k])
    config = EvaluationConfig(
        **WINDOW,
        systems=("whr-bayes",),
        whr_w2s=w2s,
        entry_offsets=offsets,
        whrbayes_entry_deviations=deviations,
        whrbayes_variance_scales=scales,
        refit_years=None,
    )
    report = evaluate(games, config).systems[0]
    values = dict(report.fitted)
    keys = ("w2", "entry", "entry_deviation", "variance_scale")
    assert tuple(values[k] for k in keys) == best
    assert report.overall == alone[best].overall


def test_whr_bayes_is_in_the_contest_and_a_system() -> None:
    assert "whr-bayes" in DEFAULT_SYSTEMS
    assert "whr-bayes" in FITTED
    assert SYSTEMS["whr-bayes"].params.entry_deviation > 0
