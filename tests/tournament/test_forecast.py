"""Forecasts of an Othello tournament (issue 22 item 11): chances that sum as they must, a
case worked out by hand, seeded runs that repeat, finals, and the log-loss after the fact."""

from __future__ import annotations

import math
import re
from collections import Counter
from pathlib import Path

import pytest

from ratinglist.errors import TournamentError
from ratinglist.model import PlayerId
from ratinglist.model.forecast import COIN_LOG_LOSS, EntrantFacts, ScoreModel, Strength
from ratinglist.service.tournaments.forecast import wof_model
from ratinglist.tournament.events import Created, Event, Registered, Settings
from ratinglist.tournament.fold import fold
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import game_named, game_of
from ratinglist.tournament.games.othello.events import FinalsStarted, ResultEntered
from ratinglist.tournament.games.othello.forecast import (
    DRAW_SHARE,
    MARGIN_COUNTS,
    MARGINS,
    result_drawer,
)
from ratinglist.tournament.games.othello.planning import finalists, next_pairing

WOF = wof_model()


def _swiss(players: int, rounds: int, played: int, seed: int = 5) -> list[Event]:
    """A Swiss tournament of `players` rated 2000, 1980, ... and `played` rounds paired by the
    engine and played (the lower ID wins 40-24)."""
    settings = Settings("Forecast Open", "NLD", "2026-05-01", system="swiss", rounds=rounds,
                        seed=seed)  # fmt: skip
    events: list[Event] = [Created(settings)]
    events += [
        Registered(PlayerId(100 + i), f"P{i:02d}", "First", "NLD", rating=2000 - 20 * i)
        for i in range(players)
    ]
    for _ in range(played):
        paired, _ = next_pairing(fold(events))
        events.append(paired)
        for b, w in paired.pairs:
            score = (40, 24) if b < w else (24, 40)
            events.append(ResultEntered(str(paired.round), b, w, *score))
    return events


def _forecast(d: FoldedTournament, runs: int, seed: int = 1, model: ScoreModel = WOF):  # type: ignore[no-untyped-def]
    return game_of(d).forecast(d, model, runs, seed, 0)


def test_the_wof_model_gives_75_percent_at_200_points() -> None:
    # DOMAIN.md section 4: P(A beats B) = 1 / (1 + 3^(-(Ra - Rb)/200)); 200 points = 75%
    def expected(difference: float) -> float:
        return WOF.expected(Strength(1800.0 + difference), Strength(1800.0), None)

    assert expected(200.0) == pytest.approx(0.75, abs=1e-12)
    assert expected(0.0) == pytest.approx(0.5, abs=1e-12)
    assert expected(-400.0) == pytest.approx(0.1, abs=1e-12)  # 1 / (1 + 9)
    # the baseline counts an unrated entrant as the list's anchor, as if known
    assert WOF.strength(EntrantFacts(1, None, False)) == Strength(1800.0)


def test_chances_sum_to_one_for_first_and_to_four_for_the_top_four() -> None:
    d = fold(_swiss(16, 7, 3))
    f = _forecast(d, 200)
    assert f.runs == 200 and not f.finished and f.rounds_left == 4 and not f.finals
    assert len(f.players) == 16
    assert sum(p.first for p in f.players) == pytest.approx(1.0, abs=1e-9)
    assert sum(p.top_four for p in f.players) == pytest.approx(4.0, abs=1e-9)
    assert all(0.0 <= p.first <= p.top_four <= 1.0 for p in f.players)
    # the standard error shown is sqrt(p (1 - p) / runs)
    top = f.players[0]
    assert top.first_error == pytest.approx(math.sqrt(top.first * (1 - top.first) / 200))
    assert f.max_error <= 0.5 / math.sqrt(200) + 1e-12
    # the two players on 3/3 after three rounds are the two favourites
    leaders = {r.player for r in d.play.standings() if r.points == 3}
    assert len(leaders) == 2
    assert {p.player.id for p in f.players[:2]} == leaders


