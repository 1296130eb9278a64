"""Reading .ELO text: header, players, games, round markers, and every diagnostic code."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from ratinglist.errors import ResultsFileError
from ratinglist.formats.diagnostics import CODES, Severity
from ratinglist.formats.elo import decode_elo, parse_elo, read_elo
from ratinglist.formats.results_file import ResultsFile
from ratinglist.model import Colour, DateRange, Outcome

HEADER = "%%Tournament: T\n%%Country: France\n%%Date: 05/04/2008\n%%Sender: S\n"
PLAYERS = "%_% 11, LAZARD, Emmanuel, F, 1, 40\n%_% 300, TAMENORI, Hideshi, J, 0, 24\n"


def codes(results: ResultsFile) -> list[tuple[str, int]]:
    """The (code, line) pairs of a file's diagnostics."""
    return [(d.code, d.line) for d in results.diagnostics]


def test_spec_example_with_temporary_ids() -> None:
    text = HEADER + (
        "% ID, NAME, Firstname, COUNTRY, score, disc-count\n"
        "%_% 11, LAZARD, Emmanuel, F, 5, 654\n"
        "%_% 300, TAMENORI, Hideshi, J, 13, 1235\n"
        "%_% +NEW1, DE GRAAF, Jan C., NL, 8.5, 456\n"
        "%_% +OTH2, TASTET, Marc, F, 11.5, 1254.5\n"
        "%Round 1\n11 (40)>(24) 300 B\nNEW1 (50)>(14) OTH2 W\n"
        "%Round 2\nOTH2 (60)>(04) 11 B\nNEW1 (11)<(53) 300 B\n"
        "%Finals\nNEW1 (32)=(32) 300 W\n"
    )
    r = parse_elo(text, "spec.ELO")
    assert r.diagnostics == ()
    assert [(p.token, p.new, p.score, p.discs) for p in r.players] == [
        ("11", False, 5.0, 654.0),
        ("300", False, 13.0, 1235.0),
        ("NEW1", True, 8.5, 456.0),
        ("OTH2", True, 11.5, 1254.5),
    ]
    assert [(g.first, g.outcome, g.second, g.first_colour, g.round, g.line) for g in r.games] == [
        ("11", Outcome.WIN, "300", Colour.BLACK, 1, 11),
        ("NEW1", Outcome.WIN, "OTH2", Colour.WHITE, 1, 12),
        ("OTH2", Outcome.WIN, "11", Colour.BLACK, 2, 14),
        ("NEW1", Outcome.LOSS, "300", Colour.BLACK, 2, 15),
        ("NEW1", Outcome.DRAW, "300", Colour.WHITE, None, 17),
    ]
    assert [(m.number, m.line) for m in r.rounds] == [(1, 10), (2, 13), (None, 16)]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("05/04/2008", DateRange(dt.date(2008, 4, 5))),
        ("5/4/2008", DateRange(dt.date(2008, 4, 5))),
        ("06/04/2013 - 07/04/2013", DateRange(dt.date(2013, 4, 6), dt.date(2013, 4, 7))),
        ("04/05/2008a", DateRange(dt.date(2008, 5, 4), order="a")),
        ("04b/05/2008", DateRange(dt.date(2008, 5, 4), order="b")),
        ("04/05/2008 - 05/05/2008 c", DateRange(dt.date(2008, 5, 4), dt.date(2008, 5, 5), "c")),
        ("04/05/2008 - 04/05/2008", DateRange(dt.date(2008, 5, 4))),
    ],
)
def test_header_dates(value: str, expected: DateRange) -> None:
    r = parse_elo(f"%%Tournament: T\n%%Country: C\n%%Date: {value}\n%%Sender: S\n")
    assert r.header.dates == expected
    assert r.diagnostics == ()


def test_reversed_range_is_read_in_order_with_w005() -> None:
    r = parse_elo("%%Tournament: T\n%%Country: C\n%%Date: 05/05/2008 - 04/05/2008\n%%Sender: S\n")
    assert r.header.dates == DateRange(dt.date(2008, 5, 4), dt.date(2008, 5, 5))
    assert [(d.code, d.line, d.column) for d in r.diagnostics] == [("W005", 3, 9)]


