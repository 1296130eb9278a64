"""Whole numbers read from untrusted text, in time linear in the text.

Python's `int` refuses more than 4,300 digits (a `ValueError` a reader would let escape) and
is quadratic below that; the readers convert digit runs through `whole_number` instead.
"""

from __future__ import annotations

MAX_DIGITS = 18
"""The most significant digits read (a 64-bit integer); longer numbers are refused."""


def whole_number(text: str) -> int | None:
    """The integer written `text` (an optional sign, then ASCII or Unicode decimal digits,
    blanks around allowed, as `int` reads it); None if it is not one or has more than
    `MAX_DIGITS` significant digits."""
    body = text.strip()
    digits = body[1:] if body[:1] in ("+", "-") else body
    if not digits.isdecimal() or len(digits.lstrip("0")) > MAX_DIGITS:
        return None
    return int(body[: len(body) - len(digits)] + (digits.lstrip("0") or "0"))


LARGEST = 10**MAX_DIGITS - 1
"""What `capped_number` reads for a longer digit run: beyond any range a reader checks."""


def capped_number(digits: str) -> int:
    """The integer of a run of decimal digits, `LARGEST` when it has more significant digits
    than `MAX_DIGITS` (a disc count of 5,000 digits is out of range all the same)."""
    if len(digits) <= MAX_DIGITS and digits.isdecimal():
        return int(digits)  # the common case: at most MAX_DIGITS digits, no blanks or sign
    number = whole_number(digits)
    return LARGEST if number is None else number
