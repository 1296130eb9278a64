"""Random tournaments for pairing tests: a seeded simulation with withdrawals and late entries."""

from __future__ import annotations

import random

from ratinglist.model import PlayerId
from ratinglist.pairing import PairingRequest, Preset, pair_swiss
from ratinglist.tournament.games.othello.pairing_input import pairing_request
from ratinglist.tournament.games.othello.results import Result
from ratinglist.tournament.games.othello.state import (
    Entrant,
    TournamentState,
    add_entrant,
    record_result,
    set_round,
    withdraw,
)


def simulate(
    players: int,
    rounds: int,
    seed: int,
    preset: Preset = Preset.EOC,
    churn: bool = False,
    draws: bool = True,
) -> tuple[TournamentState, list[PairingRequest]]:
    """Play `rounds` Swiss rounds with random results; return the state and each request."""
    rng = random.Random(seed)
    state = TournamentState(seed=seed)
    for k in range(players):
        state = add_entrant(
            state, Entrant(PlayerId(k + 1), f"P{k + 1}", country=rng.choice(["FRA", "NLD", "GBR"]))
        )
    requests = []
    next_id = players + 1
    for r in range(1, rounds + 1):
        if churn and r > 1 and rng.random() < 0.5:
            alive = [p for p in state.available(r)]
            if len(alive) > 3:
                state = withdraw(state, rng.choice(alive), r)
            state = add_entrant(state, Entrant(PlayerId(next_id), f"L{next_id}", first_round=r))
            next_id += 1
        req = pairing_request(state, r)
        requests.append(req)
        res = pair_swiss(req, preset)
        state = set_round(state, r, res.pairs, [] if res.bye is None else [res.bye])
        for b, w in res.pairs:
            x = rng.random()
            if draws and x < 0.05:
                result = Result(32, 32)
            else:
                d = rng.randint(33, 64)
                result = Result(d, 64 - d) if x < 0.5 else Result(64 - d, d)
            state = record_result(state, r, b, w, result)
    return state, requests
