"""Evaluation of rating systems by their predictions of later games (issue 13)."""

from ratinglist.rating.evaluation.harness import (
    FITTED,
    PAIRED_GROUPS,
    SYSTEM_NAMES,
    VARIANTS,
    EvaluationConfig,
    EvaluationReport,
    OthelloFacts,
    SystemReport,
    evaluate,
    month_start,
)
from ratinglist.rating.evaluation.metrics import CalibrationBin, PairedDifference, Scores

__all__ = [
    "FITTED",
    "PAIRED_GROUPS",
    "SYSTEM_NAMES",
    "VARIANTS",
    "CalibrationBin",
    "EvaluationConfig",
    "EvaluationReport",
    "OthelloFacts",
    "PairedDifference",
    "Scores",
    "SystemReport",
    "evaluate",
    "month_start",
]