@pytest.mark.parametrize("value", ["2008-05-04", "31/02/2008", "04a/05/2008b", ""])
def test_bad_dates_are_e002(value: str) -> None:
    r = parse_elo(f"%%Tournament: T\n%%Country: C\n%%Date: {value}\n%%Sender: S\n", "x.ELO")
    assert codes(r) == [("E002", 3)]
    assert r.header.dates is None
    assert r.diagnostics[0].format().startswith("x.ELO:3:9: error[E002]: expected ")


def test_missing_and_misplaced_header_lines() -> None:
    r = parse_elo("%%Country: C\n%%Tournament: T\n%%Date: 01/01/2000\n")
    assert codes(r) == [("W004", 1), ("W004", 2), ("E001", 4)]
    assert r.header.sender is None


def test_creator_creation_date_and_extra_header_lines() -> None:
    r = parse_elo(
        HEADER + "%%Creator: PAPP 1.36\n%%CreationDate: 2018/12/15 09:50\n"
        "%%Detail Info: http://x\n%%Round: 1\n1 > 2\n%%Late: no\n"
    )
    assert r.header.creator == "PAPP 1.36"
    assert r.header.creation_date == "2018/12/15 09:50"
    assert r.header.extra == (("Detail Info", "http://x"),)
    assert r.games[0].round == 1


@pytest.mark.parametrize(
    ("marker", "number"),
    [
        ("%Round 3", 3),
        ("%Round: 3", 3),
        ("% Round 3", 3),
        ("%round3:", 3),
        ("%%Round: 3", 3),
        ("%ROUND3", 3),
        ("%Ronde 3 :", 3),
        ("%Rround 3", 3),
        ("%Day 2 - Round 3", 3),
        ("%Round 3 (day 1 - division 2)", 3),
        ("%Finals", None),
        ("%Semi-finals", None),
        ("%play-off", None),
        ("%Women final", None),
    ],
)
def test_round_marker_spellings(marker: str, number: int | None) -> None:
    r = parse_elo(HEADER + "%Round 9\n1 > 2\n" + marker + "\n1 > 3\n")
    assert [g.round for g in r.games] == [9, number]
    assert r.rounds[-1].text == marker


@pytest.mark.parametrize("comment", ["% 7 Rounds Swiss Pairing Results", "%players", "% B\t\t% W"])
def test_other_comments_are_not_markers(comment: str) -> None:
    r = parse_elo(HEADER + "%Round 2\n" + comment + "\n1 > 2\n")
    assert r.games[0].round == 2
    assert len(r.rounds) == 1


def test_added_results_reset_the_round() -> None:
    r = parse_elo(HEADER + "%Round 5\n1 > 2\n%%Added results\n3 < 4\n%Round 6\n5 = 6\n")
    assert [(g.round, g.added) for g in r.games] == [(5, False), (None, True), (6, True)]


@pytest.mark.parametrize(
    ("line", "fields"),
    [
        ("%_% 11, LAZARD", ("11", "LAZARD", "", "", None, None, None, False)),
        (
            "%_% +300, TAMENORI, Hideshi, J, 1, 123",
            ("300", "TAMENORI", "Hideshi", "J", 1.0, 123.0, None, True),
        ),
        (
            "%_% + 4012, DE GRAAF, Jan C., NL, 5.5, 445.5, -",
            ("4012", "DE GRAAF", "Jan C.", "NL", 5.5, 445.5, None, True),
        ),
        (
            "%_%  120034, DE GRAAF, Wendy, NL, 5+2, 216",
            ("120034", "DE GRAAF", "Wendy", "NL", 7.0, 216.0, None, False),
        ),
        ("%_%  7, A, B, GB, 3, , -12", ("7", "A", "B", "GB", 3.0, None, -12, False)),
        ("%_%\t88,\tX,\t\tY,\tIL,\t2,\t40,\t1500", ("88", "X", "Y", "IL", 2.0, 40.0, 1500, False)),
        ("%_% 5, N, F, F, 1, 2 %Champion", ("5", "N", "F", "F", 1.0, 2.0, None, False)),
    ],
)
def test_player_line_variants(line: str, fields: tuple[object, ...]) -> None:
    r = parse_elo(HEADER + line + "\n")
    assert r.diagnostics == ()
    p = r.players[0]
    assert (p.token, p.surname, p.firstname, p.country, p.score, p.discs, p.rating, p.new) == fields
    assert p.line == 5


