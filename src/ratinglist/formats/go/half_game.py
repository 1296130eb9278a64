"""Half-game strings of Go standings and results files (GO.md section f).

``   2+/w0``: opponent's number (4, right-aligned), mark (``+ - = ?``), type (``/`` played,
``!`` by default), colour (``w b ?``), handicap digit. A dummy round (absent, bye, not
paired) is ``   0=   ``: opponent 0, the mark of what it was worth, three blanks. The FFG
``.tou`` file leaves the type out (``   2+w0``).
"""

from __future__ import annotations

import re

from ratinglist.formats.numbers import whole_number
from ratinglist.model.go.results import HalfGame, Mark

WIDTH = 8
_TOKEN = re.compile(r"(\d+)([-+=?])(?:([/!]?)([wb?])(\d?))?")


def format_half_game(game: HalfGame, *, with_type: bool = True) -> str:
    """The 8-character string of `game` (type character only when `with_type`)."""
    if not game.is_game:
        return f"{0:>4}{game.mark.value}   "
    kind = ("!" if game.by_default else "/") if with_type else ""
    colour = game.colour or "?"
    text = f"{game.opponent:>4}{game.mark.value}{kind}{colour}{game.handicap}"
    return f"{text:>{WIDTH}}"


def parse_half_game(token: str) -> HalfGame | None:
    """The half-game written `token` (``2+/w0``, ``14-b3``, ``0=``), None if it is not one."""
    match = _TOKEN.fullmatch(token.strip())
    if match is None:
        return None
    opponent_text, mark, kind, colour, handicap = match.groups()
    opponent = whole_number(opponent_text)
    if opponent is None:
        return None
    if opponent == 0:
        return HalfGame(0, Mark(mark)) if colour is None else None
    if colour is None:
        return None
    return HalfGame(
        opponent=opponent,
        mark=Mark(mark),
        by_default=kind == "!",
        colour=colour,
        handicap=int(handicap or 0),
    )


def is_half_game(token: str) -> bool:
    """True if `token` reads as a half-game (a game has a colour, a dummy round none)."""
    return parse_half_game(token) is not None
