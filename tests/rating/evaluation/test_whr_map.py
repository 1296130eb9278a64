"""`whr-map`: WHR with wof-map's Gaussian prior on each player's first node instead of the
virtual draws. Its fit is the maximum of the posterior written out by hand; its monthly
refit in the evaluation equals a fit from scratch; its search keeps the least fit-period
log-loss."""

from __future__ import annotations

import datetime as dt
import math
from itertools import product

import numpy as np
import pytest
from numpy.typing import NDArray
from scipy.optimize import minimize

from ratinglist.rating import GameArrays
from ratinglist.rating.evaluation import FITTED, SYSTEM_NAMES, EvaluationConfig, evaluate
from ratinglist.rating.evaluation.config import month_start
from ratinglist.rating.forecasters import Whr
from ratinglist.rating.systems.whr import WhrHistory, WhrParams
from tests.rating.evaluation.test_whr_refit import FIRST, IDS, random_history

Row = tuple[int, int, float, dt.date]

# Player 4 plays in March as the second player and in April as the first: their node of
# April is made before their node of March (first players' games come first), so the prior
# must sit on the March node all the same. Player 5 only enters in April.
ROWS: list[Row] = [
    (1, 2, 1.0, dt.date(2020, 1, 5)),
    (1, 3, 0.5, dt.date(2020, 1, 5)),
    (2, 3, 1.0, dt.date(2020, 1, 9)),
    (3, 1, 1.0, dt.date(2020, 3, 2)),
    (2, 4, 0.0, dt.date(2020, 3, 2)),
    (4, 1, 0.0, dt.date(2020, 4, 7)),
    (4, 5, 1.0, dt.date(2020, 4, 7)),
    (5, 2, 0.5, dt.date(2020, 4, 8)),
]


def history(rows: list[Row]) -> GameArrays:
    first, second, score, day = zip(*rows, strict=True)
    return GameArrays.from_arrays(first, second, score, [d.toordinal() for d in day])


def written_out_posterior(
    rows: list[Row], w2: float, deviation: float, means: dict[int, float]
) -> dict[tuple[int, int], float]:
    """The MAP rating (Elo points) of every (player, month) by scipy.optimize.minimize on the
    log-posterior written from the model's definition, game by game, independently of
    `WhrHistory`: Bradley-Terry in base 10 / 400, a Wiener link of variance ``w2 x months``
    between a player's consecutive months, a Gaussian N(mean, deviation^2) on their first."""
    nodes = sorted({(p, d.year * 12 + d.month - 1) for a, b, _, d in rows for p in (a, b)})
    where = {node: k for k, node in enumerate(nodes)}

    def minus_log_posterior(y: np.ndarray) -> float:
        x = 100.0 * y
        total = 0.0
        for a, b, s, day in rows:
            month = day.year * 12 + day.month - 1
            p = 1.0 / (1.0 + 10.0 ** (-(x[where[a, month]] - x[where[b, month]]) / 400.0))
            total += s * math.log(p) + (1.0 - s) * math.log(1.0 - p)
        for k, (player, month) in enumerate(nodes):
            if k == 0 or nodes[k - 1][0] != player:
                total -= (x[k] - means[player]) ** 2 / (2.0 * deviation**2)
            else:
                gap = month - nodes[k - 1][1]
                total -= (x[k] - x[k - 1]) ** 2 / (2.0 * w2 * gap)
        return -total

    # BFGS on numerical gradients stops within about 1e-3 points of the maximum.
    start = np.array([means[p] for p, _ in nodes]) / 100.0
    found = minimize(minus_log_posterior, start, method="BFGS", options={"gtol": 1e-10})
    assert float(np.abs(found.jac).max()) < 1e-5
    return dict(zip(nodes, (100.0 * found.x).tolist(), strict=True))


def fitted_nodes(history_: WhrHistory) -> dict[tuple[int, int], float]:
    players, months, ratings = history_.nodes()
    return {
        (p, m): r
        for p, m, r in zip(players.tolist(), months.tolist(), ratings.tolist(), strict=True)
    }


@pytest.mark.parametrize(
    ("w2", "deviation", "entry", "newcomer_games", "own"),
    [
        (100.0, 150.0, -200.0, 3, {}),
        (300.0, 250.0, -100.0, 4, {5: 120.0, 4: -350.0}),
        (30.0, 200.0, -300.0, 10, {}),
    ],
)
def test_the_first_node_prior_map_equals_the_posterior_written_out(
    w2: float, deviation: float, entry: float, newcomer_games: int, own: dict[int, float]
) -> None:
    # Games played in ROWS: players 1 and 2: 4, 3 and 4: 3, 5: 2. Below `newcomer_games` a
    # player's first node has the prior mean of their entry, from it on the centre 0.
    params = WhrParams(
        w2=w2,
        prior_deviation=deviation,
        entry=entry,
        newcomer_games=newcomer_games,
        tolerance=1e-10,
    )
    fitted = WhrHistory(params)
    fitted.add(history(ROWS), params.max_steps, entries=own)
    played = {p: sum(p in (a, b) for a, b, _, _ in ROWS) for p in range(1, 6)}
    means = {p: own.get(p, entry) if played[p] < newcomer_games else 0.0 for p in range(1, 6)}
    expected = written_out_posterior(ROWS, w2, deviation, means)
    got = fitted_nodes(fitted)
    assert got.keys() == expected.keys()
    for node, rating in expected.items():
        assert got[node] == pytest.approx(rating, abs=1e-2)
    # The prior matters: the virtual draws give other ratings.
    plain = WhrHistory(WhrParams(w2=w2, tolerance=1e-10))
    plain.add(history(ROWS), params.max_steps)
    assert max(abs(fitted_nodes(plain)[n] - r) for n, r in expected.items()) > 1.0


