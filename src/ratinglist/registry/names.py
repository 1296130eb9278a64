"""The one rule for a name that Papp's players list can hold (``joueurs.txt``).

The real lists (17,206 players, every snapshot since 2018) write a person's name with the
letters A to Z, spaces, hyphens, apostrophes and full stops only, and the surname in capitals
(``D'HAEYER, Sofie``, ``ARAUJO, Vitoria O. Da S.``). A players-list line is
``ID SURNAME, Firstname %_<rating> {CTRY} `comment```: a comma ends the surname, ``%`` starts
the rating, braces a country, a back quote a comment and parentheses a program's author, so
any other character would be read back as something else (or is markup on a web page).

`parse_person` applies the rule: accents are dropped as the list does (``Stéphane`` is
``Stephane``), blanks are collapsed, the surname is written in capitals (``Blanchet`` and
``BLANCHET`` are one name, stored as ``BLANCHET``); anything else is refused with the rule.
Programs (``EDAX (Delorme)``) are the list's own entries: their name may hold digits and
their author a slash (`parse_program`). Countries are checked with `countries.get_country`.
"""

from __future__ import annotations

import string
import unicodedata

from ratinglist.errors import N_, RegistryError
from ratinglist.registry.countries import get_country

MARKS = " -'."
"""The characters of a name besides the letters A to Z."""

RULE = (
    "holds only the letters A to Z (accents are dropped), spaces, hyphens, apostrophes and "
    "full stops, as Papp's players list writes names"
)

_LETTERS = frozenset(string.ascii_letters)
_ALLOWED = _LETTERS | frozenset(MARKS)
_SPELLED = {
    "ß": "ss",
    "æ": "ae",
    "Æ": "AE",
    "œ": "oe",
    "Œ": "OE",
    "ø": "o",
    "Ø": "O",
    "ł": "l",
    "Ł": "L",
    "đ": "d",
    "Đ": "D",
    "ð": "d",
    "Ð": "D",
    "þ": "th",
    "Þ": "TH",
    "ı": "i",
    "\u2019": "'",
    "\u2018": "'",
    "\u02bc": "'",
    "\u2010": "-",
    "\u2011": "-",
    "\u2013": "-",
}
"""Letters and marks without an accent to drop, written as the list writes them."""


_SPELLING = str.maketrans(_SPELLED)


def _folded(text: str) -> str:
    """`text` with accents dropped (NFKD without combining marks) and the `_SPELLED` letters
    written out; blanks collapsed to one space."""
    if text.isascii():  # nothing to spell out, decompose or drop (the lists' names)
        return " ".join(text.split())
    decomposed = unicodedata.normalize("NFKD", text.translate(_SPELLING))
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(bare.split())


def _checked(text: str, what: str, allowed: frozenset[str], rule: str) -> str:
    clean = _folded(text)
    if allowed.issuperset(clean):
        return clean
    char = next(char for char in clean if char not in allowed)
    raise RegistryError(
        N_("a %(what)s %(rule)s; got %(char)r in %(text)r"),
        what=what,
        rule=rule,
        char=char,
        text=text.strip(),
    )


def parse_name_part(text: str, what: str) -> str:
    """`text` as the list writes a part of a person's name (`what`: ``surname``...),
    accents dropped and blanks collapsed; not put in capitals.

    Raises:
        RegistryError: a character outside the rule (`RULE`), named with the rule.
    """
    return _checked(text, what, _ALLOWED, RULE)


def parse_surname(text: str) -> str:
    """The surname as the list writes it: `parse_name_part` in capitals.

    Raises:
        RegistryError: a character outside the rule, or no letter at all.
    """
    surname = parse_name_part(text, "surname").upper()
    if not any(char in _LETTERS for char in surname):
        raise RegistryError(N_("expected a surname with a letter, got %(text)r"), text=text.strip())
    return surname


def parse_person(surname: str, firstname: str) -> tuple[str, str]:
    """(SURNAME, Firstname) as the list writes them: the one rule for a person's name.

    Raises:
        RegistryError: the first part that breaks the rule.
    """
    return parse_surname(surname), parse_name_part(firstname, "first name")


GO_RULE = "holds only letters, spaces, hyphens, apostrophes and full stops"


def parse_go_name(text: str, what: str) -> str:
    """A part of a Go player's name (not written to Papp's list: accents and case kept, as
    the Go rating lists write them), blanks collapsed; markup and separators refused.

    Raises:
        RegistryError: a character that is not a letter of any alphabet nor a name mark.
    """
    clean = " ".join(text.split())
    for char in clean:
        if not (char.isalpha() or char in MARKS):
            raise RegistryError(
                N_("a %(what)s %(go_rule)s; got %(char)r in %(text)r"),
                what=what,
                go_rule=GO_RULE,
                char=char,
                text=text.strip(),
            )
    return clean


_PROGRAM = _ALLOWED | frozenset(string.digits)
_AUTHOR = _ALLOWED | frozenset("/")
PROGRAM_RULE = "holds only letters, digits, spaces, hyphens, apostrophes and full stops"
AUTHOR_RULE = "holds only letters, spaces, hyphens, apostrophes, full stops and slashes"


def parse_program(name: str, author: str) -> tuple[str, str]:
    """A program's (NAME, author) as the list writes them (``DUMBO (Duykers / De Haan)``).

    Raises:
        RegistryError: a character outside the program rule.
    """
    program = _checked(name, N_("program name"), _PROGRAM, PROGRAM_RULE).upper()
    if not program:
        raise RegistryError(N_("expected a program name, got %(name)r"), name=name.strip())
    return program, _checked(author, N_("program author"), _AUTHOR, AUTHOR_RULE)


def check_person(
    surname: str | None, firstname: str | None = None, country: str | None = None
) -> tuple[str | None, str | None]:
    """The surname and first name as the list writes them (None stays None: "unchanged");
    an unknown country is refused.

    Raises:
        RegistryError: the first part that cannot be registered.
    """
    clean_surname = None if surname is None else parse_surname(surname)
    clean_first = None if firstname is None else parse_name_part(firstname, "first name")
    if country is not None:
        get_country(country)
    return clean_surname, clean_first
