"""Leave-one-list-out choice of rules (`rating.fidelity.leave_one_out`), worked by hand."""

from __future__ import annotations

import pytest

from ratinglist.errors import RatingError
from ratinglist.rating.fidelity import leave_one_out

SCORES = {
    "a": {"L1": 0.90, "L2": 0.50, "L3": 0.60},
    "b": {"L1": 0.40, "L2": 0.70, "L3": 0.70},
}


def test_each_list_gets_the_rules_best_on_the_others() -> None:
    found = {h.held_out: h for h in leave_one_out(SCORES)}
    # L1 held out: on L2, L3 a scores 0.55 and b 0.70, so b, which scores 0.40 on L1
    assert (found["L1"].chosen, found["L1"].score) == ("b", 0.40)
    assert found["L1"].others_mean == pytest.approx(0.70)
    assert (found["L1"].in_sample, found["L1"].in_sample_score) == ("a", 0.90)
    # L2 held out: a 0.75 (0.90, 0.60) against b 0.55
    assert (found["L2"].chosen, found["L2"].score) == ("a", 0.50)
    # L3 held out: a 0.70 against b 0.55
    assert (found["L3"].chosen, found["L3"].score, found["L3"].in_sample) == ("a", 0.60, "b")


def test_a_tie_goes_to_the_rules_named_first() -> None:
    tied = {"x": {"L1": 0.5, "L2": 0.5}, "y": {"L1": 0.5, "L2": 0.5}}
    assert {h.chosen for h in leave_one_out(tied)} == {"x"}


def test_one_list_or_missing_scores_are_refused() -> None:
    with pytest.raises(RatingError, match="at least two lists"):
        leave_one_out({"a": {"L1": 0.5}})
    with pytest.raises(RatingError, match="scored on every list"):
        leave_one_out({"a": {"L1": 0.5, "L2": 0.4}, "b": {"L1": 0.5}})
