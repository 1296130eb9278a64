"""Evaluation of rating systems by their predictions of later games (issue 13).

The harness (`harness.evaluate`) replays history month by month (`replay`); the contest's
fitted search is `search`, the report's groups and bands `groups`, the month-end lists'
stability and drift `lists`, and what it returns `report`."""

from ratinglist.rating.evaluation.config import (
    DEFAULT_SYSTEMS,
    FITTED,
    REFIT_YEARS,
    SYSTEM_NAMES,
    VARIANTS,
    EvaluationConfig,
    month_start,
)
from ratinglist.rating.evaluation.groups import PAIRED_GROUPS
from ratinglist.rating.evaluation.harness import evaluate
from ratinglist.rating.evaluation.metrics import CalibrationBin, PairedDifference, Scores
from ratinglist.rating.evaluation.report import EvaluationReport, OthelloFacts, SystemReport

__all__ = [
    "DEFAULT_SYSTEMS",
    "FITTED",
    "PAIRED_GROUPS",
    "REFIT_YEARS",
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
