"""Glicko-2: Glickman's published example, idle months, the list and the prediction, and the
batch path against an independent month-by-month reference."""

from __future__ import annotations

import datetime as dt

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratinglist.errors import RatingError
from ratinglist.rating import GameArrays
from ratinglist.rating.systems import glicko2
from ratinglist.rating.systems.glicko2 import GLICKO2_SCALE, Glicko2Params, Glicko2State
from tests.rating.systems.glicko2_reference import rate_by_month

DAY = dt.date(2020, 6, 6)


def state(players: dict[int, tuple[float, float]], period: int | None = None) -> Glicko2State:
    """Players ID -> (rating, RD), volatility 0.06."""
    ids = list(players)
    return Glicko2State(
        index={pid: k for k, pid in enumerate(ids)},
        mu=np.array([(players[p][0] - 1500) / GLICKO2_SCALE for p in ids]),
        phi=np.array([players[p][1] / GLICKO2_SCALE for p in ids]),
        sigma=np.full(len(ids), 0.06),
        games=np.zeros(len(ids), dtype=np.int64),
        last_day=np.zeros(len(ids), dtype=np.int32),
        period=period,
    )


def test_glickman_example() -> None:
    # Glickman, "Example of the Glicko-2 system": 1500/200 beats 1400/30, loses to 1550/100
    # and to 1700/300 in one period, tau 0.5: 1464.06, RD 151.52, volatility 0.05999.
    start = state({1: (1500, 200), 2: (1400, 30), 3: (1550, 100), 4: (1700, 300)})
    day = DAY.toordinal()
    games = GameArrays.from_arrays([1, 1, 1], [2, 3, 4], [1.0, 0.0, 0.0], [day] * 3)
    after = glicko2.update(start, games, Glicko2Params(tau=0.5))
    listed = glicko2.to_list(after, Glicko2Params(), DAY)
    assert listed.ratings[0] == pytest.approx(1464.06, abs=0.02)
    assert listed.deviations[0] == pytest.approx(151.52, abs=0.02)
    assert after.sigma[0] == pytest.approx(0.05999, abs=1e-5)


def test_idle_month_ages_the_deviation_only() -> None:
    # 1 and 2 play in January; 3 (rated, RD 100) plays nobody: phi' = sqrt(phi^2 + sigma^2).
    start = state({1: (1500, 350), 2: (1500, 350), 3: (1600, 100)}, period=12 * 2020 - 1)
    day = dt.date(2020, 1, 10).toordinal()
    after = glicko2.update(start, GameArrays.from_arrays([1], [2], [0.5], [day]), Glicko2Params())
    assert after.mu[2] == pytest.approx((1600 - 1500) / GLICKO2_SCALE)
    assert after.phi[2] == pytest.approx(np.sqrt((100 / GLICKO2_SCALE) ** 2 + 0.06**2))
    # A draw between equals leaves both at 1500.
    assert after.mu[:2].tolist() == pytest.approx([0.0, 0.0], abs=1e-12)
    # Three months later without games: three more periods of ageing in the list.
    listed = glicko2.to_list(after, Glicko2Params(), dt.date(2020, 4, 1))
    expected_rd = GLICKO2_SCALE * np.sqrt(after.phi[2] ** 2 + 3 * after.sigma[2] ** 2)
    assert listed.deviations[2] == pytest.approx(expected_rd)


def test_newcomers_start_at_1500_rd_350_and_a_win_moves_them_apart() -> None:
    day = DAY.toordinal()
    listed = glicko2.rate(GameArrays.from_arrays([7], [8], [1.0], [day]), Glicko2Params(), DAY)
    assert listed.players.tolist() == [7, 8]
    assert listed.ratings[0] > 1500 > listed.ratings[1]
    assert listed.ratings[0] - 1500 == pytest.approx(1500 - listed.ratings[1])
    assert listed.deviations[0] < 350


def test_expected_uses_both_deviations() -> None:
    listed = glicko2.to_list(state({1: (1700, 50), 2: (1500, 50)}), Glicko2Params(), DAY)
    p = glicko2.expected(listed, np.array([1, 1]), np.array([2, 9]), Glicko2Params())
    phi = np.sqrt(2 * 50.0**2) / GLICKO2_SCALE
    g = 1 / np.sqrt(1 + 3 * phi**2 / np.pi**2)
    assert p[0] == pytest.approx(1 / (1 + np.exp(-g * 200 / GLICKO2_SCALE)))
    phi_new = np.sqrt(50.0**2 + 350.0**2) / GLICKO2_SCALE
    g_new = 1 / np.sqrt(1 + 3 * phi_new**2 / np.pi**2)
    assert p[1] == pytest.approx(1 / (1 + np.exp(-g_new * 200 / GLICKO2_SCALE)))


