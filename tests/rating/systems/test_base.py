"""The shared pieces: lookups with defaults, tournament blocks, the registry, parameters."""

from __future__ import annotations

import datetime as dt

import numpy as np
import pytest

from ratinglist.errors import RatingError
from ratinglist.rating import GameArrays
from ratinglist.rating.registry import SYSTEMS, system
from ratinglist.rating.systems import EloParams, SystemList
from ratinglist.rating.systems.base import blocks, lookup, params_to_dict, tournament_keys

DAY = dt.date(2022, 2, 2)


def test_lookup_gives_the_default_to_unknown_ids() -> None:
    keys = np.array([2, 5, 9])
    values = np.array([20.0, 50.0, 90.0])
    assert lookup(keys, values, np.array([5, 1, 9, 10]), -1.0).tolist() == [50, -1, 90, -1]
    assert lookup(keys[:0], values[:0], np.array([5]), 7.0).tolist() == [7.0]


def test_blocks_follow_tournaments_then_days() -> None:
    day = DAY.toordinal()
    games = GameArrays.from_arrays(
        [1, 1, 1, 1], [2, 2, 2, 2], [1, 1, 1, 1], [day] * 4, [4, 4, 5, 5]
    )
    assert list(blocks(tournament_keys(games))) == [(0, 2), (2, 4)]
    untagged = GameArrays.from_arrays([1, 1, 1], [2, 2, 2], [1, 1, 1], [day, day, day + 1])
    assert list(blocks(tournament_keys(untagged))) == [(0, 2), (2, 3)]


def test_every_system_rates_and_predicts_a_small_history() -> None:
    day = DAY.toordinal()
    games = GameArrays.from_arrays([1, 2, 3], [2, 3, 1], [1.0, 1.0, 0.5], [day, day, day + 31])
    for name, rating_system in SYSTEMS.items():
        listed = rating_system.rate(games, DAY + dt.timedelta(days=40))
        assert listed.system == name
        assert listed.players.tolist() == [1, 2, 3]
        p = rating_system.predict(listed, np.array([1, 2]), np.array([2, 1]))
        assert p[0] == pytest.approx(1 - p[1])
        assert p[0] > 0.5


def test_unknown_system_is_refused() -> None:
    with pytest.raises(RatingError, match="expected a rating system among"):
        system("trueskill")


def test_parameters_as_plain_values() -> None:
    values = params_to_dict(EloParams())
    assert values["rounding"] == "truncate"
    assert values["ranks"][6] == {  # type: ignore[index]
        "min_rating": 1300.0,
        "title": "Master",
        "min_games": 10,
        "fallback": "Seneschal",
    }


def test_list_columns_must_agree() -> None:
    with pytest.raises(RatingError, match="increasing ID"):
        SystemList(
            "elo",
            DAY,
            np.array([2, 1]),
            np.zeros(2),
            np.zeros(2),
            np.zeros(2, dtype=np.int64),
            np.zeros(2, dtype=np.int32),
        )
