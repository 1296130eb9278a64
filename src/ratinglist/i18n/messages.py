"""Texts made in English below the web layer, translated at the edge: error messages (pages
and the API's ``message`` fields) and the games' labels (a round's progress, the system).

Our errors are raised with English f-strings deep in the layers, and the tournament games
describe themselves in English. The texts a visitor meets most are listed here as catalogue
entries with ``%(name)s`` slots; `translate_message` matches a text against each (a slot named
in `NUMBERS` matches digits, any other slot any text, itself translated the same way) and
gives the entry translated with the slots refilled. A text matching none is looked up whole
in the catalogue (a single term such as ``Swiss``), else shown as made (in English).
"""

from __future__ import annotations

import re
from functools import cache

from ratinglist.i18n import N_, _, gettext

NUMBERS = frozenset({"n", "done", "due", "rounds"})

KNOWN = (
    N_("%(text)s, finals played"),
    N_("%(text)s, finals under way"),
    N_("after round %(n)s; %(current)s"),
    N_("round %(n)s: %(done)s of %(due)s results in"),
    N_("after round %(n)s"),
    N_("before round 1"),
    N_("%(sheet)s · round %(n)s"),
    N_("pairing sheet of round %(n)s"),
    N_("%(preset)s table by player count"),
    N_("%(system)s, %(rounds)s rounds"),
    N_("%(system)s, %(n)s players"),
    N_("By player count (EOC table), %(rounds)s rounds if Swiss"),
    N_("Round robin then %(n)s Swiss rounds and semi-finals"),
    N_("Round robin then %(n)s Swiss rounds"),
    N_("Another device changed this meanwhile: %(why)s"),
    N_("registered %(names)s; %(n)s players"),
    N_("entered %(names)s; %(n)s players"),
    N_("%(name)s withdrawn from round %(n)s"),
    N_("round %(n)s paired: %(tables)s tables"),
    N_("undid: %(what)s"),
    N_("finals started: %(n)s games"),
    N_("%(user)s may now enter results"),
    N_("%(user)s may no longer enter results"),
    N_("submitted %(name)s: %(n)s games (%(status)s)"),
    N_("reopened: correct it, then submit it again"),
    N_("the rating officer is asked to reopen the tournament"),
    N_("settings changed"),
    N_("round %(n)s: %(a)s and %(b)s swapped"),
    N_("%(name)s absent in round %(n)s"),
    N_("%(a)s and %(b)s are never paired together"),
    N_("%(name)s reinstated: paired again from the next round"),
    N_("last day: %(date)s"),
    N_("shown on /live"),
    N_("hidden from /live"),
    N_("already %(state)s"),
    N_("created %(name)s"),
    N_("language: %(code)s"),
    N_("deleted %(name)s"),
    N_("no page at %(path)s"),
    N_("the server failed; this is a bug"),
    N_("expected valid parameters, got %(details)s"),
    N_("expected the ID of a registered player, got %(got)s"),
    N_("expected the id of a stored tournament, got %(got)s"),
    N_("expected the id of a published rating list, got %(got)s"),
    N_("expected a published rating list, got none"),
    N_("expected the date of a published list, got %(got)s"),
    N_("expected a list date YYYY-MM-DD, got %(got)s"),
    N_("expected a year with tournaments, got %(got)s"),
    N_("expected a sort key date, name or country, got %(got)s"),
    N_("expected two published lists to explain a change, got one"),
    N_("expected a published list before %(date)s, got none"),
    N_("expected a known user name and its password, got no match"),
    N_("expected the same new password twice, got two different"),
    N_("expected two players to pair, or none to pair them all"),
    N_("expected a birth year such as 2010, got %(got)s"),
    N_("expected a country (code or name), got %(got)s"),
)
"""Messages with slots, as raised in English."""


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    found = []
    for message in KNOWN:
        parts = re.split(r"%\((\w+)\)s", message)
        regex = "".join(
            re.escape(part)
            if i % 2 == 0
            else rf"(?P<{part}>\d+)"
            if part in NUMBERS
            else f"(?P<{part}>.+?)"
            for i, part in enumerate(parts)
        )
        found.append((re.compile(regex + r"\Z", re.S), message))
    return tuple(found)


def translate_message(text: str) -> str:
    """`text` in the current locale: one of `KNOWN` with its slots translated in turn, a
    catalogue entry, or else `text` as it is."""
    for pattern, message in _patterns():
        match = pattern.match(text)
        if match is not None:
            slots = {k: translate_message(v) for k, v in match.groupdict().items()}
            return _(message, **slots)
    return gettext(text)
