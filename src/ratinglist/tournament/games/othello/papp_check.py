"""Compare our ``papp`` pairing of each Swiss round of a replayed tournament with Papp's own.

For round r, the players present are those who played round r plus its bye; the state
before round r gives the histories. Papp's pairing and ours are both totalled with Papp's
penalty model (`pairing_cost`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ratinglist.pairing.request import PairingRequest, Preset
from ratinglist.pairing.swiss import pair_swiss, pairing_cost
from ratinglist.standings import StandingsConfig
from ratinglist.tournament.games.othello.pairing_input import pairing_request
from ratinglist.tournament.games.othello.replay import Replay
from ratinglist.tournament.games.othello.state import TournamentState


@dataclass(frozen=True, slots=True)
class RoundComparison:
    """Papp's cost and ours for one round, with our rematches and repeated byes."""

    source: str
    round: int
    players: int
    papp_cost: int
    our_cost: int
    papp_rematches: int
    our_rematches: int
    our_repeated_byes: int


def round_request(state: TournamentState, number: int, bye_discs: float) -> PairingRequest:
    """The request Papp faced for round `number`: its players, the history before it."""
    r = state.rounds[number - 1]
    present = set(r.players())
    full = pairing_request(state, number, StandingsConfig(bye_discs=bye_discs))
    players = tuple(p for p in full.players if p.id in present)
    return PairingRequest(players=players, round=number)


def compare_rounds(replay: Replay, first_round: int = 2) -> tuple[RoundComparison, ...]:
    """Our optimal ``papp`` pairing against Papp's, for every round from `first_round`."""
    out = []
    state = replay.state
    for r in state.rounds[first_round - 1 :]:
        if len(r.byes) > 1 or not r.pairings:
            continue
        req = round_request(state, r.number, replay.bye_discs)
        bye = r.byes[0] if r.byes else None
        papp_cost, papp_rem = pairing_cost(
            req, [(p.black, p.white) for p in r.pairings], bye, Preset.PAPP
        )
        ours = pair_swiss(req, Preset.PAPP)
        out.append(
            RoundComparison(
                source=replay.source,
                round=r.number,
                players=len(req.players),
                papp_cost=papp_cost,
                our_cost=ours.cost,
                papp_rematches=papp_rem,
                our_rematches=ours.rematches,
                our_repeated_byes=ours.repeated_byes,
            )
        )
    return tuple(out)
