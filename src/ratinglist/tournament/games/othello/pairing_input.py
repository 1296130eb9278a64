"""Turn a tournament state into the pairing engine's request for the next round.

What the rounds give each entrant (score, games, byes, floats, last result) is folded round
by round (`_Tally`), each step kept for the same previous step and round object (`memo`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ratinglist.model import PlayerId
from ratinglist.pairing.request import PairingPlayer, PairingRequest, PastGame
from ratinglist.standings import StandingsConfig
from ratinglist.tournament.games.othello.memo import Same
from ratinglist.tournament.games.othello.scoring import standings_order_of
from ratinglist.tournament.games.othello.state import Entrant, Round, TournamentState


@dataclass(frozen=True, slots=True)
class _Tally:
    """Per entrant, after some rounds: score (half-points), games, bye rounds, direction of
    the latest float, Papp's last float and the last round's result (never modified)."""

    score: dict[PlayerId, int]
    games: dict[PlayerId, tuple[PastGame, ...]]
    byes: dict[PlayerId, tuple[int, ...]]
    direction: dict[PlayerId, int]
    papp_float: dict[PlayerId, int]
    last_result: dict[PlayerId, int]


@functools.lru_cache(maxsize=16)
def _start(entrants: Same[tuple[Entrant, ...]]) -> _Tally:
    """The tally before round 1."""
    ids = [e.id for e in entrants.value]
    zero = dict.fromkeys(ids, 0)
    return _Tally(zero, dict.fromkeys(ids, ()), dict.fromkeys(ids, ()), zero, zero, zero)


@functools.lru_cache(maxsize=128)
def _after(before: Same[_Tally], played: Same[Round], bye_half: int) -> _Tally:
    """The tally `before` with the round `played` folded in (its reported games and byes)."""
    t, r = before.value, played.value
    score, games, byes = dict(t.score), dict(t.games), dict(t.byes)
    direction, papp_float = dict(t.direction), dict(t.papp_float)
    gained: dict[PlayerId, int] = {}
    for (pid, g), (_, past) in zip(r.records(), r.past_games(), strict=True):
        games[pid] = (*games[pid], past)
        diff = score[pid] - score[g.opponent]
        papp_float[pid] = diff
        if diff:
            direction[pid] = 1 if diff < 0 else -1
        gained[pid] = round(2 * g.points)
    for pid in r.byes:
        byes[pid] = (*byes[pid], r.number)
        papp_float[pid] = 1
        gained[pid] = bye_half
    last_result = {pid: 0 if pid in r.byes else gained.get(pid, 0) for pid in score}
    for pid, half_points in gained.items():
        score[pid] += half_points
    return _Tally(score, games, byes, direction, papp_float, last_result)


def pairing_request(
    state: TournamentState,
    round_number: int | None = None,
    config: StandingsConfig | None = None,
    forced: tuple[tuple[PlayerId, PlayerId], ...] = (),
) -> PairingRequest:
    """The request to pair `round_number` (default: the next round) from the rounds before.

    Scores are in half-points (a bye counts `config.bye_points`); ranks come from the
    standings after the previous round; floats, colours and results come from the games.
    """
    cfg = config or StandingsConfig(seed=state.seed)
    number = round_number if round_number is not None else len(state.rounds) + 1
    before = number - 1
    ranks = {pid: k for k, pid in enumerate(standings_order_of(state, cfg, before))}
    bye_half = round(2 * cfg.bye_points)
    t = _start(Same(state.entrants))
    for r in state.rounds[:before]:
        t = _after(Same(t), Same(r), bye_half)
    players = tuple(
        PairingPlayer(
            id=pid,
            score=t.score[pid],
            rank=ranks.get(pid, len(ranks)),
            country=state.entrant(pid).country,
            games=t.games[pid],
            byes=len(t.byes[pid]),
            bye_last_round=before in t.byes[pid],
            float_direction=t.direction[pid],
            papp_last_float=t.papp_float[pid],
            last_result=t.last_result[pid],
        )
        for pid in state.available(number)
    )
    return PairingRequest(
        players=players,
        round=number,
        forced=forced,
        never_pair=frozenset(state.never_pair),
    )
