"""Path prefixes: which pages are private, which are never cached."""

from __future__ import annotations

from collections.abc import Iterable


def is_under(path: str, prefixes: Iterable[str]) -> bool:
    """True for a path equal to a prefix or below it (``/td``, ``/td/3``; not ``/tdx``)."""
    return any(path == p or path.startswith(p + "/") for p in prefixes)
