"""Game lines of a .ELO file: a fast regex for the common shape, a tokenizer for the rest.

Grammar of one game (seed 000): ``ID [(discs)] SIGN [(discs)] ID [COLOUR]``, SIGN in
``> < =``, COLOUR ``B``/``W`` in any case; blanks are optional around every token, a ``%``
starts a trailing comment, and real files sometimes hold several games on one line. An ID is
digits, ``?`` characters (unknown player) or a 4-character temporary identifier; such a
temporary ID must be separated from the colour letter by a blank (``NEW1 W``, not ``NEW1W``).
"""

from __future__ import annotations

import re
from typing import NamedTuple

FAST_GAME = re.compile(
    r"[ \t]*(\d+)[ \t]*(?:\((\d+)\)[ \t]*)?([<>=])[ \t]*(?:\((\d+)\)[ \t]*)?(\d+)"
    r"(?:[ \t]+([BWbw]))?[ \t]*"
)
"""The canonical game line (numeric IDs, one game, no comment): use with ``fullmatch``."""

_TOKEN = re.compile(
    r"[ \t]*(?:"
    r"(?P<discs>\([ \t]*\d+[ \t]*\))"
    r"|(?P<sign>[<>=])"
    r"|(?P<comment>%)"
    r"|(?P<colour>[BWbw])(?![A-Za-z0-9?])"
    r"|(?P<id>\d+|\?+|[A-Za-z0-9]{4}(?![A-Za-z0-9?]))"
    r"|(?P<other>[^ \t(<>=%]+|\S)"
    r")"
)

_EXPECTED_SIGN = "a result sign '<', '>' or '='"
_EXPECTED_ID = "a player ID"


class RawGame(NamedTuple):
    """One game as tokens: IDs as written, discs as text (None when absent)."""

    first: str
    first_discs: str | None
    sign: str
    second_discs: str | None
    second: str
    colour: str | None
    column: int
    second_column: int


class LexError(NamedTuple):
    """Why the rest of a game line could not be read: where, what was expected, what was found."""

    column: int
    found: str
    expected: str


def _expected_in(state: int, second: str) -> str:
    """What the lexer expected in `state` (after the game's second ID `second` in state 5)."""
    if state == 0:
        return _EXPECTED_ID
    if state == 1:
        return f"discs in parentheses or {_EXPECTED_SIGN}"
    if state == 2:
        return _EXPECTED_SIGN
    if state == 3:
        return f"discs in parentheses or {_EXPECTED_ID}"
    if state == 4:
        return _EXPECTED_ID
    return f"a colour 'B' or 'W', a '%' comment or another game after {second!r}"


def scan_games(line: str) -> tuple[list[RawGame], LexError | None]:
    """Read every game on a (non-comment) line, stopping at a ``%`` comment.

    Returns the complete games read and, if the line has text that is not a game, the first
    such problem (the partial game it interrupts is dropped; earlier games are kept).
    """
    games: list[RawGame] = []
    pos, end = 0, len(line)
    state = 0
    first = sign = second = ""
    d1: str | None = None
    d2: str | None = None
    start = start2 = 0

    while True:
        m = _TOKEN.match(line, pos)
        if m is None:  # only blanks left
            if state == 5:
                games.append(RawGame(first, d1, sign, d2, second, None, start, start2))
                return games, None
            if state == 0:
                return games, None
            return games, LexError(end + 1, "end of line", _expected_in(state, second))
        kind = m.lastgroup
        value = m.group(kind or 0)
        column = m.start(kind or 0) + 1
        pos = m.end()
        if kind == "comment":
            if state == 5:
                games.append(RawGame(first, d1, sign, d2, second, None, start, start2))
                return games, None
            if state == 0:
                return games, None
            return games, LexError(column, "%", _expected_in(state, second))
        if state == 5:
            if kind == "colour":
                games.append(RawGame(first, d1, sign, d2, second, value, start, start2))
                state = 0
                continue
            if kind == "id":
                games.append(RawGame(first, d1, sign, d2, second, None, start, start2))
                state = 0
            else:
                games.append(RawGame(first, d1, sign, d2, second, None, start, start2))
                return games, LexError(column, value, _expected_in(5, second))
        if state == 0:
            if kind != "id":
                return games, LexError(column, value, _expected_in(0, second))
            first, d1, d2, start = value, None, None, column
            state = 1
        elif state in (1, 2):
            if kind == "discs" and state == 1:
                d1 = value[1:-1].strip()
                state = 2
            elif kind == "sign":
                sign = value
                state = 3
            else:
                return games, LexError(column, value, _expected_in(state, second))
        elif state in (3, 4):
            if kind == "discs" and state == 3:
                d2 = value[1:-1].strip()
                state = 4
            elif kind == "id":
                second, start2 = value, column
                state = 5
            else:
                return games, LexError(column, value, _expected_in(state, second))
