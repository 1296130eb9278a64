"""Parameters of the WOF "European algorithm" rating list, kept apart from the ratings.

Every number of the method lives here (DOMAIN section 4, seed 001), so a federation can change
one without touching the fit. The defaults reproduce the published WOF list.
"""

from __future__ import annotations

import datetime as dt
import enum
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ratinglist.errors import RatingError


class MarginMethod(enum.Enum):
    """How the margin of error is read from the Fisher information ``I`` at the optimum.

    ``DIAGONAL``: ``sigma_i = 1 / sqrt(I_ii)``, the uncertainty of player i with every other
    rating held fixed (cheap, the default). ``FULL``: ``sigma_i^2 = (I^+_c)_ii``, the diagonal of
    the inverse information under the anchor constraint, i.e. all ratings estimated jointly.
    """

    DIAGONAL = "diagonal"
    FULL = "full"


class Solver(enum.Enum):
    """How the likelihood is maximised.

    ``NEWTON``: to convergence (every score residual below `tolerance`): the exact
    maximum-likelihood list. ``ASCENT``: the WOF's own gradient ascent from equal ratings,
    stopped when the L1 norm of the gradient is at most `stop_fraction` of its first value
    (`ratinglist.rating.ascent`): reproduces the published lists.
    """

    NEWTON = "newton"
    ASCENT = "ascent"


DEFAULT_WEIGHT_BUCKETS: tuple[tuple[int, float], ...] = (
    (6, 150.0),
    (13, 100.0),
    (25, 60.0),
    (37, 30.0),
)


