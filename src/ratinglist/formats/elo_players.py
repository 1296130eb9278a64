"""``%_%`` player lines: ``%_% [+]ID, NAME, Firstname, COUNTRY, score, disc-count[, rating]``.

Real files have 2 to 8 fields, empty fields, ``-`` for no rating, negative ratings, score
tokens such as ``5``, ``5.0``, ``5.5`` and ``2+1`` (read as the sum, 3), a trailing ``%``
comment in a number field, and ``%_%`` lines that are not players at all (separators, column
headers, links): those get a W205 warning, never an error.
"""

from __future__ import annotations

import re

from ratinglist.formats.diagnostics import Diagnostic, diagnostic
from ratinglist.formats.numbers import whole_number
from ratinglist.formats.results_file import PlayerLine
from ratinglist.model import is_temporary_id

PLAYER_PREFIX = "%_%"
_UNKNOWN_ID = re.compile(r"\?+")
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)")
_SUM = re.compile(r"(\d+(?:\.\d+)?)[ \t]*\+[ \t]*(\d+(?:\.\d+)?)")
_NON_ASCII = re.compile(r"[^\x00-\x7f]")
_INT = re.compile(r"[+-]?\d+")
_FAST_PLAYER = re.compile(
    r"[ \t]*+%_%[ \t]*+(\+?)[ \t]*+([1-9]\d*+)[ \t]*+,([^,]*+),([^,]*+),[ \t]*+([A-Za-z]*+)[ \t]*+,"
    r"[ \t]*+(\d++(?:\.\d++)?)[ \t]*+,[ \t]*+(\d++(?:\.\d++)?)[ \t]*+"
    r"(?:,[ \t]*+(-?\d++|-)?[ \t]*+)?"
)
"""The canonical player line with a positive numeric ID and numeric score and discs.

Possessive quantifiers: ``%_%`` then a long run of blanks is read in linear time."""
_EXPECTED_LINE = "'%_% ID, NAME, Firstname, COUNTRY, score, disc-count[, rating]'"


def is_player_id_token(token: str) -> bool:
    """True for a token that can name a player: digits, ``??????`` or a temporary ID."""
    return token.isdigit() or _UNKNOWN_ID.fullmatch(token) is not None or is_temporary_id(token)


def is_unusable_id(token: str) -> bool:
    """True for the placeholder IDs ``??????`` and ``0`` (no real player behind them)."""
    return token.startswith("?") or (token.isdigit() and whole_number(token) == 0)


def _fields(line: str, start: int) -> list[tuple[int, str]]:
    """The comma-separated fields after `start`, stripped, with their 1-based columns."""
    out: list[tuple[int, str]] = []
    pos = start
    for raw in line[start:].split(","):
        lead = len(raw) - len(raw.lstrip())
        out.append((pos + lead + 1, raw.strip()))
        pos += len(raw) + 1
    return out


def _bare(text: str) -> str | None:
    """The field without its ``%`` comment, stripped; None when that is empty or ``-``."""
    text = text.split("%", 1)[0].strip()
    return None if text in ("", "-") else text


def _number(field: str) -> float | str | None:
    """A score or disc count: a float, None when empty or ``-``, else the text (bad)."""
    text = _bare(field)
    if text is None:
        return None
    if _NUMBER.fullmatch(text):
        return float(text)
    m = _SUM.fullmatch(text)
    if m is not None:
        return float(m.group(1)) + float(m.group(2))
    return text


def _rating(field: str) -> int | str | None:
    """A rating: an int (negative allowed), None when empty or ``-``, else the text (bad)."""
    text = _bare(field)
    number = whole_number(text) if text is not None and _INT.fullmatch(text) else None
    return text if number is None else number


def parse_player_line(
    line: str, number: int, source: str
) -> tuple[PlayerLine | None, list[Diagnostic]]:
    """Read one ``%_%`` line (leading blanks allowed); None when it does not name a player."""
    m = _FAST_PLAYER.fullmatch(line)
    rating = None if m is None else m.group(8)
    if m is not None and (rating is None or rating == "-" or whole_number(rating) is not None):
        return PlayerLine(
            token=m.group(2),
            surname=m.group(3).strip(),
            firstname=m.group(4).strip(),
            country=m.group(5),
            new=m.group(1) == "+",
            score=float(m.group(6)),
            discs=float(m.group(7)),
            rating=None if rating is None or rating == "-" else whole_number(rating),
            line=number,
        ), []
    start = line.index(PLAYER_PREFIX) + len(PLAYER_PREFIX)
    fields = _fields(line, start)
    col0, first = fields[0]
    new = first.startswith("+")
    token = first[1:].strip() if new else first
    if not is_player_id_token(token):
        shown = line.strip()
        return None, [
            diagnostic(
                "W205",
                f"expected a player line {_EXPECTED_LINE}, got {shown!r}",
                source,
                number,
                col0,
                shown,
            )
        ]
    problems: list[Diagnostic] = []
    if is_unusable_id(token):
        problems.append(
            diagnostic(
                "W208",
                f"expected a player ID, got placeholder {token!r}: this player's games"
                " cannot be rated",
                source,
                number,
                col0,
                token,
            )
        )
    bad: tuple[int, str, str] | None = None
    if len(fields) >= 4:
        col, country = fields[3]
        parts = country.split()
        if len(parts) > 1 and all(_NUMBER.fullmatch(p) for p in parts[1:]):
            bad = (col, country, "',' between country, score and disc-count")
            fields[3:4] = [(col, parts[0])] + [(col, p) for p in parts[1:]]
    if len(fields) > 7 and bad is None:
        bad = (fields[7][0], ", ".join(f for _, f in fields[7:]), "at most 7 fields")
    texts = [f for _, f in fields] + [""] * 7
    for index in (4, 5, 6):
        if not texts[index].isascii():
            stray = _NON_ASCII.search(texts[index])
            assert stray is not None
            problems.append(
                diagnostic(
                    "W204",
                    f"expected a number, got stray character U+{ord(stray.group(0)):04X}"
                    f" in {texts[index]!r} (removed)",
                    source,
                    number,
                    fields[index][0] + stray.start(),
                    stray.group(0),
                )
            )
            texts[index] = _NON_ASCII.sub("", texts[index]).strip()
    score = _number(texts[4])
    discs = _number(texts[5])
    rating = _rating(texts[6])
    for index, value, what in ((4, score, "score"), (5, discs, "disc count")):
        if isinstance(value, str) and bad is None:
            bad = (fields[index][0], value, f"a {what} (a number)")
    if isinstance(rating, str) and bad is None:
        bad = (fields[6][0], rating, "a rating (a whole number or '-')")
    if bad is not None:
        col, text, expected = bad
        problems.append(
            diagnostic("W206", f"expected {expected}, got {text!r}", source, number, col, text)
        )
    player = PlayerLine(
        token=token,
        surname=texts[1],
        firstname=texts[2],
        country=texts[3],
        new=new,
        score=score if isinstance(score, float) else None,
        discs=discs if isinstance(discs, float) else None,
        rating=rating if isinstance(rating, int) else None,
        line=number,
    )
    return player, problems