@pytest.mark.parametrize(
    "line",
    [
        "%_%__________",
        "%_% See: https://flipthedisc.com/live/559",
        "%_% ID, NAME, Firstname, COUNTRY",
    ],
)
def test_not_a_player_line_is_a_warning(line: str) -> None:
    r = parse_elo(HEADER + line + "\n")
    assert codes(r) == [("W205", 5)]
    assert r.players == ()


@pytest.mark.parametrize(
    ("line", "column", "players_score"),
    [
        ("%_% 1, A, B, SGP   5     381", 14, 5.0),
        ("%_% 1, A, B, F, five, 10", 17, None),
        ("%_% 1, A, B, F, 1, 10, high", 24, 1.0),
        ("%_% 1, A, B, F, 1, 10, 1500, 3, 4", 30, 1.0),
    ],
)
def test_bad_player_fields_are_w206(line: str, column: int, players_score: float | None) -> None:
    r = parse_elo(HEADER + line + "\n")
    assert [(d.code, d.line, d.column) for d in r.diagnostics] == [("W206", 5, column)]
    assert r.players[0].score == players_score


def test_duplicate_and_placeholder_players() -> None:
    r = parse_elo(HEADER + "%_% 11, A\n%_% ??????, B\n%_% 0, C\n%_% 11, A\n")
    assert codes(r) == [("W208", 6), ("W208", 7), ("W207", 8)]


def test_excluded_games() -> None:
    text = HEADER + PLAYERS + "11 > 300\n11 > 11\n0 < 300\n11 = ??????\n11 > 4\n5 > 6\n"
    r = parse_elo(text, "x.ELO")
    assert [g.excluded for g in r.games] == [None, "E102", "E103", "E104", "E101", "E101"]
    assert codes(r) == [
        ("E102", 8),
        ("E103", 9),
        ("E104", 10),
        ("E101", 11),
        ("E101", 12),
        ("E101", 12),
    ]
    assert [d.column for d in r.diagnostics if d.line == 12] == [1, 5]
    assert r.diagnostics[2].format() == (
        "x.ELO:10:6: error[E104]: expected a player ID, got an unknown ID '??????'"
    )


def test_without_player_list_any_id_is_usable_and_a_note_says_so() -> None:
    r = parse_elo(HEADER + "\n12 > 13\n")
    assert codes(r) == [("N301", 6)]
    assert r.games[0].excluded is None


@pytest.mark.parametrize(
    ("game", "code"),
    [
        ("11 (30)>(34) 300", "W201"),
        ("11 (34)<(30) 300", "W201"),
        ("11 (33)=(31) 300", "W201"),
        ("11 (32)>(32) 300", "W202"),
        ("11 (40)>(30) 300", "W203"),
        ("11 (65)>(0) 300", "W203"),
        ("11 (34)>(30) 300", None),
        ("11 (32)=(32) 300", None),
        ("11 (34)>300", None),
    ],
)
def test_discs_that_contradict_the_sign_warn_but_the_sign_counts(
    game: str, code: str | None
) -> None:
    r = parse_elo(HEADER + PLAYERS + game + "\n")
    assert codes(r) == ([] if code is None else [(code, 7)])
    assert r.games[0].outcome is Outcome(game.split(")")[1][0] if ")" in game else ">")
    assert r.games[0].excluded is None


