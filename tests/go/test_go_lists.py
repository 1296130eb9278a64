"""Go rating lists: the three samples' records (PROVENANCE.md), bad lines, conversions."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from ratinglist.formats.diagnostics import Severity
from ratinglist.formats.go.aga_list import read_aga_list
from ratinglist.formats.go.egf_list import read_egf_list
from ratinglist.formats.go.ffg_list import read_ffg_list
from ratinglist.formats.go.lists import read_go_list, read_go_list_file
from ratinglist.model.go import rating_from_aga
from ratinglist.model.go.lists import ListOrigin, list_rating_text, rating_origin

EGF_LINE = (
    " 13633719  Aagren Thomas                         SE  Upp     6k   --   1484     1  T040529C"
)


def test_egf_columns_and_date() -> None:
    text = "(22 Feb 2018)\n" + EGF_LINE + "\n" + EGF_LINE.replace("1484", "14x4") + "\n"
    read = read_egf_list(text, "egf.txt")
    assert read.rating_list.published == dt.date(2018, 2, 22)
    (player,) = read.rating_list.players
    assert (player.number, player.surname, player.first_name) == ("13633719", "Aagren", "Thomas")
    assert (player.country, player.club, player.grade, player.rating) == ("SE", "Upp", "6k", 1484)
    (bad,) = read.diagnostics
    assert (bad.source, bad.line, bad.code, bad.severity) == ("egf.txt", 3, "E401", Severity.ERROR)


def test_ffg_bad_lines_are_reported_by_line() -> None:
    good = "ABADIA Mickaël                        -1400 - 9728205 94MJ FR"
    text = (
        "#Echelle au 11/01/2021 07:09:39\n"
        + good
        + "\n12 short line\n"
        + good.replace("-1400", "-14a0")
    )
    read = read_ffg_list(text, "ech.txt")
    assert read.rating_list.published == dt.date(2021, 1, 11)
    assert [p.surname for p in read.rating_list.players] == ["ABADIA"]
    assert [(d.line, d.code) for d in read.diagnostics] == [(3, "E401"), (4, "E401")]


def test_aga_names_without_comma_or_first_name() -> None:
    text = "Brody Michael Morris\t22626\tYouth\t\t5/3/2017\t\tUT\t\t\nDanio\t14281\tNon\t-21.3\t\n"
    text += ", Eric Yang\t23699\tYouth\t-32.13307\t1/21/2019\nSmith, Ann\tx12\tFull\t\t\n"
    read = read_aga_list(text, "aga.txt")
    names = [(p.surname, p.first_name) for p in read.rating_list.players]
    assert names == [("Brody", "Michael Morris"), ("Danio", "x")]
    assert [(d.line, d.code) for d in read.diagnostics] == [(2, "W402"), (3, "W402"), (4, "E401")]


def test_origin_texts_as_opengotha_writes_them() -> None:
    # Seen in real OpenGotha files: rating 276 "FFG : -1774", 999 "AGA : -11.51",
    # -700 "AGA : -28.50", 1001 "EGF : 1001".
    assert rating_origin(ListOrigin.FFG, 276) == "FFG : -1774"
    assert rating_origin(ListOrigin.AGA, 999) == "AGA : -11.51"
    assert rating_origin(ListOrigin.AGA, -700) == "AGA : -28.50"
    assert rating_origin(ListOrigin.EGF, 1001) == "EGF : 1001"
    assert list_rating_text(ListOrigin.AGA, 2050) == "1.00"


def test_unknown_layout_is_an_error() -> None:
    from ratinglist.errors import FormatError

    with pytest.raises(FormatError, match="expected an EGF, FFG or AGA"):
        read_go_list("hello\nworld\n", "x.txt")


@pytest.mark.realdata
def test_samples_parse_to_provenance_records(real_data: Path) -> None:
    folder = real_data / "go" / "opengotha-rgf"
    egf = read_go_list_file(folder / "egf_rl.txt").rating_list
    assert egf.origin is ListOrigin.EGF and len(egf.players) == 10
    assert egf.published == dt.date(2018, 2, 22)
    first, second = egf.players[:2]
    assert (first.number, first.surname, first.first_name, first.country, first.club) == (
        "13633719",
        "Aagren",
        "Thomas",
        "SE",
        "Upp",
    )
    assert (first.rating, first.grade) == (1484, "6k")
    assert (second.number, second.surname, second.first_name, second.country) == (
        "15813842",
        "Aahman",
        "Sebastian",
        "SE",
    )
    assert (second.club, second.rating, second.grade) == ("Vaxj", 1129, "10k")

    ffg = read_go_list_file(folder / "ffg_rl.txt").rating_list
    assert ffg.origin is ListOrigin.FFG and len(ffg.players) == 10
    aaij = ffg.players[0]
    assert (aaij.surname, aaij.first_name, aaij.country, aaij.club) == (
        "AAIJ",
        "René",
        "NL",
        "xxxx",
    )
    assert (aaij.raw_rating, aaij.number, aaij.licence_status) == ("243", "-------", "e")
    abadia = next(p for p in ffg.players if p.surname == "ABADIA")
    assert (abadia.first_name, abadia.country, abadia.club) == ("Mickaël", "FR", "94MJ")
    assert (abadia.raw_rating, abadia.number, abadia.licence_status) == ("-1400", "9728205", "-")

    aga_read = read_go_list_file(folder / "aga_rl.txt")
    anderson = aga_read.rating_list.players[0]
    assert (anderson.surname, anderson.first_name, anderson.number) == (
        "Anderson",
        "Glenn",
        "23168",
    )
    assert (anderson.expiry, anderson.club, anderson.country) == ("3/5/2018", "SEAG", "US")
    assert anderson.raw_rating == "-13.66602"
    assert anderson.rating == rating_from_aga(-13.66602)
    # Lines 4 and 5 have no surname (", Eric Yang", ", Joplin Go Club").
    assert [(d.line, d.code) for d in aga_read.diagnostics] == [(4, "W402"), (5, "W402")]


@pytest.mark.realdata
@pytest.mark.parametrize(
    ("name", "players", "bad_lines"),
    [("ech_ffg_V3.txt", 12511, [5893, 7989]), ("tdlista.txt", 22410, None)],
)
def test_full_lists_every_line_read_or_reported(
    real_data: Path, name: str, players: int, bad_lines: list[int] | None
) -> None:
    # Read times: benchmarks/go_files.py.
    read = read_go_list_file(real_data / "go" / "opengotha" / "ratinglists" / name)
    assert len(read.rating_list.players) == players
    if bad_lines is not None:
        # The two licence statuses 'X' that GO.md does not document.
        assert [d.line for d in read.diagnostics] == bad_lines
    assert all(d.line > 0 and d.source == name for d in read.diagnostics)
