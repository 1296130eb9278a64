"""The message of a request FastAPI refused while reading it (a parameter or body field of
the wrong type, out of range, missing), in the reader's language.

Pydantic words each problem in English ("Input should be a valid integer"); the common kinds
are said here through the catalogue instead, each quoting the field and, cut short, the value
sent. A kind not listed keeps Pydantic's words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from fastapi.exceptions import RequestValidationError

from ratinglist.i18n import N_, _

SHOWN_INPUT = 80
"""The most characters of a refused value quoted back (a 5000-character field is not echoed
whole)."""
KINDS: Mapping[str, str] = {
    "missing": N_("%(field)s: missing"),
    "int_parsing": N_("%(field)s: expected a whole number, got %(got)s"),
    "int_type": N_("%(field)s: expected a whole number, got %(got)s"),
    "int_from_float": N_("%(field)s: expected a whole number, got %(got)s"),
    "int_parsing_size": N_("%(field)s: expected a whole number, got %(got)s"),
    "float_parsing": N_("%(field)s: expected a number, got %(got)s"),
    "float_type": N_("%(field)s: expected a number, got %(got)s"),
    "bool_parsing": N_("%(field)s: expected true or false, got %(got)s"),
    "bool_type": N_("%(field)s: expected true or false, got %(got)s"),
    "string_type": N_("%(field)s: expected a text, got %(got)s"),
    "string_too_long": N_("%(field)s: expected at most %(max_length)s characters, got more"),
    "string_too_short": N_("%(field)s: expected at least %(min_length)s characters, got %(got)s"),
    "too_long": N_("%(field)s: expected at most %(max_length)s items, got %(actual_length)s"),
    "less_than_equal": N_("%(field)s: expected at most %(le)s, got %(got)s"),
    "less_than": N_("%(field)s: expected less than %(lt)s, got %(got)s"),
    "greater_than_equal": N_("%(field)s: expected at least %(ge)s, got %(got)s"),
    "greater_than": N_("%(field)s: expected more than %(gt)s, got %(got)s"),
    "date_parsing": N_("%(field)s: expected a date (YYYY-MM-DD), got %(got)s"),
    "date_from_datetime_parsing": N_("%(field)s: expected a date (YYYY-MM-DD), got %(got)s"),
    "date_type": N_("%(field)s: expected a date (YYYY-MM-DD), got %(got)s"),
    "string_pattern_mismatch": N_("%(field)s: expected the form %(pattern)s, got %(got)s"),
    "literal_error": N_("%(field)s: expected %(expected)s, got %(got)s"),
    "enum": N_("%(field)s: expected %(expected)s, got %(got)s"),
    "list_type": N_("%(field)s: expected a list, got %(got)s"),
    "dict_type": N_("%(field)s: expected an object of fields, got %(got)s"),
    "model_type": N_("%(field)s: expected an object of fields, got %(got)s"),
    "model_attributes_type": N_("%(field)s: expected an object of fields, got %(got)s"),
    "json_invalid": N_("body: expected JSON, got text that is not (at character %(at)s)"),
}
"""Pydantic's error types and our words for them; `%(...)s` from the error's context."""
ONE_OF = N_("%(field)s: expected one of %(expected)s, got %(got)s")
CHOICES = re.compile(r"\^\(([\w|-]+)\)\$")
"""A pattern that only lists words (``^(date|name|country)$``): said as the words."""
SOURCES = ("query", "path", "body", "header", "cookie")
"""The first part of a location: where the field was sent, not its name."""


def shown(value: Any) -> str:
    """`value` as quoted back: its ``repr``, cut to `SHOWN_INPUT` characters."""
    text = repr(value)
    return text if len(text) <= SHOWN_INPUT else text[: SHOWN_INPUT - 1] + "…"


def _context(error: Mapping[str, Any]) -> Mapping[str, Any]:
    found: Mapping[str, Any] = error.get("ctx", {})
    return found


def problem(error: Mapping[str, Any]) -> str:
    """One of FastAPI's validation errors in the reader's words."""
    location = error.get("loc", ())
    field = ".".join(str(p) for p in location if p not in SOURCES) or "body"
    kind = str(error.get("type", ""))
    context = {k: v if isinstance(v, int | str) else str(v) for k, v in _context(error).items()}
    words = KINDS.get(kind)
    choices = CHOICES.fullmatch(str(context.get("pattern", "")))
    if kind == "string_pattern_mismatch" and choices:  # ^(date|name|country)$
        words, context["expected"] = ONE_OF, ", ".join(choices[1].split("|"))
    if kind == "json_invalid":  # FastAPI puts the position where the field's name goes
        return _(KINDS[kind], at=location[-1] if location else 0)
    got = shown(error.get("input"))
    if words is not None:
        try:
            return _(words, **{**context, "field": field, "got": got})
        except (KeyError, TypeError, ValueError):  # a context without the part we quote
            pass
    return f"{field}: {error.get('msg', 'invalid')} (got {got})"


def validation_message(exc: RequestValidationError) -> str:
    """Every problem of a refused request, in one message."""
    details = "; ".join(problem(error) for error in exc.errors())
    return _("expected valid parameters, got %(details)s", details=details)
