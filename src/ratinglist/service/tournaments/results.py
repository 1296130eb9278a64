"""Result use cases: one result (by players or by table), a results sheet, a correction.

A result names its game by round and players (``3 4012 4013 40-24``) or by round and table
(``3 T7 40-24``; table 1 is the top board, `tournament.tables`), or both (a page's form): a
table that no longer holds the players named, or that held another game in the log the
writer saw (`based_on`), is refused with `ConflictError`. A disc score is ``40-24`` or
``40 24`` (no Othello game ends 0-0); the same result sent again is accepted once (nothing
written the second time). A special result names its
kind and winner (``3 T7 forfeit 4012``, ``3 4012 4013 time-default 4012 30-34``).
A results sheet holds one result per line (``%`` starts a comment); it is decoded as the
.ELO reader decodes (UTF-8 with or without BOM, UTF-16 by its BOM, else Latin-1/MacRoman),
every line is checked before anything is stored, errors name ``FILE:LINE``, and the whole
sheet is stored in one transaction.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ratinglist.errors import ConflictError, TournamentError
from ratinglist.model import Colour, PlayerId
from ratinglist.service.actor import Actor
from ratinglist.service.tournaments.go import go_person, go_result_event, result_text
from ratinglist.service.tournaments.log import Loaded, as_of, check, loaded, opened, write
from ratinglist.service.tournaments.values import EnteredResult, Person
from ratinglist.tournament.events import (
    GoResultCorrected,
    GoResultEntered,
    ResultCorrected,
    ResultEntered,
)
from ratinglist.tournament.fold import FoldedTournament, require_open, result_of
from ratinglist.tournament.games.go.state import go_result
from ratinglist.tournament.games.othello.results import (
    Result,
    SpecialResult,
    counted_discs,
    make_result,
)
from ratinglist.tournament.games.othello.tables import at_table, board_order

SPECIALS = {
    "time-default": SpecialResult.TIME_DEFAULT,
    "flag": SpecialResult.SECOND_FLAG_FALL,
    "resign": SpecialResult.RESIGNATION,
    "forfeit": SpecialResult.FORFEIT,
}

ResultEvent = ResultEntered | ResultCorrected | GoResultEntered | GoResultCorrected


@dataclass(frozen=True, slots=True)
class ResultSpec:
    """A result as typed: the game (round with players, or table) and the score or special.

    `round` None is the last paired round; `table` replaces `black` and `white`.
    """

    round: str | None = None
    black: int | None = None
    white: int | None = None
    table: int | None = None
    score: str | None = None
    special: str | None = None
    winner: int | None = None


_SCORE = re.compile(r"\s*(\d{1,2})\s*(?:[-:\u2013\u2014]|\s)\s*(\d{1,2})\s*")


def _discs(score: str) -> tuple[int, int]:
    found = _SCORE.fullmatch(score)
    if found is None:
        raise TournamentError(f"expected a disc score such as 40-24 or 40 24, got {score!r}")
    return int(found.group(1)), int(found.group(2))


def _names(d: FoldedTournament, black: PlayerId, white: PlayerId) -> str:
    def name(pid: PlayerId) -> str:
        try:
            return d.state.entrant(pid).name
        except TournamentError:
            return str(pid)

    return f"{name(black)} v {name(white)}"


def _game(d: FoldedTournament, spec: ResultSpec) -> tuple[str, PlayerId, PlayerId, int | None]:
    """Round label, Black, White and table of the game a spec names."""
    label = str(d.paired) if spec.round is None else spec.round.strip().upper()
    if spec.table is not None:
        if not label.isdigit():
            raise TournamentError(f"expected a round number with a table, got {label!r}")
        p = at_table(d, int(label), spec.table)
        if spec.black is not None or spec.white is not None:
            named = {spec.black, spec.white}
            if named != {int(p.black), int(p.white)}:
                shown = _names(d, PlayerId(spec.black or 0), PlayerId(spec.white or 0))
                raise ConflictError(
                    f"expected table {spec.table} of round {label} to hold {shown} (the game "
                    f"you saw), got {_names(d, p.black, p.white)} there now; nothing written, "
                    f"look at round {label} again"
                )
        return label, p.black, p.white, spec.table
    if spec.black is None or spec.white is None:
        raise TournamentError("expected BLACK and WHITE player IDs or --table, got neither")
    black, white = PlayerId(spec.black), PlayerId(spec.white)
    table = None
    if label.isdigit() and 1 <= int(label) <= d.paired:
        order = board_order(d, int(label))
        table = next(
            (k for k, p in enumerate(order, start=1) if (p.black, p.white) == (black, white)),
            None,
        )
    return label, black, white, table


def _result(spec: ResultSpec, black: PlayerId, white: PlayerId) -> Result:
    discs = None if spec.score is None else _discs(spec.score)
    if spec.special is None:
        if discs is None:
            raise TournamentError("expected a disc score such as 40-24, got none")
        if discs == (0, 0):
            raise TournamentError(
                "expected a disc score such as 40-24, got 0-0: no Othello game ends 0-0 "
                "(a game not played is a special result, e.g. forfeit with its winner)"
            )
        return Result(*counted_discs(*discs))
    kind = SPECIALS.get(spec.special.strip().lower())
    if kind is None:
        raise TournamentError(
            f"expected a special result among {', '.join(SPECIALS)}, got {spec.special!r}"
        )
    if spec.winner not in (int(black), int(white)):
        got = "none" if spec.winner is None else str(spec.winner)
        raise TournamentError(f"expected the winner {black} or {white}, got {got}")
    colour = Colour.BLACK if spec.winner == int(black) else Colour.WHITE
    on_board = (0, 0) if discs is None else discs
    mine, theirs = on_board if colour is Colour.BLACK else on_board[::-1]
    return make_result(colour, kind, mine, theirs)


def result_event(
    d: FoldedTournament, spec: ResultSpec, correction: bool
) -> tuple[ResultEvent, int | None]:
    """The entry (or correction) event a spec describes, and its table.

    In a Go tournament `black` and `white` are the two players in the order named (the
    score is for them in that order) and the score is a Go result (`service.go_tournaments`).
    """
    if d.go is not None:
        if spec.special is not None or spec.winner is not None:
            raise TournamentError(
                "expected a Go result such as 1-0 or 0-1! (! for by default), got --special"
            )
        return go_result_event(
            d.go, spec.round, spec.black, spec.white, spec.table, spec.score, correction
        )
    label, black, white, table = _game(d, spec)
    res = _result(spec, black, white)
    cls = ResultCorrected if correction else ResultEntered
    return cls(label, black, white, res.black_discs, res.white_discs, res.special.value), table


def _entered(d: FoldedTournament, e: ResultEvent, table: int | None) -> EnteredResult:
    if isinstance(e, GoResultEntered | GoResultCorrected):
        s = d.go
        assert s is not None
        return EnteredResult(
            round=str(e.round),
            table=table,
            black=go_person(s, e.black),
            white=go_person(s, e.white),
            black_discs=0,
            white_discs=0,
            special="none",
            corrected=isinstance(e, GoResultCorrected),
            go_result=result_text(go_result(e)),
        )
    return EnteredResult(
        round=e.round,
        table=table,
        black=Person(e.black, d.state.entrant(e.black).name),
        white=Person(e.white, d.state.entrant(e.white).name),
        black_discs=e.black_discs,
        white_discs=e.white_discs,
        special=e.special,
        corrected=isinstance(e, ResultCorrected),
    )


def _same_table(base: Loaded, spec: ResultSpec, event: ResultEvent, based_on: int) -> None:
    """Refuse a result by table when that table held another game in the log at `based_on`
    (a table number computed at every read, stored before tables were fixed, can move)."""
    if spec.table is None or not 1 <= based_on < base.seq or base.folded.go is not None:
        return
    label = event.round if isinstance(event, ResultEntered | ResultCorrected) else ""
    if not label.isdigit() or base.folded.state.rounds[int(label) - 1].tables:
        # fixed tables move only with a new pairing (an undo, then pairing again), which
        # the write refuses anyway as newer than `based_on`: no need to fold the older log
        return
    seen = as_of(base, based_on).folded
    if int(label) > seen.paired:
        return
    then = at_table(seen, int(label), spec.table)
    if {then.black, then.white} != {event.black, event.white}:
        raise ConflictError(
            f"expected table {spec.table} of round {label} to hold "
            f"{_names(seen, then.black, then.white)} (the game you saw), got "
            f"{_names(base.folded, event.black, event.white)} there now; nothing written, "
            f"look at round {label} again"
        )


def _go_repeated(d: FoldedTournament, event: GoResultEntered | GoResultCorrected) -> bool:
    """True when the Go game already has exactly this result (an entry or a correction that
    changes nothing: OpenGotha keeps the game as it is)."""
    s = d.go
    if s is None or not 1 <= event.round <= s.paired:
        return False
    white, black = s.key(event.white), s.key(event.black)
    game = s.rounds[event.round - 1].game_of(white)
    return (
        game is not None
        and (game.white, game.black) == (white, black)
        and game.result == go_result(event)
    )


def _repeated(d: FoldedTournament, event: ResultEvent) -> bool:
    """True when the game already has exactly this result (the same entry sent again)."""
    if isinstance(event, GoResultEntered | GoResultCorrected):
        return _go_repeated(d, event)
    if not isinstance(event, ResultEntered):
        return False
    wanted = result_of(event)
    if not event.round.isdigit():
        if d.finals is None:
            return False
        g = d.finals.game(event.round, event.black, event.white)
        return g is not None and g.black == event.black and g.result == wanted
    number = int(event.round)
    if not 1 <= number <= d.paired:
        return False
    p = d.state.rounds[number - 1].pairing_of(event.black)
    return (
        p is not None and (p.black, p.white) == (event.black, event.white) and (p.result == wanted)
    )


def enter_result(
    url: str,
    tournament: str | None,
    spec: ResultSpec,
    actor: Actor,
    *,
    correction: bool = False,
    based_on: int | None = None,
) -> EnteredResult:
    """Enter (or, with `correction`, correct) one result.

    `based_on` is the log's sequence number the director saw (default: the latest); when
    others wrote since, the result is stored unless they touched the same game. A result
    the game already has (the same entry sent twice; for Go also a correction to the same
    result) is accepted, not written again and not reported as a correction
    (`EnteredResult.repeated`).

    Raises:
        ConflictError: the same game changed since `based_on`, or the table named no longer
            holds the game the writer saw; nothing written.
        TournamentError: the game is not due, the score is not valid, or the tournament
            is closed.
    """
    with opened(url) as store, store.begin() as conn:
        # one transaction, the write lock taken first: the log is read at its head and
        # appended to on one connection (a handful of statements, one round trip each)
        base = loaded(store, tournament, conn)
        require_open(base.folded, "a result" if not correction else "a correction")
        event, table = result_event(base.folded, spec, correction)
        if based_on is not None:
            _same_table(base, spec, event, based_on)
        if _repeated(base.folded, event):
            return replace(_entered(base.folded, event, table), repeated=True, corrected=False)
        d = write(store, base, [event], actor, based_on, conn)
    return _entered(d, event, table)


def _player(token: str) -> int | None:
    """A player ID as typed on a sheet: digits, or a temporary identifier such as NEW1."""
    from ratinglist.model.ids import player_token

    return player_token(token)


def _line_spec(tokens: Sequence[str]) -> ResultSpec:
    """``ROUND (BLACK WHITE | Tn) (SCORE | SPECIAL WINNER [SCORE])`` as a spec."""
    if len(tokens) < 3:
        raise TournamentError("expected 'ROUND BLACK WHITE SCORE' or 'ROUND Tn SCORE'")
    round_label, rest = tokens[0], list(tokens[1:])
    table: int | None = None
    black = white = None
    head = rest[0]
    if head[:1] in "Tt" and head[1:].isdigit():
        table = int(head[1:])
        rest = rest[1:]
    elif len(rest) >= 3 and _player(rest[0]) is not None and _player(rest[1]) is not None:
        black, white = _player(rest[0]), _player(rest[1])
        rest = rest[2:]
    else:
        raise TournamentError(f"expected BLACK WHITE player IDs or a table Tn, got {head!r}")
    if len(rest) == 1:
        return ResultSpec(round_label, black, white, table, score=rest[0])
    if len(rest) in (2, 3) and rest[1].isdigit():
        score = rest[2] if len(rest) == 3 else None
        return ResultSpec(round_label, black, white, table, score, rest[0], int(rest[1]))
    raise TournamentError(
        f"expected SCORE or SPECIAL WINNER [SCORE] after the game, got {' '.join(rest)!r}"
    )


@dataclass(frozen=True, slots=True)
class SheetResults:
    """The results a sheet entered, and the encoding it was read in."""

    entered: tuple[EnteredResult, ...]
    encoding: str


def sheet_events(
    d: FoldedTournament, text: str, source: str
) -> tuple[list[ResultEvent], list[int | None]]:
    """The result events of a sheet, each checked against the state after the ones before.

    Raises:
        TournamentError: ``SOURCE:LINE: ...`` for the first line that cannot be entered.
    """
    events: list[ResultEvent] = []
    tables: list[int | None] = []
    checked = d
    for n, line in enumerate(text.splitlines(), start=1):
        tokens = line.split("%", 1)[0].split()
        if not tokens:
            continue
        try:
            event, table = result_event(checked, _line_spec(tokens), False)
            checked = check(checked, [event])
        except TournamentError as exc:
            raise TournamentError(f"{source}:{n}: {exc} (line {line.strip()!r})") from exc
        events.append(event)
        tables.append(table)
    if not events:
        raise TournamentError(f"{source}: expected result lines, got none")
    return events, tables


def enter_sheet(
    url: str, tournament: str | None, data: bytes, source: str, actor: Actor
) -> SheetResults:
    """Enter every result of a results sheet (bytes of a text file) in one transaction."""
    from ratinglist.formats.elo_decode import decode_elo

    text, encoding, _ = decode_elo(data, source)
    with opened(url) as store:
        base = loaded(store, tournament)
        require_open(base.folded, "results")
        events, tables = sheet_events(base.folded, text, source)
        d = write(store, base, events, actor)
    return SheetResults(
        tuple(_entered(d, e, t) for e, t in zip(events, tables, strict=True)), encoding
    )
