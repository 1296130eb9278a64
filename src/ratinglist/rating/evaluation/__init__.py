"""Evaluation of rating systems by their predictions of later games (issue 13)."""

from ratinglist.rating.evaluation.harness import (
    SYSTEM_NAMES,
    VARIANTS,
    EvaluationConfig,
    EvaluationReport,
    OthelloFacts,
    SystemReport,
    evaluate,
    month_start,
)
from ratinglist.rating.evaluation.metrics import CalibrationBin, Scores

__all__ = [
    "SYSTEM_NAMES",
    "VARIANTS",
    "CalibrationBin",
    "EvaluationConfig",
    "EvaluationReport",
    "OthelloFacts",
    "Scores",
    "SystemReport",
    "evaluate",
    "month_start",
]
