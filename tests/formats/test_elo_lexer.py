"""Game-line tokenizer: every game on a line, or where and why the line stops being one."""

from __future__ import annotations

import pytest

from ratinglist.formats.elo_lexer import FAST_GAME, LexError, RawGame, scan_games


def _short(games: list[RawGame]) -> list[tuple[str, str | None, str, str | None, str, str | None]]:
    return [(g.first, g.first_discs, g.sign, g.second_discs, g.second, g.colour) for g in games]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("3752 (42)>(22) 1024 B", [("3752", "42", ">", "22", "1024", "B")]),
        ("179 < 11 B", [("179", None, "<", None, "11", "B")]),
        ("9>9", [("9", None, ">", None, "9", None)]),
        ("4321 = 545", [("4321", None, "=", None, "545", None)]),
        ("1024 (5)<(59) 11b", [("1024", "5", "<", "59", "11", "b")]),
        ("NEW1 (50)>(14) OTH2 W", [("NEW1", "50", ">", "14", "OTH2", "W")]),
        ("11 ( 40 )>( 24 ) 300\tw", [("11", "40", ">", "24", "300", "w")]),
        ("?????? (39)>(25) ??????", [("??????", "39", ">", "25", "??????", None)]),
        ("12 > 13 % verified", [("12", None, ">", None, "13", None)]),
        (
            "  5071 >   4875      36 (49)>(15)   5071 ",
            [("5071", None, ">", None, "4875", None), ("36", "49", ">", "15", "5071", None)],
        ),
        (
            "1 (33)>(31) 2 B 3 < 4 W 5 = 6",
            [
                ("1", "33", ">", "31", "2", "B"),
                ("3", None, "<", None, "4", "W"),
                ("5", None, "=", None, "6", None),
            ],
        ),
        ("B123 > W456 B", [("B123", None, ">", None, "W456", "B")]),
    ],
)
def test_scan_games_reads_every_game(line: str, expected: list[tuple[object, ...]]) -> None:
    games, error = scan_games(line)
    assert error is None
    assert _short(games) == expected


def test_scan_games_columns_are_one_based() -> None:
    games, _ = scan_games("  5071 >   4875      36 (49)>(15)   5071 ")
    assert [(g.column, g.second_column) for g in games] == [(3, 12), (22, 37)]


@pytest.mark.parametrize(
    ("line", "kept", "error"),
    [
        ("12 x 13", 0, LexError(4, "x", "discs in parentheses or a result sign '<', '>' or '='")),
        ("12 (40) 13", 0, LexError(9, "13", "a result sign '<', '>' or '='")),
        ("12 >", 0, LexError(5, "end of line", "discs in parentheses or a player ID")),
        ("NEW1 > OTH2W", 0, LexError(8, "OTH2W", "discs in parentheses or a player ID")),
        (
            "12 > 13 B 14",
            1,
            LexError(13, "end of line", "discs in parentheses or a result sign '<', '>' or '='"),
        ),
        ("12 > 13 (40)", 1, None),
        ("Round 1", 0, LexError(1, "Round", "a player ID")),
        ("12 > % 13", 0, LexError(6, "%", "discs in parentheses or a player ID")),
    ],
)
def test_scan_games_reports_the_first_problem(line: str, kept: int, error: LexError | None) -> None:
    games, found = scan_games(line)
    assert len(games) == kept
    if error is None:
        assert found is not None
        assert found.found == "(40)"
        assert found.expected.startswith("a colour 'B' or 'W'")
    else:
        assert found == error


@pytest.mark.parametrize(
    ("line", "matches"),
    [
        ("  4875 (50)>(14)  90004 B", True),
        ("4875>90004", True),
        ("4875 (5)<(59) 1", True),
        ("4875 > 90004 B % comment", False),
        ("NEW1 > 90004", False),
        ("4875 > 90004B", False),
    ],
)
def test_fast_path_matches_only_the_plain_shape(line: str, matches: bool) -> None:
    assert (FAST_GAME.fullmatch(line) is not None) is matches
