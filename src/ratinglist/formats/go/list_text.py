"""What the three Go rating-list readers share: decoding, the read result, name splitting.

The lists are published in ISO-8859-15 (GO.md section g); a file that is valid UTF-8 is read
as UTF-8 (the AGA list is plain ASCII, re-saved lists are often UTF-8).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ratinglist.errors import FormatError
from ratinglist.formats.diagnostics import Diagnostic, Listing, diagnostic
from ratinglist.model.go.lists import GoListPlayer, GoRatingList, ListOrigin

NO_FIRST_NAME = "x"
"""OpenGotha's first name for a list name without one (EGF reader rule, applied to all)."""


@dataclass(frozen=True, slots=True)
class ListRead:
    """A rating list and the diagnostics of the lines that could not be read as records."""

    rating_list: GoRatingList
    diagnostics: tuple[Diagnostic, ...]


GO_ENCODING = "iso-8859-15"
"""The encoding of the Go files (rating lists, ``.h9``, ``.tou``) when not UTF-8."""


def decode_go_text(data: bytes) -> str:
    """The text of a Go file (a list, ``.h9``, ``.tou``): UTF-8 if valid, else ISO-8859-15."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode(GO_ENCODING)


def read_bytes(path: Path) -> bytes:
    """The bytes of `path`.

    Raises:
        FormatError: the file cannot be read.
    """
    try:
        return path.read_bytes()
    except OSError as exc:
        raise FormatError(f"cannot read rating list {str(path)!r}: {exc.strerror}") from exc


def int_at(
    line: str, start: int, end: int, what: str, source: str, number: int
) -> tuple[str, int | None, Diagnostic | None]:
    """The text of columns [`start`, `end`) of `line`, stripped, and its whole number; None
    and an ``E401`` error naming `what` when it is not one."""
    text = line[start:end].strip()
    try:
        return text, int(text), None
    except ValueError:
        message = f"expected {what} in columns {start + 1}-{end}, found {text!r}"
        return text, None, diagnostic("E401", message, source, number, start + 1, line)


def split_name(
    surname: str, first_name: str, source: str, line_number: int, text: str
) -> tuple[str, str, Diagnostic | None]:
    """Surname and first name, with OpenGotha's ``x`` for a missing first name.

    Returns a ``W402`` warning when the first name was missing, and when the surname was
    missing (the caller then drops the line).
    """
    surname, first_name = surname.strip(), " ".join(first_name.split())
    if not surname:
        return (
            "",
            first_name,
            diagnostic(
                "W402",
                f"expected a surname, found {text.strip()!r}; line skipped",
                source,
                line_number,
                text=text,
            ),
        )
    if not first_name:
        return (
            surname,
            NO_FIRST_NAME,
            diagnostic(
                "W402",
                f"expected a first name after {surname!r}; first name set to 'x'",
                source,
                line_number,
                text=text,
            ),
        )
    return surname, first_name, None


def duplicate_numbers(
    players: list[GoListPlayer], source: str, ignore: frozenset[str] = frozenset()
) -> list[Diagnostic]:
    """A ``W403`` warning for each record whose number an earlier record already has."""
    seen: dict[str, int] = {}
    found: list[Diagnostic] = []
    for player in players:
        if not player.number or player.number in ignore:
            continue
        first = seen.setdefault(player.number, player.line)
        if first != player.line:
            found.append(
                diagnostic(
                    "W403",
                    f"number {player.number!r} already on line {first}",
                    source,
                    player.line,
                )
            )
    return found


LineParser = Callable[[str, str, int], tuple[GoListPlayer | None, Diagnostic | None]]
"""A list format's line reader: (line, source, line number) to the player and a problem."""


def numbered_lines(text: str) -> list[tuple[int, str]]:
    """The lines of `text` with their 1-based numbers, line ends removed."""
    return list(enumerate(text.splitlines(), start=1))


def list_read(
    origin: ListOrigin,
    published: dt.date | None,
    source: str,
    data_lines: Iterable[tuple[int, str]],
    parse: LineParser,
    *,
    no_number: frozenset[str] = frozenset(),
    extra: Sequence[Diagnostic] = (),
    listing: Listing | None = None,
) -> ListRead:
    """The list of the players `parse` reads from `data_lines` (numbered), with its problems,
    the repeated numbers (but `no_number`) and `extra`, in line order.

    `listing` holds the problems the caller found first (lines it refused without `parse`).
    """
    players: list[GoListPlayer] = []
    listing = listing or Listing()
    for number, line in data_lines:
        player, problem = parse(line, source, number)
        if player is not None:
            players.append(player)
        if problem is not None and not listing.full(number):
            listing.found.append(problem)
    for repeated in duplicate_numbers(players, source, no_number):
        if not listing.full(repeated.line):
            listing.found.append(repeated)
    found = [*listing.done(source), *extra]
    found.sort(key=lambda d: d.line)
    return ListRead(GoRatingList(origin, published, source, tuple(players)), tuple(found))
