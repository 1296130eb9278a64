"""Papp's players list, one line: the line grammar (``pays =``, player lines, ``ID {CTRY}``)
and the ``P1xx`` diagnostics of a line that does not fit it.
"""

from __future__ import annotations

import re

from ratinglist.formats.diagnostics import Diagnostic, Severity
from ratinglist.formats.playerlist_values import (
    PROGRAMS_BLOCK,
    CountryChange,
    CountryLine,
    LineKind,
    ListItem,
    NameStyle,
    PlayerEntry,
    TextLine,
    split_program_name,
)
from ratinglist.model import PlayerId

_PLAYER = re.compile(r"(\s*)(\d+)(?=\s|\{|$)(.*)")
COUNTRY_LINE = re.compile(r"\s*[Pp]ays\s*=\s*(\S*)\s*")
_RATING_VALUE = re.compile(r"-?\d{1,18}")
# Possessive: a '{' followed by a long run without a closing brace is scanned once.
_OVERRIDE = re.compile(r"\{([^{}]*+)\}")
MAX_ID_DIGITS = 18
"""The longest player number read (a 64-bit integer); longer digit runs are refused."""


def rating_at(rest: str) -> tuple[int, int] | None:
    """The rating ``[%_]<number>`` ending `rest` (blanks allowed around and inside the
    brackets) and where it starts; None if `rest` does not end with one.

    Linear: the number is between the last ``<`` and the final ``>`` (the pattern
    ``(?:%_)?\\s*<\\s*(-?\\d+)\\s*>\\s*$``, searched, was quadratic on a run of blanks).
    """
    end = rest.rstrip()
    if not end.endswith(">"):
        return None
    at = end.rfind("<")
    if at < 0 or _RATING_VALUE.fullmatch(end[at + 1 : -1].strip()) is None:
        return None
    start = len(rest[:at].rstrip())
    if rest.endswith("%_", 0, start):
        start -= 2
    return int(end[at + 1 : -1].strip()), start


def line_diagnostic(
    code: str, severity: Severity, message: str, source: str, line: int, text: str, token: str
) -> Diagnostic:
    """A diagnostic pointing at `token` inside the line `text`."""
    column = text.find(token) + 1 if token and token in text else 1
    return Diagnostic(code, severity, message, source, line, column, text)


def parse_line(
    line: str, n: int, country: str, source: str, diags: list[Diagnostic], *, listed: bool = True
) -> ListItem:
    """Line `n` as an item (`country`: the block it is in); its problems go to `diags`.

    With `listed` False (past the problems a reader lists) a line that is neither blank,
    comment, ``pays`` nor player line is returned as UNKNOWN without its P101 warning.
    """
    stripped = line.strip()
    if not stripped:
        return TextLine(line, LineKind.BLANK, n)
    if stripped[0] == "%" or stripped[:10].lower() == "federation":
        return TextLine(line, LineKind.COMMENT, n)
    if not listed and not stripped[0].isdigit() and stripped[0] not in "Pp":
        return TextLine(line, LineKind.UNKNOWN, n)  # neither 'pays =' nor an ID: P101
    match = COUNTRY_LINE.fullmatch(line) if stripped[0] in "Pp" else None
    if match:
        code = match.group(1)
        if not code:
            diags.append(
                line_diagnostic(
                    "P101",
                    Severity.ERROR,
                    "expected a country code after 'pays =', got nothing",
                    source,
                    n,
                    line,
                    "",
                )
            )
            return TextLine(line, LineKind.UNKNOWN, n)
        if not (len(code) == 3 and code.isascii() and code.isalpha() and code.isupper()) and (
            code != PROGRAMS_BLOCK
        ):
            diags.append(
                line_diagnostic(
                    "P107",
                    Severity.NOTE,
                    f"expected a 3-letter country code, got {code!r}",
                    source,
                    n,
                    line,
                    code,
                )
            )
        return CountryLine(code, n)
    player = _PLAYER.match(line)
    if player:
        parsed = parse_player(line, n, country, source, diags, match=player)
        if parsed is not None:
            return parsed
        return TextLine(line, LineKind.UNKNOWN, n)
    diags.append(
        line_diagnostic(
            "P101",
            Severity.WARNING,
            f"expected 'pays = CODE', a player line "
            f"'ID NAME, Firstname' or a '%' comment, got {stripped[:40]!r}",
            source,
            n,
            line,
            stripped[:1],
        )
    )
    return TextLine(line, LineKind.UNKNOWN, n)


