"""The forecast's simulation is the engine's own tournament, replayed step by step: with a
fixed seed, every chance equals the share of runs won in a replay that draws each result as
the module's docstring says (one ``random.Random(seed)`` shared by the runs in turn) and
plays it through the engine's events: `next_pairing`, `ResultEntered`, `FinalsStarted`,
`missing_finals` and `final_ranking`."""

from __future__ import annotations

import bisect
import itertools
import random
from collections import Counter
from collections.abc import Callable

import pytest

from ratinglist.errors import NotAllowedNow
from ratinglist.model import PlayerId
from ratinglist.model.forecast import EntrantFacts, ScoreModel, Strength
from ratinglist.service.tournaments.forecast import wof_model
from ratinglist.tournament.events import Absent, Created, Event, Registered, Settings, Withdrawn
from ratinglist.tournament.fold import fold
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import game_of
from ratinglist.tournament.games.othello.events import FinalsStarted, ResultEntered
from ratinglist.tournament.games.othello.exports import final_ranking
from ratinglist.tournament.games.othello.finals import Finals, missing_finals
from ratinglist.tournament.games.othello.forecast import DRAW_SHARE, MARGIN_COUNTS, MARGINS
from ratinglist.tournament.games.othello.planning import finalists, next_pairing
from ratinglist.tournament.games.othello.play import othello

WOF = wof_model()
CUMULATIVE = tuple(itertools.accumulate(MARGIN_COUNTS))
Draw = Callable[[PlayerId, PlayerId], tuple[int, int]]


def _tournament(
    players: int,
    system: str | None,
    rounds: int,
    played: int,
    partial: int,
    seed: int,
    extra: list[Event],
) -> list[Event]:
    """`players` rated 2100, 2075, ... (every third unrated), `played` rounds paired by the
    engine with the lower ID winning 36-28, then `partial` results of the next round."""
    settings = Settings("Replay Open", "NLD", "2026-05-01", system=system, rounds=rounds, seed=seed)
    events: list[Event] = [Created(settings)]
    events += [
        Registered(PlayerId(200 + k), f"P{k:02d}", "First", "NLD",
                   rating=None if k % 3 == 2 else 2100 - 25 * k)
        for k in range(players)
    ]  # fmt: skip
    events += extra
    for k in range(played + (1 if partial else 0)):
        paired, _ = next_pairing(fold(events))
        events.append(paired)
        pairs = paired.pairs[:partial] if k == played else paired.pairs
        for b, w in pairs:
            discs = (36, 28) if b < w else (28, 36)
            events.append(ResultEntered(str(paired.round), b, w, *discs))
    return events


def _drawer(d: FoldedTournament, model: ScoreModel, rng: random.Random) -> Draw:
    """Black's and White's discs drawn as the forecast's docstring says, from Black's
    expected score by the model."""
    ratings = {e.id: e.rating for e in othello(d).state.entrants}

    def strength(pid: PlayerId) -> Strength:
        r = ratings[pid]
        rating = None if r is None else float(r)
        return model.strength(EntrantFacts(int(pid), rating, r is not None))

    def draw(black: PlayerId, white: PlayerId) -> tuple[int, int]:
        p = model.expected(strength(black), strength(white), None)
        share = min(DRAW_SHARE, 2 * p, 2 * (1 - p))
        u = rng.random()
        if p - share / 2 <= u < p + share / 2:
            return 32, 32
        margin = MARGINS[bisect.bisect_right(CUMULATIVE, rng.random() * CUMULATIVE[-1])]
        won, lost = 32 + margin // 2, 32 - margin // 2
        return (won, lost) if u < p else (lost, won)

    return draw


def _finals(events: list[Event]) -> Finals:
    found = othello(fold(events)).finals
    assert found is not None
    return found


def _replay(
    events: list[Event], draw: Draw, finals: bool
) -> tuple[list[PlayerId], tuple[PlayerId, ...]]:
    """One end of the tournament played through the engine's events: the final ranking and
    the finalists."""
    events = list(events)
    d = fold(events)
    for r in othello(d).state.rounds[: d.paired]:
        for p in r.pairings:
            if p.result is None:
                discs = draw(p.black, p.white)
                events.append(ResultEntered(str(r.number), p.black, p.white, *discs))
    while True:
        try:
            paired, _ = next_pairing(fold(events))
        except NotAllowedNow:  # every round of the schedule is paired
            break
        events.append(paired)
        for b, w in paired.pairs:
            events.append(ResultEntered(str(paired.round), b, w, *draw(b, w)))
    chosen: tuple[PlayerId, ...] = ()
    if finals:
        if othello(fold(events)).finals is None:
            events.append(FinalsStarted(finalists(fold(events))))
        while due := missing_finals(_finals(events)):
            g = due[0]
            events.append(ResultEntered(g.stage, g.black, g.white, *draw(g.black, g.white)))
        chosen = _finals(events).players
    return [p.row.player for p in final_ranking(fold(events))], chosen


CASES = {
    # 12 players, 5 Swiss rounds, two played, three results of round 3 entered
    "swiss-partial-round": (12, "swiss", 5, 2, 3, 4, []),
    # an odd field with an absence and a withdrawal still to come, after round 1
    "swiss-odd-absent-withdrawn": (
        11, "swiss", 5, 1, 0, 6, [Absent(PlayerId(203), 3), Withdrawn(PlayerId(205), 4)],
    ),
    # 10 players: the round robin then Swiss rounds for places 5-10 and semi-finals
    "round-robin-semifinals": (10, None, 4, 7, 0, 8, []),
}  # fmt: skip


@pytest.mark.parametrize("case", CASES)
def test_every_chance_is_the_share_of_the_replayed_runs(case: str) -> None:
    events = _tournament(*CASES[case])
    d = fold(events)
    runs, forecast_seed = 4, 17
    f = game_of(d).forecast(d, WOF, runs, forecast_seed, 0)
    assert f.runs == runs and not f.finished
    draw = _drawer(d, WOF, random.Random(forecast_seed))
    first, top, reached = Counter[PlayerId](), Counter[PlayerId](), Counter[PlayerId]()
    for _ in range(runs):
        order, chosen = _replay(events, draw, f.finals)
        first[order[0]] += 1
        top.update(order[:4])
        reached.update(chosen)
    assert f.finals == (case == "round-robin-semifinals")
    for p in f.players:
        pid = p.player.id
        assert (p.first, p.top_four) == (first[pid] / runs, top[pid] / runs), pid
        assert p.finals == (reached[pid] / runs if f.finals else None), pid