def test_syntax_error_keeps_earlier_games_on_the_line() -> None:
    r = parse_elo(HEADER + PLAYERS + "11 > 300 W 300 x 11\n", "a.ELO")
    assert len(r.games) == 1
    assert r.diagnostics[0].format() == (
        "a.ELO:7:16: error[E100]: expected discs in parentheses or a result sign"
        " '<', '>' or '=', got 'x'"
    )


def test_strict_mode_raises_the_first_error() -> None:
    text = HEADER + PLAYERS + "11 (30)>(34) 300\n11 > 11\n0 > 11\n"
    with pytest.raises(ResultsFileError) as info:
        parse_elo(text, "s.ELO", strict=True)
    assert str(info.value) == (
        "s.ELO:8:1: error[E102]: expected two different players, got '11' against itself"
    )
    assert len(parse_elo(text, "s.ELO").games) == 3


def test_strict_mode_accepts_warnings() -> None:
    r = parse_elo(HEADER + PLAYERS + "11 (30)>(34) 300\n", strict=True)
    assert codes(r) == [("W201", 7)]


def test_crlf_cr_and_stray_characters() -> None:
    crlf = parse_elo((HEADER + PLAYERS + "11 > 300 B\n").replace("\n", "\r\n"))
    cr = parse_elo((HEADER + PLAYERS + "11 > 300 B\n").replace("\n", "\r"))
    assert crlf.diagnostics == cr.diagnostics == ()
    assert crlf.games == cr.games
    assert crlf.games[0].first_colour is Colour.BLACK
    stray = parse_elo(HEADER + "%_% 11, A, B, IL,\u2020 2, 40\n%_% 300, C\n11\u200e > 300\n")
    assert codes(stray) == [("W204", 5), ("W204", 7)]
    assert stray.players[0].score == 2.0
    assert [(g.first, g.second) for g in stray.games] == [("11", "300")]


def test_parse_never_raises_on_garbage() -> None:
    r = parse_elo("\x00\x01 > <\n%%Date: x\n((((\n")
    assert {d.code for d in r.diagnostics} >= {"E001", "E002", "E100", "W204"}


@pytest.mark.parametrize(
    ("data", "expected", "encoding", "code"),
    [
        (b"%%Tournament: T\n", "%%Tournament: T\n", "ascii", None),
        ("Tüm\n".encode(), "Tüm\n", "utf-8", None),
        (b"\xef\xbb\xbfTum\n", "Tum\n", "utf-8-sig", None),
        (b"\xef\xbb\xbfT\xfcm\n", "Tüm\n", "latin-1", "W209"),
        ("Tüm\n".encode("latin-1"), "Tüm\n", "latin-1", "W209"),
        (b"Maur\x92cio K-mar\x8bo\n", "Maurício K-marão\n", "mac-roman", "W210"),
    ],
)
def test_decode_elo(data: bytes, expected: str, encoding: str, code: str | None) -> None:
    text, used, warning = decode_elo(data, "d.ELO")
    assert used == encoding
    assert text == expected
    assert (None if warning is None else warning.code) == code


def test_read_elo_uses_the_path_as_source_and_checks_the_name(tmp_path: Path) -> None:
    path = tmp_path / "20080405_EGP_ALKMAAR.ELO"
    path.write_bytes((HEADER + PLAYERS + "11 x 300\n").encode("latin-1"))
    r = read_elo(path)
    assert r.source == str(path)
    assert r.diagnostics[0].format().startswith(f"{path}:7:4: error[E100]: expected")
    odd = tmp_path / "results.elo"
    odd.write_text(HEADER)
    assert codes(read_elo(odd, source="odd")) == [("N302", 1)]
    with pytest.raises(ResultsFileError, match=r"^cannot read results file"):
        read_elo(tmp_path / "missing.ELO")


def test_catalogue_codes_match_their_severity() -> None:
    prefix = {Severity.ERROR: "E", Severity.WARNING: "W", Severity.NOTE: "N"}
    for code, (severity, name) in CODES.items():
        assert code[0] == prefix[severity]
        assert name == name.lower() and " " not in name
