"""Loading rated games as integer columns: order, as-of date, merges, excluded tournaments."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select, update

from ratinglist.errors import StoreError
from ratinglist.store import (
    Store,
    import_paths,
    load_rating_games,
    merge_players,
    set_excluded_from_ratings,
    unmerge_players,
)
from ratinglist.store.schema import games
from tests.store.conftest import UTRECHT, ClearFile

LATER = (
    UTRECHT.replace("14/01/2023", "04/03/2023")
    .replace("Utrecht Open", "Delft Open")
    .replace("+NEW1", "+NEW2")
    .replace("NEW1", "NEW2")
    .replace("120005 (33)>(31) NEW2 B", "120005 (32)=(32) 50003 B")
)


def _two(store: Store, elo_file: ClearFile) -> None:
    import_paths(
        store,
        [
            elo_file("20230304_Delft_Open.ELO", LATER),
            elo_file("20230114_Utrecht_Open.ELO", UTRECHT),
        ],
    )


def test_columns_are_ordered_by_start_date(store: Store, elo_file: ClearFile) -> None:
    _two(store, elo_file)
    rows = load_rating_games(store)
    assert len(rows) == 8
    assert (
        list(rows.day)
        == [dt.date(2023, 1, 14).toordinal()] * 4 + [dt.date(2023, 3, 4).toordinal()] * 4
    )
    # Utrecht: 120005 > 120007, 50003 < NEW1, 120005 > NEW1, 120007 > 50003.
    assert list(rows.first[:4]) == [120005, 50003, 120005, 120007]
    assert list(rows.score[:4]) == [2, 0, 2, 2]
    assert list(rows.score[4:]) == [2, 0, 1, 2]
    assert len(set(rows.tournament)) == 2


def test_as_of_keeps_tournaments_started_by_that_date(store: Store, elo_file: ClearFile) -> None:
    _two(store, elo_file)
    assert len(load_rating_games(store, as_of=dt.date(2023, 1, 13))) == 0
    assert len(load_rating_games(store, as_of=dt.date(2023, 1, 14))) == 4
    assert len(load_rating_games(store, as_of=dt.date(2023, 3, 4))) == 8


def test_merged_ids_count_for_the_kept_id(store: Store, elo_file: ClearFile) -> None:
    _two(store, elo_file)
    merge_players(store, 120005, 120007, reason="same person")
    rows = load_rating_games(store)
    assert 120007 not in set(rows.first) | set(rows.second)
    unmerge_players(store, 120007, reason="two people")
    rows = load_rating_games(store)
    assert 120007 in set(rows.first) | set(rows.second)


def test_tournament_excluded_by_hand_is_not_rated(store: Store, elo_file: ClearFile) -> None:
    _two(store, elo_file)
    set_excluded_from_ratings(store, "20230304_Delft_Open.ELO", "results disputed")
    assert len(load_rating_games(store)) == 4
    assert len(load_rating_games(store, include_excluded=True)) == 8
    set_excluded_from_ratings(store, "20230304_Delft_Open.ELO", None)
    assert len(load_rating_games(store)) == 8


def test_accepts_engine_and_connection(store: Store, elo_file: ClearFile) -> None:
    _two(store, elo_file)
    assert len(load_rating_games(store.engine)) == 8
    with store.connect() as conn:
        assert len(load_rating_games(conn)) == 8


def test_a_stored_result_sign_outside_the_three_is_a_clear_error(
    store: Store, elo_file: ClearFile
) -> None:
    _two(store, elo_file)
    with store.engine.begin() as conn:
        conn.execute(update(games).where(games.c.outcome == "=").values(outcome="x"))
    with pytest.raises(StoreError, match="expected a stored result sign '>', '=', '<'"):
        load_rating_games(store)


def test_colours_and_tournaments_come_back_as_written(store: Store, elo_file: ClearFile) -> None:
    """The first player's colour (B 1, W -1, either case; 0 when the file does not say) and
    the tournament id, which the database hands back packed with the score in one integer."""
    _two(store, elo_file)
    with store.engine.begin() as conn:
        conn.execute(update(games).where(games.c.line == 13).values(first_colour="w"))
        conn.execute(update(games).where(games.c.line == 16).values(first_colour=None))
        stored = sorted({int(t) for (t,) in conn.execute(select(games.c.tournament_id))})
    rows = load_rating_games(store)
    # Each file's four games in file order (lines 12, 13, 15, 16): B, then W made w, B, then
    # W made none (Delft's file is Utrecht's with other players and dates: the same lines).
    assert list(rows.colour[:4]) == [1, -1, 1, 0]
    assert list(rows.colour[4:]) == [1, -1, 1, 0]
    assert sorted(set(rows.tournament)) == stored
    assert list(rows.score) == [2, 0, 2, 2, 2, 0, 1, 2]
