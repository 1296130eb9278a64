"""Standings with the Othello tie-breaks: points, Brightwell quotient, discs, seeded lots.

Seed 004 II.3 and appendix A (Mixed Brightwell System):

    BQ = sum(own discs in games against non-withdrawn opponents)
         + C * sum(final points of those opponents)
         + (32 + C * own points) for each bye, unplayed round and game against a withdrawn
           opponent.

C = 6 by default (`StandingsConfig.bq_constant`). A bye gives `bye_points` (1) and
`bye_discs` (32 by default; Papp uses 40) to the points and the disc count. The order is
total: points, BQ, discs (all descending), then a draw of lots seeded by `seed`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ratinglist.errors import TournamentError
from ratinglist.model import PlayerId

UNPLAYED_DISCS = 32


@dataclass(frozen=True, slots=True)
class GameScore:
    """One game seen from one player: the opponent, both disc counts and the points won."""

    opponent: PlayerId
    own_discs: int
    opponent_discs: int
    points: float


@dataclass(frozen=True, slots=True)
class PlayerScores:
    """Everything the standings need about one player."""

    player: PlayerId
    games: tuple[GameScore, ...] = ()
    byes: int = 0
    unplayed: int = 0
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class StandingsConfig:
    """Tie-break parameters: Brightwell constant C, bye points and bye discs, lots seed."""

    bq_constant: float = 6.0
    bye_points: float = 1.0
    bye_discs: float = 32.0
    seed: int = 0


@dataclass(frozen=True, slots=True)
class StandingsRow:
    """One line of the standings. `place` is 1-based; `lot` is the seeded draw (lower first)."""

    place: int
    player: PlayerId
    points: float
    brightwell: float
    discs: float
    lot: int
    withdrawn: bool = False


def points_and_discs(scores: PlayerScores, config: StandingsConfig) -> tuple[float, float]:
    """Total points and total discs, byes included."""
    points = sum(g.points for g in scores.games) + scores.byes * config.bye_points
    discs = sum(g.own_discs for g in scores.games) + scores.byes * config.bye_discs
    return points, discs


def brightwell_quotients(
    all_scores: Sequence[PlayerScores], config: StandingsConfig
) -> dict[PlayerId, float]:
    """The Brightwell quotient of every player (see the module docstring)."""
    by_id = {s.player: s for s in all_scores}
    points = {s.player: points_and_discs(s, config)[0] for s in all_scores}
    c = config.bq_constant
    out: dict[PlayerId, float] = {}
    for s in all_scores:
        own = points[s.player]
        filler = UNPLAYED_DISCS + c * own
        bq = (s.byes + s.unplayed) * filler
        for g in s.games:
            opp = by_id.get(g.opponent)
            if opp is None:
                raise TournamentError(
                    f"expected the opponent of {s.player} in the standings, "
                    f"got unknown {g.opponent}"
                )
            if opp.withdrawn:
                bq += filler
            else:
                bq += g.own_discs + c * points[g.opponent]
        out[s.player] = bq
    return out


def draw_lots(players: Sequence[PlayerId], seed: int) -> dict[PlayerId, int]:
    """A seeded random order of the players: player -> lot number (0 first)."""
    order = sorted(players)
    random.Random(seed).shuffle(order)
    return {p: i for i, p in enumerate(order)}


def compute_standings(
    all_scores: Sequence[PlayerScores], config: StandingsConfig | None = None
) -> tuple[StandingsRow, ...]:
    """The standings, best first: points, BQ, discs, then lots. Always a total order."""
    cfg = config or StandingsConfig()
    bq = brightwell_quotients(all_scores, cfg)
    lots = draw_lots([s.player for s in all_scores], cfg.seed)
    rows = []
    for s in all_scores:
        pts, discs = points_and_discs(s, cfg)
        rows.append((pts, bq[s.player], discs, lots[s.player], s))
    rows.sort(key=lambda r: (-r[0], -r[1], -r[2], r[3]))
    return tuple(
        StandingsRow(
            place=i + 1,
            player=s.player,
            points=pts,
            brightwell=q,
            discs=d,
            lot=lot,
            withdrawn=s.withdrawn,
        )
        for i, (pts, q, d, lot, s) in enumerate(rows)
    )
