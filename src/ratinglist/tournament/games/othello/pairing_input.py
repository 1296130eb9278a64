"""Turn a tournament state into the pairing engine's request for the next round."""

from __future__ import annotations

from ratinglist.model import PlayerId
from ratinglist.pairing.request import PairingPlayer, PairingRequest, PastGame
from ratinglist.standings import StandingsConfig
from ratinglist.tournament.games.othello.scoring import standings_of
from ratinglist.tournament.games.othello.state import TournamentState


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
    ranks = {row.player: row.place - 1 for row in standings_of(state, cfg, before)}
    score: dict[PlayerId, int] = {e.id: 0 for e in state.entrants}
    games: dict[PlayerId, list[PastGame]] = {e.id: [] for e in state.entrants}
    byes: dict[PlayerId, list[int]] = {e.id: [] for e in state.entrants}
    direction: dict[PlayerId, int] = {e.id: 0 for e in state.entrants}
    papp_float: dict[PlayerId, int] = {e.id: 0 for e in state.entrants}
    last_result: dict[PlayerId, int] = {e.id: 0 for e in state.entrants}
    bye_half = round(2 * cfg.bye_points)
    for r in state.rounds[:before]:
        gained: dict[PlayerId, int] = {}
        for (pid, g), (_, past) in zip(r.records(), r.past_games(), strict=True):
            opp = g.opponent
            games[pid].append(past)
            diff = score[pid] - score[opp]
            papp_float[pid] = diff
            if diff:
                direction[pid] = 1 if diff < 0 else -1
            gained[pid] = round(2 * g.points)
        for pid in r.byes:
            byes[pid].append(r.number)
            papp_float[pid] = 1
            gained[pid] = bye_half
        for pid in score:
            last_result[pid] = 0 if pid in r.byes else gained.get(pid, 0)
        for pid, half_points in gained.items():
            score[pid] += half_points
    players = tuple(
        PairingPlayer(
            id=pid,
            score=score[pid],
            rank=ranks.get(pid, len(ranks)),
            country=state.entrant(pid).country,
            games=tuple(games[pid]),
            byes=len(byes[pid]),
            bye_last_round=before in byes[pid],
            float_direction=direction[pid],
            papp_last_float=papp_float[pid],
            last_result=last_result[pid],
        )
        for pid in state.available(number)
    )
    return PairingRequest(
        players=players,
        round=number,
        forced=forced,
        never_pair=frozenset(state.never_pair),
    )
