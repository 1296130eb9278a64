"""The forecast of an Othello tournament: a seeded Monte Carlo simulation of what is left.

Each run completes the tournament with the engine's own rules, from the folded state:

* the missing results of the rounds already paired, then each round still to play paired by
  `planning.next_pairing` (the engine's round robin or Swiss pairing, with the settings'
  preset, forced pairs, absences and withdrawals) and its results drawn (written into the
  round as a result entry would, `state.record_result`); the next round, when every run
  pairs it from the same state (the current round complete), is paired once;
* a result is drawn from Black's expected score ``p`` (`ScoreModel`: the chosen rating
  system's, from each entrant's strength, `entrant_facts`): a draw with chance
  ``min(DRAW_SHARE, 2p, 2(1 - p))``, else a win for Black with chance ``p - draw / 2``, so
  that the expected score stays ``p``; the winner's disc margin is drawn from the margins of
  the WOF archive (`MARGIN_COUNTS`), the empty squares going to the winner (64 discs in all);
* the finals, where the tournament has them (finals started, or a system with semi-finals),
  are played through the engine too: the finalists of `planning.finalists`, then every
  finals game `finals.missing_finals` says is due, until the places are decided;
* the places are the engine's final ranking (`exports.final_ranking`: points, Brightwell,
  discs, lots, the finals' places first).

The chances are the shares of runs in which an entrant finishes first, in the top four, or
among the finalists. Everything is a function of the state, the model, the number of runs
and the seed: the same inputs give the same forecast.
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Callable
from dataclasses import replace

from ratinglist.errors import N_, PairingError, TournamentInputError
from ratinglist.model import Colour, PlayerId
from ratinglist.model.directed import Person
from ratinglist.model.forecast import (
    EntrantFacts,
    Forecast,
    ForecastScore,
    GameForecast,
    PlayerForecast,
    ScoreModel,
    Strength,
    forecast_of,
    log_loss,
    require_runs,
    standard_error,
)
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.games.othello.events import FinalsStarted, Paired, ResultEntered
from ratinglist.tournament.games.othello.exports import final_ranking
from ratinglist.tournament.games.othello.finals import missing_finals, scheduled
from ratinglist.tournament.games.othello.planning import finalists, next_pairing, schedule_of
from ratinglist.tournament.games.othello.play import OthelloPlay, apply_othello, othello
from ratinglist.tournament.games.othello.results import Result
from ratinglist.tournament.games.othello.scoring import standings_order_of
from ratinglist.tournament.games.othello.state import Pairing

DRAW_SHARE = 4701 / 313940
"""The share of draws (32-32) among the WOF archive's games with 64 discs counted: 1.50%.
(Games written 32>32, a win without its discs, are left out.)"""

MARGIN_COUNTS = (
    21454, 17363, 16843, 16497, 15936, 15429, 14733, 14288, 13728, 13256, 12670, 12220,
    11489, 10953, 10305, 10487, 9749, 9247, 8453, 7905, 7115, 6522, 5403, 4621,
    3948, 3240, 2651, 2131, 1617, 1266, 1271, 6449,
)  # fmt: skip
"""How many decided games of the WOF archive (1977-2026, 64 discs counted) the winner won by
2, 4, ..., 64 discs (docs/decisions.md, "Issue 22: forecasts", says how they were counted)."""

MARGINS = tuple(range(2, 65, 2))
"""The winner's disc margins of `MARGIN_COUNTS`."""

_CUMULATIVE = tuple(itertools.accumulate(MARGIN_COUNTS))

Draw = Callable[[PlayerId, PlayerId], tuple[int, int]]


def has_finals(d: FoldedTournament) -> bool:
    """Whether the tournament ends with finals: started, or part of its system (the 9-10
    player round robin with semi-finals)."""
    o = othello(d)
    if o.finals is not None:
        return True
    if sum(1 for e in o.state.entrants if e.first_round == 1) < 4:
        return False
    return schedule_of(d).plan.semifinals


def rounds_left(d: FoldedTournament) -> int:
    """The rounds of the schedule not yet paired (0 once the finals started)."""
    o = othello(d)
    if o.finals is not None or sum(1 for e in o.state.entrants if e.first_round == 1) < 2:
        return 0
    return max(schedule_of(d).total_rounds - d.paired, 0)


def _rating(o: OthelloPlay, player: PlayerId) -> int | None:
    return o.state.entrant(player).rating


def _person(o: OthelloPlay, player: PlayerId) -> Person:
    return Person(player, o.state.entrant(player).name)