def test_a_month_already_rated_is_refused() -> None:
    start = state({1: (1500, 200), 2: (1500, 200)}, period=12 * 2020 + 5)
    games = GameArrays.from_arrays([1], [2], [1.0], [DAY.toordinal()])
    with pytest.raises(RatingError, match="latest rating period"):
        glicko2.update(start, games, Glicko2Params())


def test_reference_reproduces_glickmans_example() -> None:
    # The independent reference of the tests gives the paper's numbers too.
    month = 12 * 2020 + 5
    rated = {1: (1500.0, 200.0), 2: (1400.0, 30.0), 3: (1550.0, 100.0), 4: (1700.0, 300.0)}
    games = [(1, 2, 1.0, month), (1, 3, 0.0, month), (1, 4, 0.0, month)]
    rating, rd = rate_by_month(games, month, rated=rated)[1]
    assert rating == pytest.approx(1464.06, abs=0.02)
    assert rd == pytest.approx(151.52, abs=0.02)


def test_a_newcomer_enters_at_their_first_period_not_the_batch_start() -> None:
    # 3 and 4 first play in June; rated in one batch with January's game they must come out
    # as if rated alone (RD 350 in June), not aged over February to May.
    january = dt.date(2020, 1, 11).toordinal()
    june = dt.date(2020, 6, 13).toordinal()
    both = GameArrays.from_arrays([1, 3], [2, 4], [1.0, 1.0], [january, june])
    alone = GameArrays.from_arrays([3], [4], [1.0], [june])
    as_of = dt.date(2020, 6, 30)
    together = glicko2.rate(both, Glicko2Params(), as_of)
    single = glicko2.rate(alone, Glicko2Params(), as_of)
    assert together.ratings[2:].tolist() == pytest.approx(single.ratings.tolist(), abs=1e-9)
    assert together.deviations[2:].tolist() == pytest.approx(single.deviations.tolist(), abs=1e-9)


@st.composite
def monthly_games(draw: st.DrawFn) -> list[tuple[int, int, float, int]]:
    """Games among up to 8 players over months 0..11 of 2020 (some months empty)."""
    count = draw(st.integers(1, 40))
    rows = []
    for _ in range(count):  # two draws a game: the pair of players, the score and month
        first, other = divmod(draw(st.integers(0, 8 * 7 - 1)), 7)
        score, month = divmod(draw(st.integers(0, 3 * 12 - 1)), 12)
        second = other + (other >= first)
        rows.append((first + 1, second + 1, (0.0, 0.5, 1.0)[score], month))
    return sorted(rows, key=lambda r: r[3])


def _arrays(rows: list[tuple[int, int, float, int]]) -> GameArrays:
    days = [dt.date(2020, m + 1, 15).toordinal() for *_, m in rows]
    return GameArrays.from_arrays(
        [r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows], days
    )


@given(monthly_games(), st.integers(11, 14))
def test_batch_equals_the_month_by_month_reference(
    rows: list[tuple[int, int, float, int]], as_of_month: int
) -> None:
    after = as_of_month + 1
    as_of = dt.date(2020 + after // 12, after % 12 + 1, 1) - dt.timedelta(days=1)
    base = 12 * 2020
    listed = glicko2.rate(_arrays(rows), Glicko2Params(), as_of)
    reference = rate_by_month([(a, b, s, base + m) for a, b, s, m in rows], base + as_of_month)
    assert listed.players.tolist() == sorted(reference)
    for pid, rating, rd in zip(
        listed.players.tolist(), listed.ratings.tolist(), listed.deviations.tolist(), strict=True
    ):
        assert rating == pytest.approx(reference[pid][0], abs=1e-6)
        assert rd == pytest.approx(reference[pid][1], abs=1e-6)


@given(monthly_games())
def test_batch_equals_the_same_update_month_by_month(
    rows: list[tuple[int, int, float, int]],
) -> None:
    # The evaluation feeds `update` one month at a time; `rate` feeds it all at once.
    games = _arrays(rows)
    as_of = dt.date(2020, 12, 31)
    state = glicko2.initial(Glicko2Params())
    months = games.months()
    for month in np.unique(months).tolist():
        state = glicko2.update(state, games.select(months == month), Glicko2Params())
    stepwise = glicko2.to_list(state, Glicko2Params(), as_of)
    batch = glicko2.rate(games, Glicko2Params(), as_of)
    assert stepwise.players.tolist() == batch.players.tolist()
    np.testing.assert_allclose(stepwise.ratings, batch.ratings, atol=1e-9)
    np.testing.assert_allclose(stepwise.deviations, batch.deviations, atol=1e-9)
