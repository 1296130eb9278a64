"""Seed 004's finals by player count, standings while the finals are under way, the colours of
return games (Part Two of the 7-8 player system, the semi-finals' second game)."""

from __future__ import annotations

import random

import pytest

from ratinglist.errors import TournamentError
from ratinglist.model import PlayerId
from ratinglist.tournament.events import Created, Event, Registered, Settings
from ratinglist.tournament.fold import apply, fold
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.othello.events import FinalsStarted, ResultEntered
from ratinglist.tournament.games.othello.exports import final_ranking
from ratinglist.tournament.games.othello.finals import scheduled
from ratinglist.tournament.games.othello.planning import finalists, next_pairing, schedule_of


def _start(n: int, seed: int = 5) -> FoldedTournament:
    settings = Settings(name="EOC", country="NLD", start="2026-05-01", seed=seed, rounds=7)
    events: list[Event] = [Created(settings)]
    events += [Registered(PlayerId(100 + i), f"SUR{i}", "First", "NLD") for i in range(n)]
    return fold(events)


def _play_all(d: FoldedTournament, winner: object = None, seed: int = 1) -> FoldedTournament:
    """Pair and fill every round; `winner(b, w)` True when Black wins (default: random)."""
    rng = random.Random(seed)
    while d.paired < schedule_of(d).total_rounds:
        paired, _ = next_pairing(d)
        d = apply(d, paired)
        for b, w in paired.pairs:
            black = rng.random() < 0.5 if winner is None else winner(b, w)  # type: ignore[operator]
            score = (40, 24) if black else (24, 40)
            d = apply(d, ResultEntered(str(paired.round), b, w, *score))
    return d


@pytest.mark.parametrize(
    ("n", "semis"),
    [(4, False), (5, False), (6, False), (7, False), (8, False), (9, True), (10, True),
     (11, True), (14, True)],
)  # fmt: skip
def test_semifinals_only_from_ten_players_or_in_the_9_10_system(n: int, semis: bool) -> None:
    d = _play_all(_start(n))
    top = finalists(d)
    d = apply(d, FinalsStarted(top))
    assert d.play.finals is not None
    due = scheduled(d.play.finals)
    stages = {g.stage for g in due}
    if semis:
        assert stages == {"SF1", "SF2"}
        return
    # seed 004 II.2: the first two play the final, the third and fourth the playoff
    assert stages == {"3P", "F1", "F2"}
    final = next(g for g in due if g.stage == "F1")
    third = next(g for g in due if g.stage == "3P")
    assert {final.black, final.white} == {top[0], top[1]}
    assert {third.black, third.white} == {top[2], top[3]}
    assert (final.black, third.black) == (top[0], top[2])  # the higher ranked chooses


def _enter(d: FoldedTournament, stage: str, winner_first: bool = True) -> FoldedTournament:
    assert d.play.finals is not None
    for g in [g for g in scheduled(d.play.finals) if g.stage == stage and g.result is None]:
        higher_black = d.play.finals.rank(g.black) < d.play.finals.rank(g.white)
        score = (40, 24) if higher_black == winner_first else (24, 40)
        d = apply(d, ResultEntered(stage, g.black, g.white, *score))
    return d


def _places(d: FoldedTournament) -> list[PlayerId]:
    ranking = final_ranking(d)
    assert [p.place for p in ranking] == list(range(1, len(ranking) + 1))
    assert len({p.row.player for p in ranking}) == len(ranking)
    return [p.row.player for p in ranking]


def test_standings_keep_the_pre_stage_order_until_a_stage_is_played() -> None:
    d = _play_all(_start(14), winner=lambda b, w: b < w)
    top = finalists(d)
    d = apply(d, FinalsStarted(top))
    assert _places(d)[:4] == list(top)
    # the lower ranked win both semi-finals: 4th and 3rd go to the final
    d = _enter(_enter(d, "SF1", winner_first=False), "SF2", winner_first=False)
    assert _places(d)[:4] == [top[2], top[3], top[0], top[1]]
    # only the third-place game is played (the 2nd of the standings wins it)
    d = _enter(d, "3P", winner_first=False)
    assert _places(d)[:4] == [top[2], top[3], top[1], top[0]]
    d = _enter(_enter(d, "F1"), "F2")
    assert _places(d)[:4] == [top[2], top[3], top[1], top[0]]


def test_9_10_system_keeps_places_5_to_10_below_the_semifinalists() -> None:
    # the lower ID wins every game: after the round robin 100 > 101 > ... ; in the Swiss
    # rounds for places 5-10 player 104 wins twice and reaches 7 points, more than 103's 6
    d = _play_all(_start(10), winner=lambda b, w: b < w)
    rows = d.play.standings()
    assert {r.player: r.points for r in rows}[PlayerId(104)] > 6
    assert _places(d)[:5] == [PlayerId(100 + k) for k in range(5)]
    d = apply(d, FinalsStarted(finalists(d)))
    assert _places(d)[:5] == [PlayerId(100 + k) for k in range(5)]


@pytest.mark.parametrize("n", [7, 8])
def test_part_two_reverses_the_colours_of_the_round_robin_game(n: int) -> None:
    for seed in range(3):
        d = _play_all(_start(n, seed=seed), seed=seed)
        rr = len(schedule_of(d).round_robin)
        colours = {}
        for r in d.play.state.rounds[:rr]:
            for p in r.pairings:
                colours[frozenset((p.black, p.white))] = p.black
        repeats = [p for r in d.play.state.rounds[rr:] for p in r.pairings]
        assert repeats  # every Part Two game is a rematch
        for p in repeats:
            assert colours[frozenset((p.black, p.white))] == p.white, (seed, p)


def test_second_semifinal_game_must_reverse_the_colours() -> None:
    d = _play_all(_start(10))
    top = finalists(d)
    d = apply(d, FinalsStarted(top))
    a, b = top[0], top[3]
    d = apply(d, ResultEntered("SF1", a, b, 40, 24))
    with pytest.raises(TournamentError, match="colours of SF1 reversed"):
        apply(d, ResultEntered("SF2", a, b, 40, 24))
    d = apply(d, ResultEntered("SF2", b, a, 30, 34))
    assert d.play.finals is not None
    assert [(g.black, g.white) for g in d.play.finals.games if {g.black, g.white} == {a, b}] == [
        (a, b),
        (b, a),
    ]
