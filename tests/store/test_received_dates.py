"""Received dates of results files (recorded at import, set by hand or by lag) and lists
computed from the files a federation had."""

from __future__ import annotations

import datetime as dt

import pytest

from ratinglist.errors import NotFoundError, RatingError, StoreError
from ratinglist.rating.profile import WOF, RatingProfile
from ratinglist.rating.selection import Duplicates, Fate, FileDate, Selection
from ratinglist.service.actor import SYSTEM
from ratinglist.service.rating_lists import compute_list, load_selected_games
from ratinglist.store import Store, import_paths
from ratinglist.store.importer import ReceivedDay, import_text_on
from ratinglist.store.rating_games import results_files
from ratinglist.store.tournaments import received_by_lag, set_received_date, set_received_dates
from tests.conftest import handle
from tests.store.conftest import UTRECHT, ClearFile

AS_OF = dt.date(2023, 1, 31)
PLAIN = (
    UTRECHT.replace("120005 (33)>(31) NEW1 B", "120005 (32)=(32) NEW1 B")
    .replace("+NEW1", "120009")
    .replace("NEW1", "120009")
)
"""The Utrecht file with known IDs only (a re-sent copy is recognised as a duplicate)."""
RECEIVED = RatingProfile("received", selection=Selection(by=FileDate.RECEIVED))


@pytest.fixture()
def two_files(store: Store, elo_file: ClearFile) -> Store:
    import_paths(store, [elo_file("20230114_UTRECHT.ELO", UTRECHT)])
    later = UTRECHT.replace("14/01/2023", "21/01/2023").replace(
        "120005 (33)>(31) NEW1 B", "120005 (32)=(32) NEW1 B"
    )
    import_paths(store, [elo_file("20230121_LATER.ELO", later)])
    return store


def test_received_date_defaults_to_the_import_day(two_files: Store) -> None:
    today = dt.datetime.now(dt.UTC).date()
    files = {f.file_name: f for f in results_files(two_files)}
    assert {f.received for f in files.values()} <= {today, today - dt.timedelta(days=1)}
    # files imported today were not received by a list of 2023
    picked = load_selected_games(two_files, AS_OF, RECEIVED.selection)
    assert [fate for _, fate in picked.fates] == [Fate.NOT_RECEIVED, Fate.NOT_RECEIVED]
    assert len(picked.games) == 0


def test_received_dates_per_file_and_in_bulk(two_files: Store) -> None:
    set_received_date(two_files, "20230114_UTRECHT.ELO", dt.date(2023, 1, 20))
    picked = load_selected_games(two_files, AS_OF, RECEIVED.selection)
    assert [(f.file_name, fate) for f, fate in picked.fates] == [
        ("20230114_UTRECHT.ELO", Fate.RATED),
        ("20230121_LATER.ELO", Fate.NOT_RECEIVED),
    ]
    only_first = len(picked.games)
    assert only_first > 0
    lagged = received_by_lag(two_files, {"netherlands": 1})
    assert lagged == {
        "20230114_UTRECHT.ELO": dt.date(2023, 2, 14),
        "20230121_LATER.ELO": dt.date(2023, 2, 21),
    }
    only_dutch_2023 = received_by_lag(
        two_files, {"Netherlands": 2}, None, started_from=dt.date(2023, 1, 15)
    )
    assert only_dutch_2023 == {"20230121_LATER.ELO": dt.date(2023, 3, 21)}
    assert received_by_lag(two_files, {"Japan": 4}, None) == {}
    assert set_received_dates(two_files, received_by_lag(two_files, {})) == 2
    assert {f.received for f in results_files(two_files)} == {
        dt.date(2023, 1, 14),
        dt.date(2023, 1, 21),
    }
    both = compute_list(handle(two_files), AS_OF, profile=RECEIVED, actor=SYSTEM)
    assert both.info.game_count > only_first and both.info.label == "received"
    set_received_date(two_files, "20230121_LATER.ELO", None)
    assert {f.file_name: f.received for f in results_files(two_files)}[
        "20230121_LATER.ELO"
    ] >= dt.date(2026, 1, 1)


