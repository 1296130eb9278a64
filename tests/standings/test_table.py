"""Standings: Papp's published Brightwell example, byes, unplayed rounds, withdrawals."""

from __future__ import annotations

import pytest

from ratinglist.errors import TournamentError
from ratinglist.model import PlayerId
from ratinglist.standings import (
    BrightwellRule,
    ClassKind,
    ClassMember,
    ClassRule,
    GameScore,
    PlayerScores,
    StandingsConfig,
    brightwell_quotients,
    class_standings,
    compute_standings,
)

A, B, X, W = PlayerId(1), PlayerId(2), PlayerId(3), PlayerId(4)


def test_papp_manual_example_bq_83() -> None:
    # A beats B 33-31 in round 1 (X has the bye); round 2: A has the bye, B beats X 40-24.
    scores = [
        PlayerScores(A, (GameScore(B, 33, 31, 1.0),), byes=1),
        PlayerScores(B, (GameScore(A, 31, 33, 0.0), GameScore(X, 40, 24, 1.0))),
        PlayerScores(X, (GameScore(B, 24, 40, 0.0),), byes=1),
    ]
    bq = brightwell_quotients(scores, StandingsConfig(bq_constant=6))
    assert bq[A] == pytest.approx(83.0, abs=1e-12)


def test_bye_unplayed_round_and_withdrawal_by_hand() -> None:
    # Three rounds. A: beat B 40-24, bye, beat W 35-29 (W withdraws after round 3).
    # B: lost to A, beat X 34-30, unplayed round 3. X: bye, lost to B, beat W 33-31.
    scores = [
        PlayerScores(A, (GameScore(B, 40, 24, 1.0), GameScore(W, 35, 29, 1.0)), byes=1),
        PlayerScores(B, (GameScore(A, 24, 40, 0.0), GameScore(X, 34, 30, 1.0)), unplayed=1),
        PlayerScores(X, (GameScore(B, 30, 34, 0.0), GameScore(W, 33, 31, 1.0)), byes=1),
        PlayerScores(W, (GameScore(A, 29, 35, 0.0), GameScore(X, 31, 33, 0.0)), withdrawn=True),
    ]
    cfg = StandingsConfig(bq_constant=6, bye_discs=32)
    bq = brightwell_quotients(scores, cfg)
    # A: 3 points. vs B: 40 + 6*1; bye: 32 + 6*3; vs withdrawn W: 32 + 6*3.
    assert bq[A] == pytest.approx(40 + 6 + 50 + 50, abs=1e-12)
    # B: 1 point. vs A: 24 + 6*3; vs X: 34 + 6*2; unplayed: 32 + 6*1.
    assert bq[B] == pytest.approx(24 + 18 + 34 + 12 + 38, abs=1e-12)
    # X: 2 points. vs B: 30 + 6*1; vs withdrawn W: 32 + 12; bye: 32 + 12.
    assert bq[X] == pytest.approx(36 + 44 + 44, abs=1e-12)
    rows = compute_standings(scores, cfg)
    assert [r.player for r in rows] == [A, X, B, W]
    assert rows[0].discs == pytest.approx(40 + 35 + 32, abs=1e-12)
    papp = compute_standings(scores, StandingsConfig(bye_discs=40))
    assert papp[0].discs == pytest.approx(40 + 35 + 40, abs=1e-12)


def test_singapore_rule_by_hand() -> None:
    # The scores of the test above under the Singapore MBQ rule (3 rounds, C = 6).
    scores = [
        PlayerScores(A, (GameScore(B, 40, 24, 1.0), GameScore(W, 35, 29, 1.0)), byes=1),
        PlayerScores(B, (GameScore(A, 24, 40, 0.0), GameScore(X, 34, 30, 1.0)), unplayed=1),
        PlayerScores(X, (GameScore(B, 30, 34, 0.0), GameScore(W, 33, 31, 1.0)), byes=1),
        PlayerScores(W, (GameScore(A, 29, 35, 0.0), GameScore(X, 31, 33, 0.0)), withdrawn=True),
    ]
    bq = brightwell_quotients(scores, StandingsConfig(bq_rule=BrightwellRule.SINGAPORE))
    # Adjusted points (a bye or unplayed round is half a point): A 2.5, B 1.5, X 1.5, W 0.
    # A: 40 + 6*1.5, 35 + 6*0 (withdrawn W is an ordinary game), bye 6 * 3/2.
    assert bq[A] == pytest.approx(49 + 35 + 9, abs=1e-12)
    # B: 24 + 6*2.5, 34 + 6*1.5, unplayed round 0.
    assert bq[B] == pytest.approx(39 + 43, abs=1e-12)
    # X: 30 + 6*1.5, 33 + 0, bye 9.
    assert bq[X] == pytest.approx(39 + 33 + 9, abs=1e-12)


def test_rules_agree_without_byes_or_absences() -> None:
    scores = [
        PlayerScores(A, (GameScore(B, 40, 24, 1.0), GameScore(X, 32, 32, 0.5))),
        PlayerScores(B, (GameScore(A, 24, 40, 0.0), GameScore(X, 20, 44, 0.0))),
        PlayerScores(X, (GameScore(A, 32, 32, 0.5), GameScore(B, 44, 20, 1.0))),
    ]
    ifrl = brightwell_quotients(scores, StandingsConfig())
    sg = brightwell_quotients(scores, StandingsConfig(bq_rule=BrightwellRule.SINGAPORE))
    assert ifrl == sg
    assert ifrl[A] == pytest.approx(40 + 6 * 0 + 32 + 6 * 1.5, abs=1e-12)


def test_unknown_opponent_raises_under_both_rules() -> None:
    scores = [PlayerScores(A, (GameScore(B, 40, 24, 1.0),))]
    for rule in BrightwellRule:
        with pytest.raises(TournamentError, match="expected the opponent"):
            brightwell_quotients(scores, StandingsConfig(bq_rule=rule))


def test_total_order_with_lots() -> None:
    scores = [PlayerScores(PlayerId(k), byes=1) for k in range(1, 9)]
    rows = compute_standings(scores, StandingsConfig(seed=7))
    assert sorted(r.lot for r in rows) == list(range(8))
    assert [r.lot for r in rows] == sorted(r.lot for r in rows)
    other = compute_standings(scores, StandingsConfig(seed=8))
    assert [r.player for r in rows] != [r.player for r in other]


def test_class_standings_follow_main_places() -> None:
    scores = [
        PlayerScores(A, (GameScore(B, 40, 24, 1.0),)),
        PlayerScores(B, (GameScore(A, 24, 40, 0.0),)),
        PlayerScores(X, byes=1),
    ]
    rows = compute_standings(scores)
    members = {
        A: ClassMember(A, rating=2100, birth_year=1960),
        B: ClassMember(B, rating=1500, female=True, birth_year=2010),
        X: ClassMember(X, rating=1400, birth_year=1950),
    }
    seniors = class_standings(rows, members, ClassRule(ClassKind.SENIOR_60, year=2024))
    assert [(k, r.player) for k, r in seniors] == [(1, A), (2, X)]
    band = class_standings(rows, members, ClassRule(ClassKind.RATING_BAND, low=1000, high=1600))
    assert [r.player for _, r in band] == [r.player for r in rows if r.player in (B, X)]
    youth = class_standings(rows, members, ClassRule(ClassKind.YOUTH, year=2024))
    assert [r.player for _, r in youth] == [B]
