"""Parameters of the European algorithm: buckets, validation, units."""

from __future__ import annotations

import math

import numpy as np
import pytest

from ratinglist.errors import RatingError
from ratinglist.rating import EuropeanParams
from ratinglist.rating.european import weights_by_month


@pytest.mark.parametrize(
    ("months", "weight"),
    [
        (0, 150.0),
        (6, 150.0),
        (7, 100.0),
        (13, 100.0),
        (14, 60.0),
        (25, 60.0),
        (26, 30.0),
        (37, 30.0),
        (38, 1.0),
        (500, 1.0),
    ],
)
def test_weight_buckets_by_whole_months(months: int, weight: float) -> None:
    params = EuropeanParams()
    assert params.weight(months) == weight
    assert weights_by_month(params, np.array([months]))[0] == weight


def test_negative_age_is_refused() -> None:
    with pytest.raises(RatingError, match="m=-1"):
        EuropeanParams().weight(-1)


def test_points_per_unit_is_scale_over_ln_base() -> None:
    assert EuropeanParams().points_per_unit == pytest.approx(182.0478, abs=1e-4)
    assert EuropeanParams(scale=400, base=10).points_per_unit == pytest.approx(
        400 / math.log(10), rel=1e-12
    )


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"scale": 0.0}, "positive finite scale"),
        ({"base": 1.0}, "base greater than 1"),
        ({"weight_buckets": ((13, 100.0), (6, 150.0))}, "strictly increasing"),
        ({"weight_buckets": ((6, 0.0),)}, "positive finite weights"),
        ({"old_weight": -1.0}, "positive finite weights"),
        ({"listing_months": -1}, "listing_months"),
        ({"official_margin": 0.0}, "official_margin"),
        ({"margin_sigmas": 0.0}, "margin_weight_scale and margin_sigmas"),
        ({"tolerance": 0.0}, "positive tolerance"),
        ({"max_iterations": 0}, "max_iterations"),
    ],
)
def test_bad_parameters_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(RatingError, match=message):
        EuropeanParams(**changes)  # type: ignore[arg-type]
