"""Issue 37, items 2 and 3: the EGF GoR on Go games as the EGD computes it (the published
calculator's cases, the EGF's handicap rule, tournament-at-once updates, newcomers at their
declared rank or carried EGF rating), and Elo and Glicko on Go games, handicap-aware."""

from __future__ import annotations

import datetime as dt

import numpy as np
import pytest

from ratinglist.rating.go.declared import go_system, go_systems
from ratinglist.rating.go.games import GoGames
from ratinglist.rating.go.gor import GorParams, expected_white, rate_gor
from ratinglist.rating.go.handicap import black_advantage
from ratinglist.rating.go.systems import EloGoParams, expected_elo, rate_elo
from ratinglist.service.go.rating import entry_rating
from ratinglist.store.go.archive import GoEntryRow

DAY = dt.date(2020, 10, 3).toordinal()


def games(
    rows: list[tuple[int, int, float, int, float]],
    entries: dict[int, float],
    tournaments: list[int] | None = None,
    weight: float = 1.0,
) -> GoGames:
    """Games (white, black, White's score, handicap, komi) with the players' entries."""
    n = len(rows)
    t = tournaments or [0] * n
    return GoGames(
        white=np.array([r[0] for r in rows], dtype=np.int64),
        black=np.array([r[1] for r in rows], dtype=np.int64),
        score=np.array([r[2] for r in rows]),
        handicap=np.array([r[3] for r in rows], dtype=np.int64),
        komi=np.array([r[4] for r in rows]),
        day=np.array([DAY + 7 * k for k in t], dtype=np.int32),
        tournament=np.array(t, dtype=np.int32),
        weight=np.full(n, weight),
        white_entry=np.array([entries[r[0]] for r in rows]),
        black_entry=np.array([entries[r[1]] for r in rows]),
    )


def test_the_published_calculator_cases_in_an_even_game() -> None:
    """EGF GoR calculator: 2100 losing to 1500 changes by -16.093; 1500 beating 1500 by
    +18.817 (class A, even game with komi 7.5: no advantage)."""
    state = rate_gor(
        games([(1, 2, 0.0, 0, 7.5), (3, 4, 1.0, 0, 7.5)], {1: 2100, 2: 1500, 3: 1500, 4: 1500})
    )
    assert state.ratings[1] - 2100 == pytest.approx(-16.093, abs=0.001)
    assert state.ratings[3] - 1500 == pytest.approx(18.817, abs=0.001)


@pytest.mark.parametrize("stones", range(2, 10))
def test_a_handicap_is_the_egf_100_points_a_stone_less_half(stones: int) -> None:
    advantage = black_advantage(np.array([stones]), np.array([0.5]))
    assert advantage[0] == pytest.approx(100 * (stones - 0.5), abs=1e-9)


def test_komi_seven_and_a_half_is_even_and_no_komi_is_half_a_grade() -> None:
    advantage = black_advantage(np.array([0, 0, 1]), np.array([7.5, 0.5, 0.5]))
    assert advantage.tolist() == pytest.approx([0.0, 50.0, 50.0], abs=1e-9)


def test_black_as_much_weaker_as_the_stones_give_is_an_even_chance() -> None:
    """1800 White against 1650 Black with 2 stones (komi 0.5): 150 points, a fair game."""
    se = expected_white(
        np.array([1800.0]), np.array([1650.0]), np.array([2]), np.array([0.5]), GorParams()
    )
    assert se[0] == pytest.approx(0.5, abs=1e-12)
    elo = expected_elo(
        np.array([1800.0]), np.array([1650.0]), np.array([2]), np.array([0.5]), EloGoParams()
    )
    assert elo[0] == pytest.approx(0.5, abs=1e-12)


def test_a_tournament_is_rated_from_its_start_ratings() -> None:
    """Two wins over one opponent in one tournament: twice the change of one (the second
    game uses the rating at the start, not after the first)."""
    entries = {1: 1500.0, 2: 1500.0}
    once = rate_gor(games([(1, 2, 1.0, 0, 7.5)], entries))
    twice = rate_gor(games([(1, 2, 1.0, 0, 7.5), (2, 1, 0.0, 0, 7.5)], entries))
    assert twice.ratings[1] - 1500 == pytest.approx(2 * (once.ratings[1] - 1500), abs=1e-9)
    later = rate_gor(games([(1, 2, 1.0, 0, 7.5), (2, 1, 0.0, 0, 7.5)], entries, [0, 1]))
    assert later.ratings[1] - 1500 < twice.ratings[1] - 1500  # rated higher: less to gain


def test_the_class_weight_scales_the_change_and_class_x_is_not_rated() -> None:
    entries = {1: 1500.0, 2: 1500.0}
    full = rate_gor(games([(1, 2, 1.0, 0, 7.5)], entries)).ratings[1] - 1500
    half = rate_gor(games([(1, 2, 1.0, 0, 7.5)], entries, weight=0.5)).ratings[1] - 1500
    none = rate_gor(games([(1, 2, 1.0, 0, 7.5)], entries, weight=0.0)).ratings[1] - 1500
    assert half == pytest.approx(full / 2, abs=1e-9) and none == 0.0


@pytest.mark.parametrize(
    ("rank", "origin", "carried", "entry"),
    [("20k", "INI", 0, 100.0), ("1d", "FFG", 2150, 2100.0), ("6d", "", 0, 2600.0),
     ("3k", "EGF", 1723, 1723.0)],
)  # fmt: skip
def test_a_newcomer_enters_at_the_carried_egf_rating_else_the_declared_rank(
    rank: str, origin: str, carried: int, entry: float
) -> None:
    """The EGD: 1d = 2100, 100 a grade (20k = 100); a rating the EGD gave is the player's."""
    row = GoEntryRow(1, dt.date(2020, 10, 3), 7, rank, carried, origin)
    assert entry_rating(row) == entry


def test_elo_on_go_games_keeps_the_points_and_an_upset_moves_more() -> None:
    entries = {1: 2000.0, 2: 1800.0, 3: 1800.0, 4: 1800.0}
    even = rate_elo(games([(1, 2, 0.0, 0, 7.5)], entries), EloGoParams())
    assert even.ratings[1] + even.ratings[2] == pytest.approx(3800.0, abs=1e-9)
    handicap = rate_elo(games([(1, 3, 0.0, 2, 0.5)], entries), EloGoParams())
    assert 2000 - handicap.ratings[1] < 2000 - even.ratings[1]  # with 2 stones: less surprise


@pytest.mark.parametrize("name", sorted(s.name for s in go_systems()))
def test_every_go_system_predicts_a_fair_handicap_game_even(name: str) -> None:
    system = go_system(name)
    state = system.rate(games([(1, 2, 1.0, 0, 7.5)], {1: 1500.0, 2: 1500.0}))
    fair = games([(3, 4, 1.0, 3, 0.5)], {3: 1900.0, 4: 1650.0})  # 250 = 100 (3 - 0.5)
    assert system.predict(state, fair)[0] == pytest.approx(0.5, abs=1e-9)
    assert len(system.grid) == 6  # the same search budget for every system