def test_two_players_one_round_left_match_the_hand_figure() -> None:
    # Two players play a triple round robin (DOMAIN.md section 6: <= 4 players). A (1900)
    # won round 1 40-24, B (1700) won round 2 34-30: 1 point each, discs A 70, B 58.
    settings = Settings("Duel", "NLD", "2026-05-01", seed=3)
    a, b = PlayerId(11), PlayerId(12)
    events: list[Event] = [
        Created(settings),
        Registered(a, "ALPHA", "Ann", "NLD", rating=1900),
        Registered(b, "BETA", "Bob", "NLD", rating=1700),
    ]
    for number, winner_discs in ((1, (40, 24)), (2, (30, 34))):
        paired, _ = next_pairing(fold(events))
        events.append(paired)
        ((black, white),) = paired.pairs
        discs = winner_discs if black == a else winner_discs[::-1]
        events.append(ResultEntered(str(number), black, white, *discs))
    d = fold(events)
    # Round 3: A's expected score is 0.75 (200 points). A finishes first by winning (2-1)
    # or drawing (1.5 each; Brightwell = discs + 6 x 1.5 for both, so the discs decide:
    # A 70 + 32 > B 58 + 32); B only by winning. The model draws with chance DRAW_SHARE and
    # keeps the expected score: P(A wins) = 0.75 - DRAW_SHARE / 2, so
    # P(A first) = 0.75 - DRAW_SHARE / 2 + DRAW_SHARE = 0.75 + DRAW_SHARE / 2.
    hand = 0.75 + DRAW_SHARE / 2
    runs = 4000
    f = _forecast(d, runs, seed=11)
    assert f.rounds_left == 1
    chances = {p.player.id: p.first for p in f.players}
    error = math.sqrt(hand * (1 - hand) / runs)
    assert abs(chances[a] - hand) < 3 * error, (chances[a], hand, error)
    assert chances[a] + chances[b] == pytest.approx(1.0)
    # both are in the top four whatever happens
    assert all(p.top_four == 1.0 for p in f.players)


def test_the_drawn_results_keep_the_expected_score_and_the_draw_share() -> None:
    import random

    draw = result_drawer(lambda _b, _w: 0.75, random.Random(2))
    results = [draw(PlayerId(1), PlayerId(2)) for _ in range(40000)]
    wins = sum(1 for x, y in results if x > y)
    draws = sum(1 for x, y in results if x == y)
    assert all(x + y == 64 and (x - y) % 2 == 0 for x, y in results)
    score = (wins + draws / 2) / len(results)
    assert abs(score - 0.75) < 4 * math.sqrt(0.75 * 0.25 / len(results))
    assert abs(draws / len(results) - DRAW_SHARE) < 4 * math.sqrt(DRAW_SHARE / len(results))


def test_seeded_runs_repeat() -> None:
    d = fold(_swiss(12, 5, 2))
    first = _forecast(d, 60, seed=9)
    assert _forecast(d, 60, seed=9) == first
    other = _forecast(d, 60, seed=10)
    assert [p.first for p in other.players] != [p.first for p in first.players]


def test_finals_are_simulated_once_started() -> None:
    events = _swiss(12, 3, 3)
    d = fold(events)
    four = finalists(d)
    d = fold([*events, FinalsStarted(four)])
    f = _forecast(d, 100)
    assert f.finals and not f.finished and f.rounds_left == 0
    by_id = {p.player.id: p for p in f.players}
    assert sum(p.first for p in f.players) == pytest.approx(1.0)
    assert sum(p.top_four for p in f.players) == pytest.approx(4.0)
    assert sum(p.finals or 0.0 for p in f.players) == pytest.approx(4.0)
    for pid in four:
        assert by_id[pid].finals == 1.0 and by_id[pid].top_four == 1.0
    # only a finalist can win: the finals decide the first place
    assert {p.player.id for p in f.players if p.first > 0} <= set(four)
    # the 12-player field plays the final 1st v 2nd (semi-finals from 10 entrants: SF first)
    assert any(g.round == "SF1" for g in f.games)


