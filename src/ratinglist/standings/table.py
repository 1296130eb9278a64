"""Standings with the Othello tie-breaks: points, Brightwell quotient, discs, seeded lots.

Seed 004 II.3 and appendix A (Mixed Brightwell System):

    BQ = sum(own discs in games against non-withdrawn opponents)
         + C * sum(final points of those opponents)
         + (32 + C * own points) for each bye, unplayed round and game against a withdrawn
           opponent.

C = 6 by default (`StandingsConfig.bq_constant`). A bye gives `bye_points` (1) and
`bye_discs` (32 by default; Papp uses 40) to the points and the disc count. The order is
total: points, BQ, discs (all descending), then a draw of lots seeded by `seed`.

`BrightwellRule.SINGAPORE` is the variant behind the MBQ column of the Singapore results
files (reproduced exactly, byes included, e.g. `2014/20140927_11_Singapore_open.ELO`):

    MBQ = sum(own discs + C * adjusted final points of the opponent) over the games
          + C * rounds / 2 for each bye (a virtual opponent on 50%, no discs)
          + 0 for each unplayed round,

where an opponent's adjusted points count each of his byes and unplayed rounds as half a
point (a draw), and a game against a withdrawn opponent is an ordinary game. Without byes
or unplayed rounds both rules give the same value.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from ratinglist.errors import TournamentInputError
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


class BrightwellRule(Enum):
    """How byes, unplayed rounds and withdrawn opponents enter the Brightwell quotient."""

    IFRL = "ifrl"  # 32 + C * own points each (seed 004, Papp)
    SINGAPORE = "singapore"  # the Singapore files' MBQ (see the module docstring)


@dataclass(frozen=True, slots=True)
class StandingsConfig:
    """Tie-break parameters: Brightwell constant C and rule, bye points and discs, lots seed."""

    bq_constant: float = 6.0
    bye_points: float = 1.0
    bye_discs: float = 32.0
    seed: int = 0
    bq_rule: BrightwellRule = BrightwellRule.IFRL


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
    points = sum([g.points for g in scores.games]) + scores.byes * config.bye_points
    discs = sum([g.own_discs for g in scores.games]) + scores.byes * config.bye_discs
    return points, discs


def brightwell_quotients(
    all_scores: Sequence[PlayerScores], config: StandingsConfig
) -> dict[PlayerId, float]:
    """The Brightwell quotient of every player under `config.bq_rule` (module docstring).

    Raises:
        TournamentError: a game's opponent is not among `all_scores`.
    """
    return _quotients(all_scores, config, [points_and_discs(s, config) for s in all_scores])


def _quotients(
    all_scores: Sequence[PlayerScores],
    config: StandingsConfig,
    totals: Sequence[tuple[float, float]],
) -> dict[PlayerId, float]:
    """`brightwell_quotients` given each player's `points_and_discs` (in `all_scores` order)."""
    by_id = {s.player: s for s in all_scores}
    for s in all_scores:
        for g in s.games:
            if g.opponent not in by_id:
                raise TournamentInputError(
                    f"expected the opponent of {s.player} in the standings, "
                    f"got unknown {g.opponent}"
                )
    if config.bq_rule is BrightwellRule.SINGAPORE:
        return _singapore_quotients(all_scores, config.bq_constant)
    points = {s.player: t[0] for s, t in zip(all_scores, totals, strict=True)}
    c = config.bq_constant
    out: dict[PlayerId, float] = {}
    for s in all_scores:
        filler = UNPLAYED_DISCS + c * points[s.player]
        bq = (s.byes + s.unplayed) * filler
        for g in s.games:
            if by_id[g.opponent].withdrawn:
                bq += filler
            else:
                bq += g.own_discs + c * points[g.opponent]
        out[s.player] = bq
    return out


def _singapore_quotients(all_scores: Sequence[PlayerScores], c: float) -> dict[PlayerId, float]:
    """The Singapore MBQ: byes against a virtual 50% opponent, absences as draws for others."""
    rounds = max((len(s.games) + s.byes + s.unplayed for s in all_scores), default=0)
    adjusted = {
        s.player: sum(g.points for g in s.games) + 0.5 * (s.byes + s.unplayed) for s in all_scores
    }
    return {
        s.player: sum(g.own_discs + c * adjusted[g.opponent] for g in s.games)
        + s.byes * c * rounds / 2
        for s in all_scores
    }


def draw_lots(players: Sequence[PlayerId], seed: int) -> dict[PlayerId, int]:
    """A seeded random order of the players: player -> lot number (0 first)."""
    return {p: i for i, p in enumerate(_lot_order(tuple(sorted(players)), seed))}


@functools.lru_cache(maxsize=256)
def _lot_order(order: tuple[PlayerId, ...], seed: int) -> tuple[PlayerId, ...]:
    """The sorted `order` shuffled by `seed` (drawn once per field and seed)."""
    shuffled = list(order)
    random.Random(seed).shuffle(shuffled)
    return tuple(shuffled)


def compute_standings(
    all_scores: Sequence[PlayerScores], config: StandingsConfig | None = None
) -> tuple[StandingsRow, ...]:
    """The standings, best first: points, BQ, discs, then lots. Always a total order."""
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
        for i, (pts, q, d, lot, s) in enumerate(_ranked(all_scores, config or StandingsConfig()))
    )


def standings_order(
    all_scores: Sequence[PlayerScores], config: StandingsConfig | None = None
) -> tuple[PlayerId, ...]:
    """The players in the order of `compute_standings` (without building its rows)."""
    return tuple(r[4].player for r in _ranked(all_scores, config or StandingsConfig()))


def _ranked(
    all_scores: Sequence[PlayerScores], cfg: StandingsConfig
) -> list[tuple[float, float, float, int, PlayerScores]]:
    """(points, BQ, discs, lot, scores) of each player, best first."""
    totals = [points_and_discs(s, cfg) for s in all_scores]
    bq = _quotients(all_scores, cfg, totals)
    lots = draw_lots([s.player for s in all_scores], cfg.seed)
    rows = []
    for s, (pts, discs) in zip(all_scores, totals, strict=True):
        rows.append((pts, bq[s.player], discs, lots[s.player], s))
    rows.sort(key=lambda r: (-r[0], -r[1], -r[2], r[3]))
    return rows
