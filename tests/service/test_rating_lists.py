"""Rating-list use cases: compute and store, find by id or date, sender filter, pages, errors."""

from __future__ import annotations

import datetime as dt

import numpy as np
import pytest

from ratinglist.errors import InputError, NotFoundError, RegistryError, StoreError
from ratinglist.rating import EuropeanParams, GameArrays, MarginMethod, rate
from ratinglist.service.actor import SYSTEM
from ratinglist.service.databases import open_database
from ratinglist.service.rating_lists import (
    compute_list,
    find_list,
    list_entries,
    list_infos,
    list_page,
)
from ratinglist.store import entry_rows, load_rating_games, save_list, tournaments_by_sender
from tests.conftest import handle

AS_OF = dt.date(2023, 1, 31)


def test_save_and_read_back_every_column(filled: str) -> None:
    params = EuropeanParams(margin_method=MarginMethod.FULL, margin_sigmas=1.5)
    done = compute_list(handle(filled), AS_OF, params=params, label="test", actor=SYSTEM)
    info = done.info
    assert (info.id, info.as_of, info.label, info.params) == (1, AS_OF, "test", params)
    assert (info.rated, info.game_count) == (len(done.ratings), 8)
    assert find_list(handle(filled), "1") == info
    again = find_list(handle(filled), "2023-01-31")
    assert again.params == params and again.computed_at.year >= 2026
    assert again.listed == info.listed and again.max_residual == info.max_residual
    assert list_entries(handle(filled), "1") == done.ratings.entries


def test_compute_stores_a_list_and_the_sender_filter_applies(filled: str) -> None:
    everything = compute_list(handle(filled), AS_OF, actor=SYSTEM)
    filtered = compute_list(handle(filled), AS_OF, exclude_sender="Rating Committee", actor=SYSTEM)
    assert (everything.info.game_count, filtered.info.game_count) == (8, 4)
    assert (everything.excluded_files, filtered.excluded_files) == (0, 1)
    assert filtered.info.exclude_sender == "Rating Committee"
    assert find_list(handle(filled)) == filtered.info
    assert [i.id for i in list_infos(handle(filled))] == [1, 2]
    assert find_list(handle(filled), "2023-01-31").id == 2
    store = open_database(filled)
    (match,) = tournaments_by_sender(store, "committee")
    assert match.file_name == "20230121_SCRAPED.ELO" and match.game_count == 4
    assert len(load_rating_games(store, exclude_sender="nobody matches this")) == 8


def test_the_list_records_who_computed_it(filled: str) -> None:
    compute_list(handle(filled), AS_OF, actor=SYSTEM)
    with open_database(filled).connect() as conn:
        stored = conn.exec_driver_sql("SELECT computed_by FROM rating_lists").scalar_one()
    assert stored == "system:ratinglist"


def test_page_is_filtered_and_paged_in_rating_order(filled: str) -> None:
    done = compute_list(handle(filled), AS_OF, actor=SYSTEM)
    ranked = done.ratings.ranked()
    page = list_page(handle(filled), limit=2, offset=1)
    assert page.selected == len(ranked)
    assert [r.entry for r in page.rows] == list(ranked[1:3])
    assert [r.place for r in page.rows] == [2, 3]
    dutch = list_page(handle(filled), country="Netherlands", limit=None)
    # 120005 and 120007 play for NLD in the file; the new player NEW1 too (imported as NLD)
    assert {r.country for r in dutch.rows} <= {"NLD"}
    french = list_page(handle(filled), country="FRA", limit=None)
    assert [int(r.entry.player) for r in french.rows] == [
        int(e.player) for e in ranked if int(e.player) == 50003
    ]
    assert list_page(handle(filled), continent="Asia").selected == 0


def test_errors(filled: str) -> None:
    with pytest.raises(NotFoundError, match="expected a stored rating list, got none"):
        find_list(handle(filled))
    with pytest.raises(NotFoundError, match="expected the id of a stored rating list, got '3'"):
        find_list(handle(filled), "3")
    with pytest.raises(InputError, match="expected a rating list id or an as-of date"):
        find_list(handle(filled), "latest")
    with pytest.raises(InputError, match="YYYY-MM-DD, got '2025-02-30'"):
        find_list(handle(filled), "2025-02-30")
    with pytest.raises(NotFoundError, match="expected a stored rating list as of 2025-02-01"):
        find_list(handle(filled), "2025-02-01")
    with pytest.raises(StoreError, match="expected a regular expression for the sender"):
        load_rating_games(open_database(filled), exclude_sender="[")
    with pytest.raises(RegistryError, match="expected a continent"):
        list_page(handle(filled), continent="Atlantis")
    with pytest.raises(RegistryError, match="expected a country code or name"):
        list_page(handle(filled), country="ZZZ")


@pytest.mark.both_backends
def test_bulk_insert_of_a_large_list_stores_every_row(db: str) -> None:
    """A 16,000-player list in one bulk insert (its time: `benchmarks/rate_command.py`)."""
    rng = np.random.default_rng(3)
    n = 16_000
    first = rng.integers(1, n, size=80_000)
    second = (first + rng.integers(1, 50, size=80_000)) % n + 1
    keep = first != second
    days = np.full(keep.sum(), dt.date(2025, 1, 1).toordinal())
    arrays = GameArrays.from_arrays(
        first[keep], second[keep], rng.integers(0, 3, keep.sum()) / 2, days
    )
    ratings = rate(arrays, EuropeanParams(), dt.date(2025, 1, 31))
    rows = [
        (int(p), float(r), 50.0, True, True, 10, dt.date(2025, 1, 1), "NLD", "Europe")
        for p, r in zip(ratings.players, ratings.ratings, strict=True)
    ]
    values = {
        "as_of": ratings.as_of,
        "computed_at": dt.datetime.now(dt.UTC),
        "label": None,
        "computed_by": SYSTEM.label,
        "parameters": ratings.params.to_dict(),
        "exclude_sender": None,
        "game_count": len(arrays),
        "rated": len(ratings),
        "listed": len(ratings),
        "official": len(ratings),
        "unrated": 0,
        "iterations": ratings.iterations,
        "max_residual": 0.0,
    }
    store = open_database(db, create=True)
    with store.begin() as conn:
        info = save_list(conn, values, rows)
    assert info.rated == len(ratings) > 15_000
    with store.connect() as conn:
        assert len(entry_rows(conn, info.id)) == len(ratings)
