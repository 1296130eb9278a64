"""Rating lists: the WOF "European algorithm" (weighted maximum likelihood over all games)."""

from ratinglist.rating.european import rate
from ratinglist.rating.games import GameArrays, month_index
from ratinglist.rating.params import EuropeanParams, MarginMethod
from ratinglist.rating.rating_list import RatingEntry, RatingList

__all__ = [
    "EuropeanParams",
    "GameArrays",
    "MarginMethod",
    "RatingEntry",
    "RatingList",
    "month_index",
    "rate",
]
