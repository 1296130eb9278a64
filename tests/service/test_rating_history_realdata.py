"""The monthly history of the real archive: stored lists equal lists computed alone."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from numpy.typing import NDArray

from ratinglist.rating import EuropeanParams, rate
from ratinglist.rating.profile import EXACT
from ratinglist.service.actor import SYSTEM
from ratinglist.service.rating_history import HistoryRequest, MonthStatus, compute_history
from ratinglist.service.rating_lists import select_game_arrays, stored_entries
from ratinglist.store import Store, open_store
from tests.conftest import REAL_LIST_ARRAYS, REAL_LIST_AS_OF

SAMPLE = (dt.date(2024, 7, 31), dt.date(2024, 12, 31), dt.date(2025, 6, 30), dt.date(2026, 5, 31))
"""Months of the history (each list warm-started from the month before's) checked against a
list computed alone: the first, the two published lists' months and the last (the last is
the session's shared list, `real_archive_listed`)."""


def computed_alone(store: Store, as_of: dt.date, shared: Path) -> dict[str, NDArray[Any]]:
    """The exact list as of `as_of` computed alone (`rate` of the games selected for that
    date): the session's shared one (`real_archive_listed`, computed by `compute_list` with
    the exact profile, whose numbers are `EuropeanParams()`) for its date, else computed."""
    if as_of.isoformat() == REAL_LIST_AS_OF:
        assert EXACT.params == EuropeanParams()
        with np.load(shared.parent / REAL_LIST_ARRAYS) as arrays:
            return {name: arrays[name] for name in arrays.files}
    alone = rate(select_game_arrays(store, as_of)[0], EuropeanParams(), as_of)
    return {
        "players": alone.players,
        "ratings": alone.ratings,
        "margins": alone.margins,
        "listed": alone.listed,
        "official": alone.official,
    }


@pytest.mark.realdata
@pytest.mark.slow
def test_sampled_months_of_the_real_history_equal_lists_computed_alone(
    real_archive_copy: Path, real_archive_listed: Path
) -> None:
    store = open_store(f"sqlite:///{real_archive_copy}")
    try:
        result = compute_history(
            store, HistoryRequest(dt.date(2024, 7, 1), dt.date(2026, 5, 1)), SYSTEM
        )
        assert result.count(MonthStatus.COMPUTED) == len(result.months) == 23
        ids = {m.as_of: m.list_id for m in result.months}
        assert REAL_LIST_AS_OF in {as_of.isoformat() for as_of in SAMPLE}
        for as_of in SAMPLE:
            list_id = ids[as_of]
            assert list_id is not None
            stored = stored_entries(store, list_id)
            alone = computed_alone(store, as_of, real_archive_listed)
            assert [int(e.player) for e in stored] == alone["players"].tolist()
            ratings = np.array([e.rating for e in stored])
            assert float(np.abs(ratings - alone["ratings"]).max()) < 0.01
            margins = np.array([e.margin for e in stored])
            np.testing.assert_allclose(margins, alone["margins"], rtol=1e-5, atol=0.01)
            assert [e.listed for e in stored] == alone["listed"].tolist()
            assert [e.official for e in stored] == alone["official"].tolist()
            assert sum(e.listed for e in stored) > 1000
    finally:
        store.close()
