"""Player identifiers.

A WOF player ID is a non-negative integer. Results files may also use a 4-character
*temporary* identifier (``NEW1``, ``OTH2``) for a new player; it is replaced by a real ID when
the file is imported (seed 000, "New players").
"""

from __future__ import annotations

from typing import NewType

PlayerId = NewType("PlayerId", int)


def is_temporary_id(token: str) -> bool:
    """Return True for a 4-character temporary identifier such as ``NEW1`` (not all digits)."""
    return len(token) == 4 and token.isalnum() and token.isascii() and not token.isdigit()