def entrant_facts(o: OthelloPlay, player: PlayerId) -> EntrantFacts:
    """What the forecast knows of an entrant: the published list's rating as registered (a
    player without one is a newcomer)."""
    rating = _rating(o, player)
    return EntrantFacts(int(player), None if rating is None else float(rating), rating is not None)


class _Expected:
    """Black's expected score of each pair by the model, computed once per pair, from each
    entrant's strength (computed once per entrant)."""

    def __init__(self, o: OthelloPlay, model: ScoreModel) -> None:
        self.o = o
        self.model = model
        self.known: dict[tuple[PlayerId, PlayerId], float] = {}
        self.strengths: dict[PlayerId, Strength] = {}

    def strength(self, player: PlayerId) -> Strength:
        found = self.strengths.get(player)
        if found is None:
            found = self.strengths[player] = self.model.strength(entrant_facts(self.o, player))
        return found

    def __call__(self, black: PlayerId, white: PlayerId) -> float:
        key = (black, white)
        p = self.known.get(key)
        if p is None:
            p = float(self.model.expected(self.strength(black), self.strength(white), None))
            self.known[key] = p
        return p


def result_drawer(expected: Callable[[PlayerId, PlayerId], float], rng: random.Random) -> Draw:
    """A function drawing (Black's discs, White's discs) of a game from Black's expected
    score, with `rng` (see the module's docstring)."""
    total = _CUMULATIVE[-1]

    def draw(black: PlayerId, white: PlayerId) -> tuple[int, int]:
        p = expected(black, white)
        share = min(DRAW_SHARE, 2.0 * p, 2.0 * (1.0 - p))
        u = rng.random()
        if p - share / 2 <= u < p + share / 2:
            return 32, 32
        margin = MARGINS[bisect.bisect_right(_CUMULATIVE, rng.random() * total)]
        won, lost = (64 + margin) // 2, (64 - margin) // 2
        return (won, lost) if u < p else (lost, won)

    return draw


def _with(d: FoldedTournament, o: OthelloPlay) -> FoldedTournament:
    return replace(d, play=o)


def _complete_rounds(d: FoldedTournament, draw: Draw) -> FoldedTournament:
    """The missing results of the paired rounds drawn, each round rewritten once (what
    `state.record_result` does game by game)."""
    o = othello(d)
    rounds = list(o.state.rounds)
    changed = False
    for k, r in enumerate(rounds[: d.paired]):
        if r.complete:
            continue
        pairings = tuple(
            Pairing(p.black, p.white, Result(*draw(p.black, p.white))) if p.result is None else p
            for p in r.pairings
        )
        rounds[k] = replace(r, pairings=pairings)
        changed = True
    if not changed:
        return d
    return _with(d, replace(o, state=replace(o.state, rounds=tuple(rounds))))


def _pairing(d: FoldedTournament) -> Paired:
    try:
        paired, _ = next_pairing(d)
    except PairingError as exc:
        raise TournamentInputError(
            N_("expected a simulated round to be paired, got: %(exc)s"), exc=exc
        ) from exc
    return paired


def _play_finals(d: FoldedTournament, draw: Draw) -> FoldedTournament:
    o = othello(d)
    if o.finals is None:
        o = apply_othello(o, FinalsStarted(finalists(d)))
    assert o.finals is not None
    due = missing_finals(o.finals)
    while due:
        g = due[0]
        discs = draw(g.black, g.white)
        o = apply_othello(o, ResultEntered(g.stage, g.black, g.white, *discs))
        assert o.finals is not None
        due = missing_finals(o.finals)
    return _with(d, o)


def simulate_once(
    d: FoldedTournament, draw: Draw, finals: bool, left: int, first: Paired | None
) -> tuple[tuple[PlayerId, ...], tuple[PlayerId, ...]]:
    """One simulated end of the tournament (`left` rounds still to pair; `first`: the
    pairing of the next round when every run pairs it from the same state): the final
    ranking's order and the finalists (empty without finals)."""
    d = _complete_rounds(d, draw)
    for k in range(left):
        paired = first if k == 0 and first is not None else _pairing(d)
        d = _complete_rounds(_with(d, apply_othello(othello(d), paired)), draw)
    if not finals:
        # without finals the final ranking is the standings (`exports.final_ranking`)
        o = othello(d)
        return standings_order_of(o.state, o.standings_config()), ()
    d = _play_finals(d, draw)
    f = othello(d).finals
    assert f is not None
    return tuple(p.row.player for p in final_ranking(d)), f.players


def _shown(result: Result | None) -> str:
    return "" if result is None else f"{result.black_discs}-{result.white_discs}"


