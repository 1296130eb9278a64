"""Path prefixes: which pages are private, which are never cached; numbers no path names."""

from __future__ import annotations

from collections.abc import Iterable


def is_under(path: str, prefixes: Iterable[str]) -> bool:
    """True for a path equal to a prefix or below it (``/td``, ``/td/3``; not ``/tdx``)."""
    return any(path == p or path.startswith(p + "/") for p in prefixes)


LARGEST_ID = 2**63 - 1
"""The largest identifier a database column holds (SQLite INTEGER, PostgreSQL BIGINT)."""


def names_nothing(path: str) -> bool:
    """True when a segment of `path` is a number larger than any stored identifier."""
    return any(
        part.isascii() and part.isdigit() and int(part) > LARGEST_ID
        for part in path.split("/")
        if len(part) >= len(str(LARGEST_ID))
    )
