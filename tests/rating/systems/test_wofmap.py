"""`wof-map`: the MAP fit against the posterior written out and maximised by scipy, the
month-by-month forecaster against a from-scratch fit, the contest's search on a history whose
true parameters are known."""

from __future__ import annotations

import datetime as dt
import math

import numpy as np
import pytest
from scipy.optimize import minimize

from ratinglist.rating import GameArrays
from ratinglist.rating.evaluation import EvaluationConfig, evaluate
from ratinglist.rating.forecasters import WofMap
from ratinglist.rating.games import month_index
from ratinglist.rating.systems import wofmap
from ratinglist.rating.systems.wofmap import WofMapParams


def history(rows: list[tuple[int, int, float, dt.date]]) -> GameArrays:
    first, second, score, day = zip(*rows, strict=True)
    return GameArrays.from_arrays(first, second, score, [d.toordinal() for d in day])


def written_out_posterior(
    rows: list[tuple[int, int, float, dt.date]], params: WofMapParams, as_of: dt.date
) -> dict[int, float]:
    """The MAP ratings (points) by scipy.optimize.minimize on the log-posterior written from
    the model's definition, one game at a time, independently of `wofmap.solve`."""
    players = sorted({p for a, b, _, _ in rows for p in (a, b)})
    where = {p: k for k, p in enumerate(players)}
    played = dict.fromkeys(players, 0)
    for a, b, _, _ in rows:
        played[a] += 1
        played[b] += 1
    ppu = params.points_per_unit
    means = [params.entry if played[p] < params.newcomer_games else params.centre for p in players]
    list_month = as_of.year * 12 + as_of.month - 1
    newcomer = params.newcomer_deviation or params.prior_deviation
    deviations = [
        newcomer if played[p] < params.newcomer_games else params.prior_deviation for p in players
    ]

    def minus_log_posterior(x: np.ndarray) -> float:
        total = 0.0
        for a, b, s, day in rows:
            age = list_month - (day.year * 12 + day.month - 1)
            w = 0.5 ** (age / params.half_life)
            d = (x[where[a]] - x[where[b]]) / ppu
            p = 1.0 / (1.0 + math.exp(-d))
            total += w * (s * math.log(p) + (1.0 - s) * math.log(1.0 - p))
        for k, m in enumerate(means):
            total -= (x[k] - m) ** 2 / (2.0 * deviations[k] ** 2)
        return -total

    # Searched in hundreds of points, so that the gradient's stop is not too loose.
    found = minimize(
        lambda y: minus_log_posterior(100.0 * y),
        np.array(means) / 100.0,
        method="BFGS",
        options={"gtol": 1e-10},
    )
    return dict(zip(players, (100.0 * found.x).tolist(), strict=True))


ROWS = [
    (1, 2, 1.0, dt.date(2020, 1, 5)),
    (1, 3, 0.5, dt.date(2020, 1, 5)),
    (2, 3, 1.0, dt.date(2020, 1, 5)),
    (3, 1, 1.0, dt.date(2020, 3, 7)),
    (2, 1, 0.0, dt.date(2020, 3, 7)),
    (1, 2, 1.0, dt.date(2020, 6, 1)),
    (3, 2, 0.0, dt.date(2020, 6, 1)),
    (1, 3, 1.0, dt.date(2020, 6, 1)),
]


@pytest.mark.parametrize(
    "params",
    [
        WofMapParams(
            prior_deviation=200.0, half_life=6.0, entry=1300.0, newcomer_games=5, tolerance=1e-7
        ),
        WofMapParams(
            prior_deviation=500.0, half_life=24.0, entry=1500.0, newcomer_games=0, tolerance=1e-7
        ),
        WofMapParams(
            prior_deviation=400.0,
            newcomer_deviation=150.0,
            half_life=12.0,
            entry=1200.0,
            newcomer_games=6,
            tolerance=1e-7,
        ),
    ],
)
def test_three_players_equal_the_written_out_posterior_maximum(params: WofMapParams) -> None:
    as_of = dt.date(2020, 8, 31)
    listed = wofmap.rate(history(ROWS), params, as_of)
    expected = written_out_posterior(ROWS, params, as_of)
    assert listed.players.tolist() == [1, 2, 3]
    for player, rating in zip(listed.players.tolist(), listed.ratings.tolist(), strict=True):
        assert rating == pytest.approx(expected[player], abs=1e-3)
    # Player 1 beat everyone most: best; the deviations are the posterior's (below the prior).
    assert listed.ratings[0] == max(listed.ratings)
    assert np.all(listed.deviations < params.prior_deviation)
    assert listed.games.tolist() == [6, 5, 5]


