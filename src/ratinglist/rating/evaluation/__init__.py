"""Evaluation of rating systems by their predictions of later games (issue 13)."""

from ratinglist.rating.evaluation.harness import (
    COLOUR_VARIANT,
    SYSTEM_NAMES,
    EvaluationConfig,
    EvaluationReport,
    OthelloFacts,
    SystemReport,
    evaluate,
    month_start,
)
from ratinglist.rating.evaluation.metrics import CalibrationBin, Scores

__all__ = [
    "COLOUR_VARIANT",
    "SYSTEM_NAMES",
    "CalibrationBin",
    "EvaluationConfig",
    "EvaluationReport",
    "OthelloFacts",
    "Scores",
    "SystemReport",
    "evaluate",
    "month_start",
]
