"""Path prefixes: which pages are private, which are never cached; numbers no path names."""

from __future__ import annotations

from collections.abc import Iterable

from ratinglist.model.ids import LARGEST_KEY, fits_a_key


def is_under(path: str, prefixes: Iterable[str]) -> bool:
    """True for a path equal to a prefix or below it (``/td``, ``/td/3``; not ``/tdx``)."""
    return any(path == p or path.startswith(p + "/") for p in prefixes)


def names_nothing(path: str) -> bool:
    """True when a segment of `path` is a number larger than any stored identifier (read
    without `int` past the digits a key has: Python refuses to convert 4,300 and more)."""
    return any(
        part.isascii() and part.isdigit() and _past_any_key(part.lstrip("0"))
        for part in path.split("/")
        if len(part) >= len(str(LARGEST_KEY))
    )


def _past_any_key(digits: str) -> bool:
    width = len(str(LARGEST_KEY))
    return len(digits) > width or (len(digits) == width and not fits_a_key(int(digits)))