def parse_player(
    line: str,
    n: int,
    country: str,
    source: str,
    diags: list[Diagnostic],
    *,
    match: re.Match[str] | None = None,
) -> PlayerEntry | CountryChange | None:
    """Parse a line that starts with an ID; None (with a diagnostic) when it is unusable.

    `match` is the line's ``_PLAYER`` match when the caller has it already."""
    match = _PLAYER.match(line) if match is None else match
    if match is None:
        return None
    if len(match.group(2)) > MAX_ID_DIGITS:
        diags.append(
            line_diagnostic(
                "P103",
                Severity.ERROR,
                f"expected a player number of at most {MAX_ID_DIGITS} digits, "
                f"got {len(match.group(2))} digits",
                source,
                n,
                line,
                match.group(2)[:MAX_ID_DIGITS],
            )
        )
        return None
    pid = PlayerId(int(match.group(2)))
    rest = match.group(3)
    comment: str | None = None
    tick = rest.find("`")
    if tick >= 0:
        rest, comment = rest[:tick], rest[tick + 1 :]
    rating: int | None = None
    found = rating_at(rest)
    if found is not None:
        rating, start = found
        rest = rest[:start]
    elif "%_" in rest:
        at = rest.index("%_")
        diags.append(
            line_diagnostic(
                "P104",
                Severity.WARNING,
                f"expected a rating '%_<number>', got {rest[at:].strip()!r}",
                source,
                n,
                line,
                rest[at:].strip(),
            )
        )
        rest = rest[:at]
    if "%" in rest:  # Papp: '%' starts a comment up to the end of the line
        rest = rest[: rest.index("%")]
    override: str | None = None
    omatch = _OVERRIDE.search(rest)
    if omatch:
        override = omatch.group(1).strip()
        rest = rest[: omatch.start()] + rest[omatch.end() :]
    name = " ".join(rest.split())
    if pid == 0:
        diags.append(
            line_diagnostic(
                "P103",
                Severity.ERROR,
                f"expected a player number above 0, got {match.group(2)!r}",
                source,
                n,
                line,
                match.group(2),
            )
        )
        return None
    if not name:
        if override is not None:
            return CountryChange(pid, override, comment, n)
        diags.append(
            line_diagnostic(
                "P102",
                Severity.ERROR,
                f"expected a name after player number {pid}, got nothing",
                source,
                n,
                line,
                match.group(2),
            )
        )
        return None
    if not country and override is None:
        diags.append(
            line_diagnostic(
                "P106",
                Severity.WARNING,
                f"expected a 'pays = CODE' line before player {pid}, got none",
                source,
                n,
                line,
                match.group(2),
            )
        )
    program = split_program_name(name)
    if program and "," not in name:
        surname, firstname, style = program[0], program[1], NameStyle.PROGRAM
    elif "," in name:
        surname, _, firstname = name.partition(",")
        surname, firstname, style = surname.strip(), firstname.strip(), NameStyle.COMMA
    else:
        surname, _, firstname = name.rpartition(" ")
        if not surname:
            surname, firstname = firstname, ""
        style = NameStyle.PLAIN
        diags.append(
            line_diagnostic(
                "P108",
                Severity.NOTE,
                f"expected 'SURNAME, Firstname', got {name!r}; read {surname!r} as the surname",
                source,
                n,
                line,
                name,
            )
        )
    return PlayerEntry(
        id=pid,
        surname=surname,
        firstname=firstname,
        country=override if override is not None else country,
        rating=rating,
        style=style,
        country_override=override,
        comment=comment,
        line=n,
    )
