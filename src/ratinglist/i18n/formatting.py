"""Dates, numbers and country names in the current locale (Babel's locale data, CLDR)."""

from __future__ import annotations

import datetime as dt

from babel.dates import format_date, format_datetime
from babel.numbers import format_decimal

from ratinglist.i18n import DEFAULT, babel_locale, current_locale

ALPHA2: dict[str, str] = {
    "ARG": "AR", "ARM": "AM", "ARE": "AE", "AUS": "AU", "AUT": "AT", "BEL": "BE", "BFA": "BF",
    "BGR": "BG", "BLR": "BY", "BOL": "BO", "BRA": "BR", "CAN": "CA", "CHE": "CH", "CHL": "CL",
    "CHN": "CN", "CIV": "CI", "COL": "CO", "CUB": "CU", "CZE": "CZ", "DEU": "DE", "DNK": "DK",
    "DZA": "DZ", "ECU": "EC", "EGY": "EG", "ESP": "ES", "EST": "EE", "FIN": "FI", "FRA": "FR",
    "GBR": "GB", "GRC": "GR", "GTM": "GT", "HKG": "HK", "HRV": "HR", "HUN": "HU", "IDN": "ID",
    "IND": "IN", "IRL": "IE", "IRN": "IR", "ISL": "IS", "ISR": "IL", "ITA": "IT", "JPN": "JP",
    "KAZ": "KZ", "KEN": "KE", "KOR": "KR", "LKA": "LK", "LTU": "LT", "MDG": "MG", "MEX": "MX",
    "MNG": "MN", "MYS": "MY", "NLD": "NL", "NOR": "NO", "NPL": "NP", "PAK": "PK", "PER": "PE",
    "PHL": "PH", "POL": "PL", "ROU": "RO", "RUS": "RU", "SGP": "SG", "SLV": "SV", "SRB": "RS",
    "SVK": "SK", "SWE": "SE", "THA": "TH", "TUR": "TR", "TWN": "TW", "UKR": "UA", "URY": "UY",
    "USA": "US", "VEN": "VE", "VNM": "VN", "ZAF": "ZA",
}  # fmt: skip
"""The registry's three-letter country codes (ISO 3166 alpha-3) to Babel's territory codes."""


def country_name(code: str | None, english: str | None = None) -> str:
    """The country of a registry code named in the current locale; in English, `english`
    (the registry's own name) when given; the code itself when the code is unknown."""
    if not code:
        return english or ""
    if current_locale.get() == DEFAULT and english:
        return english
    territory = ALPHA2.get(code.upper())
    if territory is None:
        return english or code
    return babel_locale().territories.get(territory) or english or code


def day(value: dt.date | str | None, width: str = "medium") -> str:
    """A date (or an ISO date string) as the current locale writes it (English: ISO, as the
    lists and results files write dates); empty for None."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        try:
            when: dt.date = dt.date.fromisoformat(value)
        except ValueError:
            return value
    else:
        when = value
    if current_locale.get() == DEFAULT:
        return value if isinstance(value, str) else str(when)[:16]
    if isinstance(when, dt.datetime):
        return format_datetime(when, "medium", locale=babel_locale())
    return format_date(when, width, locale=babel_locale())


def number(value: float | int | None, digits: int | None = None) -> str:
    """A number with the locale's grouping and decimal signs; empty for None."""
    if value is None:
        return ""
    pattern = None if digits is None else "#,##0." + "0" * digits if digits else "#,##0"
    return format_decimal(value, format=pattern, locale=babel_locale())
