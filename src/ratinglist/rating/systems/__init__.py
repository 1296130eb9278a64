"""Rating systems besides the WOF list: seed 002's Elo, Glicko-2, WHR, `whr-bayes` (WHR's list,
predicted through each rating's deviation), the EGF GoR formula and `wof-map` (the WOF model
with a prior and a time decay).

Each is a module with its own frozen parameters object, ``rate(games, params, as_of)`` and
``expected(ratings, first, second, params)`` (see `base`); `RatingSystem` holds one with its
parameters; `rating.registry` declares them (with default parameters, forecaster, search
space and cost) for the service, the CLI and the evaluation.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Generic, TypeVar

import numpy as np
from numpy.typing import NDArray

from ratinglist.errors import RatingError
from ratinglist.rating.games import GameArrays
from ratinglist.rating.systems import whr, wofmap
from ratinglist.rating.systems.base import SystemEntry, SystemList, params_to_dict
from ratinglist.rating.systems.egf import EgfParams
from ratinglist.rating.systems.elo import EloParams, EloRank, Rounding, UpdateMode
from ratinglist.rating.systems.glicko2 import Glicko2Params
from ratinglist.rating.systems.whr import WhrParams
from ratinglist.rating.systems.wofmap import WofMapParams

P = TypeVar("P")

Explained = wofmap.Explanation | whr.WhrExplanation
"""What `RatingSystem.explain` answers: wof-map's prior and games' pull, or WHR's months."""

REFIT_YEARS = 5
"""`wof-map`'s published list refits its newcomer entry each January on the games of the
five years before, as the contest does (`evaluate --refit-years`, default 5)."""


WHR_BAYES = WhrParams(w2=300.0, entry=-400.0, entry_deviation=550.0, variance_scale=1.0)
"""`whr-bayes`'s parameters: w^2 300, the newcomer entry -400 and entry deviation 550 of the
contest's yearly refit for 2026 (docs/decisions.md, "Issue 23: whr-bayes"); the variance
scale 1, the only one the fair contest searches (issue 37: the calibration every system gets
does the rest), so the deviation printed (`printable`) is the one the prediction reads. The
list itself is WHR's: these only predict."""


@dataclass(frozen=True, slots=True)
class RatingSystem(Generic[P]):
    """A system with its parameters: `rate` a list, `predict` games from a list."""

    name: str
    params: P
    rate_with: Callable[[GameArrays, P, dt.date], SystemList]
    expected_with: Callable[
        [SystemList, NDArray[np.int64], NDArray[np.int64], P], NDArray[np.float64]
    ]
    settle_with: Callable[[GameArrays, P, dt.date], P] | None = None
    """Parameters the system fits from the games before a list (wof-map's yearly entry)."""
    explain_with: Callable[[GameArrays, P, dt.date, int], Explained] | None = None
    """Why a player has their rating in the list as of a day (None: the system does not
    say)."""

    def settled(self, games: GameArrays, as_of: dt.date) -> RatingSystem[P]:
        """The system with the parameters it fits from `games` for the list as of `as_of`
        (itself when it fits none), so that the stored parameters are those used."""
        if self.settle_with is None:
            return self
        return replace(self, params=self.settle_with(games, self.params, as_of))

    def rate(self, games: GameArrays, as_of: dt.date) -> SystemList:
        """The list as of `as_of` from `games` (time order, none after `as_of`)."""
        return self.rate_with(games, self.params, as_of)

    def predict(
        self, ratings: SystemList, first: NDArray[np.int64], second: NDArray[np.int64]
    ) -> NDArray[np.float64]:
        """The expected score of each game's first player from `ratings`."""
        return self.expected_with(ratings, first, second, self.params)

    def explain(self, games: GameArrays, as_of: dt.date, player: int) -> Explained:
        """Why `player` has their rating in the list of `games` as of `as_of`.

        Raises:
            RatingError: a system that does not explain, games after `as_of`, or a player
                without a game.
        """
        if self.explain_with is None:
            raise RatingError(f"expected a system that explains its ratings, got {self.name!r}")
        return self.explain_with(games, self.params, as_of, player)

    def parameters(self) -> dict[str, object]:
        """The parameters as JSON-ready values."""
        return params_to_dict(self.params)


__all__ = [
    "REFIT_YEARS",
    "WHR_BAYES",
    "EgfParams",
    "EloParams",
    "EloRank",
    "Explained",
    "Glicko2Params",
    "RatingSystem",
    "Rounding",
    "SystemEntry",
    "SystemList",
    "UpdateMode",
    "WhrParams",
    "WofMapParams",
]
