"""Seed 002's Elo: the seed's example, K, the favourite rule, batch mode, downgrade, ranks."""

from __future__ import annotations

import dataclasses
import datetime as dt

import numpy as np
import pytest

from ratinglist.errors import RatingError
from ratinglist.rating import GameArrays
from ratinglist.rating.systems import elo
from ratinglist.rating.systems.elo import EloParams, EloState, Rounding, UpdateMode

DAY = dt.date(2020, 6, 6)


def state(ratings: dict[int, tuple[float, int]], season: int | None = 2020) -> EloState:
    """Players ID -> (rating, official rounds played), all last seen in `season`."""
    ids = list(ratings)
    return EloState(
        index={pid: k for k, pid in enumerate(ids)},
        ratings=np.array([ratings[p][0] for p in ids], dtype=np.float64),
        games=np.array([ratings[p][1] for p in ids], dtype=np.int64),
        last_day=np.full(len(ids), DAY.toordinal(), dtype=np.int32),
        last_season=np.full(len(ids), season or 0, dtype=np.int64),
        season=season,
    )


def one_game(first: int, second: int, score: float, day: dt.date = DAY) -> GameArrays:
    return GameArrays.from_arrays([first], [second], [score], [day.toordinal()], [1])


def after(start: EloState, games: GameArrays, params: EloParams, as_of: dt.date = DAY) -> dict:
    ratings = elo.to_list(elo.update(start, games, params), params, as_of)
    return dict(zip(ratings.players.tolist(), ratings.ratings.tolist(), strict=True))


# The seed: A beginner (1000, K 50) against B (1200, experienced, K 30): P(A) = 28%.
SEED = {1: (1000.0, 0), 2: (1200.0, 40)}


def test_seed_probability_is_28_percent() -> None:
    p = 1 / (1 + 10 ** ((1200 - 1000) / 500))
    assert round(100 * p) == 28
    ratings = elo.to_list(state(SEED), EloParams(), DAY)
    assert elo.expected(ratings, np.array([1]), np.array([2]), EloParams())[0] == pytest.approx(p)


def test_seed_example_truncated_plus_35_and_plus_8() -> None:
    params = EloParams()
    assert after(state(SEED), one_game(1, 2, 1.0), params)[1] == 1035.0
    assert after(state(SEED), one_game(1, 2, 0.0), params)[2] == 1208.0


def test_seed_example_unrounded() -> None:
    params = EloParams(rounding=Rounding.NONE)
    assert after(state(SEED), one_game(1, 2, 1.0), params)[1] - 1000 == pytest.approx(
        35.7626, abs=1e-4
    )
    assert after(state(SEED), one_game(1, 2, 0.0), params)[2] - 1200 == pytest.approx(
        8.5424, abs=1e-4
    )


def test_truncation_is_toward_zero_for_losses() -> None:
    # B loses: 30 * (0 - 0.7153) = -21.46 -> -21; A loses: 50 * (0 - 0.2847) = -14.24 -> -14.
    assert after(state(SEED), one_game(1, 2, 1.0), EloParams())[2] == 1179.0
    assert after(state(SEED), one_game(1, 2, 0.0), EloParams())[1] == 986.0


@pytest.mark.parametrize(
    ("rating", "played", "k"),
    [(1000.0, 9, 50), (1500.0, 9, 50), (1399.0, 10, 30), (1400.0, 10, 15), (900.0, 50, 30)],
)
def test_k_by_official_rounds_and_rating(rating: float, played: int, k: int) -> None:
    # Against an equal opponent a win gains K/2 (the seed: "half of their K").
    params = EloParams(rounding=Rounding.NONE, favourite_gap=None)
    start = state({1: (rating, played), 2: (rating, 100)})
    assert after(start, one_game(1, 2, 1.0), params)[1] - rating == pytest.approx(k / 2)


def test_favourite_over_500_points_gains_nothing_but_can_lose() -> None:
    params = EloParams(rounding=Rounding.NONE)
    start = state({1: (1601.0, 50), 2: (1100.0, 50)})
    assert after(start, one_game(1, 2, 1.0), params)[1] == 1601.0
    p = 1 / (1 + 10 ** (-501 / 500))
    assert after(start, one_game(1, 2, 0.0), params)[1] == pytest.approx(1601.0 - 15 * p)
    at_500 = state({1: (1600.0, 50), 2: (1100.0, 50)})
    assert after(at_500, one_game(1, 2, 1.0), params)[1] == pytest.approx(
        1600.0 + 15 * (1 - 1 / (1 + 10 ** (-1))), abs=1e-9
    )
    no_rule = dataclasses.replace(params, favourite_gap=None)
    assert after(start, one_game(1, 2, 1.0), no_rule)[1] > 1601.0


