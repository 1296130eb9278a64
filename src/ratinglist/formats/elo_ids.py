"""Replacing a player ID in the text of a .ELO results file, leaving everything else as it is.

A rating officer fixes a wrong or temporary ID (``NEW1``, a mistyped ``4102``) by replacing
the token wherever it names a player: the ID field of ``%_%`` player lines and the two IDs of
each game (found with the same lexer the reader uses, so disc counts such as ``(34)`` and
comments are never touched). The bytes keep their encoding and line endings.
"""

from __future__ import annotations

import re

from ratinglist.formats.elo_decode import decode_elo
from ratinglist.formats.elo_lexer import scan_games
from ratinglist.formats.elo_players import PLAYER_PREFIX

_LINES = re.compile(r"(\r\n|\r|\n)")
_PLAYER_ID = re.compile(r"([ \t]*+%_%[ \t]*+\+?[ \t]*+)([^ \t,%]++)")


def _replace_in_player_line(line: str, old: str, new: str) -> tuple[str, int]:
    m = _PLAYER_ID.match(line)
    if m is None or m.group(2) != old:
        return line, 0
    return line[: m.start(2)] + new + line[m.end(2) :], 1


def _replace_in_game_line(line: str, old: str, new: str) -> tuple[str, int]:
    games, _problem = scan_games(line)
    starts = sorted(
        {
            column - 1
            for g in games
            for token, column in ((g.first, g.column), (g.second, g.second_column))
            if token == old
        },
        reverse=True,
    )
    done = 0
    for start in starts:
        if line[start : start + len(old)] == old:
            line = line[:start] + new + line[start + len(old) :]
            done += 1
    return line, done


def replace_player_id(text: str, old: str, new: str) -> tuple[str, int]:
    """`text` with the player ID token `old` replaced by `new` in player and game lines, and
    the number of tokens replaced (0 when `old` names no player in the file)."""
    parts = _LINES.split(text)
    count = 0
    for k in range(0, len(parts), 2):
        line = parts[k]
        stripped = line.lstrip(" \t")
        if stripped.startswith(PLAYER_PREFIX):
            parts[k], n = _replace_in_player_line(line, old, new)
        elif stripped.startswith("%") or not stripped:
            continue
        else:
            parts[k], n = _replace_in_game_line(line, old, new)
        count += n
    return "".join(parts), count


def replace_player_id_bytes(data: bytes, old: str, new: str) -> tuple[bytes, int]:
    """`replace_player_id` on the bytes of a file, written back in the encoding they were
    read in (`decode_elo`); `new` is an ID (ASCII), so every encoding can hold it."""
    text, encoding, _warning = decode_elo(data)
    replaced, count = replace_player_id(text, old, new)
    if count == 0:
        return data, 0
    return replaced.encode(encoding), count
