"""Standings: points, Brightwell quotient, discs, lots; class rankings."""

from ratinglist.standings.classes import ClassKind, ClassMember, ClassRule, class_standings
from ratinglist.standings.table import (
    BrightwellRule,
    GameScore,
    PlayerScores,
    StandingsConfig,
    StandingsRow,
    brightwell_quotients,
    compute_standings,
    draw_lots,
    points_and_discs,
)

__all__ = [
    "BrightwellRule",
    "ClassKind",
    "ClassMember",
    "ClassRule",
    "GameScore",
    "PlayerScores",
    "StandingsConfig",
    "StandingsRow",
    "brightwell_quotients",
    "class_standings",
    "compute_standings",
    "draw_lots",
    "points_and_discs",
]