def test_game_mode_sees_earlier_games_batch_mode_does_not() -> None:
    # 1 beats 2 then beats 3, all at 1000 with 0 games: K = 50.
    games = GameArrays.from_arrays([1, 1], [2, 3], [1.0, 1.0], [DAY.toordinal()] * 2, [7, 7])
    sequential = elo.rate(games, EloParams(rounding=Rounding.NONE), DAY)
    batch = elo.rate(games, EloParams(rounding=Rounding.NONE, mode=UpdateMode.TOURNAMENT), DAY)
    second = 50 * (1 - 1 / (1 + 10 ** (-25 / 500)))
    assert sequential.ratings.tolist() == pytest.approx([1025 + second, 975, 1000 - second])
    assert batch.ratings.tolist() == pytest.approx([1050, 975, 975])


def test_downgrade_at_season_end_with_floor() -> None:
    start = state({1: (1150.0, 30), 2: (1050.0, 30), 3: (1000.0, 30), 4: (950.0, 30)}, 2019)
    # Nobody plays in 2020; the list as of 1 January 2021 is after the 2020 season's end.
    listed = elo.to_list(start, EloParams(), dt.date(2021, 1, 1))
    assert listed.ratings.tolist() == [1050.0, 1000.0, 1000.0, 950.0]
    # Still in 2020 (the season has not ended): no downgrade.
    assert elo.to_list(start, EloParams(), dt.date(2020, 12, 30)).ratings.tolist() == [
        1150.0,
        1050.0,
        1000.0,
        950.0,
    ]
    # Two seasons without a tournament: twice.
    assert elo.to_list(start, EloParams(), dt.date(2022, 1, 1)).ratings.tolist() == [
        1000.0,
        1000.0,
        1000.0,
        950.0,
    ]
    off = EloParams(downgrade=0.0)
    assert elo.to_list(start, off, dt.date(2022, 1, 1)).ratings.tolist()[0] == 1150.0


def test_downgrade_spares_who_played_in_the_season() -> None:
    start = state({1: (1300.0, 30), 2: (1300.0, 30), 3: (1000.0, 30)}, 2019)
    # 1 and 3 play a draw in 2020; 2 does not play.
    games = one_game(1, 3, 0.5, dt.date(2020, 3, 1))
    after_2020 = elo.update(start, games, EloParams())
    moved = elo.to_list(after_2020, EloParams(), dt.date(2020, 12, 31)).ratings.tolist()
    listed = elo.to_list(after_2020, EloParams(), dt.date(2021, 1, 1)).ratings.tolist()
    assert listed == [moved[0], 1200.0, moved[2]]
    # A tournament in 2021 applies the 2020 downgrade first: 2 is rated 1200 when it plays.
    later = elo.update(after_2020, one_game(2, 3, 0.5, dt.date(2021, 2, 1)), EloParams())
    p = 1 / (1 + 10 ** ((moved[2] - 1200.0) / 500))
    assert elo.to_list(later, EloParams(), dt.date(2021, 2, 1)).ratings[1] == 1200.0 + int(
        30 * (0.5 - p)
    )


@pytest.mark.parametrize(
    ("rating", "matches", "title"),
    [
        (650, 0, "Quartermaster"),
        (700, 0, "Militiaman"),
        (899, 3, "Reservist"),
        (1099, 5, "Soldier"),
        (1100, 5, "Knight"),
        (1299, 5, "Champion"),
        (1300, 9, "Seneschal"),
        (1300, 10, "Master"),
        (1450, 9, "Seneschal"),
        (1450, 19, "Master"),
        (1450, 20, "Great Master"),
        (1599, 100, "Great Master"),
        (1650, 29, "Great Master"),
        (1650, 30, "Strategist"),
    ],
)
def test_rank_titles_with_match_minimums(rating: float, matches: int, title: str) -> None:
    assert EloParams().title(rating, matches) == title


def test_list_carries_titles_and_counts() -> None:
    listed = elo.to_list(state({5: (1350.0, 12), 3: (1350.0, 2)}), EloParams(), DAY)
    assert listed.players.tolist() == [3, 5]
    assert listed.titles == ("Seneschal", "Master")
    assert [e.title for e in listed.ranked()] == ["Seneschal", "Master"]


def test_games_out_of_order_are_refused() -> None:
    games = GameArrays.from_arrays([1, 1], [2, 2], [1, 1], [DAY.toordinal() + 1, DAY.toordinal()])
    with pytest.raises(RatingError, match="order"):
        elo.rate(games, EloParams(), DAY + dt.timedelta(days=2))


@pytest.mark.parametrize(
    "changes",
    [{"scale": 0.0}, {"k_new": -1.0}, {"downgrade": -5.0}, {"season_end": (2, 30)}, {"ranks": ()}],
)
def test_bad_parameters_are_refused(changes: dict[str, object]) -> None:
    with pytest.raises(RatingError):
        EloParams(**changes)  # type: ignore[arg-type]
