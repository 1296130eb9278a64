"""Fidelity against the published WOF lists (benchmarks/wof_fidelity.py on the real archive)."""

from __future__ import annotations

import datetime as dt
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from ratinglist.service.actor import SYSTEM
from ratinglist.service.rating_lists import compute_list
from ratinglist.store import open_store
from tests.conftest import REPO, copy_of_real_archive, handle


def load_benchmark() -> ModuleType:
    path = REPO / "benchmarks" / "wof_fidelity.py"
    spec = importlib.util.spec_from_file_location("wof_fidelity", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["wof_fidelity"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def measured(
    real_data: Path, real_archive: Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    # The benchmark imports the archive into an empty database and sets each file's received
    # day by its lag rules; here the shared import is copied and given the same received days.
    benchmark = load_benchmark()
    db = copy_of_real_archive(real_archive, tmp_path_factory.mktemp("fidelity"))
    store = open_store(f"sqlite:///{db}")
    try:
        assert benchmark.set_archive_received_dates(store) > 7000
    finally:
        store.close()
    result: dict[str, Any] = benchmark.measure(db, real_data)
    result["db"] = db
    return result


def profile(measured: dict[str, Any], index: int, name: str) -> dict[str, Any]:
    lst = measured["lists"][index]
    result: dict[str, Any] = lst["profiles"][name]
    return result


@pytest.mark.realdata
@pytest.mark.slow
def test_exact_2026_list_reproduces_published_european_ratings(measured: dict[str, Any]) -> None:
    assert measured["lists"][1]["as_of"] == "2026-05-12"
    europe = profile(measured, 1, "exact")["europe_own_offset"]
    assert europe["players"] > 600
    assert europe["within_2"] >= 0.80
    assert europe["within_1"] >= 0.60
    assert abs(europe["median_offset"]) < 5


@pytest.mark.realdata
@pytest.mark.slow
def test_exact_2024_list_reproduces_published_european_ratings(measured: dict[str, Any]) -> None:
    assert measured["lists"][0]["as_of"] == "2024-12-31"
    europe = profile(measured, 0, "exact")["europe_own_offset"]
    assert europe["players"] > 450
    assert europe["within_2"] >= 0.85


@pytest.mark.realdata
@pytest.mark.slow
def test_wof_profile_meets_issue_14_acceptance(measured: dict[str, Any]) -> None:
    """Issue 14, offset over all listed players: May-2026 >= 95% of Europeans within 2
    points and Dec-2024 >= 90%, comparing the two lists as printed (our ratings rounded to
    integers like the WOF's); with our unrounded ratings May-2026 is one player short
    (94.9%, docs/decisions.md) and >= 95% with the European offset. The WOF profile beats
    the exact one on both lists."""
    may = profile(measured, 1, "wof")
    december = profile(measured, 0, "wof")
    assert may["europe"]["players"] > 600 and december["europe"]["players"] > 450
    assert may["europe_as_published"]["players"] == may["europe"]["players"]
    assert may["europe_as_published"]["within_2"] >= 0.95
    assert december["europe_as_published"]["within_2"] >= 0.90
    assert may["europe"]["within_2"] >= 0.945
    assert may["europe_own_offset"]["within_2"] >= 0.95
    assert may["europe"]["within_1"] >= 0.78
    assert december["europe"]["within_2"] >= 0.90
    assert december["europe_own_offset"]["within_2"] >= 0.95
    for index in (0, 1):
        exact = profile(measured, index, "exact")["europe"]["within_2"]
        assert profile(measured, index, "wof")["europe"]["within_2"] > exact


@pytest.mark.realdata
@pytest.mark.slow
def test_default_pattern_removes_only_third_party_files(measured: dict[str, Any]) -> None:
    counts = {row["pattern"]: row for row in measured["senders"]}
    default = counts["rating committee|unofficial|scrape"]
    assert default["files"] == counts["rating committee"]["files"] > 250
    # `auto` files all start after both calculation dates: adding them changes nothing
    assert counts["auto"]["until_2026-05-12"] == 0


@pytest.mark.realdata
@pytest.mark.slow
def test_list_with_a_lopsided_newcomer_converges(measured: dict[str, Any]) -> None:
    """As of 2025-01-31 an unbounded Newton step once saturated p and stalled the fit."""
    done = compute_list(
        handle(f"sqlite:///{measured['db']}"),
        dt.date(2025, 1, 31),
        exclude_sender="rating committee|unofficial|scrape",
        actor=SYSTEM,
    )
    assert done.ratings.max_residual < 1e-6 and done.info.iterations < 40
