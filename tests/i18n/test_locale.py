"""Choosing the language (issue 36) and the per-locale formats (Babel's CLDR data): unit
tests of `ratinglist.i18n`, `i18n.formatting` and `i18n.messages`."""

from __future__ import annotations

import datetime as dt

import pytest

from ratinglist.errors import N_, NotFoundError
from ratinglist.i18n import _, choose, negotiate, parse_locale, using
from ratinglist.i18n.formatting import country_name, day, number
from ratinglist.i18n.messages import translate_error, translate_message


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("fr-FR,fr;q=0.9,en;q=0.8", "fr"),
        ("ja", "ja"),
        ("ja-JP", "ja"),
        ("de-DE,de;q=0.9,en;q=0.5", "en"),
        ("de", None),
        ("en;q=0.5,ja", "ja"),
        ("fr;q=0,ja;q=0.1", "ja"),
        ("", None),
    ],
)
def test_accept_language_is_negotiated_with_its_weights(header: str, expected: str | None) -> None:
    assert negotiate(header) == expected


def test_the_choice_goes_query_cookie_tournament_header_english() -> None:
    assert choose("ja", "fr", "fr", "fr") == "ja"
    assert choose(None, "fr", "ja", "ja") == "fr"
    assert choose("xx", None, "ja", "fr") == "ja"
    assert choose(None, None, None, "fr-CA") == "fr"
    assert choose(None, None, None, "de") == "en"
    assert parse_locale("ja_JP") == "ja"
    assert parse_locale("zz") is None


def test_messages_follow_the_current_locale_and_keep_their_slots() -> None:
    with using("fr"):
        assert _("Round %(n)s", n=3) == "Ronde 3"
        assert _("Standings") == "Classement"
    with using("ja"):
        assert _("Round %(n)s", n=3) == "第 3 回戦"
        assert _("Pairings by table") == "テーブル順の組み合わせ"
    assert _("Round %(n)s", n=3) == "Round 3"


def test_errors_and_game_labels_are_translated_at_the_edge() -> None:
    refused = NotFoundError(N_("no page at %(path)s"), path="/x")
    assert str(refused) == "no page at /x"  # English for the CLI and the logs
    with using("fr"):
        assert translate_error(refused) == "aucune page à l'adresse /x"
        assert translate_message("Swiss, 7 rounds") == "Suisse, 7 rondes"
        assert (
            translate_message("after round 3; round 4: 2 of 8 results in")
            == "après la ronde 3 ; ronde 4 : 2 résultats saisis sur 8"
        )
        assert translate_message("something else entirely") == "something else entirely"
    assert translate_error(refused) == "no page at /x"


def test_countries_dates_and_numbers_per_locale() -> None:
    # CLDR's names: Japon / 日本 (the registry's own English name in English)
    assert country_name("JPN", "Japan") == "Japan"
    with using("fr"):
        assert country_name("JPN", "Japan") == "Japon"
        assert country_name("DEU") == "Allemagne"
        assert day("2025-08-31") == "31 août 2025"
        assert number(1234567).replace("\u202f", " ").replace("\xa0", " ") == "1 234 567"
    with using("ja"):
        assert country_name("FRA", "France") == "フランス"
        assert day(dt.date(2025, 8, 31)) == "2025/08/31"
    assert day("2025-08-31") == "2025-08-31"  # English keeps the lists' ISO dates
    assert country_name("XXX", "Elsewhere") == "Elsewhere"
