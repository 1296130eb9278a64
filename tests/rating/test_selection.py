"""File rules of the rating profiles (issue 14): each rule and their order."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from ratinglist.errors import RatingError
from ratinglist.rating.profile import EXACT, WOF, profile_by_name
from ratinglist.rating.selection import (
    Duplicates,
    Fate,
    FileDate,
    ListOverride,
    ResultsFile,
    Selection,
    add_months,
)

AS_OF = dt.date(2024, 12, 31)
FILE = ResultsFile(
    tournament=1,
    file_name="20241102_Open.ELO",
    country="France",
    start=dt.date(2024, 11, 2),
    sender="DIRECTOR Jane",
    received=dt.date(2024, 11, 5),
)


def fate(file: ResultsFile, selection: Selection, as_of: dt.date = AS_OF) -> Fate:
    return selection.decide(file, as_of)


def test_exact_rules_take_started_files_and_one_copy() -> None:
    late = dataclasses.replace(FILE, received=dt.date(2025, 3, 1))
    assert fate(late, EXACT.selection) is Fate.RATED
    assert fate(dataclasses.replace(FILE, start=dt.date(2025, 1, 1)), EXACT.selection) is (
        Fate.NOT_STARTED
    )
    duplicate = dataclasses.replace(FILE, duplicate=True)
    assert fate(duplicate, EXACT.selection) is Fate.DUPLICATE
    included = dataclasses.replace(duplicate, include_duplicate=True)
    assert fate(included, EXACT.selection) is Fate.RATED


def test_received_rule_leaves_out_files_that_arrived_after_the_list() -> None:
    rules = Selection(by=FileDate.RECEIVED)
    assert fate(FILE, rules) is Fate.RATED
    arrived_on_the_day = dataclasses.replace(FILE, received=AS_OF)
    assert fate(arrived_on_the_day, rules) is Fate.RATED
    late = dataclasses.replace(FILE, received=AS_OF + dt.timedelta(days=1))
    assert fate(late, rules) is Fate.NOT_RECEIVED


def test_generated_senders_out_unless_kept() -> None:
    rules = Selection(exclude_senders="rating committee|^auto$", keep_senders="backfill")
    committee = dataclasses.replace(FILE, sender="WOF Rating Committee (scrape)")
    backfill = dataclasses.replace(FILE, sender="WOF rating committee (JP Federation backfill)")
    assert fate(committee, rules) is Fate.SENDER
    assert fate(backfill, rules) is Fate.RATED
    assert fate(dataclasses.replace(FILE, sender="auto"), rules) is Fate.SENDER
    assert fate(dataclasses.replace(FILE, sender="Automatic Anna"), rules) is Fate.RATED


def test_both_copies_of_a_duplicate_count_unless_excluded_by_hand() -> None:
    rules = Selection(duplicates=Duplicates.BOTH)
    duplicate = dataclasses.replace(FILE, duplicate=True)
    assert fate(duplicate, rules) is Fate.RATED
    assert fate(dataclasses.replace(duplicate, excluded=True), rules) is Fate.EXCLUDED


def test_list_overrides_apply_to_their_month_only() -> None:
    rules = Selection(
        by=FileDate.RECEIVED,
        exclude_senders="committee",
        overrides=(
            ListOverride("2024-12", exclude=(FILE.file_name,)),
            ListOverride("2025-01", include=("committee.ELO",)),
        ),
    )
    assert fate(FILE, rules) is Fate.EXCLUDED_FOR_LIST
    assert fate(FILE, rules, dt.date(2025, 1, 31)) is Fate.RATED
    committee = dataclasses.replace(FILE, file_name="committee.ELO", sender="committee")
    assert fate(committee, rules) is Fate.SENDER
    assert fate(committee, rules, dt.date(2025, 1, 15)) is Fate.INCLUDED_FOR_LIST
    assert Fate.INCLUDED_FOR_LIST.rated and not Fate.EXCLUDED_FOR_LIST.rated
    # an inclusion never brings in a tournament that had not started
    future = dataclasses.replace(committee, start=dt.date(2025, 2, 1))
    assert fate(future, rules, dt.date(2025, 1, 15)) is Fate.NOT_STARTED


def test_wof_profile_leaves_out_the_two_late_files_of_the_published_lists() -> None:
    norway = dataclasses.replace(FILE, file_name="20241102_Norway_XOT.ELO", country="Norway")
    poland = dataclasses.replace(
        FILE,
        file_name="20260418_1_Ochota_open.ELO",
        start=dt.date(2026, 4, 18),
        received=dt.date(2026, 4, 18),
    )
    assert fate(norway, WOF.selection) is Fate.EXCLUDED_FOR_LIST
    assert fate(norway, WOF.selection, dt.date(2025, 1, 31)) is Fate.RATED
    assert fate(poland, WOF.selection, dt.date(2026, 5, 12)) is Fate.EXCLUDED_FOR_LIST
    assert fate(poland, WOF.selection, dt.date(2026, 6, 30)) is Fate.RATED


def test_profiles_by_name() -> None:
    assert profile_by_name(" WOF ") is WOF
    assert profile_by_name("exact") is EXACT
    with pytest.raises(RatingError, match="'glicko'"):
        profile_by_name("glicko")


@pytest.mark.parametrize(
    ("override", "message"),
    [
        (lambda: ListOverride("2024-13-01"), "YYYY-MM"),
        (lambda: ListOverride("2024-12", include=("a",), exclude=("a",)), "both"),
        (lambda: Selection(exclude_senders="("), "regular expression"),
    ],
)
def test_bad_rules_are_refused(override: object, message: str) -> None:
    with pytest.raises(RatingError, match=message):
        override()  # type: ignore[operator]


@pytest.mark.parametrize(
    ("day", "months", "expected"),
    [
        (dt.date(2024, 11, 2), 4, dt.date(2025, 3, 2)),
        (dt.date(2024, 10, 31), 4, dt.date(2025, 2, 28)),
        (dt.date(2023, 10, 31), 4, dt.date(2024, 2, 29)),
        (dt.date(2024, 5, 12), 0, dt.date(2024, 5, 12)),
    ],
)
def test_add_months_clamps_to_the_month_end(day: dt.date, months: int, expected: dt.date) -> None:
    assert add_months(day, months) == expected
