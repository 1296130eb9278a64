"""Papp's players list, writing: the canonical layout, or a line's original text while it
still says the same (so writing what was read gives back the same bytes).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ratinglist.errors import PlayersListError
from ratinglist.formats.playerlist_lines import COUNTRY_LINE, parse_player
from ratinglist.formats.playerlist_values import (
    DEFAULT_NAME_WIDTH,
    ID_WIDTH,
    CountryChange,
    CountryLine,
    Layout,
    ListItem,
    PlayerEntry,
    PlayersList,
    TextLine,
)


def format_entry(entry: PlayerEntry, name_width: int = DEFAULT_NAME_WIDTH) -> str:
    """One player line; the original text when it still matches the entry's fields."""
    if entry.raw is not None:
        parsed = parse_player(entry.raw, entry.line, entry.country, "", [])
        if isinstance(parsed, PlayerEntry) and parsed == replace(entry, country=parsed.country):
            return entry.raw
    text = f"{entry.id:>{ID_WIDTH}} {entry.name:<{name_width}}"
    if entry.country_override is not None:
        text += f" {{{entry.country_override}}}"
    if entry.rating is not None:
        text += f" %_<{entry.rating}>"
    if entry.comment is not None:
        text += f" `{entry.comment}"
    return text


def format_item(item: ListItem, layout: Layout) -> str:
    if isinstance(item, TextLine):
        return item.text
    if isinstance(item, CountryLine):
        if item.raw is not None and COUNTRY_LINE.fullmatch(item.raw):
            match = COUNTRY_LINE.fullmatch(item.raw)
            if match and match.group(1) == item.code:
                return item.raw
        return f"pays = {item.code}"
    if isinstance(item, CountryChange):
        if item.raw is not None:
            parsed = parse_player(item.raw, item.line, "", "", [])
            if parsed == item:
                return item.raw
        text = f"{item.id:>{ID_WIDTH}} {{{item.country}}}"
        return text + (f" `{item.comment}" if item.comment is not None else "")
    return format_entry(item, layout.name_width)


def format_players_list(pl: PlayersList) -> str:
    """The text of the list (`parse_players_list` of it gives the same items)."""
    lines: list[str] = []
    for item in pl.items:
        if isinstance(item, TextLine) and item.repeat > 1:
            lines += [item.text] * item.repeat
        else:
            lines.append(format_item(item, pl.layout))
    text = pl.layout.newline.join(lines)
    if pl.layout.final_newline and lines:
        text += pl.layout.newline
    return ("\ufeff" if pl.layout.bom else "") + text


def write_players_list(pl: PlayersList, path: str | Path) -> None:
    """Write the list with its layout's encoding.

    Raises:
        PlayersListError: the file cannot be written or a name does not fit the encoding.
    """
    try:
        Path(path).write_bytes(format_players_list(pl).encode(pl.layout.encoding))
    except UnicodeEncodeError as exc:
        bad = exc.object[exc.start : exc.end]
        raise PlayersListError(
            f"cannot write {path}: expected text that fits {pl.layout.encoding}, got {bad!r}"
        ) from exc
    except OSError as exc:
        raise PlayersListError(f"cannot write {path}: {exc.strerror or exc}") from exc
