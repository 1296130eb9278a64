"""Splitting a player's difference between the exact and the WOF profile by choice."""

from __future__ import annotations

import pytest

from ratinglist.errors import RatingError
from ratinglist.model import PlayerId
from ratinglist.rating import GameArrays, rate
from ratinglist.rating.profile import EXACT, WOF, RatingProfile
from ratinglist.rating.profile_explain import explain_profiles, profile_steps
from ratinglist.rating.selection import Duplicates
from tests.rating.helpers import AS_OF, games, months_before

A, B, C = 11, 22, 33
NOW = months_before(0)
BASE = [
    (A, B, 1.0, 2, NOW),
    (A, B, 0.0, 1, NOW),
    (B, C, 1.0, 2, NOW),
    (B, C, 0.0, 1, NOW),
    (A, C, 1.0, 1, NOW),
    (A, C, 0.5, 1, NOW),
]
COPY = [(A, B, 1.0, 2, NOW), (A, B, 0.0, 1, NOW)]
"""A duplicated file: counted again only when duplicates count twice."""


def games_for(profile: RatingProfile) -> GameArrays:
    both = profile.selection.duplicates is Duplicates.BOTH
    return games(BASE + COPY if both else BASE)


def test_steps_from_exact_to_wof_take_one_choice_each() -> None:
    steps = profile_steps(EXACT, WOF)
    assert [name for name, _ in steps] == [
        "received",
        "senders",
        "duplicates",
        "list overrides",
        "method",
    ]
    assert steps[-1][1].selection == WOF.selection and steps[-1][1].params == WOF.params
    assert profile_steps(WOF, WOF) == ()


def test_parts_are_the_differences_of_consecutive_lists_and_sum_to_the_total() -> None:
    result = explain_profiles(games_for, PlayerId(A), AS_OF)
    exact = rate(games(BASE), EXACT.params, AS_OF).entry(PlayerId(A)).rating
    doubled = rate(games(BASE + COPY), EXACT.params, AS_OF).entry(PlayerId(A)).rating
    wof = rate(games(BASE + COPY), WOF.params, AS_OF).entry(PlayerId(A)).rating
    parts = {step.choice: step.part for step in result.steps}
    assert parts["received"] == parts["senders"] == parts["list overrides"] == 0.0
    assert parts["duplicates"] == pytest.approx(doubled - exact, abs=1e-9)
    assert parts["method"] == pytest.approx(wof - doubled, abs=1e-9)
    assert (result.start, result.end) == (pytest.approx(exact), pytest.approx(wof))
    assert result.total == pytest.approx(sum(p for p in parts.values() if p is not None))
    assert parts["duplicates"] != 0.0 and parts["method"] != 0.0


def test_a_player_rated_in_neither_list_is_an_error() -> None:
    with pytest.raises(RatingError, match="'99'"):
        explain_profiles(games_for, PlayerId(99), AS_OF)
