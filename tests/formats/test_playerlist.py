"""Papp players list: parsing, diagnostics, canonical writing and byte-exact round trips."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratinglist.errors import PlayersListError
from ratinglist.formats.playerlist import (
    CountryChange,
    CountryLine,
    NameStyle,
    PlayerEntry,
    PlayersList,
    format_players_list,
    parse_players_list,
    read_players_list,
    write_players_list,
)
from ratinglist.model import Player, PlayerId

SAMPLE = (
    "% Liste des joueurs par pays\n"
    "\n"
    "pays = ARG\n"
    "\n"
    "280016 ACUNA, Ricardo                       %_<1714>\n"
    "  4167 COELLO, Alejandro                    %_<1830>\n"
    "280028 ANANOS, Sergio                      \n"
    "\n"
    "pays = PG\n"
    "\n"
    "  3202 EDAX (Delorme)                       %_<2172>\n"
    "   414 BAVINK ()                           \n"
    "\n"
    "pays = USA\n"
    "\n"
    "  4553 HAJKOVA,                             %_<-42>\n"
)


def codes(pl: PlayersList) -> list[str]:
    return [d.code for d in pl.diagnostics]


def test_sample_reads_players_with_block_country_and_rating() -> None:
    pl = parse_players_list(SAMPLE)
    assert pl.diagnostics == ()
    assert pl.countries() == ("ARG", "PG", "USA")
    assert pl.players()[:3] == (
        Player(PlayerId(280016), "ACUNA", "Ricardo", "ARG", 1714),
        Player(PlayerId(4167), "COELLO", "Alejandro", "ARG", 1830),
        Player(PlayerId(280028), "ANANOS", "Sergio", "ARG", None),
    )
    assert pl.players()[3] == Player(PlayerId(3202), "EDAX (Delorme)", "", "PG", 2172)
    assert pl.entries()[4].style is NameStyle.PROGRAM
    assert pl.entries()[4].firstname == ""
    assert pl.players()[5] == Player(PlayerId(4553), "HAJKOVA", "", "USA", -42)


def test_sample_round_trips_byte_for_byte() -> None:
    pl = parse_players_list(SAMPLE)
    assert format_players_list(pl) == SAMPLE
    assert pl.layout.name_width == 36


def test_changed_rating_is_written_in_canonical_layout() -> None:
    pl = parse_players_list(SAMPLE)
    items = tuple(
        PlayerEntry(e.id, e.surname, e.firstname, e.country, 2000, e.style, line=e.line)
        if isinstance(e, PlayerEntry) and e.id == 280028
        else e
        for e in pl.items
    )
    text = format_players_list(PlayersList(items, pl.layout))
    assert "280028 ANANOS, Sergio                       %_<2000>\n" in text


def test_from_players_sorts_blocks_and_names_like_papp() -> None:
    players = [
        Player(PlayerId(50001), "ZOLA", "Emile", "FRA", 1500),
        Player(PlayerId(11), "LAZARD", "Emmanuel", "FRA", None),
        Player(PlayerId(280016), "ACUNA", "Ricardo", "ARG", -3),
    ]
    text = format_players_list(PlayersList.from_players(players))
    assert text == (
        "% Liste des joueurs par pays\n\npays = ARG\n\n"
        "280016 ACUNA, Ricardo                       %_<-3>\n\npays = FRA\n\n"
        "    11 LAZARD, Emmanuel                    \n"
        " 50001 ZOLA, Emile                          %_<1500>\n"
    )
    assert parse_players_list(text).players() == tuple(
        sorted(players, key=lambda p: (p.country, p.surname))
    )


def test_papp_variants_country_override_comment_plain_name() -> None:
    text = "pays = FRA\n20038 Ruby, Kevin\t{USA}\n11 LAZARD Emmanuel %_<2003> `officer\n11 {BEL}\n"
    pl = parse_players_list(text, "x.txt")
    ruby, lazard = pl.entries()
    assert (ruby.country, ruby.country_override) == ("USA", "USA")
    assert (lazard.surname, lazard.firstname, lazard.rating) == ("LAZARD", "Emmanuel", 2003)
    assert lazard.style is NameStyle.PLAIN and lazard.comment == "officer"
    assert isinstance(pl.items[-1], CountryChange) and pl.items[-1].country == "BEL"
    assert codes(pl) == ["P108"]
    assert format_players_list(pl) == text


def test_crlf_bom_and_missing_final_newline_round_trip() -> None:
    text = "\ufeff% Liste\r\n\r\npays = BEL\r\n\r\n  5182 ACHTEN, Hendrik      %_<1663>"
    pl = parse_players_list(text)
    assert pl.layout.newline == "\r\n" and pl.layout.bom and not pl.layout.final_newline
    assert pl.players()[0].rating == 1663
    assert format_players_list(pl) == text


@pytest.mark.parametrize(
    ("line", "code", "column"),
    [
        ("     0 NOBODY, Zero", "P103", 6),
        ("  1234", "P102", 3),
        ("  1234 SMITH, John   %_<abc>", "P104", 22),
        ("garbage here", "P101", 1),
        ("pays = Fr", "P107", 8),
    ],
)
def test_bad_lines_give_diagnostics_with_position(line: str, code: str, column: int) -> None:
    pl = parse_players_list(f"pays = GBR\n  1000 OK, Fine\n{line}\n", "f.txt")
    diag = next(d for d in pl.diagnostics if d.code == code)
    assert (diag.line, diag.column, diag.text) == (3, column, line)
    assert diag.format().startswith(f"f.txt:3:{column}: ")
    assert format_players_list(pl) == f"pays = GBR\n  1000 OK, Fine\n{line}\n"


def test_duplicate_id_and_player_outside_block() -> None:
    pl = parse_players_list("  7 A, B\npays = FRA\n  7 C, D\n")
    assert codes(pl) == ["P106", "P105"]
    assert [d.line for d in pl.diagnostics] == [1, 3]


def test_strict_mode_raises_on_first_error() -> None:
    with pytest.raises(PlayersListError, match=r"<string>:3:3: error\[P105\]"):
        parse_players_list("pays = FRA\n  7 A, B\n  7 C, D\n", strict=True)


@pytest.mark.parametrize("text", ["a\x00b\n", "hello world\nnot a list\n"])
def test_unusable_text_raises(text: str) -> None:
    with pytest.raises(PlayersListError, match="expected"):
        parse_players_list(text)


def test_read_missing_file_raises(tmp_path: Path) -> None:
    with pytest.raises(PlayersListError, match="cannot read"):
        read_players_list(tmp_path / "nope.txt")


def test_latin1_file_is_read_with_warning_and_written_back(tmp_path: Path) -> None:
    data = "pays = FRA\n    11 L\xc9ON, Andr\xe9\n".encode("latin-1")
    path = tmp_path / "j.txt"
    path.write_bytes(data)
    pl = read_players_list(path)
    assert codes(pl) == ["P109"]
    assert pl.players()[0].surname == "LÉON"
    out = tmp_path / "out.txt"
    write_players_list(pl, out)
    assert out.read_bytes() == data


def test_utf16_file_windows_unicode_is_read_and_written_back(tmp_path: Path) -> None:
    """Notepad's "Unicode" saves UTF-16 with a byte-order mark: was 'got binary data'."""
    data = "pays = FRA\r\n    11 L\xc9ON, Andr\xe9\r\n".encode("utf-16")
    path = tmp_path / "j.txt"
    path.write_bytes(data)
    pl = read_players_list(path)
    assert codes(pl) == [] and pl.players()[0].surname == "L\xc9ON"
    out = tmp_path / "out.txt"
    write_players_list(pl, out)
    assert out.read_bytes() == data


