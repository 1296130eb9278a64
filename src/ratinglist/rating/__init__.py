"""Rating lists: the WOF "European algorithm" (weighted maximum likelihood over all games)."""

from ratinglist.rating.diff import RatingChange, RatingDiff, diff_lists
from ratinglist.rating.european import rate
from ratinglist.rating.explain import RatingChangeExplanation, explain_change
from ratinglist.rating.games import GameArrays, month_index
from ratinglist.rating.params import EuropeanParams, MarginMethod, Solver
from ratinglist.rating.rating_list import RatingEntry, RatingList

__all__ = [
    "EuropeanParams",
    "GameArrays",
    "MarginMethod",
    "RatingChange",
    "RatingChangeExplanation",
    "RatingDiff",
    "RatingEntry",
    "RatingList",
    "Solver",
    "diff_lists",
    "explain_change",
    "month_index",
    "rate",
]
