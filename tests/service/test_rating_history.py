"""`compute_history` on the demo archive: stored lists equal lists computed alone, re-runs
skip unchanged months, a late file recomputes exactly the months from its date on."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import numpy as np
import pytest

from ratinglist.rating import EuropeanParams, rate
from ratinglist.service.actor import Actor, ActorKind
from ratinglist.service.publishing import latest_published_list
from ratinglist.service.rating_history import (
    Every,
    HistoryProgress,
    HistoryRequest,
    MonthStatus,
    build_demo_history,
    compute_history,
)
from ratinglist.service.rating_lists import find_stored_list, select_game_arrays, stored_entries
from ratinglist.store import import_paths, open_store
from tests.conftest import REPO, Seeder, handle

ACTOR = Actor(ActorKind.CLI, "tester")
DEMO = REPO / "examples" / "demo_archive"

LATE_FILE = """\
%%Tournament: Late Club Evening
%%Country: Belgium
%%Date: 09/03/2024
%%Sender: Late Sender

%_% 120046, VAN VLIET, Eline, NLD, 1, 0
%_% 270038, WOUTERS, Tom, BEL, 1, 0

120046 (40)>(24) 270038 B
270038 (36)>(28) 120046 W
"""


def import_demo(url: str) -> None:
    store = open_store(url)
    try:
        import_paths(store, [DEMO])
    finally:
        store.close()


@pytest.fixture()
def db(seeded_db: Seeder) -> str:
    """A fresh copy of the demo archive imported once (SQLite and PostgreSQL)."""
    return seeded_db("demo", import_demo)


def test_stored_lists_equal_lists_computed_alone(db: str) -> None:
    seen: list[HistoryProgress] = []
    request = HistoryRequest(dt.date(2022, 1, 1), dt.date(2025, 8, 1))
    result = compute_history(handle(db), request, ACTOR, progress=seen.append)
    assert [m.as_of for m in result.months][:2] == [dt.date(2022, 1, 31), dt.date(2022, 2, 28)]
    assert len(result.months) == 44 == len(seen)
    assert [s.done for s in seen] == list(range(1, 45))
    assert result.count(MonthStatus.COMPUTED) == 44
    store = open_store(db)
    try:
        for month in result.months[::7]:
            assert month.list_id is not None
            info = find_stored_list(store, month.as_of.isoformat())
            assert info.id == month.list_id and info.label == "history"
            stored = stored_entries(store, month.list_id)
            games = select_game_arrays(store, month.as_of)[0]
            alone = rate(games, EuropeanParams(), month.as_of)
            assert info.game_count == len(games) == month.game_count
            assert [int(e.player) for e in stored] == alone.players.tolist()
            ratings = np.array([e.rating for e in stored])
            assert np.abs(ratings - alone.ratings).max() < 0.01
            margins = np.array([e.margin for e in stored])
            assert np.abs(margins - alone.margins).max() < 0.01
            assert [e.listed for e in stored] == alone.listed.tolist()
            assert [e.official for e in stored] == alone.official.tolist()
    finally:
        store.close()


def test_a_rerun_skips_every_month_and_a_late_file_recomputes_from_its_month(
    db: str, tmp_path: Path
) -> None:
    request = HistoryRequest(dt.date(2023, 6, 1), dt.date(2024, 12, 1))
    first = compute_history(handle(db), request, ACTOR)
    assert first.count(MonthStatus.COMPUTED) == len(first.months) == 19
    again = compute_history(handle(db), request, ACTOR)
    assert again.count(MonthStatus.UNCHANGED) == 19
    assert all(m.list_id is None for m in again.months)

    late = tmp_path / "late" / "20240309_Late.ELO"
    late.parent.mkdir()
    late.write_text(LATE_FILE, encoding="ascii")
    store = open_store(db)
    try:
        import_paths(store, [late])
    finally:
        store.close()
    after = compute_history(handle(db), request, ACTOR)
    recomputed = [m.as_of for m in after.months if m.status is MonthStatus.COMPUTED]
    assert recomputed == [m.as_of for m in after.months if m.as_of >= dt.date(2024, 3, 31)]
    assert len(recomputed) == 10


def test_other_parameters_or_sender_exclusion_are_other_inputs(db: str) -> None:
    request = HistoryRequest(dt.date(2024, 1, 1), dt.date(2024, 6, 1), every=Every.QUARTER)
    assert [m.as_of for m in compute_history(handle(db), request, ACTOR).months] == [
        dt.date(2024, 1, 31),
        dt.date(2024, 4, 30),
    ]
    other = HistoryRequest(
        dt.date(2024, 1, 1), dt.date(2024, 6, 1), every=Every.QUARTER, exclude_sender="Maes"
    )
    assert compute_history(handle(db), other, ACTOR).count(MonthStatus.COMPUTED) == 2
    tighter = HistoryRequest(
        dt.date(2024, 1, 1),
        dt.date(2024, 6, 1),
        every=Every.QUARTER,
        params=EuropeanParams(listing_months=12),
    )
    assert compute_history(handle(db), tighter, ACTOR).count(MonthStatus.COMPUTED) == 2
    assert compute_history(handle(db), tighter, ACTOR).count(MonthStatus.UNCHANGED) == 2


def test_months_before_any_game_are_not_ratable(db: str) -> None:
    request = HistoryRequest(dt.date(2021, 11, 1), dt.date(2022, 1, 1))
    statuses = [m.status for m in compute_history(handle(db), request, ACTOR).months]
    assert statuses == [MonthStatus.NOT_RATABLE, MonthStatus.NOT_RATABLE, MonthStatus.COMPUTED]


def test_demo_history_covers_the_archive_and_publishes_its_last_month(db: str) -> None:
    built = build_demo_history(handle(db), ACTOR)
    months = built.history.months
    assert months[0].as_of == dt.date(2022, 1, 31)
    assert months[-1].as_of == dt.date(2025, 8, 31)
    assert all(m.status is MonthStatus.COMPUTED for m in months)
    assert built.published.changed and built.published.as_of == dt.date(2025, 8, 31)
    latest = latest_published_list(handle(db))
    assert latest.id == months[-1].list_id
    assert latest.published_by == "cli:tester"
    again = build_demo_history(handle(db), ACTOR)
    assert again.history.count(MonthStatus.UNCHANGED) == len(months)
    assert not again.published.changed
