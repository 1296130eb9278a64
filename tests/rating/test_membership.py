"""Which files a published list was computed from, read from who is in it
(`rating.membership`, issue 23 item 5)."""

from __future__ import annotations

import datetime as dt

import pytest

from ratinglist.errors import RatingError
from ratinglist.model.results_file import ResultsFile
from ratinglist.rating.membership import files_not_in_list, newcomers_by_file

DAY = dt.date(2026, 5, 12)


def results_file(tournament: int, start: dt.date) -> ResultsFile:
    return ResultsFile(tournament, f"F{tournament}.ELO", "Poland", start, "td", start)


FILES = (
    results_file(1, dt.date(2026, 1, 10)),
    results_file(2, dt.date(2026, 2, 14)),
    results_file(3, dt.date(2026, 3, 21)),
    results_file(4, dt.date(2026, 4, 18)),
    results_file(5, dt.date(2026, 4, 18)),
    results_file(6, dt.date(2026, 5, 16)),
)
START = {f.tournament: f.start for f in FILES}
# (first, second, file): players 10-12 start in file 1, 13 in file 2, file 3 brings
# nobody new, 14 and 15 start in file 4, 16 in file 5 (same day as 4; 15 also plays
# there), 17 in file 6 (after the list's date)
GAMES = (
    (10, 11, 1),
    (11, 12, 1),
    (13, 10, 2),
    (12, 13, 3),
    (14, 10, 4),
    (15, 11, 4),
    (16, 15, 5),
    (17, 10, 6),
)


def test_newcomers_are_the_players_whose_first_file_it_is() -> None:
    found = newcomers_by_file(GAMES, START)
    # file 3 brings no newcomer; on the same day (files 4 and 5) the lower file id is first
    assert found == {
        1: {10, 11, 12},
        2: {13},
        4: {14, 15},
        5: {16},
        6: {17},
    }


def test_a_file_whose_newcomers_are_all_missing_was_not_received() -> None:
    newcomers = newcomers_by_file(GAMES, START)
    # the list knows 10-13 and 16: file 4 (14 and 15 missing) was not received; file 5's
    # newcomer is known; file 3 has no newcomer to tell; file 6 started after the date
    late = files_not_in_list(FILES, newcomers, {10, 11, 12, 13, 16}, DAY)
    assert [(n.file.tournament, n.newcomers) for n in late] == [(4, 2)]
    # one of two newcomers known: the file was received
    assert files_not_in_list(FILES, newcomers, {10, 11, 12, 13, 14, 16}, DAY) == ()
    # an empty list knows nobody: every file with a newcomer, by start date then name
    nobody = files_not_in_list(FILES, newcomers, set(), DAY)
    assert [n.file.tournament for n in nobody] == [1, 2, 4, 5]


def test_min_newcomers_asks_for_more_evidence() -> None:
    newcomers = newcomers_by_file(GAMES, START)
    known = {10, 11, 12}
    assert [n.file.tournament for n in files_not_in_list(FILES, newcomers, known, DAY)] == [
        2,
        4,
        5,
    ]
    two = files_not_in_list(FILES, newcomers, known, DAY, min_newcomers=2)
    assert [n.file.tournament for n in two] == [4]
    with pytest.raises(RatingError, match="at least 1 newcomer"):
        files_not_in_list(FILES, newcomers, known, DAY, min_newcomers=0)


def test_a_game_of_an_undated_file_is_refused() -> None:
    with pytest.raises(RatingError, match="file 9"):
        newcomers_by_file([(1, 2, 9)], START)


def test_in_order_a_country_s_later_files_follow_its_missing_file() -> None:
    japan = (
        ResultsFile(1, "A.ELO", "Japan", dt.date(2026, 2, 1), "td", dt.date(2026, 2, 1)),
        ResultsFile(2, "B.ELO", "Japan", dt.date(2026, 3, 15), "td", dt.date(2026, 3, 15)),
        ResultsFile(3, "C.ELO", "japan", dt.date(2026, 4, 5), "td", dt.date(2026, 4, 5)),
        ResultsFile(4, "D.ELO", "Korea", dt.date(2026, 4, 5), "td", dt.date(2026, 4, 5)),
        ResultsFile(5, "E.ELO", "Japan", dt.date(2026, 1, 10), "td", dt.date(2026, 1, 10)),
    )
    # 1 brings 20 (known), 2 brings 21 (missing), 3 and 4 bring nobody; 5 brings 22
    # (missing) but 1, a later Japanese file, is known: 5 alone is missing
    newcomers = {1: {20}, 2: {21}, 5: {22}}
    plain = files_not_in_list(japan, newcomers, {20}, DAY)
    assert [n.file.tournament for n in plain] == [5, 2]
    ordered = files_not_in_list(japan, newcomers, {20}, DAY, in_order=True)
    # C (Japan, after B, no newcomer to tell) follows B; Korea's D is not touched
    assert [(n.file.tournament, n.newcomers) for n in ordered] == [(5, 1), (2, 1), (3, 0)]
    # a later Japanese file with a known newcomer shows the federation's files arrived
    assert files_not_in_list(japan, {**newcomers, 3: {23}}, {20, 23}, DAY, in_order=True) == (
        files_not_in_list(japan, newcomers, {20}, DAY)
    )
