"""Standings of a tournament state: the bridge from rounds and results to `standings`."""

from __future__ import annotations

from ratinglist.model import PlayerId
from ratinglist.standings import (
    PlayerScores,
    StandingsConfig,
    StandingsRow,
    compute_standings,
)
from ratinglist.standings.table import standings_order
from ratinglist.tournament.games.othello.state import TournamentState, tallies


def player_scores(
    state: TournamentState, through_round: int | None = None
) -> tuple[PlayerScores, ...]:
    """Each entrant's games, byes and unplayed rounds, up to `through_round` (default all).

    A player counts as withdrawn once his withdrawal round is at most `through_round`.
    """
    last = len(state.rounds) if through_round is None else through_round
    games, byes, unplayed = tallies(state, last)
    withdrawn = state.withdrawn()
    out = []
    for pid, played in games.items():
        w = withdrawn.get(pid)
        out.append(
            PlayerScores(
                player=pid,
                games=played,
                byes=len(byes[pid]),
                unplayed=len(unplayed[pid]),
                withdrawn=w is not None and w <= last,
            )
        )
    return tuple(out)


def standings_of(
    state: TournamentState, config: StandingsConfig | None = None, through_round: int | None = None
) -> tuple[StandingsRow, ...]:
    """The standings after `through_round` (default: every complete round)."""
    cfg = config or StandingsConfig(seed=state.seed)
    return compute_standings(player_scores(state, through_round), cfg)


def standings_order_of(
    state: TournamentState, config: StandingsConfig | None = None, through_round: int | None = None
) -> tuple[PlayerId, ...]:
    """The players in the order of `standings_of` (without its rows)."""
    cfg = config or StandingsConfig(seed=state.seed)
    return standings_order(player_scores(state, through_round), cfg)
