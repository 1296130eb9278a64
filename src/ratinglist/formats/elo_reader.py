"""Read .ELO results files into `ResultsFile` values, with compiler-style diagnostics.

Lenient by default: every problem becomes a `Diagnostic` and the rest of the file still
loads; games that cannot be rated keep their place with `GameLine.excluded` set to the code
of the diagnostic. Strict mode raises `ResultsFileError` on the first error of the file.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from pathlib import Path

from ratinglist.errors import ResultsFileError
from ratinglist.formats.diagnostics import (
    MAX_LISTED,
    Diagnostic,
    Listing,
    Severity,
    diagnostic,
    not_listed,
)
from ratinglist.formats.elo_comments import (
    HEADER_KEYS,
    REQUIRED_KEYS,
    format_date,
    header_field,
    header_key,
    is_added_results,
    is_reversed_range,
    parse_date,
    round_marker,
)
from ratinglist.formats.elo_decode import decode_elo
from ratinglist.formats.elo_lexer import FAST_GAME, RawGame, scan_games
from ratinglist.formats.elo_plausibility import completeness_diagnostics, plausibility_warnings
from ratinglist.formats.elo_players import PLAYER_PREFIX, is_unusable_id, parse_player_line
from ratinglist.formats.numbers import MAX_DIGITS, capped_number
from ratinglist.formats.results_file import GameLine, Header, PlayerLine, ResultsFile, RoundMarker
from ratinglist.model import Colour, DateRange, Outcome

_OUTCOMES = {o.value: o for o in Outcome}
_COLOURS = {"B": Colour.BLACK, "b": Colour.BLACK, "W": Colour.WHITE, "w": Colour.WHITE}
_NEWLINES = re.compile(r"\r\n|\r|\n")
_STRAY = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\xa0\xad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064"
    "\u2066-\u2069\ufeff\ufffd]"
)
_NON_ASCII = re.compile(r"[^\x00-\x7f]")
_FILENAME = re.compile(r"\d{8}[a-z]?_[A-Za-z0-9_]{1,30}\.ELO")


def _key(token: str) -> str:
    """The identity of an ID token: numeric IDs without leading zeros."""
    return (token.lstrip("0") or "0") if token.isdigit() else token


def _disc_code(d1: int, sign: str, d2: int) -> str | None:
    """W203 / W201 / W202 when the discs are impossible or disagree with the sign, else None."""
    if d1 > 64 or d2 > 64 or d1 + d2 > 64:
        return "W203"
    if sign == ">":
        return None if d1 > d2 else ("W201" if d1 < d2 else "W202")
    if sign == "<":
        return None if d1 < d2 else ("W201" if d1 > d2 else "W202")
    return None if d1 == d2 else "W201"


def _disc_problem(code: str, game: GameLine, source: str) -> Diagnostic:
    """The diagnostic for a `_disc_code` of `game`."""
    sign = game.outcome.value
    shown = f"({game.first_discs:02d}){sign}({game.second_discs:02d})"
    if code == "W203":
        message = f"expected discs from 0 to 64 with a total of at most 64, got {shown}"
    elif code == "W201":
        message = f"expected discs that agree with the sign {sign!r}, got {shown}: the sign counts"
    else:
        message = f"expected unequal discs for {sign!r}, got {shown}: the sign counts"
    return diagnostic(code, message, source, game.line, game.column, shown)


def _game_line_maker() -> Callable[..., GameLine]:
    """A `GameLine` constructor taking its 11 fields in order, for the reader's hot loop.

    It sets the slots through their descriptors instead of the frozen dataclass's
    ``object.__setattr__`` per field (a third of the cost of a file's canonical game lines);
    the value is the same frozen `GameLine`. A changed field list fails here, at import.
    """
    names = [f.name for f in dataclasses.fields(GameLine)]
    s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11 = (GameLine.__dict__[n].__set__ for n in names)
    new = object.__new__

    def make(
        first: str,
        second: str,
        outcome: Outcome,
        first_discs: int | None,
        second_discs: int | None,
        first_colour: Colour | None,
        round_: int | None,
        added: bool,
        excluded: str | None,
        line: int,
        column: int,
    ) -> GameLine:
        game: GameLine = new(GameLine)
        s1(game, first)
        s2(game, second)
        s3(game, outcome)
        s4(game, first_discs)
        s5(game, second_discs)
        s6(game, first_colour)
        s7(game, round_)
        s8(game, added)
        s9(game, excluded)
        s10(game, line)
        s11(game, column)
        return game

    return make


_new_game_line = _game_line_maker()


class _Reader:
    """One pass over the lines of a file; `finish` runs the checks that need the whole file."""

    def __init__(self, source: str, *, listed: bool = True) -> None:
        self.source = source
        self.listing = Listing()
        self.listed = listed  # lenient: list the first MAX_LISTED problems, count the rest
        self.diagnostics: list[Diagnostic] = self.listing.found
        self.header: dict[str, str] = {}
        self.header_lines: dict[str, tuple[int, int]] = {}
        self.extra: list[tuple[str, str]] = []
        self.extra_lines: list[int] = []
        self.players: list[PlayerLine] = []
        self.games: list[GameLine] = []
        self.lines: list[str] = []
        self.rounds: list[RoundMarker] = []
        self.round: int | None = None
        self.added = False
        self.seen_content = False

    def read(self, text: str) -> None:
        """Read every line of `text` (the fast path handles the canonical game line inline)."""
        lines = _NEWLINES.split(text) if "\r" in text else text.split("\n")
        check_stray = not text.isascii() or _STRAY.search(text) is not None
        fast, make = FAST_GAME.fullmatch, _new_game_line
        self.lines = lines
        games, diagnostics = self.games, self.diagnostics
        source, current, added = self.source, self.round, self.added
        for number, line in enumerate(lines, 1):
            if check_stray:
                line = lines[number - 1] = self._remove_stray(line, number)
            m = fast(line)
            if m is not None:
                first, t1, sign, t2, second, colour = m.groups()
                # a digit run of at most MAX_DIGITS is its int (`capped_number`'s fast case)
                d1 = None if t1 is None else int(t1) if len(t1) <= MAX_DIGITS else capped_number(t1)
                d2 = None if t2 is None else int(t2) if len(t2) <= MAX_DIGITS else capped_number(t2)
                g = make(
                    first,
                    second,
                    _OUTCOMES[sign],
                    d1,
                    d2,
                    None if colour is None else _COLOURS[colour],
                    current,
                    added,
                    None,
                    number,
                    m.start(1) + 1,
                )
                games.append(g)
                if d1 is not None and d2 is not None:
                    code = _disc_code(d1, sign, d2)
                    if code is not None and self._room(number):
                        diagnostics.append(_disc_problem(code, g, source))
                continue
            stripped = line.lstrip(" \t")
            if not stripped:
                continue
            if stripped[0] == "%":
                self._comment(stripped.rstrip(), line, number)
                current, added = self.round, self.added
            else:
                self._slow_games(line, number, stripped[0])
        self.seen_content = self.seen_content or bool(games)

    def _remove_stray(self, line: str, number: int) -> str:
        """Remove invisible characters, and any non-ASCII character from a game line's games.

        A game line (first non-blank character not ``%``) holds only ASCII before its
        ``%`` comment; a ``%_%`` line's number fields are cleaned in `parse_player_line`.
        """
        m = _STRAY.search(line)
        if m is None:
            stripped = line.lstrip(" \t")
            if line.isascii() or not stripped or stripped[0] == "%":
                return line
            games = line.split("%", 1)[0]
            if games.isascii():
                return line
            m = _NON_ASCII.search(games)
            assert m is not None
            cleaned = _NON_ASCII.sub("", games) + line[len(games) :]
        else:
            cleaned = _STRAY.sub(lambda s: " " if s.group(0) == "\xa0" else "", line)
        found = m.group(0)
        if not self._room(number):
            return cleaned
        self.diagnostics.append(
            diagnostic(
                "W204",
                f"expected printable ASCII text, got stray character U+{ord(found):04X} (removed)",
                self.source,
                number,
                m.start() + 1,
                found,
            )
        )
        return cleaned

    def _comment(self, stripped: str, line: str, number: int) -> None:
        if stripped.startswith(PLAYER_PREFIX):
            self.seen_content = True
            player, problems = parse_player_line(line, number, self.source)
            if problems and self._room(number):
                self.diagnostics.extend(problems)
            if player is not None:
                self.players.append(player)
            return
        field = header_field(stripped) if stripped.startswith("%%") else None
        key = None if field is None else HEADER_KEYS.get(header_key(field[0]))
        if field is not None and key is not None:
            if key not in self.header:
                self.header[key] = field[1]
                rest = line[line.index(":") + 1 :]
                column = len(line) - len(rest.lstrip(" \t")) + 1
                self.header_lines[key] = (number, column)
            return
        if is_added_results(stripped):
            self.added = True
            self.round = None
            return
        is_marker, value = round_marker(stripped)
        if is_marker:
            self.rounds.append(RoundMarker(number=value, text=stripped, line=number))
            self.round = value
        elif field is not None and not self.seen_content and not self.games:
            self.extra.append(field)
            self.extra_lines.append(number)

    def _slow_games(self, line: str, number: int, start: str) -> None:
        if self.listing.unlisted and not (start.isalnum() or start == "?"):
            self.listing.full(number)  # no game starts here (no ID): its E100 only counted
            return
        raw_games, error = scan_games(line)
        for raw in raw_games:
            self._add_game(self._from_raw(raw, number), raw.sign)
        if error is not None and self._room(number):
            self.diagnostics.append(
                diagnostic(
                    "E100",
                    f"expected {error.expected}, got {error.found!r}",
                    self.source,
                    number,
                    error.column,
                    error.found,
                )
            )

    def _from_raw(self, raw: RawGame, number: int) -> GameLine:
        return GameLine(
            first=raw.first,
            second=raw.second,
            outcome=_OUTCOMES[raw.sign],
            first_discs=None if raw.first_discs is None else capped_number(raw.first_discs),
            second_discs=None if raw.second_discs is None else capped_number(raw.second_discs),
            first_colour=None if raw.colour is None else _COLOURS[raw.colour],
            round=self.round,
            added=self.added,
            line=number,
            column=raw.column,
        )

    def _add_game(self, game: GameLine, sign: str) -> None:
        self.games.append(game)
        d1, d2 = game.first_discs, game.second_discs
        if d1 is not None and d2 is not None:
            code = _disc_code(d1, sign, d2)
            if code is not None and self._room(game.line):
                self.diagnostics.append(_disc_problem(code, game, self.source))

    def _room(self, line: int) -> bool:
        """True if a problem on `line` is listed (always in strict mode), else counted."""
        return not self.listed or not self.listing.full(line)

    def finish(self, encoding: str) -> ResultsFile:
        """Check the header and the game IDs, and build the `ResultsFile`."""
        header = self._header()
        games = self._check_games()
        self.diagnostics.extend(plausibility_warnings(tuple(games), self.source))
        noted = tuple((k, v, n) for (k, v), n in zip(self.extra, self.extra_lines, strict=True))
        self.diagnostics.extend(completeness_diagnostics(noted, tuple(games), self.source))
        if not self.players and self.games:
            first = self.games[0]
            self.diagnostics.append(
                diagnostic(
                    "N301",
                    "expected '%_%' player lines listing every player, got none",
                    self.source,
                    first.line,
                    first.column,
                )
            )
        self.diagnostics.sort(key=lambda d: (d.line, d.column))
        if self.listed and (self.listing.unlisted or len(self.diagnostics) > MAX_LISTED):
            cut = self.diagnostics[MAX_LISTED:]
            lines = [d.line for d in cut[:1]]
            if self.listing.unlisted:
                lines.append(self.listing.first_unlisted)
            start = min(lines)
            count = len(cut) + self.listing.unlisted
            del self.diagnostics[MAX_LISTED:]
            self.diagnostics.append(not_listed(count, self.source, start))
        return ResultsFile(
            source=self.source,
            header=header,
            players=tuple(self.players),
            games=tuple(games),
            rounds=tuple(self.rounds),
            diagnostics=tuple(self.diagnostics),
            encoding=encoding,
        )

    def _header(self) -> Header:
        for index, key in enumerate(REQUIRED_KEYS, 1):
            label = f"%%{key.capitalize()}:"
            if key not in self.header:
                self.diagnostics.append(
                    diagnostic(
                        "E001",
                        f"expected a header line '{label}' on line {index}, got none",
                        self.source,
                        index,
                    )
                )
                continue
            number, column = self.header_lines[key]
            if number != index:
                self.diagnostics.append(
                    diagnostic(
                        "W004",
                        f"expected '{label}' on line {index}, got it on line {number}",
                        self.source,
                        number,
                        1,
                        label,
                    )
                )
            if not self.header[key] and key != "date":
                self.diagnostics.append(
                    diagnostic(
                        "W003",
                        f"expected a value after '{label}', got nothing",
                        self.source,
                        number,
                        column,
                    )
                )
        dates: DateRange | None = None
        if "date" in self.header:
            parsed = parse_date(self.header["date"])
            if isinstance(parsed, str):
                number, column = self.header_lines["date"]
                self.diagnostics.append(
                    diagnostic("E002", parsed, self.source, number, column, self.header["date"])
                )
            else:
                dates = parsed
                if is_reversed_range(self.header["date"]):
                    number, column = self.header_lines["date"]
                    message = (
                        "expected the last date on or after the first, got "
                        f"{self.header['date']!r}: read as {format_date(parsed)!r}"
                    )
                    self.diagnostics.append(
                        diagnostic(
                            "W005", message, self.source, number, column, self.header["date"]
                        )
                    )
        h = self.header
        return Header(
            tournament=h.get("tournament"),
            country=h.get("country"),
            dates=dates,
            sender=h.get("sender"),
            creator=h.get("creator"),
            creation_date=h.get("creation_date"),
            extra=tuple(self.extra),
        )

    def _check_games(self) -> list[GameLine]:
        known: set[str] = set()
        for player in self.players:
            key = _key(player.token)
            if key in known and not player.token.startswith("?"):
                self.diagnostics.append(
                    diagnostic(
                        "W207",
                        f"expected each player listed once, got {player.token!r} again",
                        self.source,
                        player.line,
                        1,
                        player.token,
                    )
                )
            known.add(key)
        has_list = bool(known)
        games = self.games
        for index, game in enumerate(games):
            a, b = game.first, game.second
            if (
                a != b
                and a[0] not in "0?"
                and b[0] not in "0?"
                and (not has_list or (a in known and b in known))
            ):
                continue  # the common case: two different, listed, plain IDs
            code = self._exclusion(game, known, has_list)
            if code is not None:
                games[index] = dataclasses.replace(game, excluded=code)
        return games

    def _exclusion(self, game: GameLine, known: set[str], has_list: bool) -> str | None:
        ends = ((game.first, game.column), (game.second, self._second_column(game)))
        for token, column in ends:
            if is_unusable_id(token):
                code = "E104" if token.startswith("?") else "E103"
                what = "an unknown ID" if code == "E104" else "ID 0"
                self._error(
                    code, f"expected a player ID, got {what} {token!r}", game, column, token
                )
                return code
        first, second = _key(game.first), _key(game.second)
        if first == second:
            self._error(
                "E102",
                f"expected two different players, got {game.first!r} against itself",
                game,
                game.column,
                game.first,
            )
            return "E102"
        if not has_list:
            return None
        missing = [
            (t, c) for (t, c), k in zip(ends, (first, second), strict=True) if k not in known
        ]
        for token, column in missing:
            self._error(
                "E101",
                f"expected a player listed in the '%_%' lines, got {token!r}",
                game,
                column,
                token,
            )
        return "E101" if missing else None

    def _second_column(self, game: GameLine) -> int:
        """Where the second ID of `game` starts (rescans its cleaned line, for errors only)."""
        for raw in scan_games(self.lines[game.line - 1])[0]:
            if raw.column == game.column:
                return raw.second_column
        return game.column

    def _error(self, code: str, message: str, game: GameLine, column: int, text: str) -> None:
        self.diagnostics.append(diagnostic(code, message, self.source, game.line, column, text))


def _parse(
    text: str, source: str, strict: bool, encoding: str, early: list[Diagnostic]
) -> ResultsFile:
    reader = _Reader(source, listed=not strict)
    reader.diagnostics.extend(early)
    reader.read(text)
    results = reader.finish(encoding)
    if strict:
        for d in results.diagnostics:
            if d.severity is Severity.ERROR:
                raise ResultsFileError(d.format())
    return results


def parse_elo(text: str, source: str = "<string>", *, strict: bool = False) -> ResultsFile:
    """Parse the text of a results file; `source` names it in diagnostics.

    Lenient mode never raises: problems are in `ResultsFile.diagnostics`.

    Raises:
        ResultsFileError: in strict mode, on the first error (message = the diagnostic).
    """
    encoding = "ascii" if text.isascii() else "utf-8"
    if text.startswith("\ufeff"):
        text = text[1:]
    return _parse(text, source, strict, encoding, [])


def read_elo(path: str | Path, *, strict: bool = False, source: str | None = None) -> ResultsFile:
    """Read a results file from disk (bytes, decoded by `decode_elo`), then `parse_elo` it.

    `source` defaults to the path as given. A name that is not ``YYYYMMDD[a]_NAME.ELO``
    gives an N302 note.

    Raises:
        ResultsFileError: the file cannot be read, or (strict mode) it has an error.
    """
    name = str(path) if source is None else source
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise ResultsFileError(
            f"cannot read results file {str(path)!r}: {exc.strerror or exc}"
        ) from exc
    return read_elo_bytes(data, Path(path).name, strict=strict, source=name)


def read_elo_bytes(
    data: bytes, filename: str, *, strict: bool = False, source: str | None = None
) -> ResultsFile:
    """Parse the bytes of a results file named `filename` (decoded by `decode_elo`).

    `source` (default `filename`) names the file in diagnostics. A name that is not
    ``YYYYMMDD[a]_NAME.ELO`` gives an N302 note.

    Raises:
        ResultsFileError: (strict mode) the file has an error.
    """
    name = filename if source is None else source
    text, encoding, warning = decode_elo(data, name)
    early = [] if warning is None else [warning]
    if _FILENAME.fullmatch(filename) is None:
        early.append(
            diagnostic(
                "N302",
                f"expected a file name 'YYYYMMDD[a]_NAME.ELO' (NAME: at most 30 letters, digits"
                f" or '_'), got {filename!r}",
                name,
                1,
                1,
                filename,
            )
        )
    return _parse(text, name, strict, encoding, early)
