"""What a registered name may hold so that Papp's players list can carry it.

A players-list line is ``ID SURNAME, Firstname %_<rating> {CTRY} `comment```: a comma ends
the surname, ``%`` starts the rating, braces a country, a back quote a comment, parentheses
name a program's author, and a double quote is not part of Papp's names. A name holding one
of these, a control character or nothing would be read back as something else, so the
registry refuses it (`check_person`). Countries are checked with `countries.get_country`.
"""

from __future__ import annotations

from ratinglist.errors import RegistryError
from ratinglist.registry.countries import get_country

FORBIDDEN = {
    ",": "a comma",
    "%": "a percent sign",
    "{": "a brace",
    "}": "a brace",
    "`": "a back quote",
    '"': "a double quote",
    "(": "a parenthesis",
    ")": "a parenthesis",
}


def check_name_part(text: str, what: str) -> str:
    """`text` stripped, if a players list can hold it as `what` (``surname``, ...).

    Raises:
        RegistryError: a character Papp's format reads otherwise, or a control character.
    """
    clean = text.strip()
    for char in clean:
        if char in FORBIDDEN:
            raise RegistryError(
                f"expected a {what} without {FORBIDDEN[char]} (Papp's players list reads "
                f"'{char}' as a separator), got '{text}'"
            )
        if not char.isprintable():
            raise RegistryError(f"expected a {what} of printable characters, got {text!r}")
    return clean


def check_person(
    surname: str | None, firstname: str | None = None, country: str | None = None
) -> None:
    """Refuse an empty or unwritable surname, an unwritable first name or an unknown country
    (None means "unchanged" and is not checked).

    Raises:
        RegistryError: the first part that cannot be registered.
    """
    if surname is not None and not check_name_part(surname, "surname"):
        raise RegistryError(f"expected a surname, got '{surname}'")
    if firstname is not None:
        check_name_part(firstname, "first name")
    if country is not None:
        get_country(country)
