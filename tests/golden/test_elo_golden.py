"""Golden tests on real .ELO quirks: the exact diagnostics and games at the exact lines.

The files are read from the real archive (`wof_results` fixture), never copied here; the
expectations were checked by hand against the files.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from ratinglist.formats.elo import read_elo
from ratinglist.formats.results_file import ResultsFile
from ratinglist.model import Colour, DateRange, Outcome

pytestmark = pytest.mark.realdata

Game = tuple[str, int | None, str, int | None, str]


def read(wof_results: Path, name: str) -> ResultsFile:
    return read_elo(wof_results / name, source=Path(name).name)


def lines_with(results: ResultsFile, code: str) -> list[int]:
    return [d.line for d in results.diagnostics if d.code == code]


def games_on(results: ResultsFile, line: int) -> list[Game]:
    return [
        (g.first, g.first_discs, g.outcome.value, g.second_discs, g.second)
        for g in results.games
        if g.line == line
    ]


def test_self_game(wof_results: Path) -> None:
    r = read(wof_results, "1999/19990711_ITAL7.ELO")
    assert [(d.code, d.line) for d in r.diagnostics if d.severity.value == "error"] == [
        ("E102", 16),
        ("E102", 17),
    ]
    assert r.diagnostics[1].format() == (
        "19990711_ITAL7.ELO:16:1: error[E102]: expected two different players,"
        " got '2858' against itself"
    )
    assert [g.line for g in r.games if g.excluded == "E102"] == [16, 17]
    assert len(r.games) == 9


def test_zero_and_unknown_ids(wof_results: Path) -> None:
    r = read(wof_results, "2026/20260504_2026_Hokuriku_Kinki_expert_games.ELO")
    assert lines_with(r, "E103") == [45, 64, 79, 98, 114, 130]
    assert [d.column for d in r.diagnostics if d.code == "E103"][:2] == [7, 25]
    assert [g.line for g in r.games if g.excluded == "E103"] == [45, 64, 79, 98, 114, 130]
    assert lines_with(r, "E104")[:3] == [42, 43, 52]
    assert lines_with(r, "W208") == [17, 25, 26, 33, 35]
    assert r.encoding == "utf-8"


def test_discs_contradicting_the_sign_are_warnings(wof_results: Path) -> None:
    r = read(wof_results, "2019/20190518_Rinkai_CC_Beg_B151.ELO")
    assert lines_with(r, "W201") == [
        18, 19, 20, 21, 25, 26, 27, 29, 33, 35, 36, 39,
        40, 41, 42, 43, 46, 47, 48, 50, 53, 54, 55, 57,
    ]  # fmt: skip
    assert {d.severity.value for d in r.diagnostics} == {"warning"}
    first = r.games[0]
    assert (first.outcome, first.first_discs, first.second_discs, first.excluded) == (
        Outcome.WIN,
        12,
        52,
        None,
    )


def test_game_ids_missing_from_the_player_list(wof_results: Path) -> None:
    r = read(wof_results, "2019/20191124_CH_Brazil_B.ELO")
    assert [(d.code, d.line, d.column, d.text) for d in r.diagnostics if d.code == "E101"] == [
        ("E101", 83, 1, "290174"),
        ("E101", 92, 18, "290174"),
    ]
    assert [g.line for g in r.games if g.excluded is not None] == [83, 92]


def test_singapore_player_lines_without_commas(wof_results: Path) -> None:
    """Every game ID is listed; the player lines lack commas after the country (W206)."""
    r = read(wof_results, "2015/20151101_12_Singapore_open.ELO")
    assert lines_with(r, "W206") == list(range(8, 35))
    assert lines_with(r, "E101") == []
    assert len(r.players) == 27
    assert (r.players[0].token, r.players[0].country, r.players[0].score) == ("250008", "SGP", 5.0)
    assert (r.players[11].token, r.players[11].new) == ("250141", True)
    assert len(r.games) == 13 * 6  # the file holds 6 of the 7 rounds
    assert all(g.excluded is None for g in r.games)


def test_stray_characters(wof_results: Path) -> None:
    r = read(wof_results, "2017/20170806_Kfar-Saba_ice-cream.ELO")
    assert [(d.line, d.column) for d in r.diagnostics if d.code == "W204"] == [
        (9, 41),
        (9, 44),
        (11, 38),
        (11, 41),
        (12, 35),
        (12, 38),
    ]
    assert [(p.token, p.score, p.discs) for p in r.players[2:5]] == [
        ("200018", 2.0, 145.0),
        ("200010", 2.0, 137.0),
        ("200034", 1.0, 120.0),
    ]
    assert len(r.games) == 15
    assert r.games[0].first_colour is Colour.BLACK


def test_several_games_on_one_line_barcelona(wof_results: Path) -> None:
    r = read(wof_results, "2013/20130406_EGP_Barcelona.ELO")
    assert games_on(r, 25) == [
        ("5071", None, ">", None, "4875"),
        ("36", 49, ">", 15, "5071"),
    ]
    assert r.header.dates == DateRange(dt.date(2013, 4, 6), dt.date(2013, 4, 7))
    assert len(r.games) == 35
    assert [d.code for d in r.diagnostics] == ["N301"]


def test_several_games_on_one_line_paulista(wof_results: Path) -> None:
    r = read(wof_results, "2016/20160925_Campeonato_Paulista_de_Othello_2016-Feminino.ELO")
    assert games_on(r, 36) == [
        ("290019", 44, ">", 20, "290074"),
        ("290133", 39, ">", 25, "290045"),
        ("290039", 35, ">", 29, "290059"),
        ("290054", 23, "<", 41, "290162"),
        ("290030", 39, ">", 25, "290145"),
        ("290046", 17, "<", 47, "290018"),
        ("290117", 35, ">", 29, "290022"),
        ("290066", 46, ">", 28, "290119"),
        ("290120", 53, ">", 11, "290055"),
        ("290044", 52, ">", 12, "290052"),
        ("290122", 0, "<", 64, "290027"),
    ]
    assert [(line, len(games_on(r, line))) for line in (40, 44, 48, 51)] == [
        (40, 11),
        (44, 11),
        (48, 11),
        (51, 11),
    ]
    assert [g.round for g in r.games[::11]] == [1, 2, 3, 4, 5]
    assert [(d.code, d.line) for d in r.diagnostics] == [("N302", 1), ("W203", 36)]


def test_header_date_range_creator_and_added_results(wof_results: Path) -> None:
    r = read(wof_results, "2019/20190504_EGP_Oslo.ELO")
    h = r.header
    assert (h.tournament, h.country, h.sender) == ("EGP Oslo", "Norway", "Tor Birger Skogen")
    assert h.dates == DateRange(dt.date(2019, 5, 4), dt.date(2019, 5, 5))
    assert (h.creator, h.creation_date) == ("PAPP 1.36", "2019/05/05 21:43")
    added = [(g.first, g.second, g.line, g.round) for g in r.games if g.added]
    assert added == [("150016", "79", 127, None), ("2", "839", 128, None), ("839", "2", 129, None)]
    assert len(r.games) == 69
    assert r.diagnostics == ()


def test_reversed_date_range_is_a_warning_read_in_order(wof_results: Path) -> None:
    r = read(wof_results, "2007/20070325_EGP_HOORN.ELO")
    assert [(d.code, d.line, d.column) for d in r.diagnostics if d.code in {"E002", "W005"}] == [
        ("W005", 3, 9)
    ]
    assert r.header.dates == DateRange(dt.date(2007, 3, 24), dt.date(2007, 3, 25))


def test_latin1_and_macroman_files(wof_results: Path) -> None:
    latin = read(wof_results, "2009/20090927_CH_Argentina.ELO")
    assert latin.encoding == "latin-1"
    assert [(d.code, d.line, d.column) for d in latin.diagnostics] == [("W209", 6, 82)]
    assert [p.token for p in latin.players][:2] == ["280008", "650"]
    mac = read(wof_results, "2010/20100829_CH_Brazil.ELO")
    assert mac.encoding == "mac-roman"
    assert [(d.code, d.line) for d in mac.diagnostics][:1] == [("W210", 8)]


@pytest.mark.slow
def test_every_real_file_reads_in_lenient_mode(wof_results: Path) -> None:
    paths = sorted(wof_results.rglob("*.ELO"))
    results = [read_elo(p) for p in paths]
    assert len(results) == 7938
    assert sum(len(r.games) for r in results) == 430_554
    assert all(r.header.tournament for r in results)
