"""Countries: table integrity, seed 001 ranges with typos fixed, every real spelling."""

from __future__ import annotations

import collections
import itertools
from pathlib import Path

import pytest

from ratinglist.errors import RegistryError
from ratinglist.formats.playerlist import read_players_list
from ratinglist.registry.countries import (
    Continent,
    IdRange,
    countries,
    country_of_id,
    find_country,
    get_country,
)

SEED_001 = {  # code: range, as printed in seed 001 (typos fixed: SRB, UKR once)
    "ARG": "280000-289999", "AUS": "260000-269999", "AUT": "310000-319999",
    "BEL": "270000-279999", "BLR": "360000-369999", "BRA": "290000-299999",
    "BGR": "400000-409999", "CAN": "110000-119999", "CHN": "60000-69999",
    "HRV": "230000-234999", "CZE": "210000-219999", "DNK": "220000-229999",
    "FIN": "80000-89999", "FRA": "50000-59999", "DEU": "70000-79999",
    "GBR": "100000-109999", "GRC": "300000-309999", "HKG": "170000-179999",
    "ISL": "330000-339999", "IND": "350000-359999", "IDN": "180000-189999",
    "IRN": "390000-399999", "ISR": "200000-209999", "ITA": "40000-49999",
    "CIV": "410000-419999", "JPN": "10000-19999", "MYS": "160000-169999",
    "MEX": "340000-349999", "MNG": "440000-449999", "NLD": "120000-129999",
    "NOR": "140000-149999", "PAK": "380000-389999", "POL": "130000-139999",
    "ROU": "370000-379999", "RUS": "320000-329999", "SRB": "235000-239999",
    "SGP": "250000-259999", "KOR": "30000-39999", "ESP": "90000-99999",
    "SWE": "150000-159999", "CHE": "240000-249999", "UKR": "430000-439999",
    "TWN": "420000-429999", "THA": "190000-199999", "USA": "20000-29999",
    "OTHER": "9000-9500",
}  # fmt: skip
SEED_000_CODES = {
    "A": "AUT", "B": "BEL", "BR": "BRA", "CDN": "CAN", "CN": "CHN", "CRO": "HRV", "CZ": "CZE",
    "DK": "DNK", "F": "FRA", "D": "DEU", "GB": "GBR", "GR": "GRC", "HK": "HKG", "RI": "IDN",
    "IL": "ISR", "I": "ITA", "J": "JPN", "MAL": "MYS", "NL": "NLD", "N": "NOR", "PL": "POL",
    "ROK": "KOR", "E": "ESP", "S": "SWE", "CH": "CHE", "T": "THA",
}  # fmt: skip


@pytest.mark.parametrize(("code", "text"), sorted(SEED_001.items()))
def test_seed_001_ranges(code: str, text: str) -> None:
    country = get_country(code)
    assert country.id_range == IdRange.parse(text)


@pytest.mark.parametrize(("old", "code"), sorted(SEED_000_CODES.items()))
def test_seed_000_codes_are_aliases(old: str, code: str) -> None:
    assert get_country(old).code == code
    assert get_country(old.lower()).code == code


def test_ranges_never_overlap_and_papp_programs_are_reserved() -> None:
    spans = sorted((r.first, r.last, c.code) for c in countries() for r in c.ranges)
    for (_, last, a), (first, _, b) in itertools.pairwise(spans):
        assert last < first, (a, b)
    assert get_country("PG").id_range == IdRange(3200, 3349)
    assert country_of_id(3202) is get_country("PG")


@pytest.mark.parametrize(
    ("pid", "code"),
    [(280016, "ARG"), (235000, "SRB"), (234999, "HRV"), (439999, "UKR"), (9500, "OTHER"),
     (9501, None), (692, None), (530004, "MEX"), (460000, "CHL")],
)  # fmt: skip
def test_country_of_id(pid: int, code: str | None) -> None:
    country = country_of_id(pid)
    assert (country.code if country else None) == code


@pytest.mark.parametrize(
    ("text", "code"),
    [("France", "FRA"), ("FRA", "FRA"), ("f", "FRA"), ("Holland", "NLD"), ("Netherlands", "NLD"),
     ("NL", "NLD"), ("Great-Britain", "GBR"), ("great britain", "GBR"), ("UK", "GBR"),
     ("World", "OTHER"), ("Japan", "JPN"), ("J", "JPN"), ("JPN", "JPN"), ("{Korea}", "KOR"),
     ("Hong Kong", "HKG"), ("Côte d'Ivoire", "CIV"), ("URU", "URY"), (" swe ", "SWE")],
)  # fmt: skip
def test_find_country_spellings(text: str, code: str) -> None:
    country = find_country(text)
    assert country is not None and country.code == code


def test_unknown_spelling() -> None:
    assert find_country("JPN2") is None
    assert find_country("") is None
    with pytest.raises(RegistryError, match=r"expected a country code or name.*'Atlantis'"):
        get_country("Atlantis")


def test_bad_range_text() -> None:
    with pytest.raises(RegistryError, match="expected an ID range"):
        IdRange.parse("235000-")
    with pytest.raises(RegistryError, match="first <= last"):
        IdRange.parse("235000-234999")


def test_continents() -> None:
    assert get_country("AUS").continent is Continent.OCEANIA
    assert get_country("MEX").continent is Continent.NORTH_AMERICA
    assert get_country("CIV").continent is Continent.AFRICA
    assert get_country("OTHER").continent is None
    assert all(c.continent is not None for c in countries() if c.code not in {"OTHER", "PG"})


@pytest.mark.realdata
def test_every_players_list_block_is_a_country(real_data: Path) -> None:
    codes: set[str] = set()
    for path in [*real_data.glob("papp/joueurs-snapshots/*/joueurs.txt"),
                 real_data / "othello-rating-pipeline/joueurs.txt"]:  # fmt: skip
        codes.update(read_players_list(path).countries())
    assert sorted(c for c in codes if find_country(c) is None) == []


def _spellings(wof_results: Path) -> tuple[collections.Counter[str], collections.Counter[str]]:
    header: collections.Counter[str] = collections.Counter()
    player: collections.Counter[str] = collections.Counter()
    for path in wof_results.glob("*/*.ELO"):
        data = path.read_bytes()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
        for line in text.splitlines():
            if line.startswith("%%Country:"):
                header[line[len("%%Country:") :].strip()] += 1
            elif line.lstrip().startswith("%_%"):
                fields = [f.strip() for f in line.lstrip()[3:].split(",")]
                if len(fields) >= 4:
                    player[fields[3]] += 1
    return header, player


@pytest.mark.realdata
def test_every_real_country_header_spelling_resolves(wof_results: Path) -> None:
    header, player = _spellings(wof_results)
    unresolved = sorted(s for s in header if find_country(s) is None)
    resolved_player = [s for s in player if find_country(s) is not None]
    print(f"%%Country spellings: {len(header)} distinct, {len(header) - len(unresolved)} resolved")
    print(f"player-line country fields: {len(player)} distinct, {len(resolved_player)} resolved")
    assert unresolved == []
    assert len(header) >= 60
    # The player-line fields that stay unresolved are not countries: scores, team names
    # (JPN2), clubs, '?', column headers. Every alphabetic 2-3 letter field must resolve.
    short_alpha = [s for s in player if s.isalpha() and 1 <= len(s) <= 3 and s != "?"]
    assert sorted(s for s in short_alpha if find_country(s) is None) == []