def _game(
    o: OthelloPlay,
    expected: _Expected,
    label: str,
    black: PlayerId,
    white: PlayerId,
    result: Result | None,
) -> GameForecast:
    return GameForecast(
        label,
        _person(o, black),
        _person(o, white),
        _rating(o, black),
        _rating(o, white),
        expected(black, white),
        _shown(result),
    )


def current_games(d: FoldedTournament, expected: _Expected) -> tuple[GameForecast, ...]:
    """The games of the last paired round, and the finals games due so far."""
    o = othello(d)
    out = []
    if d.paired:
        r = o.state.rounds[d.paired - 1]
        out += [_game(o, expected, str(r.number), p.black, p.white, p.result) for p in r.pairings]
    if o.finals is not None:
        due = scheduled(o.finals)
        out += [_game(o, expected, g.stage, g.black, g.white, g.result) for g in due]
    return tuple(out)


def played_games(d: FoldedTournament, expected: _Expected) -> tuple[GameForecast, ...]:
    """Every game played on the board (not forfeited) with its forecast: Black's expected
    score from the two entrants' strengths, which do not change during the tournament (the
    chosen system's list before it), so what the forecast was before the game."""
    o = othello(d)
    out = []
    for r in o.state.rounds[: d.paired]:
        for p in r.pairings:
            if p.result is not None and p.result.played:
                out.append(_game(o, expected, str(r.number), p.black, p.white, p.result))
    if o.finals is not None:
        for g in scheduled(o.finals):
            if g.result is not None and g.result.played:
                out.append(_game(o, expected, g.stage, g.black, g.white, g.result))
    return tuple(out)


def forecast_score(played: tuple[GameForecast, ...]) -> ForecastScore | None:
    """The mean log-loss of the forecasts of the `played` games (None: none played)."""
    if not played:
        return None
    total = 0.0
    for g in played:
        black, white = (int(x) for x in g.result.split("-"))
        points = Result(black, white).points(Colour.BLACK)
        total += log_loss(g.black_expected, points)
    return ForecastScore(len(played), total / len(played))


def _left_to_play(d: FoldedTournament, finals: bool) -> bool:
    o = othello(d)
    if d.closed:
        return False
    if rounds_left(d) or any(not r.complete for r in o.state.rounds[: d.paired]):
        return True
    if not finals:
        return False
    return o.finals is None or bool(missing_finals(o.finals))


def othello_forecast(
    d: FoldedTournament, model: ScoreModel, runs: int, seed: int, seq: int = 0
) -> Forecast:
    """The forecast of an Othello tournament from `runs` simulated ends seeded by `seed`.

    Raises:
        TournamentError: `runs` below 1, or a simulated round cannot be paired.
    """
    require_runs(runs)
    o = othello(d)
    expected = _Expected(o, model)
    finals = has_finals(d) and len(o.state.entrants) >= 4
    entrants = [e.id for e in o.state.entrants]
    first = dict.fromkeys(entrants, 0)
    top = dict.fromkeys(entrants, 0)
    reached = dict.fromkeys(entrants, 0)
    open_ = _left_to_play(d, finals) and len(entrants) >= 2
    done = 0
    if len(entrants) >= 2:
        rng = random.Random(seed)
        draw = result_drawer(expected, rng)
        left = rounds_left(d)
        complete = all(r.complete for r in o.state.rounds[: d.paired])
        # every run pairs the next round from the same state when the current one is complete
        first_pairing = _pairing(d) if open_ and left and complete else None
        done = runs if open_ else 1
        for _ in range(done):
            order, chosen = simulate_once(d, draw, finals and open_, left, first_pairing)
            first[order[0]] += 1
            for p in order[:4]:
                top[p] += 1
            for p in chosen:
                reached[p] += 1
        if finals and not open_ and o.finals is not None:
            reached = {p: int(p in o.finals.players) for p in entrants}
    shown_runs = runs if open_ else 0
    players = []
    for pid in entrants:
        p1 = first[pid] / done if done else 0.0
        p4 = top[pid] / done if done else 0.0
        pf = reached[pid] / done if done else 0.0
        players.append(
            PlayerForecast(
                _person(o, pid),
                _rating(o, pid),
                p1,
                p4,
                pf if finals else None,
                standard_error(p1, shown_runs),
                standard_error(p4, shown_runs),
            )
        )
    played = played_games(d, expected)
    return forecast_of(
        d.settings.name,
        model,
        seq=seq,
        seed=seed,
        runs=shown_runs,
        finals=finals,
        finished=not open_,
        rounds_left=rounds_left(d),
        games=current_games(d, expected),
        players=players,
        played=played,
        score=forecast_score(played),
        newcomers=sum(expected.strength(pid).newcomer for pid in entrants),
    )