def test_country_lines_keep_odd_spacing() -> None:
    text = "Pays =  FRA \n    11 LAZARD, Emmanuel\n"
    pl = parse_players_list(text)
    assert isinstance(pl.items[0], CountryLine) and pl.items[0].code == "FRA"
    assert format_players_list(pl) == text


names = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ -'", min_size=1, max_size=40).map(
    lambda s: " ".join(s.split()) or "X"
)


@given(
    st.lists(
        st.builds(
            Player,
            id=st.integers(1, 999_999).map(PlayerId),
            surname=names,
            firstname=st.sampled_from(["", "Jan", "Anne Marie", "J.-P."]),
            country=st.sampled_from(["FRA", "NLD", "JPN", "PG"]),
            rating=st.none() | st.integers(-500, 3000),
        ),
        unique_by=lambda p: p.id,
        max_size=30,
    )
)
def test_from_players_then_parse_gives_the_players_back(players: list[Player]) -> None:
    pl = PlayersList.from_players(players)
    again = parse_players_list(format_players_list(pl))
    assert [d for d in again.diagnostics if d.code != "P107"] == []
    assert sorted(again.players(), key=lambda p: p.id) == sorted(players, key=lambda p: p.id)


def snapshot_files() -> list[str]:
    from tests.conftest import real_data_dir

    base = real_data_dir()
    found = sorted(
        str(p.relative_to(base)) for p in base.glob("papp/joueurs-snapshots/*/joueurs.txt")
    )
    return [*found, "othello-rating-pipeline/joueurs.txt"]


@pytest.mark.realdata
@pytest.mark.parametrize("relative", snapshot_files())
def test_real_players_list_round_trips_byte_for_byte(real_data: Path, relative: str) -> None:
    path = real_data / relative
    pl = read_players_list(path)
    assert [d for d in pl.diagnostics if d.severity.value == "error"] == []
    assert format_players_list(pl).encode(pl.layout.encoding) == path.read_bytes()
    rebuilt = PlayersList.from_players(pl.players(), name_width=pl.layout.name_width)
    assert format_players_list(rebuilt).encode() == path.read_bytes()


@pytest.mark.realdata
def test_real_snapshot_count_and_sizes(real_data: Path) -> None:
    assert len(snapshot_files()) == 9
    pl = read_players_list(real_data / "othello-rating-pipeline/joueurs.txt")
    players = pl.players()
    assert len(players) == 17206
    assert sum(p.rating is not None for p in players) == 11946


@pytest.mark.realdata
def test_real_nouveaux_file(real_data: Path) -> None:
    pl = read_players_list(real_data / "papp/nouveaux.txt")
    assert pl.players() == (Player(PlayerId(20038), "Ruby", "Kevin", "USA"),)
    assert format_players_list(pl).encode() == (real_data / "papp/nouveaux.txt").read_bytes()
