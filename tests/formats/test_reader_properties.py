"""Every reader, fed random and adversarial input, ends with values and diagnostics or its
documented error (`FormatError`), never another exception (issue 31: "safe with anything
anyone sends"). Inputs: random text over the characters each format gives meaning to, valid
files with random tokens spliced in, and long runs of one character or of digits (a digit run
past Python's 4,300-digit `int` limit used to crash the players list). Example counts are
small so the file runs in seconds; `benchmarks/parse_worst.py` measures the time."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratinglist.errors import FormatError
from ratinglist.formats.elo_reader import read_elo_bytes
from ratinglist.formats.go.egf_h9 import read_h9
from ratinglist.formats.go.ffg_tou import read_tou
from ratinglist.formats.go.list_text import decode_go_text
from ratinglist.formats.go.lists import read_go_list
from ratinglist.formats.go.opengotha_document import read_opengotha_document
from ratinglist.formats.playerlist_reader import parse_players_list
from ratinglist.model.go.lists import ListOrigin

FEW = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

SPECIAL = " \t\r\n%_-<>\"',;:/+=?!(){}[]&#.*0123456789aAzZé\x00\ufeff"

ELO = (
    "%%Tournament: Open\n%%Country: France\n%%Date: 04/05/2008\n%%Sender: Someone\n\n"
    "%_%  101, DUPONT, Jean, FRA, 1.0, 1\n%_%  102, MARTIN, Luc, FRA, 0.0, 1\n"
    "%Round 1\n   101 (40)>(24)    102\n%Finals\n   102 <    101\n"
)
PLAYERS = (
    "% Liste des joueurs par pays\n\npays = FRA\n\n"
    "101 DUPONT, Jean                       %_<1714>\n"
    "102 MARTIN, Luc {Lucas}                 %_<1302>\n"
)
H9 = (
    "; EV[Open]\n; DT[2019-10-26,2019-10-28]\n"
    "; Pl Name                            Rk Co Club  MMS  SOSSOSOS\n"
    "   1 Dupont Jean                     3D FR 75Ju   36  128  503 0    2+/w0\n"
    "   2 Martin Luc                      1K FR 75Pa   33  129  496 0    1-/b0\n"
)
TOU = (
    ";name=Open\n;date=26/10/2019\n;Num Nom Prenom               Niv Licence Club\n"
    "   1 Dupont Jean               3D 1800014 75Ju    2+w0\n"
    "   2 Martin Luc                1K 1800015 75Pa    1-b0\n"
)
EGF = (
    "(22 Feb 2018)\n"
    " 13633719  Aagren Thomas                         SE Upp    6k        1484\n"
    " 15813842  Aahman Sebastian                      SE Vaxj  10k        1129\n"
)
FFG = (
    "#Echelle au 11/01/2021 07:09:39\n"
    "AAIJ Ren                               243 e ------- xxxx NL\n"
    "ABAD Jahin                            -3000 - 2000205 38GJ FR\n"
)
AGA = (
    "Aal, Zachary\t15648\tFull\t-20.05711\t7/2/2008\tLIGC\tNY\t1.09198\t8/1/2007\n"
    "Abarbanel, Jacob\t17213\tYouth\t\t8/9/2009\t\t\t\t8/9/2009\n"
)
XML = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<Tournament dataVersion="201">\n<Players>\n'
    '<Player name="Dupont" firstName="Jean" rank="3K" rating="1800" club="75Pa" country="FR" '
    'ffgLicence="1800014" participating="11111" registeringStatus="FIN"/>\n'
    '<Player name="Martin" firstName="Luc" rank="1K" rating="1900" club="75Pa" country="FR"/>\n'
    "</Players>\n<Games>\n"
    '<Game blackPlayer="DUPONTJEAN" whitePlayer="MARTINLUC" handicap="0" knownColor="true" '
    'result="RESULT_WHITEWINS" roundNumber="1" tableNumber="1"/>\n</Games>\n'
    '<TournamentParameterSet><GeneralParameterSet name="Open" numberOfRounds="5"/>'
    "</TournamentParameterSet>\n</Tournament>\n"
)


def runs() -> st.SearchStrategy[str]:
    """A long run of one character, or digits past `int`'s 4,300-digit limit."""
    return st.one_of(
        st.builds(lambda c, n: c * n, st.sampled_from(SPECIAL), st.integers(1, 6000)),
        st.integers(4301, 6000).map(lambda n: "7" * n),
    )


def inputs(sample: str, tokens: tuple[str, ...]) -> st.SearchStrategy[str]:
    """Random text, `sample` with tokens or runs spliced in, or a run alone."""
    token = st.one_of(st.sampled_from(tokens), runs(), st.text(SPECIAL, max_size=20))

    def splice(positions: list[tuple[int, str]]) -> str:
        text = sample
        for at, piece in sorted(positions, reverse=True):
            at %= len(text) + 1
            text = text[:at] + piece + text[at:]
        return text

    return st.one_of(
        st.text(SPECIAL, max_size=300),
        st.lists(st.tuples(st.integers(0, 10_000), token), max_size=6).map(splice),
        runs(),
        st.lists(token, max_size=30).map("\n".join),
    )


