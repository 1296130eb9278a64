"""Countries, their codes and spellings, continents and player ID ranges.

The table is package data (`countries.csv`): every country of seed 001's ID-range table (with
its two typos fixed, see docs/decisions.md), the older codes of seed 000 (``F``, ``NL``,
``J``...) and the other spellings met in real players lists and results files as aliases,
the blocks that the 2026 players list shows for countries the seed does not list, countries
without a range, ``OTHER`` (9000-9500, alias ``World``) and Papp's programs block ``PG``
(3200-3349).
"""

from __future__ import annotations

import csv
import enum
import functools
import io
import unicodedata
from dataclasses import dataclass
from importlib import resources

from ratinglist.errors import N_, RegistryError


class Continent(enum.Enum):
    """A continent for the rating list's country selector (UN M49 regions, Americas split)."""

    EUROPE = "Europe"
    ASIA = "Asia"
    AFRICA = "Africa"
    NORTH_AMERICA = "North America"
    SOUTH_AMERICA = "South America"
    OCEANIA = "Oceania"


@dataclass(frozen=True, slots=True)
class IdRange:
    """An inclusive range of player IDs, ``first``-``last``."""

    first: int
    last: int

    def __post_init__(self) -> None:
        if not 0 <= self.first <= self.last:
            raise RegistryError(
                N_(
                    "expected an ID range 'first-last' with 0 <= first <= last, got "
                    "'%(first)s-%(last)s'"
                ),
                first=self.first,
                last=self.last,
            )

    def __contains__(self, pid: object) -> bool:
        return isinstance(pid, int) and self.first <= pid <= self.last

    def __len__(self) -> int:
        return self.last - self.first + 1

    def __str__(self) -> str:
        return f"{self.first}-{self.last}"

    @classmethod
    def parse(cls, text: str) -> IdRange:
        """``"280000-289999"`` -> ``IdRange(280000, 289999)``.

        Raises:
            RegistryError: the text is not two non-negative integers joined by ``-``.
        """
        first, sep, last = text.strip().partition("-")
        if not (sep and first.strip().isdigit() and last.strip().isdigit()):
            raise RegistryError(
                N_("expected an ID range such as '280000-289999', got %(text)r"), text=text
            )
        return cls(int(first), int(last))


@dataclass(frozen=True, slots=True)
class Country:
    """A country as the registry knows it.

    `code` is the code of the players list's ``pays =`` blocks (ISO 3166 alpha-3, or
    ``OTHER`` / ``PG``); `ranges` are its player ID ranges, the first one being where new IDs
    go; `continent` is None for ``OTHER`` and ``PG``; `note` says where the range comes from.
    """

    code: str
    name: str
    continent: Continent | None
    ranges: tuple[IdRange, ...] = ()
    aliases: tuple[str, ...] = ()
    note: str = ""

    @property
    def id_range(self) -> IdRange | None:
        """The range new IDs are taken from, or None when the country has none."""
        return self.ranges[0] if self.ranges else None

    def owns(self, pid: int) -> bool:
        """True if `pid` lies in one of the country's ranges."""
        return any(pid in r for r in self.ranges)


def normalise_spelling(text: str) -> str:
    """Case-folded, accent-free, with braces, dots and extra blanks removed (``{Korea}``)."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.strip().strip("{}").replace(".", "")
    return " ".join(text.replace("-", " ").split()).casefold()


@functools.cache
def countries() -> tuple[Country, ...]:
    """Every country of the package table, in table order."""
    text = resources.files("ratinglist.registry").joinpath("countries.csv").read_text("utf-8")
    rows = csv.DictReader(io.StringIO(text))
    result = []
    for row in rows:
        result.append(
            Country(
                code=row["code"],
                name=row["name"],
                continent=Continent(row["continent"]) if row["continent"] else None,
                ranges=tuple(IdRange.parse(r) for r in row["ranges"].split()),
                aliases=tuple(a for a in row["aliases"].split("|") if a),
                note=row["note"],
            )
        )
    return tuple(result)


@functools.cache
def _by_spelling() -> dict[str, Country]:
    index: dict[str, Country] = {}
    for country in countries():
        for spelling in (country.code, country.name, *country.aliases):
            key = normalise_spelling(spelling)
            other = index.setdefault(key, country)
            if other is not country:
                raise RegistryError(
                    N_(
                        "expected each country spelling once in countries.csv, got %(spelling)r"
                        " for %(code)s and %(country_code)s"
                    ),
                    spelling=spelling,
                    code=other.code,
                    country_code=country.code,
                )
    return index


def find_country(text: str) -> Country | None:
    """The country written `text` (code, alias or name; case, accents, braces ignored)."""
    return _by_spelling().get(normalise_spelling(text))


def get_country(text: str) -> Country:
    """Like `find_country` but raising.

    Raises:
        RegistryError: no country is spelt `text`.
    """
    country = find_country(text)
    if country is None:
        raise RegistryError(
            N_("expected a country code or name such as 'FRA' or 'France', got %(text)r"), text=text
        )
    return country


def country_code(text: str) -> str:
    """The registry code of a country spelling (``NL`` -> ``NLD``); unknown text unchanged."""
    found = find_country(text) if text else None
    return text if found is None else found.code


def parse_continent(text: str) -> Continent:
    """A continent by name, case and separators ignored (``europe``, ``north-america``).

    Raises:
        RegistryError: no continent has this name.
    """
    key = " ".join(text.replace("-", " ").replace("_", " ").split()).casefold()
    for continent in Continent:
        if continent.value.casefold() == key:
            return continent
    names = ", ".join(c.value for c in Continent)
    raise RegistryError(
        N_("expected a continent (%(names)s), got '%(text)s'"), names=names, text=text
    )


def country_of_id(pid: int) -> Country | None:
    """The country whose ID range holds `pid` (None for old IDs outside every range)."""
    for country in countries():
        if country.owns(pid):
            return country
    return None
