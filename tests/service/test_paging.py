"""The rows a long director's page draws (issue 34, item 2): a query by table, number or
name, the results still due, pages of a fixed size named by their first and last rows."""

from __future__ import annotations

import pytest

from ratinglist.service.tournaments.paging import Row, RowFilter, matches, page_rows

# a round of 7 tables: tables 2, 5 and 6 have their result
ROUND = [
    Row(1, "Kim, Youngsam Ohashi, Hirofumi", due=True),
    Row(2, "Müller, Jörg Dupont, Jean", due=False),
    Row(3, "Lee, Hyunwook Łukasz, Kowalski", due=True),
    Row(4, "Svensson, Karl Kimura, Aya", due=True),
    Row(5, "Dubois, Lea Ivanov, Ivan", due=False),
    Row(6, "Otto, Ida Berg, Ola", due=False),
    Row(7, "Nielsen, Nils Costa, Rui", due=True),
]


@pytest.mark.parametrize(
    ("query", "tables"),
    [
        ("", [1, 2, 3, 4, 5, 6, 7]),
        ("4", [4]),  # a number is a table, not a part of a name
        ("17", []),
        ("kim", [1, 4]),  # part of a name: Kim and Kimura
        ("KIM youngsam", [1]),  # every word, case ignored
        ("muller", [2]),  # accents ignored
        ("lukasz", [3]),
        ("jörg", [2]),
        ("nobody", []),
    ],
)
def test_a_query_finds_tables_by_number_or_names(query: str, tables: list[int]) -> None:
    assert [r.number for r in ROUND if matches(r, query)] == tables


def test_the_due_filter_keeps_the_tables_without_a_result() -> None:
    shown = page_rows(ROUND, RowFilter(due_only=True))
    assert [ROUND[i].number for i in shown.indices] == [1, 3, 4, 7]
    assert (shown.total, shown.found, shown.cut) == (7, 4, True)
    both = page_rows(ROUND, RowFilter("kim", due_only=True))
    assert [ROUND[i].number for i in both.indices] == [1, 4]


def test_pages_of_a_fixed_size_are_named_by_their_first_and_last_rows() -> None:
    # 7 rows by 3: tables 1-3, 4-6, 7
    first = page_rows(ROUND, RowFilter(), size=3)
    assert [(p.page, p.first, p.last) for p in first.pages] == [(1, "1", "3"), (2, "4", "6"),
                                                                 (3, "7", "7")]  # fmt: skip
    assert [ROUND[i].number for i in first.indices] == [1, 2, 3]
    third = page_rows(ROUND, RowFilter(page=3), size=3)
    assert [ROUND[i].number for i in third.indices] == [7]
    # past the end: the last page; below 1: the first
    assert page_rows(ROUND, RowFilter(page=99), size=3).page == 3
    assert page_rows(ROUND, RowFilter(page=0), size=3).page == 1
    # the due tables by 3: 1, 3, 4 then 7; a page is named by its rows' own labels
    due = page_rows(ROUND, RowFilter(due_only=True), size=3)
    assert [(p.first, p.last) for p in due.pages] == [("1", "4"), ("7", "7")]
    named = [Row(k, name, label=name) for k, name in enumerate(["Aa", "Bb", "Cc"], 1)]
    assert [(p.first, p.last) for p in page_rows(named, RowFilter(), size=2).pages] == [
        ("Aa", "Bb"),
        ("Cc", "Cc"),
    ]


def test_nothing_found_is_one_empty_page() -> None:
    shown = page_rows(ROUND, RowFilter("nobody"))
    assert (shown.indices, shown.found, shown.page, shown.pages) == ((), 0, 1, ())
    assert page_rows([], RowFilter()).indices == ()