def test_log_loss_after_the_fact_by_hand() -> None:
    # A (1900) and B (1700) play a triple round robin: A wins, B wins, a draw. Each game's
    # forecast for A is 0.75 (200 points), so the log-losses are -ln 0.75 = 0.287682,
    # -ln 0.25 = 1.386294 and -(ln 0.75 + ln 0.25) / 2 = 0.836988: mean 0.836988.
    settings = Settings("Duel", "NLD", "2026-05-01", seed=3)
    a, b = PlayerId(11), PlayerId(12)
    events: list[Event] = [
        Created(settings),
        Registered(a, "ALPHA", "Ann", "NLD", rating=1900),
        Registered(b, "BETA", "Bob", "NLD", rating=1700),
    ]
    for number, a_discs in ((1, 40), (2, 20), (3, 32)):
        paired, _ = next_pairing(fold(events))
        events.append(paired)
        ((black, white),) = paired.pairs
        discs = (a_discs, 64 - a_discs) if black == a else (64 - a_discs, a_discs)
        events.append(ResultEntered(str(number), black, white, *discs))
    f = _forecast(fold(events), 50)
    assert f.finished and f.runs == 0 and f.score is not None
    assert f.score.games == 3
    assert f.score.log_loss == pytest.approx(0.836988, abs=1e-6)
    assert f.score.coin_log_loss == pytest.approx(0.693147, abs=1e-6) == COIN_LOG_LOSS
    assert f.score.skill == pytest.approx(1 - 0.836988 / 0.693147, abs=1e-5)
    # the tournament is over: 1.5 points each, Brightwell = discs + 6 x 1.5 for both, so
    # the discs decide: A 40 + 20 + 32 = 92, B 24 + 44 + 32 = 100: B first, for certain
    assert {p.player.id: p.first for p in f.players} == {a: 0.0, b: 1.0}


def test_a_forfeit_is_not_scored() -> None:
    settings = Settings("Duel", "NLD", "2026-05-01", seed=3)
    a, b = PlayerId(11), PlayerId(12)
    events: list[Event] = [
        Created(settings),
        Registered(a, "ALPHA", "Ann", "NLD", rating=1900),
        Registered(b, "BETA", "Bob", "NLD", rating=1700),
    ]
    paired, _ = next_pairing(fold(events))
    events.append(paired)
    ((black, white),) = paired.pairs
    events.append(ResultEntered("1", black, white, 33, 0, "forfeit"))
    f = _forecast(fold(events), 20)
    assert f.score is None and f.played == ()


def test_runs_must_be_positive_and_go_forecasts_only_its_own() -> None:
    d = fold(_swiss(4, 3, 0))
    with pytest.raises(TournamentError, match="at least 1 simulation run"):
        _forecast(d, 0)
    go = game_named("go")
    assert go.has_forecast and game_named("othello").has_forecast
    with pytest.raises(TournamentError, match="expected a Go tournament"):
        go.forecast(d, WOF, 10, 1, 0)


GAME_LINE = re.compile(rb"^\s*\S+\s+\((\d+)\)\s*([<>=])\s*\((\d+)\)\s+\S+", re.M)


@pytest.mark.realdata
def test_the_disc_model_is_counted_from_the_archive(wof_results: Path) -> None:
    # every game line "ID (discs)>(discs) ID" of the archive's .ELO files with 64 discs
    # counted; "32>32" (a win written without its discs) is left out, "32=32" is a draw
    draws, margins, games = 0, Counter[int](), 0
    for path in sorted(wof_results.rglob("*")):
        if path.suffix.lower() != ".elo":
            continue
        for a, sign, b in GAME_LINE.findall(path.read_bytes()):
            x, y = int(a), int(b)
            if x + y != 64 or (x == y and sign != b"="):
                continue
            games += 1
            if x == y:
                draws += 1
            else:
                margins[abs(x - y)] += 1
    assert draws / games == DRAW_SHARE
    assert tuple(margins[m] for m in MARGINS) == MARGIN_COUNTS


def test_a_larger_field_gets_fewer_runs_by_default() -> None:
    from ratinglist.service.tournaments.forecast import default_runs

    assert default_runs(2) == default_runs(16) == 150
    # 150 * (16 / 20) ** 1.6 = 150 * 0.8 ** 1.6 = 150 * 0.699774 = 104.97
    assert default_runs(20) == 105
    # 150 * (16 / 32) ** 1.6 = 150 * 0.329877 = 49.48, raised to the least, 50
    assert default_runs(32) == default_runs(64) == default_runs(500) == 50
