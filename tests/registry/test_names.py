"""The one rule for names (`registry.names`), checked against Papp's real players lists."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratinglist.errors import RegistryError
from ratinglist.formats.playerlist import (
    PlayersList,
    format_players_list,
    parse_players_list,
    read_players_list,
)
from ratinglist.formats.playerlist_values import NameStyle, PlayerEntry
from ratinglist.model import PlayerId
from ratinglist.registry.names import (
    check_person,
    parse_person,
    parse_program,
    parse_surname,
)

REAL = Path(__file__).parents[2] / ".." / "shared" / "data" / "real"
LISTS = [
    *sorted(REAL.glob("papp/joueurs-snapshots/*/joueurs.txt")),
    REAL / "othello-rating-pipeline" / "joueurs.txt",
]


@pytest.mark.parametrize(
    ("surname", "firstname", "expected"),
    [
        ("Blanchet", "Sophie", ("BLANCHET", "Sophie")),
        ("BLANCHET", "Sophie", ("BLANCHET", "Sophie")),
        ("  d'Haeyer ", "Sofie", ("D'HAEYER", "Sofie")),
        ("Araujo", "Vitoria O.  Da S.", ("ARAUJO", "Vitoria O. Da S.")),
        ("Vinar-Hendrich", "Jean-Marc", ("VINAR-HENDRICH", "Jean-Marc")),
        ("Lefèvre", "Stéphane", ("LEFEVRE", "Stephane")),
        ("Müller", "Jürgen", ("MULLER", "Jurgen")),
        ("Straße", "Łukasz", ("STRASSE", "Lukasz")),
        ("O\u2019Brien", "Ann", ("O'BRIEN", "Ann")),
        ("Hajkova", "", ("HAJKOVA", "")),
    ],
)
def test_a_name_is_written_as_the_list_writes_it(
    surname: str, firstname: str, expected: tuple[str, str]
) -> None:
    assert parse_person(surname, firstname) == expected


@pytest.mark.parametrize(
    ("surname", "firstname", "char"),
    [
        ("<img src=x onerror=alert(1)>", "Eve", "<"),
        ("Smith", "<b>John</b>", "<"),
        ("Doe (Jr)", "John", "("),
        ("SMITH, JR", "Ann", ","),
        ("HALF % OFF", "Ann", "%"),
        ("DOE {X}", "Ann", "{"),
        ("O`BRIEN", "Ann", "`"),
        ('O"BRIEN', "Ann", '"'),
        ("Smith", "John 2", "2"),
        ("Smith", "Jo&amp;", "&"),
        ("Smith\tJones", "Ann", None),
        ("Smith", "A\x00nn", "\x00"),
        ("王", "Ann", "王"),
    ],
)
def test_anything_else_is_refused_naming_the_rule(
    surname: str, firstname: str, char: str | None
) -> None:
    if char is None:  # a tab is a blank: collapsed, not refused
        assert parse_person(surname, firstname) == ("SMITH JONES", "Ann")
        return
    with pytest.raises(RegistryError) as caught:
        parse_person(surname, firstname)
    message = str(caught.value)
    assert "holds only the letters A to Z" in message
    assert f"got {char!r}" in message


@pytest.mark.parametrize("surname", ["", "   ", ".", "-'"])
def test_a_surname_needs_a_letter(surname: str) -> None:
    with pytest.raises(RegistryError, match="expected a surname with a letter"):
        parse_surname(surname)


def test_check_person_keeps_none_as_unchanged_and_checks_the_country() -> None:
    assert check_person(None, "éva") == (None, "eva")
    with pytest.raises(RegistryError):
        check_person("Smith", "Ann", "XXQ")


@pytest.mark.skipif(not LISTS[-1].exists(), reason="real data not available")
@pytest.mark.parametrize("path", LISTS, ids=lambda p: p.parent.name)
def test_every_name_of_the_real_lists_is_kept_as_written(path: Path) -> None:
    """The rule is the real lists' alphabet: every person and program stays as written."""
    changed = []
    for entry in read_players_list(path).entries():
        if entry.style is NameStyle.PROGRAM:
            spelled = parse_program(entry.surname, entry.firstname)
        else:
            spelled = parse_person(entry.surname, entry.firstname)
        if spelled != (entry.surname, entry.firstname):
            changed.append((entry.line, entry.surname, entry.firstname, spelled))
    assert changed == []


def test_a_program_may_hold_digits_and_its_author_a_slash() -> None:
    assert parse_program("Vers2", "De Wolf") == ("VERS2", "De Wolf")
    assert parse_program("DUMBO", "Duykers / De Haan") == ("DUMBO", "Duykers / De Haan")
    with pytest.raises(RegistryError, match="program name holds only"):
        parse_program("<script>", "x")


@given(st.text(max_size=40), st.text(max_size=40))
def test_a_name_that_passes_reads_back_from_a_players_list(surname: str, firstname: str) -> None:
    """Whatever is typed: refused with the rule, or written so that the list reads it back
    the same, and the rule applied again changes nothing."""
    try:
        spelled = parse_person(surname, firstname)
    except RegistryError as exc:
        assert "holds only" in str(exc) or "expected a surname with a letter" in str(exc)
        return
    assert parse_person(*spelled) == spelled
    assert set("".join(spelled)) <= set(string.ascii_letters + " -'.")
    entry = PlayerEntry(PlayerId(12345), spelled[0], spelled[1], "FRA", 1500)
    text = format_players_list(PlayersList.from_players([entry.to_player()]))
    [back] = parse_players_list(text).entries()
    assert (back.surname, back.firstname) == spelled
