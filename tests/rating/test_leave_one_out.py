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


def test_lists_no_rule_reproduces_do_not_choose() -> None:
    scores = {
        "a": {"old": 0.30, "L1": 0.90, "L2": 0.80},
        "b": {"old": 0.05, "L1": 0.95, "L2": 0.85},
    }
    # on every other list: L1 held out, a has (0.30 + 0.80) / 2 = 0.55, b 0.45: a, 0.90
    plain = {h.held_out: h for h in leave_one_out(scores)}
    assert (plain["L1"].chosen, plain["L1"].score) == ("a", 0.90)
    # only lists some rules reproduce to 0.5 choose: L1 held out, L2 alone chooses b
    found = {h.held_out: h for h in leave_one_out(scores, reproduced=0.5)}
    assert (found["L1"].chosen, found["L1"].score) == ("b", 0.95)
    assert (found["L2"].chosen, found["L2"].score) == ("b", 0.85)
    # the old list itself is chosen for on L1 and L2: b (0.90 v 0.85)
    assert (found["old"].chosen, found["old"].score) == ("b", 0.05)


def test_tied_rules_and_the_worst_of_them_are_reported() -> None:
    scores = {"x": {"L1": 0.9, "L2": 0.6}, "y": {"L1": 0.9, "L2": 0.4}, "z": {"L1": 0.5, "L2": 1.0}}
    held = {h.held_out: h for h in leave_one_out(scores)}["L2"]
    # on L1 x and y tie at 0.9: x is chosen by order, y would score 0.4 on L2
    assert (held.chosen, held.score, held.tied, held.worst_tied) == ("x", 0.6, ("x", "y"), 0.4)
