"""Issue 37, item 3: the contest's rules on Go games: no look-ahead, the same budget and
calibration for every system, intervals by tournament."""

from __future__ import annotations

import numpy as np
import pytest

from ratinglist.errors import RatingError
from ratinglist.rating.evaluation.calibrate import HIGHEST, LOWEST
from ratinglist.rating.evaluation.calibrate import tempered as calibrated
from ratinglist.rating.go.contest import by_tournament, go_contest, replay
from ratinglist.rating.go.declared import go_system, go_systems
from ratinglist.rating.go.games import GoGames


def season(seed: int = 5, tournaments: int = 12, players: int = 16) -> GoGames:
    """Tournaments a week apart; player i has strength 100 i; some handicap games."""
    rng = np.random.default_rng(seed)
    rows = []
    for t in range(tournaments):
        for _ in range(20):
            w, b = rng.choice(players, 2, replace=False)
            h = int(rng.integers(0, 4)) if rng.random() < 0.3 else 0
            komi = 0.5 if h else 7.5
            p = 1 / (
                1
                + 10 ** ((100 * (b - w) + 100 * (max(h, 1) - 0.5) - 100 * (komi - 0.5) / 14) / 400)
            )
            rows.append((w, b, float(rng.random() < p), h, komi, t))
    n = len(rows)
    return GoGames(
        white=np.array([r[0] for r in rows], dtype=np.int64),
        black=np.array([r[1] for r in rows], dtype=np.int64),
        score=np.array([r[2] for r in rows]),
        handicap=np.array([r[3] for r in rows], dtype=np.int64),
        komi=np.array([r[4] for r in rows]),
        day=np.array([737000 + 7 * r[5] for r in rows], dtype=np.int32),
        tournament=np.array([r[5] for r in rows], dtype=np.int32),
        weight=np.ones(n),
        white_entry=np.full(n, 1500.0),
        black_entry=np.full(n, 1500.0),
    )


@pytest.mark.parametrize("name", sorted(s.name for s in go_systems()))
def test_no_prediction_sees_its_day_or_later(name: str) -> None:
    """Inverting every result from tournament 6 on changes no prediction up to it."""
    games = season()
    later = games.tournament >= 6
    flipped = GoGames(*(getattr(games, f) for f in (
        "white", "black")), np.where(later, 1 - games.score, games.score),
        *(getattr(games, f) for f in ("handicap", "komi", "day", "tournament", "weight",
                                        "white_entry", "black_entry")))  # fmt: skip
    system = go_system(name)
    a, b = replay(system, games), replay(system, flipped)
    upto = games.tournament <= 6
    assert np.array_equal(a[upto], b[upto])
    assert not np.array_equal(a[~upto], b[~upto])


def test_every_system_gets_the_same_budget_and_a_calibration() -> None:
    games = season()
    ranks = np.zeros(len(games), dtype=np.int64)
    report = go_contest(games, ranks, ranks)
    assert {s.fitted.tried for s in report.systems} == {6}
    assert all(LOWEST <= s.fitted.temperature <= HIGHEST for s in report.systems)
    assert report.winner.groups["all"].value == min(s.groups["all"].value for s in report.systems)
    assert report.to_dict()["configurations_tried"] == 18


def test_calibration_one_is_the_identity_and_intervals_bracket_the_mean() -> None:
    p = np.array([0.1, 0.5, 0.8])
    assert calibrated(p, 1.0) == pytest.approx(p, abs=1e-12)
    values = np.arange(20, dtype=np.float64)
    found = by_tournament(values, np.repeat(np.arange(5), 4).astype(np.int32))
    assert found.value == pytest.approx(9.5) and found.low <= 9.5 <= found.high


def test_a_split_without_later_games_is_refused() -> None:
    games = season()
    ranks = np.zeros(len(games), dtype=np.int64)
    import datetime as dt

    with pytest.raises(RatingError, match="expected games before and from"):
        go_contest(games, ranks, ranks, dt.date(2100, 1, 1))
