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


TEMPORARY_BASE = 1_000_000_000
"""A directed tournament keeps an entrant with a temporary identifier under the player ID
``-(TEMPORARY_BASE + k)`` for ``NEWk`` (no real ID is negative, no rating or disc count comes
near it), so pairing and standings work on integers while the ID officer has not yet given
the real ID."""
TEMPORARY_MAX = 999
"""The most temporary identifiers of one tournament (``NEW1``..``NEW9``, ``NE10``..``N999``)."""


def temporary_player_id(k: int) -> PlayerId:
    """The player ID a tournament keeps for its `k`-th temporary identifier (1-based).

    Raises:
        ValueError: `k` outside 1..`TEMPORARY_MAX`.
    """
    if not 1 <= k <= TEMPORARY_MAX:
        raise ValueError(f"expected a temporary number from 1 to {TEMPORARY_MAX}, got {k}")
    return PlayerId(-(TEMPORARY_BASE + k))


def is_temporary_player(pid: int) -> bool:
    """True for a player ID that stands for a temporary identifier (`temporary_player_id`)."""
    return -(TEMPORARY_BASE + TEMPORARY_MAX) <= pid <= -(TEMPORARY_BASE + 1)


def temporary_number(pid: int) -> int:
    """The `k` of a temporary player ID (``NEWk``)."""
    if not is_temporary_player(pid):
        raise ValueError(f"expected a temporary player ID, got {pid}")
    return -pid - TEMPORARY_BASE


def temporary_label(k: int) -> str:
    """The four-character identifier of the `k`-th new player: ``NEW1``, ``NE10``, ``N100``."""
    digits = str(k)
    return "NEW"[: 4 - len(digits)] + digits


def shown_id(pid: int) -> str:
    """A player ID as written for people and in results files: the digits of a real ID, the
    four-character identifier (``NEW1``) of a temporary one."""
    if is_temporary_player(pid):
        return temporary_label(temporary_number(pid))
    return str(pid)


def parse_temporary(token: str) -> PlayerId | None:
    """The temporary player ID written `token` (``NEW1``, ``ne10``), None for any other text."""
    text = token.strip().upper()
    digits = text.lstrip("NEW")
    if not digits.isdigit() or not 1 <= int(digits) <= TEMPORARY_MAX:
        return None
    k = int(digits)
    return temporary_player_id(k) if temporary_label(k) == text else None


def player_token(text: str) -> PlayerId | None:
    """A player as typed by a director: an ID's digits, or a temporary identifier (``NEW1``,
    `parse_temporary`); None for any other text."""
    token = text.strip()
    return PlayerId(int(token)) if token.isdigit() else parse_temporary(token)


LARGEST_KEY = 2**31 - 1
"""The largest number a stored identifier (or seed) may have: the store's integer columns are
signed 32-bit in PostgreSQL (64-bit in SQLite). A larger one names nothing, and the database
refuses it (SQLite's driver past 64 bits, PostgreSQL past 32: "integer out of range")."""


def fits_a_key(number: int) -> bool:
    """True when `number` could be a stored identifier (its column can hold it)."""
    return -LARGEST_KEY - 1 <= number <= LARGEST_KEY
