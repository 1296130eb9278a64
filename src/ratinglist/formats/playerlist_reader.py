"""Papp's players list, reading: decoding (UTF-8, Latin-1 with a warning), the lines in
order, the layout to write them back, and the ``P1xx`` diagnostics.
"""

from __future__ import annotations

import collections
from dataclasses import replace
from pathlib import Path

from ratinglist.errors import PlayersListError
from ratinglist.formats.diagnostics import MAX_LISTED, Diagnostic, Severity, not_listed
from ratinglist.formats.playerlist_lines import line_diagnostic, parse_line
from ratinglist.formats.playerlist_values import (
    DEFAULT_NAME_WIDTH,
    ID_WIDTH,
    CountryChange,
    CountryLine,
    Layout,
    LineKind,
    ListItem,
    PlayerEntry,
    PlayersList,
    TextLine,
)
from ratinglist.formats.playerlist_writer import format_entry, format_item

_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def read_players_list(path: str | Path, strict: bool = False) -> PlayersList:
    """Read a players list file: UTF-8 (BOM allowed), UTF-16 with its byte-order mark,
    Latin-1 fallback with a warning.

    Raises:
        PlayersListError: the file cannot be read or is not a players list.
    """
    source = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise PlayersListError(f"cannot read {source}: {exc.strerror or exc}") from exc
    extra: list[Diagnostic] = []
    encoding = "utf-8"
    try:
        if data.startswith(_UTF16_BOMS):  # Windows' "Unicode" text, by its byte-order mark
            encoding = "utf-16"
            text = data.decode("utf-16")
        else:
            text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        encoding = "latin-1"
        text = data.decode("latin-1")
        line = data[: exc.start].count(b"\n") + 1
        extra.append(
            Diagnostic(
                "P109",
                Severity.WARNING,
                "expected UTF-8 text, read the file as Latin-1",
                source,
                line,
                exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1,
                repr(data[exc.start : exc.end]),
            )
        )
    pl = parse_players_list(text, source, strict=strict)
    return replace(
        pl,
        layout=replace(pl.layout, encoding=encoding),
        diagnostics=tuple(extra) + pl.diagnostics,
    )


