"""EGF .h9, FFG .tou and AGA results files: layouts, classes, and OpenGotha's own exports."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path

import pytest

from ratinglist.formats.go.aga_results import write_aga
from ratinglist.formats.go.egf_h9 import read_h9, write_h9
from ratinglist.formats.go.ffg_tou import read_tou, write_tou
from ratinglist.formats.go.half_game import format_half_game, parse_half_game
from ratinglist.model.go.results import (
    AgaGame,
    AgaPlayer,
    AgaResults,
    HalfGame,
    Mark,
    ResultsHeader,
    ResultsRow,
    ResultsTable,
    TimeControl,
    TimeSystem,
    adjusted_time,
    egf_class,
)

BYO = TimeSystem.STANDARD_BYOYOMI


@pytest.mark.parametrize(
    ("time", "internet", "adjusted", "cls"),
    [
        (TimeControl(60, BYO, byoyomi_seconds=30), False, 82, "A"),
        (TimeControl(60, TimeSystem.SUDDEN_DEATH), False, 60, "B"),
        (TimeControl(45, TimeSystem.FISCHER, fischer_seconds=15), False, 75, "A"),
        (TimeControl(25, TimeSystem.SUDDEN_DEATH), False, 25, "X"),
        (TimeControl(25, BYO, byoyomi_seconds=10), False, 32, "C"),
        (TimeControl(40, BYO, byoyomi_seconds=20), True, 55, "D"),
        (TimeControl(30, BYO, byoyomi_seconds=20), True, 45, "X"),
        (TimeControl(40, TimeSystem.CANADIAN_BYOYOMI, 0, 25, 300), False, 52, "B"),
    ],
)
def test_egf_class_and_adjusted_time(
    time: TimeControl, internet: bool, adjusted: int, cls: str
) -> None:
    # GO.md g: byo-yomi + 45 periods, Canadian + 60 x period/stones, Fischer + 120 increments.
    assert adjusted_time(time) == adjusted
    assert egf_class(time, internet) == cls


@pytest.mark.parametrize(
    ("game", "h9", "tou"),
    [
        (HalfGame(2, Mark.WIN, False, "w", 0), "   2+/w0", "    2+w0"),
        (HalfGame(15, Mark.LOSS, True, "b", 4), "  15-!b4", "   15-b4"),
        (HalfGame(0, Mark.JIGO), "   0=   ", "   0=   "),
        (HalfGame(8, Mark.UNKNOWN, False, "w", 0), "   8?/w0", "    8?w0"),
    ],
)
def test_half_game_strings(game: HalfGame, h9: str, tou: str) -> None:
    assert format_half_game(game) == h9
    assert format_half_game(game, with_type=False) == tou
    assert parse_half_game(h9) == game
    # The .tou file has no type character: by default reads back as played.
    assert parse_half_game(tou) == replace(game, by_default=False)


def _table() -> ResultsTable:
    header = ResultsHeader(
        "Open",
        "Open de Paris",
        "Paris",
        dt.date(2024, 5, 1),
        dt.date(2024, 5, 2),
        "7.5",
        19,
        0,
        TimeControl(60, TimeSystem.SUDDEN_DEATH),
        False,
        "Ratinglist 0",
    )
    rows = (
        ResultsRow(
            1,
            False,
            "Le Roux",
            "Anne Marie",
            "2D",
            "FR",
            "75Pa",
            ("3",),
            (HalfGame(2, Mark.WIN, False, "w", 0),),
            ffg_licence="1234567",
        ),
        ResultsRow(
            2,
            False,
            "Łapa",
            "Jonas",
            "12K",
            "",
            "",
            ("2½",),
            (HalfGame(1, Mark.LOSS, False, "b", 0),),
        ),
    )
    return ResultsTable(header, ("MMS",), rows)


def test_h9_layout_and_read_back() -> None:
    data = write_h9(_table())
    lines = data.decode("iso-8859-15").split("\n")
    assert lines[0] == "; CL[B]"  # 60 min sudden death: basic 60 but adjusted 60 < 75
    assert "; HA[" not in data.decode("iso-8859-15")
    assert lines[8:10] == [";", "; Pl Name                            Rk Co Club  MMS"]
    assert lines[10] == "   1 Le_Roux Anne_Marie              2D FR 75Pa    3 0 0 0    2+/w0"
    # Ł and ½ are not in ISO-8859-15: they become '?'; no country -> XX, no club -> xxxx.
    assert lines[11] == "   2 ?apa Jonas                     12K XX xxxx   2? 0 0 0    1-/b0"
    back = read_h9(data, "x.h9")
    assert back.diagnostics == ()
    assert back.criteria == ("MMS",)
    assert [(r.surname, r.first_name, r.rank) for r in back.rows] == [
        ("Le Roux", "Anne Marie", "2D"),
        ("?apa", "Jonas", "12K"),
    ]
    assert back.rows[0].rounds == _table().rows[0].rounds


def test_tou_layout_and_read_back() -> None:
    data = write_tou(_table())
    lines = data.decode("iso-8859-15").split("\n")
    assert lines[6] == ";time=60"  # sudden death: no "+b"
    assert lines[11] == "   1 Le_Roux Anne_Marie        2D 1234567 75Pa    2+w0"
    back = read_tou(data, "x.tou")
    assert back.fields["comm"] == "Open de Paris"
    assert back.rows[0].ffg_licence == "1234567"
    assert back.rows[1].rounds == (HalfGame(1, Mark.LOSS, False, "b", 0),)


def test_bad_results_line_is_reported() -> None:
    read = read_h9(b"; Pl Name\n  x1 Bad line\n", "bad.h9")
    assert [(d.line, d.code) for d in read.diagnostics] == [(2, "E601")]


def test_aga_ids_komi_and_results() -> None:
    results = AgaResults(
        "Cup",
        "Boston",
        dt.date(2024, 1, 6),
        dt.date(2024, 1, 7),
        (
            AgaPlayer("A", "", "Adams", "Ann", "3D"),
            AgaPlayer("B", "99999", "Baker", "Bob", "1K"),
            AgaPlayer("C", "17", "Chen", "Cai", "5K"),
        ),
        ((AgaGame("A", "B", "W", 0), AgaGame("C", "A", "?", 1)), (AgaGame("B", "C", "B", 3),)),
    )
    text = write_aga(results).decode("iso-8859-15")
    assert text.split("\n")[5:8] == [
        "17\tChen, Cai\t5K",
        "99998\tAdams, Ann\t3D",
        "99999\tBaker, Bob\t1K",
    ]
    assert "\nGAMES 1\n99998\t99999\tW\t0\t7\n17\t99998\t?\t0\t0\n" in text
    assert text.endswith("\nGAMES 2\n99999\t17\tB\t3\t0\n\n\nEND\n")


@pytest.mark.realdata
@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("Tournoi_de_Juvisy.h9", "h9"),
        ("TournoiChinois.h9", "h9"),
        ("ioct_20_02.h9", "h9"),
        ("Tournoi_de_Juvisy.tou", "tou"),
        ("CdFA2020-essaiLVCup.tou", "tou"),
    ],
)
def test_opengotha_player_lines_read_and_write_back(real_data: Path, name: str, kind: str) -> None:
    from ratinglist.formats.go.egf_h9 import h9_line
    from ratinglist.formats.go.ffg_tou import tou_line

    data = (real_data / "go" / "opengotha" / name).read_bytes()
    read = read_h9(data, name) if kind == "h9" else read_tou(data, name)
    assert read.diagnostics == ()
    lines = [line for line in data.decode("iso-8859-15").split("\n") if line and line[0] != ";"]
    write = h9_line if kind == "h9" else tou_line
    assert [write(row) for row in read.rows] == lines


def test_h9_pins_written_and_read() -> None:
    table = _table()
    rows = (replace(table.rows[0], egf_pin="13633719"), table.rows[1])
    data = write_h9(replace(table, rows=rows), pins=True)
    lines = data.decode("iso-8859-15").split("\n")
    assert lines[10].endswith("    2+/w0 |13633719")
    assert not lines[11].endswith("|")  # no PIN, nothing added
    back = read_h9(data, "x.h9")
    assert [r.egf_pin for r in back.rows] == ["13633719", ""]
    assert back.rows[0].rounds == table.rows[0].rounds