@dataclass(frozen=True, slots=True)
class EuropeanParams:
    """All numbers of the European algorithm.

    - ``P(A beats B) = 1 / (1 + base^(-(R_A - R_B) / scale))``; with base 3 and scale 200 a
      200-point gap means a 75% expected score.
    - A game of a tournament that started ``m = 12*(Yc - Y) + (Mc - M)`` whole calendar months
      before the calculation month weighs the value of the first bucket ``(last_m, weight)``
      with ``m <= last_m``, else `old_weight`.
    - The game-count-weighted mean rating of the rated set is `anchor`.
    - A rated player is listed when they played within ``m <= listing_months``.
    - The margin of error is ``margin_sigmas * sigma`` in rating points, with the Fisher
      information built from weights divided by `margin_weight_scale`; a rating is official
      when its margin is below `official_margin`.
    - `solver` ``NEWTON``: the fit stops when every rated player's |weighted score - weighted
      expected score| is below `tolerance` (in weighted games, raw weights), within
      `max_iterations` Newton steps. ``ASCENT``: gradient ascent stopped at `stop_fraction`
      of the first gradient's L1 norm, within `max_ascent_steps` steps.
    - `age_pause`: an optional first and last month (the dates' months, inclusive) during
      which the age clock stood still: those months do not count in ``m`` (the WOF's lists of
      2020-2022 fit only with about 24 paused pandemic months).
    """

    scale: float = 200.0
    base: float = 3.0
    anchor: float = 1800.0
    weight_buckets: tuple[tuple[int, float], ...] = DEFAULT_WEIGHT_BUCKETS
    old_weight: float = 1.0
    listing_months: int = 37
    official_margin: float = 200.0
    margin_weight_scale: float = 150.0
    margin_sigmas: float = 2.0
    margin_method: MarginMethod = MarginMethod.DIAGONAL
    tolerance: float = 1e-6
    max_iterations: int = 100
    solver: Solver = Solver.NEWTON
    stop_fraction: float = 1e-4
    max_ascent_steps: int = 1_000_000
    age_pause: tuple[dt.date, dt.date] | None = None

    def __post_init__(self) -> None:
        """Reject parameters the fit cannot use."""
        if not (self.scale > 0 and math.isfinite(self.scale)):
            raise RatingError(f"expected a positive finite scale, got {self.scale!r}")
        if not (self.base > 1 and math.isfinite(self.base)):
            raise RatingError(f"expected a base greater than 1, got {self.base!r}")
        if not math.isfinite(self.anchor):
            raise RatingError(f"expected a finite anchor, got {self.anchor!r}")
        months = [m for m, _ in self.weight_buckets]
        if (
            months != sorted(months)
            or len(set(months)) != len(months)
            or any(m < 0 for m in months)
        ):
            raise RatingError(
                f"expected weight buckets with strictly increasing non-negative months, "
                f"got {self.weight_buckets!r}"
            )
        weights = [w for _, w in self.weight_buckets] + [self.old_weight]
        if any(not (w > 0 and math.isfinite(w)) for w in weights):
            raise RatingError(f"expected positive finite weights, got {weights!r}")
        if self.listing_months < 0:
            raise RatingError(f"expected listing_months >= 0, got {self.listing_months!r}")
        if not self.official_margin > 0:
            raise RatingError(f"expected a positive official_margin, got {self.official_margin!r}")
        if not (self.margin_weight_scale > 0 and self.margin_sigmas > 0):
            raise RatingError(
                f"expected positive margin_weight_scale and margin_sigmas, got "
                f"{self.margin_weight_scale!r} and {self.margin_sigmas!r}"
            )
        if not self.tolerance > 0:
            raise RatingError(f"expected a positive tolerance, got {self.tolerance!r}")
        if self.max_iterations < 1:
            raise RatingError(f"expected max_iterations >= 1, got {self.max_iterations!r}")
        if not 0.0 < self.stop_fraction < 1.0:
            raise RatingError(
                f"expected a stop fraction between 0 and 1, got {self.stop_fraction!r}"
            )
        if self.max_ascent_steps < 1:
            raise RatingError(f"expected max_ascent_steps >= 1, got {self.max_ascent_steps!r}")
        if self.age_pause is not None and self.age_pause[0] > self.age_pause[1]:
            first, last = (day.isoformat() for day in self.age_pause)
            raise RatingError(
                f"expected an age pause from its first to its last month, got {first} after {last}"
            )

    @property
    def points_per_unit(self) -> float:
        """Rating points per natural (logit) unit: ``scale / ln(base)`` (182.0478 by default)."""
        return self.scale / math.log(self.base)

    def weight(self, months: int) -> float:
        """The weight of a game played `months` whole calendar months before the calculation."""
        if months < 0:
            raise RatingError(f"expected a game on or before the calculation month, got m={months}")
        for last, weight in self.weight_buckets:
            if months <= last:
                return weight
        return self.old_weight

    def ages(self, game_months: NDArray[np.int64], as_of_month: int) -> NDArray[np.int64]:
        """``m`` of each game month (``12 * year + month - 1``) for the calculation month:
        whole calendar months between them, less the paused months in ``(game, calculation]``.
        """
        ages: NDArray[np.int64] = as_of_month - game_months
        if self.age_pause is None:
            return ages
        first, last = (12 * day.year + day.month - 1 for day in self.age_pause)
        low = np.maximum(game_months + 1, first)
        high = np.minimum(as_of_month, last)
        paused: NDArray[np.int64] = ages - np.maximum(high - low + 1, 0)
        return paused

    def to_dict(self) -> dict[str, object]:
        """The parameters as JSON-ready values (enums by value, buckets as lists)."""
        return {
            "scale": self.scale,
            "base": self.base,
            "anchor": self.anchor,
            "weight_buckets": [[m, w] for m, w in self.weight_buckets],
            "old_weight": self.old_weight,
            "listing_months": self.listing_months,
            "official_margin": self.official_margin,
            "margin_weight_scale": self.margin_weight_scale,
            "margin_sigmas": self.margin_sigmas,
            "margin_method": self.margin_method.value,
            "tolerance": self.tolerance,
            "max_iterations": self.max_iterations,
            "solver": self.solver.value,
            "stop_fraction": self.stop_fraction,
            "max_ascent_steps": self.max_ascent_steps,
            "age_pause": None
            if self.age_pause is None
            else [day.isoformat() for day in self.age_pause],
        }

    @classmethod
    def from_dict(cls, values: Mapping[str, Any]) -> EuropeanParams:
        """The inverse of `to_dict`; missing keys take their defaults.

        Raises:
            RatingError: an unknown key, or a value of the wrong kind.
        """
        unknown = sorted(set(values) - set(cls.__dataclass_fields__))
        if unknown:
            raise RatingError(f"expected rating parameter names, got unknown {unknown!r}")
        kwargs: dict[str, Any] = dict(values)
        try:
            if "weight_buckets" in kwargs:
                kwargs["weight_buckets"] = tuple(
                    (int(m), float(w)) for m, w in kwargs["weight_buckets"]
                )
            if "margin_method" in kwargs:
                kwargs["margin_method"] = MarginMethod(kwargs["margin_method"])
            if "solver" in kwargs:
                kwargs["solver"] = Solver(kwargs["solver"])
            if kwargs.get("age_pause") is not None:
                first, last = kwargs["age_pause"]
                kwargs["age_pause"] = (dt.date.fromisoformat(first), dt.date.fromisoformat(last))
        except (TypeError, ValueError) as exc:
            raise RatingError(f"expected valid rating parameters, got {dict(values)!r}") from exc
        return cls(**kwargs)