def parse_players_list(text: str, source: str = "<string>", strict: bool = False) -> PlayersList:
    """Parse the text of a players list; bad lines give ``P1xx`` diagnostics, never a crash.

    With `strict`, the first error diagnostic raises instead.

    Raises:
        PlayersListError: the text holds binary data, or lines but neither a ``pays`` line
            nor a player line (not a players list).
    """
    bom = text.startswith("\ufeff")
    if bom:
        text = text[1:]
    if "\x00" in text:
        at = text.count("\n", 0, text.index("\x00")) + 1
        raise PlayersListError(f"{source}:{at}: expected text, got binary data (NUL byte)")
    raw_lines = text.split("\n")
    final_newline = raw_lines[-1] == ""
    if final_newline:
        raw_lines.pop()
    ended = len(raw_lines) if final_newline else len(raw_lines) - 1
    crlf = ended > 0 and all(line.endswith("\r") for line in raw_lines[:ended])
    if crlf:
        raw_lines = [line[:-1] for line in raw_lines[:ended]] + raw_lines[ended:]

    diags: list[Diagnostic] = []
    overflow: list[Diagnostic] = []  # past MAX_LISTED (lenient mode): counted, then dropped
    unlisted, first_unlisted = 0, 0
    items: list[ListItem] = []
    unknown = content = False  # a line of neither kind / a 'pays' or player line
    country = ""
    seen: dict[int, int] = {}
    # The run of identical text lines being read (one item, `TextLine.repeat` lines long): blank
    # and comment lines, and unreadable lines past the listed problems, which `run_cost` counts.
    run_text, run_kind, run_from, run_count, run_cost = "", LineKind.BLANK, 0, 0, 0
    for n, line in enumerate(raw_lines, 1):
        if run_count and line == run_text and run_cost >= 0:
            run_count += 1
            unlisted += run_cost
            continue
        if run_count:
            items.append(TextLine(run_text, run_kind, run_from, run_count))
            run_count = 0
        if not line or line.isspace():  # parse_line's first case, without the call
            run_text, run_kind, run_from, run_count, run_cost = line, LineKind.BLANK, n, 1, 0
            continue
        if overflow:
            unlisted, first_unlisted = unlisted + len(overflow), first_unlisted or overflow[0].line
            overflow.clear()
        found = diags if strict or len(diags) < MAX_LISTED else overflow
        before = len(found)
        item = parse_line(line, n, country, source, found, listed=found is diags)
        if isinstance(item, TextLine):
            unknown = unknown or item.kind is LineKind.UNKNOWN
            quick = item.kind is LineKind.UNKNOWN and found is overflow and not overflow
            if quick:
                unlisted, first_unlisted = unlisted + 1, first_unlisted or n  # P101 not made
            # The same line again gives the same item and problems: a comment has none, an
            # unreadable line past the listed ones only counts (-1: listed, not repeatable).
            cost = 0 if item.kind is LineKind.COMMENT else -1
            if found is overflow:
                cost = len(overflow) + quick
            run_text, run_kind, run_from, run_count, run_cost = line, item.kind, n, 1, cost
        elif isinstance(item, CountryLine):
            country, content = item.code, True
        elif isinstance(item, PlayerEntry):
            content = True
            if item.id in seen:
                found.append(
                    line_diagnostic(
                        "P105",
                        Severity.ERROR,
                        f"player {item.id} already listed on line {seen[item.id]}",
                        source,
                        n,
                        line,
                        str(item.id),
                    )
                )
            else:
                seen[item.id] = n
        elif isinstance(item, CountryChange) and item.id not in seen:
            found.append(
                line_diagnostic(
                    "P110",
                    Severity.WARNING,
                    f"expected a listed player before this country "
                    f"change, got unknown player {item.id}",
                    source,
                    n,
                    line,
                    str(item.id),
                )
            )
        if not isinstance(item, TextLine):
            items.append(item)
        if strict:
            errors = [d for d in diags[before:] if d.severity is Severity.ERROR]
            if errors:
                raise PlayersListError(errors[0].format())
    if run_count:
        items.append(TextLine(run_text, run_kind, run_from, run_count))
    if overflow:
        unlisted, first_unlisted = unlisted + len(overflow), first_unlisted or overflow[0].line
    if unlisted:
        diags.append(not_listed(unlisted, source, first_unlisted))

    if unknown and not content:
        raise PlayersListError(
            f"{source}: expected a players list ('pays = CODE' and 'ID NAME, Firstname' "
            f"lines), got none in {len(raw_lines)} lines"
        )
    layout = Layout(
        name_width=_name_width(items, raw_lines),
        newline="\r\n" if crlf else "\n",
        final_newline=final_newline,
        bom=bom,
    )
    kept = tuple(
        item if isinstance(item, TextLine) else _keep_raw(item, raw_lines, layout.name_width)
        for item in items
    )
    return PlayersList(kept, layout, source, tuple(diags))


def _keep_raw(item: ListItem, lines: list[str], width: int) -> ListItem:
    """The item with its original text attached when the canonical layout differs from it."""
    text = lines[item.line - 1]
    if isinstance(item, PlayerEntry) and format_entry(item, width) != text:
        return replace(item, raw=text)
    if isinstance(item, CountryLine | CountryChange) and format_item(item, Layout()) != text:
        return replace(item, raw=text)
    return item


def _name_width(items: list[ListItem], lines: list[str]) -> int:
    """The most common padded name width among entries whose name is shorter than the pad."""
    widths: collections.Counter[int] = collections.Counter()
    for item in items:
        if not isinstance(item, PlayerEntry):
            continue
        raw = lines[item.line - 1]
        cut = raw.find(" %_<")
        body = raw if cut < 0 else raw[:cut]
        name_part, name = body[ID_WIDTH + 1 :], item.name
        if len(name_part) > len(name) and name_part.startswith(name):
            widths[len(name_part)] += 1
    return widths.most_common(1)[0][0] if widths else DEFAULT_NAME_WIDTH
