"""Texts made in English below the web layer, translated at the edge: error messages (pages
and the API's ``message`` fields) and the games' labels (a round's progress, the system).

An error carries its catalogue message and parameters (`ratinglist.errors.RatinglistError`):
`translate_error` gives ``gettext(message) % params`` in the current locale, each parameter
that is a text or an error translated in turn (a term such as ``Swiss``, an error quoted in
another). Texts still made as English strings (the games' progress labels, a few notices)
are listed in `KNOWN` as catalogue entries with ``%(name)s`` slots; `translate_message`
matches a text against each (a slot named in `NUMBERS` matches digits, any other slot any
text, itself translated the same way) and gives the entry translated with the slots refilled.
A text matching none is looked up whole in the catalogue, else shown as made (in English).
"""

from __future__ import annotations

import re
from functools import cache

from ratinglist.errors import Phrase, RatinglistError
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
)
"""Labels with slots the games make in English (a round's progress, the system, a sheet)."""


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


def _parameter(value: object) -> object:
    """A parameter of a message in the current locale: an error, a phrase or a text
    translated."""
    if isinstance(value, RatinglistError):
        return translate_error(value)
    if isinstance(value, Phrase):
        params = {k: _parameter(v) for k, v in value.params.items()}
        return gettext(value.message) % params if params else gettext(value.message)
    if isinstance(value, str) and value:
        return translate_message(value)
    return value


def translate_error(error: BaseException) -> str:
    """`error`'s message in the current locale: its catalogue message with its parameters
    (themselves translated), or its text as `translate_message` finds it."""
    if not isinstance(error, RatinglistError):
        return translate_message(str(error))
    message, params = error.message, error.params
    if not params:
        return translate_message(str(error))
    if message % params != str(error):  # its text was replaced after it was made
        return translate_message(str(error))
    try:
        return gettext(message) % {k: _parameter(v) for k, v in params.items()}
    except (KeyError, TypeError, ValueError):  # a catalogue entry that does not fit
        return str(error)


def changed_meanwhile(error: BaseException) -> str:
    """The notice of a write refused because another device changed the tournament first."""
    return _("Another device changed this meanwhile: %(why)s", why=translate_error(error))
