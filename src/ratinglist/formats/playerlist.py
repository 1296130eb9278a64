"""Papp's players list (the "joueurs" file): read it, write it back byte for byte.

The file is ``% Liste des joueurs par pays``, then blocks opened by ``pays = ARG``; each player
line is ``ID NAME, Firstname   %_<rating>`` with the ID right-aligned on 6 columns and the name
left-aligned on a fixed width (31 columns in 2018 lists, 36 since 2019), the rating optional
and possibly negative. Papp also accepts a ``{CTRY}`` country override, a back-quoted comment,
``NAME (programmer)`` for programs, names without a comma, ``% comment`` lines and a line
``ID {CTRY}`` that changes a known player's country (Papp's ``pap.y`` grammar).

Every line is kept as an item in file order. A player line that the canonical layout does not
reproduce keeps its original text in `PlayerEntry.raw`, which is written back as long as the
entry's fields still match it; so writing what was read gives back the same bytes.

The work is split by concern: `playerlist_values` (the items, `Layout`, `PlayersList`),
`playerlist_lines` (one line's grammar and diagnostics), `playerlist_reader`,
`playerlist_writer`.
"""

from ratinglist.formats.playerlist_reader import parse_players_list, read_players_list
from ratinglist.formats.playerlist_values import (
    CODES,
    DEFAULT_NAME_WIDTH,
    HEADER,
    ID_WIDTH,
    PROGRAMS_BLOCK,
    CountryChange,
    CountryLine,
    Layout,
    LineKind,
    ListItem,
    NameStyle,
    PlayerEntry,
    PlayersList,
    TextLine,
)
from ratinglist.formats.playerlist_writer import (
    format_entry,
    format_players_list,
    write_players_list,
)

__all__ = [
    "CODES",
    "DEFAULT_NAME_WIDTH",
    "HEADER",
    "ID_WIDTH",
    "PROGRAMS_BLOCK",
    "CountryChange",
    "CountryLine",
    "Layout",
    "LineKind",
    "ListItem",
    "NameStyle",
    "PlayerEntry",
    "PlayersList",
    "TextLine",
    "format_entry",
    "format_players_list",
    "parse_players_list",
    "read_players_list",
    "write_players_list",
]
