"""`diff_lists`: movers, newcomers, dropped, official status gained and lost."""

from __future__ import annotations

import datetime as dt

from ratinglist.model import PlayerId
from ratinglist.rating import RatingEntry, diff_lists
from ratinglist.rating.fidelity import compare_lists

DAY = dt.date(2026, 5, 1)


def entry(pid: int, rating: float, *, listed: bool = True, official: bool = True) -> RatingEntry:
    return RatingEntry(PlayerId(pid), rating, 150.0, official, listed, 20, DAY)


def test_groups_are_disjoint_where_they_should_be_and_sorted() -> None:
    before = [
        entry(1, 2000.0),
        entry(2, 1800.0),
        entry(3, 1700.0, official=False),
        entry(4, 1600.0),
        entry(5, 1500.0, listed=False),
        entry(7, 1400.0),
    ]
    after = [
        entry(1, 1990.4),
        entry(2, 1850.0, official=False),
        entry(3, 1690.0),
        entry(4, 1600.0, listed=False),
        entry(5, 1550.0),
        entry(6, 1900.0),
    ]
    result = diff_lists(before, after)
    assert [c.player for c in result.movers] == [2, 3, 1]
    assert [c.change for c in result.movers] == [50.0, -10.0, -9.599999999999909]
    assert result.movers[2].published_change == -10
    assert [c.player for c in result.newcomers] == [6, 5]
    assert result.newcomers[0].before is None and result.newcomers[1].before is not None
    assert [c.player for c in result.dropped] == [4, 7]
    assert result.dropped[1].after is None and result.dropped[1].change is None
    assert [c.player for c in result.became_official] == [3]
    assert [c.player for c in result.lost_official] == [2]


def test_same_list_has_no_changes() -> None:
    same = [entry(1, 2000.0), entry(2, 1800.0, listed=False)]
    result = diff_lists(same, same)
    assert [c.change for c in result.movers] == [0.0]
    assert result.newcomers == result.dropped == result.became_official == ()
    assert result.lost_official == ()


def test_fidelity_removes_the_median_offset_of_the_group() -> None:
    ours = [entry(1, 2005.0), entry(2, 1805.5), entry(3, 1610.0), entry(4, 1500.0, listed=False)]
    published = {1: 2000, 2: 1800, 3: 1600, 4: 1000}
    fid = compare_lists(ours, published)
    assert fid.players == 3 and fid.median_offset == 5.5
    assert [round(d.difference, 1) for d in fid.differences] == [4.5, -0.5, 0.0]
    assert fid.within_1 == 2 / 3 and fid.within_2 == 2 / 3
    fixed = compare_lists(ours, published, members={1, 2}, offset=0.0)
    assert fixed.within_1 == 0.0 and fixed.players == 2


def test_fidelity_as_published_compares_the_rounded_ratings() -> None:
    # ours print as 2005, 1806 (1805.6 rounds up), 1610; offsets 5, 6, 10: median 6
    ours = [entry(1, 2004.6), entry(2, 1805.6), entry(3, 1610.4)]
    published = {1: 2000, 2: 1800, 3: 1600}
    fid = compare_lists(ours, published, as_published=True)
    assert fid.median_offset == 6.0
    assert sorted(d.difference for d in fid.differences) == [-1.0, 0.0, 4.0]
    assert fid.within_1 == 2 / 3
    # unrounded: offsets 4.6, 5.6, 10.4, median 5.6: differences -1.0, 0.0, 4.8
    raw = compare_lists(ours, published)
    assert round(raw.median_offset, 6) == 5.6 and raw.within_1 == 2 / 3
