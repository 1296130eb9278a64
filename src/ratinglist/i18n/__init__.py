"""The languages of the site, sheets and mails: English (the source), French and Japanese.

Babel's gettext catalogues live in ``locale/<code>/LC_MESSAGES/messages.po`` (and the compiled
``.mo`` beside them, committed: `make messages` extracts, updates and compiles them). The
locale of the work at hand is a context variable (`current_locale`), set once per request by
the web layer, per mail by the mail service, per sheet from the tournament's language; `_()`
and `ngettext()` translate into it. Nothing in `formats/` is translated: the files we write
stay as the formats define them (the WOF results file is ASCII, seed 000).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from babel import Locale, UnknownLocaleError, negotiate_locale
from babel.support import NullTranslations, Translations

from ratinglist.errors import N_

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"
DEFAULT = "en"
LOCALES: tuple[str, ...] = ("en", "fr", "ja")
"""The site's languages, the source language first."""

NAMES: dict[str, str] = {"en": "English", "fr": "Français", "ja": "日本語"}
"""Each language named in itself (the switch shows these, untranslated)."""

current_locale: ContextVar[str] = ContextVar("ratinglist_locale", default=DEFAULT)


def parse_locale(value: str | None) -> str | None:
    """One of `LOCALES` from a code such as ``fr``, ``fr-CA``, ``ja_JP``; None otherwise."""
    if not value:
        return None
    code = value.strip().replace("_", "-").split("-")[0].lower()
    return code if code in LOCALES else None


def negotiate(accept_language: str | None) -> str | None:
    """The best of `LOCALES` for an ``Accept-Language`` header (q-values honoured), or None."""
    if not accept_language:
        return None
    wanted: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.split(",")):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _eq, number = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    quality = float(number)
                except ValueError:
                    quality = 0.0
        if tag and quality > 0:
            wanted.append((-quality, index, tag.strip()))
    preferred = [tag.replace("-", "_") for _q, _i, tag in sorted(wanted)]
    found = negotiate_locale(preferred, list(LOCALES), sep="_")
    return parse_locale(found)


def choose(
    query: str | None = None,
    cookie: str | None = None,
    tournament: str | None = None,
    accept_language: str | None = None,
) -> str:
    """The locale of a request: an explicit ``?lang=``, then the ``lang`` cookie, then the
    tournament's language (its pages and sheets), then ``Accept-Language``, then English."""
    return (
        parse_locale(query)
        or parse_locale(cookie)
        or parse_locale(tournament)
        or negotiate(accept_language)
        or DEFAULT
    )


@cache
def translations(locale: str) -> NullTranslations:
    """The compiled catalogue of `locale` (English: the source strings themselves)."""
    if locale == DEFAULT or locale not in LOCALES:
        return NullTranslations()
    return Translations.load(str(LOCALE_DIR), [locale], DOMAIN)


def babel_locale(locale: str | None = None) -> Locale:
    """Babel's locale data for `locale` (default: the current one)."""
    try:
        return Locale.parse(locale or current_locale.get())
    except (ValueError, UnknownLocaleError):
        return Locale.parse(DEFAULT)


def gettext(message: str) -> str:
    """`message` in the current locale."""
    return translations(current_locale.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for `n` in the current locale."""
    return translations(current_locale.get()).ngettext(singular, plural, n)


def _(message: str, **values: object) -> str:
    """`message` translated into the current locale, then ``%(name)s`` filled from `values`
    (as Jinja2's newstyle ``_()`` does, so one catalogue entry serves Python and templates:
    a literal ``%`` is written ``%%``)."""
    return gettext(message) % values


@contextmanager
def using(locale: str | None) -> Iterator[str]:
    """Translate into `locale` (one of `LOCALES`, else English) inside the block."""
    chosen = parse_locale(locale) or DEFAULT
    token = current_locale.set(chosen)
    try:
        yield chosen
    finally:
        current_locale.reset(token)


__all__ = [
    "DEFAULT",
    "LOCALES",
    "NAMES",
    "N_",
    "_",
    "babel_locale",
    "choose",
    "current_locale",
    "gettext",
    "negotiate",
    "ngettext",
    "parse_locale",
    "translations",
    "using",
]