def scratch(games: GameArrays, params: WhrParams) -> NDArray[np.float64]:
    """The latest ratings of `IDS` in a full fit of `games` from nothing (NaN: no game)."""
    fitted = WhrHistory(params)
    fitted.add(games, params.max_steps)
    return fitted.ratings(IDS, np.nan)


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize(("w2", "deviation"), [(100.0, 150.0), (300.0, 250.0)])
def test_the_monthly_refit_equals_a_fit_from_scratch(
    seed: int, w2: float, deviation: float
) -> None:
    # After every month the forecaster's ratings equal a fit of all games so far from nothing,
    # and it predicts the next month from them, a player without a game at the entry.
    games = random_history(seed)
    params = WhrParams(w2=w2, prior_deviation=deviation, entry=-200.0, tolerance=1e-9)
    months = games.months()
    forecaster = Whr(params, entries=(params.entry,))
    last = int(months.max())
    newcomers = 0
    for month in range(int(months.min()), last + 1):
        forecaster.observe(games.select(months == month))
        expected = scratch(games.select(months <= month), params)
        got = forecaster.rated(IDS)
        assert got is not None
        np.testing.assert_array_equal(np.isnan(got), np.isnan(expected))
        known = ~np.isnan(expected)
        np.testing.assert_allclose(got[known], expected[known], atol=1e-6, rtol=0)
        upcoming = games.select(months == month + 1)
        if month == last or len(upcoming) == 0:
            continue
        predicted = forecaster.predict(upcoming, month_start(month + 1))
        rating = dict(zip(IDS.tolist(), np.where(known, expected, -200.0).tolist(), strict=True))
        newcomers += sum(not known[int(p) - 1] for p in upcoming.first)
        for k, (a, b) in enumerate(zip(upcoming.first, upcoming.second, strict=True)):
            p = 1 / (1 + 10 ** (-(rating[int(a)] - rating[int(b)]) / 400))
            assert predicted[k, 0] == pytest.approx(p, abs=1e-8)
    assert newcomers > 0


def test_whr_map_keeps_the_candidate_of_least_fit_log_loss() -> None:
    # Each (w^2, deviation, entry, newcomer games) alone gives its fit-period log-loss; the
    # search over all of them keeps the least, and scores the report months as that
    # candidate alone does.
    games = random_history(7, months=20)
    window = {"start": FIRST + 10, "end": FIRST + 19, "fit_months": 10}
    w2s, deviations, offsets, newcomers = (30.0, 1000.0), (60.0, 400.0), (-300.0, -100.0), (3, 10)
    alone = {}
    for w2, deviation, offset, newcomer in product(w2s, deviations, offsets, newcomers):
        config = EvaluationConfig(
            **window,
            systems=("whr-map",),
            whrmap_w2s=(w2,),
            whrmap_deviations=(deviation,),
            whrmap_entry_offsets=(offset,),
            whrmap_newcomer_games=(newcomer,),
        )
        alone[w2, deviation, offset, float(newcomer)] = evaluate(games, config).systems[0]
    losses = {k: dict(r.fitted)["fit_log_loss"] for k, r in alone.items()}
    assert len(set(losses.values())) == len(losses)
    best = min(losses, key=lambda k: losses[k])
    config = EvaluationConfig(
        **window,
        systems=("whr-map",),
        whrmap_w2s=w2s,
        whrmap_deviations=deviations,
        whrmap_entry_offsets=offsets,
        whrmap_newcomer_games=newcomers,
    )
    report = evaluate(games, config).systems[0]
    values = dict(report.fitted)
    chosen = (values["w2"], values["prior_deviation"], values["entry"], values["newcomer_games"])
    assert chosen == best
    assert report.overall == alone[best].overall
    assert report.overall.games > 0
    assert "whr-map" in SYSTEM_NAMES
    assert "whr-map" in FITTED


def test_a_player_without_a_game_is_predicted_at_the_entry() -> None:
    games = history(ROWS[:3])
    forecaster = Whr(WhrParams(prior_deviation=200.0, entry=-250.0), entries=(-250.0,))
    forecaster.observe(games)
    newcomer = history([(9, 8, 1.0, dt.date(2020, 2, 3))])
    assert forecaster.predict(newcomer, dt.date(2020, 2, 1))[0, 0] == pytest.approx(0.5)
    rated = forecaster.rated(np.array([1, 9], dtype=np.int64))
    assert rated is not None and np.isnan(rated[1])
    against = history([(1, 9, 1.0, dt.date(2020, 2, 3))])
    p = 1 / (1 + 10 ** (-(rated[0] + 250.0) / 400))
    assert forecaster.predict(against, dt.date(2020, 2, 1))[0, 0] == pytest.approx(p)
