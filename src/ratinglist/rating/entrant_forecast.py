"""Expected scores of a tournament's games from the entrants' strengths in a rating system,
each strength with its uncertainty (issue 37 item 4: the live page's forecasts).

- A system that publishes a list (`rating.registry.SYSTEMS`: whr-bayes, WHR, Glicko-2...)
  predicts with its own rule (`RatingSystem.predict`) from a list of the entrants it rates,
  rating and deviation; an entrant it does not rate is left out of that list, so the system
  enters them with its own newcomer prior (whr-bayes: the entry -400 with deviation 550).
- The WOF list's model, ``1 / (1 + 3^(-d / 200))``, has no deviation of its own: an
  uncertain rating difference is averaged over its normal distribution by MacKay's closed
  form (Neural Computation 4, 1992; what `whr.predictive` uses): the log-odds are divided by
  ``sqrt(1 + pi v / 8)``, ``v`` the variance of the difference in log-odds units (Go's GoR
  does the same, `rating.go.forecast`).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ratinglist.model.forecast import Strength
from ratinglist.rating.params import EuropeanParams
from ratinglist.rating.systems import RatingSystem, SystemList

_EPOCH = dt.date(2000, 1, 1)
"""The day of the lists built here (the systems' predictions do not read it)."""


def spread(variance: NDArray[np.float64]) -> NDArray[np.float64]:
    """MacKay's divisor of the log-odds, ``sqrt(1 + pi v / 8)``, of a variance `v` in
    log-odds units."""
    result: NDArray[np.float64] = np.sqrt(1.0 + math.pi * variance / 8.0)
    return result


def _logistic(log_odds: NDArray[np.float64]) -> NDArray[np.float64]:
    result: NDArray[np.float64] = 1.0 / (1.0 + np.exp(-log_odds))
    return result


def columns(strengths: Sequence[Strength]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    ratings = np.array([s.rating for s in strengths], dtype=np.float64)
    deviations = np.array([s.deviation for s in strengths], dtype=np.float64)
    return ratings, deviations


def wof_expected(
    first: Sequence[Strength], second: Sequence[Strength], params: EuropeanParams | None = None
) -> NDArray[np.float64]:
    """The first players' expected scores by the WOF list's model with both deviations:
    ``1 / (1 + exp(-k d / sqrt(1 + pi k^2 (s_a^2 + s_b^2) / 8)))``, ``k = ln 3 / 200``."""
    p = params or EuropeanParams()
    k = math.log(p.base) / p.scale
    ra, da = columns(first)
    rb, db = columns(second)
    return _logistic(k * (ra - rb) / spread(k**2 * (da**2 + db**2)))


def newcomer_strength(system: RatingSystem[Any]) -> Strength:
    """The system's newcomer prior: its entry rating and deviation (`entry`,
    `entry_deviation`; `start`, `start_deviation` for the incremental systems; 0 where the
    system has none)."""
    params = system.params
    rating = getattr(params, "entry", getattr(params, "start", 0.0))
    deviation = getattr(params, "entry_deviation", getattr(params, "start_deviation", 0.0))
    return Strength(float(rating), float(deviation), True)


def system_expected(
    system: RatingSystem[Any],
    first: Sequence[Strength],
    second: Sequence[Strength],
) -> NDArray[np.float64]:
    """The first players' expected scores by `system`'s own prediction from a list holding
    the listed strengths (newcomers left out, so the system enters them its own way)."""
    n = len(first)
    everyone = [*first, *second]
    listed = [k for k, s in enumerate(everyone) if not s.newcomer]
    ids = np.arange(1, 2 * n + 1, dtype=np.int64)
    known = np.array(listed, dtype=np.int64)
    ratings, deviations = columns([everyone[k] for k in listed])
    table = SystemList(
        system=system.name,
        as_of=_EPOCH,
        players=ids[known] if len(known) else np.zeros(0, dtype=np.int64),
        ratings=ratings,
        deviations=deviations,
        games=np.zeros(len(listed), dtype=np.int64),
        last_day=np.full(len(listed), _EPOCH.toordinal(), dtype=np.int32),
    )
    return system.predict(table, ids[:n], ids[n:])
