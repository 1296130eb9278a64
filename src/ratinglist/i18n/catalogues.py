"""Extract, update and compile the catalogues: ``python -m ratinglist.i18n.catalogues``
(`make messages`).

Extraction reads the package's Python (``_()``, ``N_()``, ``ngettext()``) and every template
(Jinja2's i18n extension, newstyle), ``_partials`` folders included (Babel's command line skips
folders whose names start with ``_``). Updating keeps each catalogue to the extracted messages
(new ones empty, obsolete ones dropped, no fuzzy guesses); compiling writes the ``.mo`` files
the site loads. The test ``tests/i18n/test_catalogues.py`` fails when a catalogue misses a
message, leaves one empty or fuzzy, or when a ``.mo`` differs from its ``.po``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from ratinglist.i18n import DEFAULT, DOMAIN, LOCALE_DIR, LOCALES

PACKAGE = Path(__file__).resolve().parents[1]
KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2)}
METHODS = [("**.py", "python"), ("**/templates/**.html", "jinja2")]
OPTIONS = {
    "**/templates/**.html": {
        "extensions": "jinja2.ext.i18n",
        "newstyle_gettext": "true",
        "trim_blocks": "true",
        "lstrip_blocks": "true",
    }
}
TRANSLATED = tuple(code for code in LOCALES if code != DEFAULT)
HEADER = (
    "# Ratinglist's %(language)s catalogue (issue 36): `make messages` updates it; the terms\n"
    "# follow docs/glossary-%(language)s.md."
)


def _visible(dirpath: str) -> bool:
    return Path(dirpath).name not in {"__pycache__", "locale"}


def extract(package: Path = PACKAGE) -> Catalog:
    """Every message of `package` (its Python and templates), with where each one is."""
    catalog = Catalog(domain=DOMAIN, project="Ratinglist")
    for filename, lineno, message, comments, context in extract_from_dir(
        str(package),
        METHODS,
        OPTIONS,
        KEYWORDS,
        comment_tags=("Translators:",),
        directory_filter=_visible,
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def po_path(locale: str) -> Path:
    """The ``.po`` file of `locale`."""
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalogue(locale: str) -> Catalog:
    """The ``.po`` catalogue of `locale`."""
    with po_path(locale).open("rb") as handle:
        return read_po(handle, locale=locale, domain=DOMAIN)


def update(template: Catalog) -> None:
    """Merge `template`'s messages into each translated catalogue and compile it."""
    for locale in TRANSLATED:
        catalogue = read_catalogue(locale)
        template.creation_date = catalogue.creation_date  # no header churn between runs
        catalogue.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalogue.obsolete.clear()
        catalogue.project, catalogue.version = "Ratinglist", ""
        catalogue.header_comment = HEADER % {"language": locale}
        catalogue.last_translator = "the Ratinglist maintainers"
        catalogue.language_team = f"{locale} (docs/glossary-{locale}.md)"
        with po_path(locale).open("wb") as handle:
            write_po(handle, catalogue, omit_header=False, no_location=True, sort_output=True,
                     width=100)  # fmt: skip
        with po_path(locale).with_suffix(".mo").open("wb") as handle:
            write_mo(handle, catalogue)


def untranslated(text: object) -> bool:
    """Whether a message's text (or any form of a plural one's) is still empty."""
    forms = tuple(text) if isinstance(text, (list, tuple)) else (text,)
    return not all(forms)


def main() -> int:
    """Extract, update, compile; print what is left to translate."""
    template = extract()
    update(template)
    for locale in TRANSLATED:
        catalogue = read_catalogue(locale)
        empty = [m.id for m in catalogue if m.id and (untranslated(m.string) or m.fuzzy)]
        print(f"{locale}: {len(template)} messages, {len(empty)} to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
