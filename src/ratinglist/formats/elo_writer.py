"""Write `ResultsFile` values as canonical .ELO text, and build them from tournaments.

Canonical form (seed 000): the four header lines (then ``%%Creator``, ``%%CreationDate`` and
any other header lines when present), a blank line, a column comment and the ``%_%`` player
block, then the games with a ``%Round N`` marker whenever the round changes, aligned as
``  4875 (50)>(14)  90004 B``; games marked `added` follow a ``%%Added results`` line.
"""

from __future__ import annotations

import bisect
from pathlib import Path

from ratinglist.errors import ResultsFileError
from ratinglist.formats.elo_comments import OTHER_GAMES_MARKER, format_date
from ratinglist.formats.elo_players import is_player_id_token
from ratinglist.formats.results_file import GameLine, Header, PlayerLine, ResultsFile, RoundMarker
from ratinglist.model import Tournament, shown_id

PLAYER_COLUMNS = "%      ID, NAME, Firstname, COUNTRY, score, disc-count, rating"
ADDED_RESULTS = "%%Added results"


def _number(value: float | None) -> str:
    if value is None:
        return ""
    if value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


def _check_text(text: str, what: str, forbidden: str) -> str:
    bad = [c for c in forbidden if c in text]
    if bad:
        raise ResultsFileError(f"expected {what} without {bad[0]!r}, got {text!r}")
    return text


def _check_token(token: str) -> str:
    if not is_player_id_token(token):
        raise ResultsFileError(
            f"expected a player ID (digits, '??????' or 4 letters/digits), got {token!r}"
        )
    return token


def _header_lines(h: Header) -> list[str]:
    values = [
        ("Tournament", h.tournament or ""),
        ("Country", h.country or ""),
        ("Date", "" if h.dates is None else format_date(h.dates)),
        ("Sender", h.sender or ""),
    ]
    if h.creator is not None:
        values.append(("Creator", h.creator))
    if h.creation_date is not None:
        values.append(("CreationDate", h.creation_date))
    values.extend(h.extra)
    return [
        f"%%{k}: {_check_text(v.strip(), 'a header value', chr(10) + chr(13))}" for k, v in values
    ]


def format_player(p: PlayerLine) -> str:
    """``%_% +ID, NAME, Firstname, COUNTRY, score, discs[, rating]``, empty tail fields dropped.

    Raises:
        ResultsFileError: a name or country holds a comma or a line break, or a bad ID.
    """
    names = [
        _check_text(x.strip(), "a player field", ",\n\r")
        for x in (p.surname, p.firstname, p.country)
    ]
    numbers = [_number(p.score), _number(p.discs), "" if p.rating is None else str(p.rating)]
    fields = [("+" if p.new else "") + _check_token(p.token), *names, *numbers]
    while len(fields) > 1 and fields[-1] == "":
        fields.pop()
    return "%_% " + ", ".join(fields)


def format_game(g: GameLine) -> str:
    """``  4875 (50)>(14)  90004 B``: IDs right-aligned in 6 columns, discs on 2 digits."""
    d1 = "" if g.first_discs is None else f"({g.first_discs:02d})"
    d2 = "" if g.second_discs is None else f"({g.second_discs:02d})"
    colour = "" if g.first_colour is None else f" {g.first_colour.value}"
    first, second = _check_token(g.first), _check_token(g.second)
    return f"{first:>6} {d1}{g.outcome.value}{d2} {second:>6}{colour}"


def _unnumbered_text(rounds: list[RoundMarker], lines: list[int], game: GameLine) -> str:
    """The text of the unnumbered marker before `game` in its source, else the generic one."""
    index = bisect.bisect_left(lines, game.line) - 1
    if game.line > 0 and index >= 0 and rounds[index].number is None:
        return rounds[index].text
    return OTHER_GAMES_MARKER


def _game_lines(games: list[GameLine], rounds: list[RoundMarker], current: int | None) -> list[str]:
    lines: list[str] = []
    marker_lines = [r.line for r in rounds]
    for g in games:
        if g.round != current:
            if g.round is None:
                marker = _unnumbered_text(rounds, marker_lines, g)
            else:
                marker = f"%Round {g.round}"
            lines.extend(["", marker] if lines else [marker])
            current = g.round
        lines.append(format_game(g))
    return lines


def format_elo(results: ResultsFile) -> str:
    """The canonical text of `results` (ends with a newline); `parse_elo` reads it back.

    Games not `added` come first, in order, then the added ones after ``%%Added results``.

    Raises:
        ResultsFileError: a value cannot be written (a comma in a name, a bad ID token, ...).
    """
    lines = _header_lines(results.header)
    if results.players:
        lines += ["", PLAYER_COLUMNS, *(format_player(p) for p in results.players)]
    rounds = sorted(results.rounds, key=lambda r: r.line)
    main = [g for g in results.games if not g.added]
    added = [g for g in results.games if g.added]
    if main:
        lines += ["", *_game_lines(main, rounds, None)]
    if added:
        lines += ["", ADDED_RESULTS, *_game_lines(added, rounds, None)]
    return "\n".join(lines) + "\n"


def write_elo(results: ResultsFile, path: str | Path) -> None:
    """Write `format_elo(results)` to `path` (UTF-8; pure ASCII when the names are).

    Raises:
        ResultsFileError: a value cannot be written, or the file cannot be written.
    """
    text = format_elo(results)
    try:
        Path(path).write_text(text, encoding="utf-8", newline="\n")
    except OSError as exc:
        raise ResultsFileError(
            f"cannot write results file {str(path)!r}: {exc.strerror or exc}"
        ) from exc


def from_tournament(
    t: Tournament,
    *,
    source: str = "<tournament>",
    creator: str | None = None,
    creation_date: str | None = None,
) -> ResultsFile:
    """The results file of a tournament: its players as ``%_%`` lines, its games in order.

    `ResultsFile.to_tournament` is the inverse (for numeric IDs).
    """
    header = Header(
        tournament=t.name,
        country=t.country,
        dates=t.dates,
        sender=t.sender,
        creator=creator,
        creation_date=creation_date,
    )
    players = tuple(PlayerLine.from_tournament_player(p) for p in t.players)
    games = tuple(
        GameLine(
            first=shown_id(g.first),
            second=shown_id(g.second),
            outcome=g.outcome,
            first_discs=g.first_discs,
            second_discs=g.second_discs,
            first_colour=g.first_colour,
            round=g.round,
        )
        for g in t.games
    )
    return ResultsFile(source=source, header=header, players=players, games=games)
