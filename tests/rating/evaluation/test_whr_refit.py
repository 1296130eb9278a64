"""The real WHR in the evaluation: each month the whole history is refitted, so the
forecaster's ratings are those of a full fit from scratch of every game before the month."""

from __future__ import annotations

import datetime as dt

import numpy as np
import pytest
from numpy.typing import NDArray

from ratinglist.rating import GameArrays
from ratinglist.rating.evaluation import SYSTEM_NAMES, EvaluationConfig, evaluate
from ratinglist.rating.evaluation.config import month_start
from ratinglist.rating.forecasters import Whr, WhrIncremental
from ratinglist.rating.games import month_index
from ratinglist.rating.systems.whr import WhrHistory, WhrParams

FIRST = month_index(dt.date(2019, 1, 1))
IDS = np.arange(1, 30, dtype=np.int64)


def random_history(seed: int, players: int = 24, months: int = 14) -> GameArrays:
    """Games of `players` players over `months` months: each month a random half of them
    play 1-4 games against random others, stronger players winning more often; month 5 has
    no game, and every player sits some months out."""
    rng = np.random.default_rng(seed)
    strength = rng.normal(0, 200, players)
    rows: list[tuple[int, int, float, int]] = []
    for m in range(months):
        if m == 5:
            continue
        active = rng.choice(players, players // 2, replace=False)
        for a in active.tolist():
            for _ in range(int(rng.integers(1, 5))):
                b = int(rng.integers(players))
                if b == a:
                    continue
                p = 1 / (1 + 10 ** (-(strength[a] - strength[b]) / 400))
                score = float(rng.choice([1.0, 0.5, 0.0], p=[p * 0.95, 0.05, (1 - p) * 0.95]))
                day = month_start(FIRST + m) + dt.timedelta(days=int(rng.integers(28)))
                rows.append((a + 1, b + 1, score, day.toordinal()))
    rows.sort(key=lambda r: r[3])
    first, second, score, day = zip(*rows, strict=True)
    return GameArrays.from_arrays(first, second, score, day)


def from_scratch(games: GameArrays, params: WhrParams) -> NDArray[np.float64]:
    """The latest ratings of `IDS` in a full fit of `games` from nothing (NaN: no game)."""
    history = WhrHistory(params)
    history.add(games, params.max_steps)
    return history.ratings(IDS, np.nan)


def replay_against_scratch(games: GameArrays, params: WhrParams, close: float) -> float:
    """Observe `games` month by month; after each month compare the forecaster's ratings and
    its next month's predictions (within `close`) with a full fit from scratch of the games
    so far. Returns the largest rating difference (Elo points)."""
    months = games.months()
    entry = -150.0
    forecaster = Whr(params, entries=(0.0, entry))
    worst = 0.0
    last = int(months.max())
    for month in range(int(months.min()), last + 1):
        forecaster.observe(games.select(months == month))
        expected = from_scratch(games.select(months <= month), params)
        got = forecaster.rated(IDS)
        assert got is not None
        np.testing.assert_array_equal(np.isnan(got), np.isnan(expected))
        known = ~np.isnan(expected)
        worst = max(worst, float(np.abs(got[known] - expected[known]).max()))
        upcoming = games.select(months == month + 1)
        if month == last or len(upcoming) == 0:
            continue
        predicted = forecaster.predict(upcoming, month_start(month + 1))
        rating = dict(zip(IDS.tolist(), np.where(known, expected, entry).tolist(), strict=True))
        for k, (a, b) in enumerate(zip(upcoming.first, upcoming.second, strict=True)):
            p = 1 / (1 + 10 ** (-(rating[int(a)] - rating[int(b)]) / 400))
            assert predicted[k, 1] == pytest.approx(p, abs=close)
    return worst


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("w2", [30.0, 300.0, 1000.0])
def test_monthly_ratings_equal_a_full_fit_from_scratch(seed: int, w2: float) -> None:
    # Fitted to max |gradient| < 1e-9, both reach the same optimum within 1e-6 points (a
    # probability moves at most ln 10 / 1600 per point).
    games = random_history(seed)
    assert replay_against_scratch(games, WhrParams(w2=w2, tolerance=1e-9), 1e-8) < 1e-6


def test_at_the_default_stopping_rule_the_refit_is_within_1e_3_of_scratch() -> None:
    # The evaluation's stopping rule is the full fit's (max |gradient| < 1e-6 natural units):
    # on these small histories the two fits stop up to 3e-4 points apart (5 seeds).
    worst = max(replay_against_scratch(random_history(seed), WhrParams(), 1e-6) for seed in (4, 5))
    assert worst < 1e-3


def test_whr_fitted_searches_w2_and_whr_goes_on_when_its_w2_loses() -> None:
    # Each w^2 alone gives its fit-period log-loss; the search keeps the least. `whr` shares
    # the published w^2's (300) replay with that candidate and still predicts every report
    # month when another w^2 wins (the loser's run stops at the report start).
    games = random_history(7, months=20)
    window = {"start": FIRST + 10, "end": FIRST + 19, "fit_months": 10}
    entries = (-100.0, 0.0)
    grid = (30.0, 300.0, 1000.0)
    alone = {
        w2: evaluate(
            games,
            EvaluationConfig(
                **window, systems=("whr-fitted",), whr_w2s=(w2,), entry_offsets=entries
            ),
        ).systems[0]
        for w2 in grid
    }
    best = min(grid, key=lambda w2: dict(alone[w2].fitted)["fit_log_loss"])
    assert best != 300.0
    both = evaluate(
        games,
        EvaluationConfig(
            **window, systems=("whr", "whr-fitted"), whr_w2s=grid, entry_offsets=entries
        ),
    )
    whr, fitted = both.systems
    assert dict(fitted.fitted)["w2"] == best
    assert fitted.overall == alone[best].overall
    single = evaluate(games, EvaluationConfig(**window, systems=("whr",))).systems[0]
    assert whr.overall == single.overall
    assert whr.overall.games == fitted.overall.games > 0


def test_whr_incremental_is_listed_and_only_approximates_the_refit() -> None:
    # Both fit the games before the replay in full, so they predict the first month alike;
    # then the incremental one holds the older ratings fixed and drifts from the optimum.
    games = random_history(8, months=20)
    months = games.months()
    start = FIRST + 3
    real, approx = Whr(WhrParams()), WhrIncremental(WhrParams())
    for forecaster in (real, approx):
        forecaster.observe(games.select(months < start))
    upcoming = games.select(months == start)
    as_of = month_start(start)
    np.testing.assert_allclose(real.predict(upcoming, as_of), approx.predict(upcoming, as_of))
    for month in range(start, FIRST + 20):
        for forecaster in (real, approx):
            forecaster.observe(games.select(months == month))
    apart = np.abs(np.asarray(real.rated(IDS)) - np.asarray(approx.rated(IDS)))
    assert float(np.nanmax(apart)) > 1.0
    window = {"start": start, "end": FIRST + 19, "fit_months": 3}
    report = evaluate(games, EvaluationConfig(**window, systems=("whr", "whr-incremental")))
    assert [s.system for s in report.systems] == ["whr", "whr-incremental"]
    assert "whr-incremental" in SYSTEM_NAMES
