"""Rating systems besides the WOF list: seed 002's Elo, Glicko-2, WHR, the EGF GoR formula and
`wof-map` (the WOF model with a prior and a time decay).

Each is a module with its own frozen parameters object, ``rate(games, params, as_of)`` and
``expected(ratings, first, second, params)`` (see `base`); `SYSTEMS` names them with their
default parameters for the service and the CLI.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

import numpy as np
from numpy.typing import NDArray

from ratinglist.errors import RatingError
from ratinglist.rating.games import GameArrays
from ratinglist.rating.systems import egf, elo, glicko2, whr, wofmap
from ratinglist.rating.systems.base import SystemEntry, SystemList, params_to_dict
from ratinglist.rating.systems.egf import EgfParams
from ratinglist.rating.systems.elo import EloParams, EloRank, Rounding, UpdateMode
from ratinglist.rating.systems.glicko2 import Glicko2Params
from ratinglist.rating.systems.whr import WhrParams
from ratinglist.rating.systems.wofmap import WofMapParams

P = TypeVar("P")

REFIT_YEARS = 5
"""`wof-map`'s published list refits its newcomer entry each January on the games of the
five years before, as the contest does (`evaluate --refit-years`, default 5)."""


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

    def parameters(self) -> dict[str, object]:
        """The parameters as JSON-ready values."""
        return params_to_dict(self.params)


SYSTEMS: dict[str, RatingSystem[Any]] = {
    elo.NAME: RatingSystem(elo.NAME, EloParams(), elo.rate, elo.expected),
    glicko2.NAME: RatingSystem(glicko2.NAME, Glicko2Params(), glicko2.rate, glicko2.expected),
    whr.NAME: RatingSystem(whr.NAME, WhrParams(), whr.rate, whr.expected),
    egf.NAME: RatingSystem(egf.NAME, EgfParams(), egf.rate, egf.expected),
    wofmap.NAME: RatingSystem(
        wofmap.NAME,
        WofMapParams(refit_years=REFIT_YEARS),
        wofmap.rate,
        wofmap.expected,
        wofmap.rolled_entry,
    ),
}


def system(name: str) -> RatingSystem[Any]:
    """The system called `name` with its default parameters.

    Raises:
        RatingError: an unknown name.
    """
    try:
        return SYSTEMS[name]
    except KeyError:
        raise RatingError(
            f"expected a rating system among {', '.join(sorted(SYSTEMS))}, got {name!r}"
        ) from None


__all__ = [
    "SYSTEMS",
    "EgfParams",
    "EloParams",
    "EloRank",
    "Glicko2Params",
    "RatingSystem",
    "Rounding",
    "SystemEntry",
    "SystemList",
    "UpdateMode",
    "WhrParams",
    "WofMapParams",
    "system",
]