def check(read: Callable[[bytes], object], text: str) -> None:
    """`read` ends with a value or a `FormatError`; nothing else escapes."""
    for data in (text.encode("utf-8"), text.encode("latin-1", "replace")):
        with contextlib.suppress(FormatError):
            read(data)


ELO_TOKENS = ("%", "%%", "%_%", "<", ">", "=", "(", ")", "(99)", ",", "?", "%Round ", "%Finals")


@FEW
@given(inputs(ELO, ELO_TOKENS))
def test_elo_reader(text: str) -> None:
    check(lambda d: read_elo_bytes(d, "20080504_OPEN.ELO"), text)


PLAYER_TOKENS = ("pays = ", "%_<", ">", "{", "}", ",", "%", "99999999999", "-", "<")


@FEW
@given(inputs(PLAYERS, PLAYER_TOKENS))
def test_players_list_reader(text: str) -> None:
    check(lambda d: parse_players_list(d.decode("utf-8", "replace"), "joueurs.txt"), text)


XML_TOKENS = ("<", ">", '"', "&", "&amp;", "<!--", "-->", "<![CDATA[", "]]>", "<Player/>", "/>")
NUMERIC = ("dataVersion", "result", "roundNumber", "tableNumber", "handicap", "rating", "rank")


def xml_values() -> st.SearchStrategy[str]:
    """`XML` with one numeric attribute's value replaced by a token or a long digit run."""
    value = st.one_of(st.sampled_from(("abc", "-1", "", "²", "1e400", "0" * 5000 + "7")), runs())

    def put(name: str, text: str) -> str:
        return XML.replace(f'{name}="', f'{name}="' + text.replace('"', ""), 1)

    return st.builds(put, st.sampled_from(NUMERIC), value)


@FEW
@given(st.one_of(inputs(XML, XML_TOKENS), xml_values()))
def test_opengotha_reader(text: str) -> None:
    check(lambda d: read_opengotha_document(d, "t.xml"), text)


GO_TOKENS = (";", "; ", "[", "]", "+", "-", "=", "/", "w", "b", "?", "!", "0", "99999", "\t", ",")


@FEW
@given(inputs(H9, GO_TOKENS))
def test_h9_reader(text: str) -> None:
    check(lambda d: read_h9(d, "t.h9"), text)


@FEW
@given(inputs(TOU, GO_TOKENS))
def test_tou_reader(text: str) -> None:
    check(lambda d: read_tou(d, "t.tou"), text)


@FEW
@given(
    st.sampled_from([(ListOrigin.EGF, EGF), (ListOrigin.FFG, FFG), (ListOrigin.AGA, AGA)]).flatmap(
        lambda pair: st.tuples(st.just(pair[0]), inputs(pair[1], GO_TOKENS))
    ),
    st.booleans(),
)
def test_go_list_readers(case: tuple[ListOrigin, str], detect: bool) -> None:
    origin, text = case
    check(lambda d: read_go_list(decode_go_text(d), "list.txt", None if detect else origin), text)


def test_a_player_number_past_int_limits_is_a_p103_error() -> None:
    read = parse_players_list("pays = FRA\n" + "7" * 5000 + " DUPONT, Jean\n", "j.txt")
    assert read.players() == ()
    [problem] = [d for d in read.diagnostics if d.code == "P103"]
    assert problem.line == 2 and "at most 18 digits, got 5000 digits" in problem.message


def test_an_infinite_aga_rating_is_a_bad_line() -> None:
    read = read_go_list(
        "Aal, Zachary\t15648\tFull\t1e400\t7/2/2008\tLIGC\n", "l.txt", ListOrigin.AGA
    )
    assert read.rating_list.players == ()
    assert [d.code for d in read.diagnostics] == ["E401"]


def test_xml_numbers_that_are_not_numbers_are_read_or_refused() -> None:
    # dataVersion that is not a number: read as before 3.40, as the N504 note says.
    read = read_opengotha_document(XML.replace('"201"', '"abc"').encode(), "t.xml")
    assert [d.code for d in read.diagnostics] == ["N504"]
    long = XML.replace('"201"', '"' + "7" * 5000 + '"').encode()
    assert read_opengotha_document(long, "t.xml").document.tournament.players
    bad = XML.replace('"RESULT_WHITEWINS"', '"' + "7" * 5000 + '"').encode()
    with pytest.raises(FormatError, match=r"^t\.xml: <Game> result: expected RESULT_WHITEWINS"):
        read_opengotha_document(bad, "t.xml")
