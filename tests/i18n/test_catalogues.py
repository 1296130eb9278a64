"""The catalogues hold every message of the package, translated (issue 36): a message added
to a template or to Python's `_()` without a French and a Japanese translation fails here;
`make messages` adds it to the catalogues, to be translated (docs/glossary-fr.md, -ja.md)."""

from __future__ import annotations

import re
from io import BytesIO

import pytest
from babel.messages.mofile import read_mo, write_mo

from ratinglist.i18n import LOCALES
from ratinglist.i18n.catalogues import TRANSLATED, extract, po_path, read_catalogue

SLOT = re.compile(r"%\(\w+\)s|%%")


@pytest.fixture(scope="module")
def extracted() -> dict[str, list[tuple[str, int]]]:
    return {m.id: m.locations for m in extract() if m.id}


def test_the_site_speaks_english_french_and_japanese() -> None:
    assert LOCALES == ("en", "fr", "ja")
    assert TRANSLATED == ("fr", "ja")


def test_extraction_finds_the_templates_partials_and_python(
    extracted: dict[str, list[tuple[str, int]]],
) -> None:
    files = {path for places in extracted.values() for path, _line in places}
    assert any(f.endswith("base.html") for f in files)
    assert any("_partials" in f for f in files)  # Babel's command line skips `_` folders
    assert any(f.endswith("messages.py") for f in files)
    assert "Rating list" in extracted and "Round %(n)s" in extracted


@pytest.mark.parametrize("locale", TRANSLATED)
def test_every_message_is_translated(
    locale: str, extracted: dict[str, list[tuple[str, int]]]
) -> None:
    catalogue = read_catalogue(locale)
    strings = {m.id: m for m in catalogue if m.id}
    missing = [f"{m!r} ({places[0][0]}:{places[0][1]})" for m, places in extracted.items()
               if m not in strings]  # fmt: skip
    empty = [repr(m.id) for m in strings.values() if not all(_forms(m.string)) or m.fuzzy]
    assert not missing, f"{locale}: not in the catalogue (run `make messages`): {missing}"
    assert not empty, f"{locale}: empty or fuzzy translations: {empty}"


def _forms(text: object) -> tuple[str, ...]:
    """A message's text or its plural forms (``msgstr[0]``, ``msgstr[1]``...)."""
    return tuple(text) if isinstance(text, (list, tuple)) else (str(text),)


def _slots(text: object) -> set[str]:
    """The ``%(name)s`` slots of a message (of every form of a plural one's id)."""
    return {slot for form in _forms(text) for slot in SLOT.findall(form)}


def _key(text: object) -> object:
    """A message's id or text as a dict key (a plural one's forms as a tuple)."""
    return tuple(text) if isinstance(text, (list, tuple)) else text


@pytest.mark.parametrize("locale", TRANSLATED)
def test_translations_keep_every_slot(locale: str) -> None:
    wrong = [
        m.id
        for m in read_catalogue(locale)
        if m.id and any(_slots(form) != _slots(m.id) for form in _forms(m.string))
    ]
    assert not wrong, f"{locale}: a %(name)s slot lost or added in {wrong}"


@pytest.mark.parametrize("locale", TRANSLATED)
def test_no_stale_message_stays_in_a_catalogue(
    locale: str, extracted: dict[str, list[tuple[str, int]]]
) -> None:
    stale = [m.id for m in read_catalogue(locale) if m.id and m.id not in extracted]
    assert not stale, f"{locale}: messages no longer in the package (run `make messages`)"


@pytest.mark.parametrize("locale", TRANSLATED)
def test_the_compiled_catalogue_matches_its_source(locale: str) -> None:
    with po_path(locale).with_suffix(".mo").open("rb") as handle:
        compiled = {_key(m.id): _key(m.string) for m in read_mo(handle) if m.id}
    source = {_key(m.id): _key(m.string) for m in read_catalogue(locale) if m.id}
    assert compiled == source, f"{locale}: messages.mo is stale (run `make messages`)"
    written = BytesIO()
    write_mo(written, read_catalogue(locale))
    assert po_path(locale).with_suffix(".mo").read_bytes() == written.getvalue()
