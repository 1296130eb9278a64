"""Stored rating lists: save and read back, find by id or date, sender filter, export ratings."""

from __future__ import annotations

import datetime as dt
import time

import numpy as np
import pytest

from ratinglist.errors import StoreError
from ratinglist.rating import EuropeanParams, GameArrays, MarginMethod, rate
from ratinglist.store import (
    Store,
    compute_rating_list,
    find_rating_list,
    import_paths,
    latest_rating_list,
    load_rating_entries,
    load_rating_games,
    players_with_list_ratings,
    rating_list_infos,
    save_rating_list,
    tournaments_by_sender,
)
from tests.store.conftest import UTRECHT, ClearFile

AS_OF = dt.date(2023, 1, 31)


def scraped(text: str) -> str:
    return text.replace("Jan Tester", "WOF rating committee (scrape)").replace(
        "14/01/2023", "21/01/2023"
    )


@pytest.fixture()
def filled(store: Store, elo_file: ClearFile) -> Store:
    draw = UTRECHT.replace("120005 (33)>(31) NEW1 B", "120005 (32)=(32) NEW1 B")
    import_paths(store, [elo_file("20230114_UTRECHT.ELO", draw)])
    second = scraped(draw).replace("50003 (20)<(44) NEW1 W", "50003 (44)>(20) NEW1 W")
    import_paths(store, [elo_file("20230121_SCRAPED.ELO", second)])
    return store


def test_save_and_read_back_every_column(filled: Store) -> None:
    games = load_rating_games(filled, as_of=AS_OF)
    arrays = GameArrays.from_half_points(games.first, games.second, games.score, games.day)
    params = EuropeanParams(margin_method=MarginMethod.FULL, margin_sigmas=1.5)
    ratings = rate(arrays, params, AS_OF)
    info = save_rating_list(filled, ratings, game_count=len(arrays), label="test")
    assert (info.id, info.as_of, info.label, info.params) == (1, AS_OF, "test", params)
    assert (info.rated, info.game_count) == (len(ratings), 8)
    assert find_rating_list(filled, "1") == info
    again = find_rating_list(filled, "2023-01-31")
    assert again.params == params and again.computed_at.year >= 2026
    assert again.listed == info.listed and again.max_residual == info.max_residual
    assert load_rating_entries(filled, info.id) == ratings.entries


def test_compute_stores_a_list_and_the_sender_filter_applies(filled: Store) -> None:
    everything = compute_rating_list(filled, AS_OF)
    filtered = compute_rating_list(filled, AS_OF, exclude_sender="Rating Committee")
    assert (everything.info.game_count, filtered.info.game_count) == (8, 4)
    assert (everything.excluded_files, filtered.excluded_files) == (0, 1)
    assert filtered.info.exclude_sender == "Rating Committee"
    assert latest_rating_list(filled) == filtered.info
    assert [i.id for i in rating_list_infos(filled)] == [1, 2]
    assert find_rating_list(filled, "2023-01-31").id == 2
    (match,) = tournaments_by_sender(filled, "committee")
    assert match.file_name == "20230121_SCRAPED.ELO" and match.game_count == 4
    assert len(load_rating_games(filled, exclude_sender="nobody matches this")) == 8


def test_players_with_list_ratings_rounds_listed_players(filled: Store) -> None:
    done = compute_rating_list(filled, AS_OF)
    players = {int(p.id): p for p in players_with_list_ratings(filled, done.info.id)}
    for e in done.ratings.entries:
        assert players[e.player].rating == (round(e.rating) if e.listed else None)
    unrated = set(players) - {int(p) for p in done.ratings.players}
    assert all(players[p].rating is None for p in unrated)


def test_errors(store: Store) -> None:
    with pytest.raises(StoreError, match="expected a stored rating list, got none"):
        latest_rating_list(store)
    with pytest.raises(StoreError, match="expected the id of a stored rating list, got '3'"):
        find_rating_list(store, "3")
    with pytest.raises(StoreError, match="expected a rating list id or an as-of date"):
        find_rating_list(store, "latest")
    with pytest.raises(StoreError, match="expected a valid date"):
        find_rating_list(store, "2025-02-30")
    with pytest.raises(StoreError, match="expected a stored rating list as of 2025-02-01"):
        find_rating_list(store, "2025-02-01")
    with pytest.raises(StoreError, match="expected a regular expression for the sender"):
        load_rating_games(store, exclude_sender="[")


def test_bulk_insert_of_a_large_list_is_fast(store: Store) -> None:
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
    start = time.perf_counter()
    info = save_rating_list(store, ratings, game_count=len(arrays))
    elapsed = time.perf_counter() - start
    assert info.rated == len(ratings) > 15_000
    assert len(load_rating_entries(store, info.id)) == len(ratings)
    assert elapsed < 5.0  # about 0.1 s; generous for a busy machine