def random_history(seed: int, players: int, months: int, per_month: int) -> GameArrays:
    rng = np.random.default_rng(seed)
    strength = rng.normal(0.0, 1.5, players)
    first, second, score, day = [], [], [], []
    for m in range(months):
        when = dt.date(2010 + m // 12, m % 12 + 1, 10).toordinal()
        for _ in range(per_month):
            a, b = rng.choice(players, size=2, replace=False)
            p = 1.0 / (1.0 + math.exp(strength[b] - strength[a]))
            first.append(int(a) + 1)
            second.append(int(b) + 1)
            score.append(float(rng.random() < p))
            day.append(when)
    return GameArrays.from_arrays(first, second, score, day)


def test_conjugate_gradients_equal_the_direct_solve(monkeypatch: pytest.MonkeyPatch) -> None:
    games = random_history(3, 60, 12, 80)
    params = WofMapParams(prior_deviation=300.0, half_life=12.0, tolerance=1e-6)
    as_of = dt.date(2010, 12, 31)
    direct = wofmap.rate(games, params, as_of)
    monkeypatch.setattr(wofmap, "DIRECT_PLAYERS", 0)
    iterative = wofmap.rate(games, params, as_of)
    np.testing.assert_allclose(iterative.ratings, direct.ratings, atol=1e-4)


def with_tournaments(games: GameArrays, per_month: int) -> GameArrays:
    """The same games split into `per_month` tournaments a month (game k in k mod
    `per_month`)."""
    tournament = games.months() * per_month + np.arange(len(games)) % per_month
    return GameArrays.from_arrays(games.first, games.second, games.score, games.day, tournament)


@pytest.mark.parametrize("field_weight", [0.0, 0.6])
def test_the_month_by_month_forecaster_equals_a_fit_from_scratch(field_weight: float) -> None:
    """Warm-started months with the pair sums aged by one factor give the same list as
    `rate` on every game before the month, and predict with it (newcomers at `entry`, or at
    their first tournament's field with a `field_weight`)."""
    games = with_tournaments(random_history(5, 40, 8, 30), 3)
    params = WofMapParams(
        prior_deviation=250.0,
        half_life=4.0,
        entry=1250.0,
        tolerance=1e-7,
        field_weight=field_weight,
    )
    forecaster = WofMap(params)
    months = games.months()
    for month in range(int(months.min()), int(months.max()) + 1):
        chunk = games.select(months == month)
        as_of = dt.date(month // 12, month % 12 + 1, 1) - dt.timedelta(days=1)
        predicted = forecaster.predict(chunk, as_of)
        before = games.select(months < month)
        if len(before):
            fresh = wofmap.rate(before, params, as_of)
            ra, rb = wofmap.field_entries(chunk, fresh.players, fresh.ratings, params)
            expected = 1.0 / (1.0 + np.exp(-(ra - rb) / params.points_per_unit))
            rated = forecaster.rated(fresh.players)
            assert rated is not None
            np.testing.assert_allclose(rated, fresh.ratings, atol=1e-4)
        else:
            expected = np.full(len(chunk), 0.5)
        np.testing.assert_allclose(predicted, expected, atol=1e-7)
        forecaster.observe(chunk)


def test_the_contest_search_finds_the_true_prior_and_entry() -> None:
    """Strengths drawn once from N(0, 1.5 logit units) = 273 points, never changing; players
    join over time. Of prior deviations 90/270/810 points and half-lives 6/1000 months, the
    search on the fit months keeps 270 and the long half-life (nothing changes)."""
    games = random_history(11, 150, 36, 120)
    start = month_index(dt.date(2012, 7, 1))
    config = EvaluationConfig(
        start=start,
        end=start + 5,
        fit_months=24,
        systems=("wof-map",),
        wofmap_deviations=(90.0, 270.0, 810.0),
        wofmap_half_lives=(6.0, 1000.0),
        wofmap_entry_offsets=(0.0,),
    )
    report = evaluate(games, config)
    fitted = dict(report.systems[0].fitted)
    assert fitted["prior_deviation"] == 270.0
    assert fitted["half_life"] == 1000.0


def test_a_newcomer_enters_at_their_first_tournament_field() -> None:
    """Entry 1300, field weight 0.5, centre 1500. Tournament 5: listed players 1 (1600,
    twice) and 2 (1800), field (1600 + 1800) / 2 = 1700, so newcomer 8 enters at
    1300 + 0.5 x 200 = 1400. Tournament 6: listed 3 (1400), field 1400: newcomer 9 at
    1300 + 0.5 x (-100) = 1250. Tournament 7: no listed player: newcomers 10, 11 at 1300.
    Player 9 also plays in tournament 5 later: their entry is their first game's, 1250."""
    day = dt.date(2020, 3, 7).toordinal()
    games = GameArrays.from_arrays(
        [1, 2, 9, 10, 1, 9],
        [8, 8, 3, 11, 2, 1],
        [1.0, 0.0, 0.5, 1.0, 0.5, 0.0],
        [day] * 6,
        [5, 5, 6, 7, 5, 5],
    )
    params = WofMapParams(field_weight=0.5)
    players = np.array([1, 2, 3])
    ratings = np.array([1600.0, 1800.0, 1400.0])
    ra, rb = wofmap.field_entries(games, players, ratings, params)
    assert ra.tolist() == [1600.0, 1800.0, 1250.0, 1300.0, 1600.0, 1400.0]
    assert rb.tolist() == [1400.0, 1400.0, 1400.0, 1300.0, 1800.0, 1600.0]
    found, values = wofmap.new_entries(games, players, ratings, params)
    assert found.tolist() == [8, 9, 10, 11]
    assert values.tolist() == [1400.0, 1250.0, 1300.0, 1300.0]
    # Without a field weight every newcomer is at the entry.
    plain = wofmap.field_entries(games, players, ratings, WofMapParams())
    assert plain[1].tolist() == [1300.0, 1300.0, 1400.0, 1300.0, 1800.0, 1600.0]


def test_rate_gives_a_newcomer_the_prior_mean_of_their_first_field() -> None:
    """Month 1: players 1 and 2 meet 12 times (1 wins 9): both past 10 games, prior mean
    1500. Month 2: newcomer 3 plays one game against 1 in a tournament whose field is
    player 1 alone. The explained prior mean of 3 is 1300 + 0.5 x (R1 - 1500), with R1
    player 1's rating in the list at the end of month 1 (from month 1's games only)."""
    rows = [(1, 2, 1.0 if k < 9 else 0.0, dt.date(2020, 1, 10)) for k in range(12)]
    rows.append((3, 1, 0.0, dt.date(2020, 2, 10)))
    first, second, score, day = zip(*rows, strict=True)
    games = GameArrays.from_arrays(
        first, second, score, [d.toordinal() for d in day], [1] * 12 + [2]
    )
    params = WofMapParams(field_weight=0.5, tolerance=1e-6)
    month_one = wofmap.rate(games.select(np.arange(13) < 12), params, dt.date(2020, 1, 31))
    r1 = float(month_one.ratings[0])
    assert r1 > 1500.0
    why = wofmap.explain(games, params, dt.date(2020, 2, 29), 3)
    assert why.prior_mean == pytest.approx(1300.0 + 0.5 * (r1 - 1500.0), abs=1e-6)
    # The rating balances the prior's pull and the game's (the Explanation's identity).
    assert why.rating - why.prior_mean == pytest.approx(why.gap, abs=0.02)