def test_unknown_files_are_refused_and_nothing_changes(two_files: Store) -> None:
    with pytest.raises(StoreError, match=r"'NOPE\.ELO'"):
        set_received_dates(two_files, {"20230114_UTRECHT.ELO": AS_OF, "NOPE.ELO": AS_OF})
    assert AS_OF not in {f.received for f in results_files(two_files)}
    with pytest.raises(NotFoundError, match=r"NOPE\.ELO"):
        set_received_date(two_files, "NOPE.ELO", AS_OF)


def test_wof_profile_counts_both_copies_of_a_duplicate(store: Store, elo_file: ClearFile) -> None:
    import_paths(store, [elo_file("20230114_UTRECHT.ELO", PLAIN)])
    import_paths(store, [elo_file("20230115_UTRECHT_COPY.ELO", PLAIN)])
    set_received_dates(store, received_by_lag(store, {}))
    fates = dict(
        (f.file_name, fate) for f, fate in load_selected_games(store, AS_OF, Selection()).fates
    )
    assert fates == {
        "20230114_UTRECHT.ELO": Fate.RATED,
        "20230115_UTRECHT_COPY.ELO": Fate.DUPLICATE,
    }
    exact = compute_list(store, AS_OF, actor=SYSTEM)
    wof = compute_list(store, AS_OF, profile=WOF, actor=SYSTEM)
    assert WOF.selection.duplicates is Duplicates.BOTH
    assert wof.info.game_count == 2 * exact.info.game_count
    assert wof.info.label == "wof" and wof.ratings.params.solver.value == "ascent"


def test_an_import_records_the_received_day_it_is_told(store: Store, elo_file: ClearFile) -> None:
    # Utrecht (one day, 14/01/2023) from its file date; a two-day file to its last day; a
    # file received now on the import day; an intake item on the day given.
    two_days = UTRECHT.replace("%%Date: 14/01/2023", "%%Date: 14/01/2023 - 15/01/2023")
    moment = dt.datetime(2026, 3, 4, 23, 30, tzinfo=dt.UTC)
    import_paths(
        store,
        [elo_file("20230114_UTRECHT.ELO", UTRECHT), elo_file("20230114_TWO.ELO", two_days)],
        received=ReceivedDay.FILE_DATE,
        now=moment,
    )
    later = UTRECHT.replace("14/01/2023", "21/01/2023")
    import_paths(store, [elo_file("20230121_NOW.ELO", later)], now=moment)
    with store.begin() as conn:
        import_text_on(
            conn,
            store,
            "20230128_SENT.ELO",
            UTRECHT.replace("14/01/2023", "28/01/2023").encode(),
            now=moment,
            received=dt.date(2026, 2, 1),
        )
    received = {f.file_name: f.received for f in results_files(store)}
    assert received == {
        "20230114_UTRECHT.ELO": dt.date(2023, 1, 14),
        "20230114_TWO.ELO": dt.date(2023, 1, 15),
        "20230121_NOW.ELO": dt.date(2026, 3, 4),
        "20230128_SENT.ELO": dt.date(2026, 2, 1),
    }
    # A new version of a file is stamped with its own received day.
    import_paths(
        store,
        [elo_file("20230114_UTRECHT.ELO", UTRECHT.replace("(40)>(24)", "(38)>(26)"))],
        now=moment + dt.timedelta(days=2),
    )
    assert {f.file_name: f.received for f in results_files(store)}[
        "20230114_UTRECHT.ELO"
    ] == dt.date(2026, 3, 6)


def test_a_received_list_with_no_file_received_says_why_and_how_to_fix_it(
    two_files: Store,
) -> None:
    # Both files were imported (received) today: nothing was received by January 2023.
    with pytest.raises(RatingError) as refused:
        compute_list(handle(two_files), AS_OF, profile=WOF, actor=SYSTEM)
    message = str(refused.value)
    assert message.startswith(
        "expected files received by 2023-01-31 for the wof profile, got none: 2 files"
    )
    assert "ratinglist archive received --default-lag 0" in message
    assert "--received file-date" in message
    assert "at least one game" not in message
    # The fix the message gives works.
    set_received_dates(two_files, received_by_lag(two_files, {}))
    assert compute_list(handle(two_files), AS_OF, profile=WOF, actor=SYSTEM).info.game_count > 0
    # A list before any tournament started keeps the plain message.
    with pytest.raises(RatingError, match="expected at least one game to rate"):
        compute_list(handle(two_files), dt.date(2022, 12, 31), profile=WOF, actor=SYSTEM)
