"""The honest contest (issue 37): one calibration for all, the same search budget, the list
scored on its own, fit windows, the frozen months apart."""

from __future__ import annotations

import dataclasses
import datetime as dt
import math

import numpy as np
import pytest

from ratinglist.rating.evaluation import EvaluationConfig
from ratinglist.rating.evaluation.calibrate import (
    band_names,
    bands,
    calibrated,
    fit_temperature,
    fit_temperatures,
)
from ratinglist.rating.evaluation.config import DEFAULT_SYSTEMS
from ratinglist.rating.evaluation.contest import (
    Frozen,
    contest,
    read_frozen,
    unfrozen,
    windows,
)
from ratinglist.rating.evaluation.ordering import list_orderings, won_by_higher
from ratinglist.rating.evaluation.search import budgets
from ratinglist.rating.games import month_index
from tests.rating.evaluation.test_harness import history


def sigmoid(x: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-x))


def test_a_temperature_is_recovered_from_expected_scores() -> None:
    # Predictions with log-odds x, true chances with log-odds x / 2: the log-loss against the
    # true chances is least at temperature 2 (cross-entropy is least at the true chance).
    x = np.linspace(-4, 4, 401)
    found = fit_temperature(sigmoid(x), sigmoid(x / 2))
    assert found == pytest.approx(2.0, abs=1e-3)
    assert fit_temperature(np.zeros(0), np.zeros(0)) == 1.0


def test_four_temperatures_by_the_fewer_earlier_games() -> None:
    fewest = np.array([0, 0, 3, 9, 10, 29, 30, 500])
    assert bands(fewest).tolist() == [0, 0, 1, 1, 2, 2, 3, 3]
    assert band_names() == ("0", "1-9", "10-29", "30+")
    # Each band's own true temperature (1/2, 1, 2, 3) is found on its games alone.
    x = np.tile(np.linspace(-3, 3, 201), 4)
    band = np.repeat(np.arange(4), 201)
    truth = np.array([0.5, 1.0, 2.0, 3.0])
    p, s = sigmoid(x), sigmoid(x / truth[band])
    found = fit_temperatures(p, s, band, np.ones(len(x), dtype=bool))
    assert found == pytest.approx(tuple(truth), abs=2e-3)
    assert calibrated(p, band, found) == pytest.approx(s, abs=1e-3)


def test_the_list_ordering_by_hand() -> None:
    # Decisive games with both rated: the higher won (1), the lower won (0), a tie (1/2).
    gap = np.array([100.0, -50.0, 0.0, np.nan, 30.0])
    score = np.array([1.0, 1.0, 0.0, 1.0, 0.5])
    assert won_by_higher(gap[:3], score[:3]) == pytest.approx(0.5)
    other = np.array([100.0, 50.0, np.nan, 10.0, 0.0])
    found = list_orderings({"a": gap, "b": other}, score)
    # Both rate the players of games 0 and 1 only (game 4 is a draw).
    assert (found["a"].games, found["a"].share) == (2, 0.5)
    assert (found["b"].games, found["b"].share) == (2, 1.0)
    assert (found["a"].own_games, found["a"].own_share) == (3, 0.5)
    assert (found["b"].own_games, found["b"].own_share) == (3, 1.0)


def test_every_searched_system_tries_the_same_budget() -> None:
    config = EvaluationConfig(start=24300, end=24301, systems=(*DEFAULT_SYSTEMS, "whr-map"))
    found = budgets(config)
    searched = {name: b for name, b in found.items() if b.configurations > 1}
    assert set(searched) == {
        "elo-fitted",
        "glicko2-fitted",
        "whr-fitted",
        "egf-fitted",
        "wof-map",
        "whr-bayes",
        "whr-map",
    }
    assert {(b.main, b.newcomer_options, b.configurations) for b in searched.values()} == {
        (4, 5, 20)
    }
    assert found["elo"].configurations == 1


def test_the_frozen_file_is_the_contest_run_today() -> None:
    # A grid or rule changed without moving the frozen date is a choice made after it.
    frozen = read_frozen()
    assert frozen.date == dt.date(2026, 5, 31)
    config = dataclasses.replace(
        EvaluationConfig(start=24300, end=24301), calibration="temperatures"
    )
    assert unfrozen(frozen, config) == ()
    assert unfrozen(frozen, dataclasses.replace(config, elo_k_scales=(1.0,))) == ("elo_k_scales",)


def test_fit_windows() -> None:
    start, end = month_index(dt.date(2005, 1, 1)), month_index(dt.date(2026, 5, 1))
    found = windows(start, end, 60, 5)
    assert [w.label() for w in found] == [
        "fit 2000-01..2004-12, scored 2005-01..2009-12",
        "fit 2005-01..2009-12, scored 2010-01..2014-12",
        "fit 2010-01..2014-12, scored 2015-01..2019-12",
        "fit 2015-01..2019-12, scored 2020-01..2026-05",
    ]
    # A last piece shorter than a window (2025-01..2026-05 above) joins the one before.
    short = windows(start, month_index(dt.date(2015, 3, 1)), 60, 5)
    assert short[-1].label().endswith("scored 2010-01..2015-03")
    assert windows(start, end, 60, 0) == ()


def monthly() -> list[tuple[int, int, float, dt.date, int]]:
    """2020-2021: players 1-6 meet each month; the lower number wins (a fixed order)."""
    rows = []
    for month in range(24):
        day = dt.date(2020 + month // 12, month % 12 + 1, 7)
        for a, b in ((1, 2), (3, 4), (5, 6), (1, 4), (2, 5), (3, 6)):
            rows.append((a, b, 1.0, day, month))
    return rows


def test_the_contest_scores_windows_and_the_frozen_months_apart() -> None:
    games = history(monthly())
    config = EvaluationConfig(
        start=month_index(dt.date(2021, 1, 1)),
        end=month_index(dt.date(2021, 8, 1)),
        fit_months=6,
        systems=("elo", "constant"),
        calibration="temperatures",
    )
    frozen = Frozen(dt.date(2021, 8, 31), {}, {})
    seen: list[str] = []
    found = contest(games, config, window_years=0, frozen=frozen, progress=seen.append)
    assert found.windows == ()
    assert found.after is not None
    # September to December 2021 (6 games each) apart, fitted on the 6 months before.
    assert found.after.games == 24
    assert found.after.start == dt.date(2021, 9, 1)
    assert seen == ["2021-01..2021-08", "frozen months 2021-09..2021-12"]
    elo = found.report.systems[0]
    assert elo.calibration_method == "temperatures"
    assert [name for name, _ in elo.temperatures] == ["0", "1-9", "10-29", "30+"]
    # The list orders every game right: the lower number always wins and is listed higher.
    assert elo.list_ordering is not None
    assert elo.list_ordering.share == 1.0
    assert found.report.systems[1].list_ordering is None
    # The constant's 1/2 has log-odds 0: no temperature moves it.
    assert found.report.systems[1].overall.log_loss == pytest.approx(math.log(2))
