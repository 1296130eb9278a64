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

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ratinglist.errors import N_, ConflictError, TournamentError, TournamentInputError
from ratinglist.model import PlayerId
from ratinglist.model.directed import EnteredResult, ResultSpec
from ratinglist.service.actor import Actor
from ratinglist.service.tournaments.log import Loaded, as_of, check, loaded, write
from ratinglist.store import Store
from ratinglist.tournament.events import Event
from ratinglist.tournament.fold import require_open
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import game_of


def _same_table(base: Loaded, event: Event, table: int | None, based_on: int) -> None:
    """Refuse a result by table when that table held another game in the log at `based_on`
    (a table number computed at every read, stored before tables were fixed, can move)."""
    if not 1 <= based_on < base.seq:
        return
    game = game_of(base.folded)
    asked = game.table_players(base.folded, event, table)
    if asked is None or table is None:
        return
    number, players = asked
    seen = as_of(base, based_on).folded
    if number > seen.paired:
        return
    then = game.players_at(seen, number, table)
    if then != players:

        def shown(d: FoldedTournament, pair: frozenset[PlayerId]) -> str:
            return " v ".join(game.name_of(d, pid) for pid in sorted(pair))

        raise ConflictError(
            N_(
                "expected table %(table)s of round %(number)s to hold %(seen)s (the "
                "game you saw), got %(folded)s there now; nothing written, look at "
                "round %(number)s again"
            ),
            table=table,
            number=number,
            seen=shown(seen, then),
            folded=shown(base.folded, players),
        )


def enter_result(
    db: Store,
    tournament: int,
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
    with db.begin() as conn:
        # one transaction, the write lock taken first: the log is read at its head and
        # appended to on one connection (a handful of statements, one round trip each)
        base = loaded(db, tournament, conn)
        require_open(base.folded, "a result" if not correction else "a correction")
        game = game_of(base.folded)
        event, table = game.result_event(base.folded, spec, correction)
        if based_on is not None and spec.table is not None:
            _same_table(base, event, table, based_on)
        if game.repeated(base.folded, event):
            return replace(game.entered(base.folded, event, table), repeated=True, corrected=False)
        d = write(db, base, [event], actor, based_on, conn)
    return game.entered(d, event, table)


def _player(token: str) -> int | None:
    """A player ID as typed on a sheet: digits, or a temporary identifier such as NEW1."""
    from ratinglist.model.ids import player_token

    return player_token(token)


def _line_spec(tokens: Sequence[str]) -> ResultSpec:
    """``ROUND (BLACK WHITE | Tn) (SCORE | SPECIAL WINNER [SCORE])`` as a spec."""
    if len(tokens) < 3:
        raise TournamentInputError(N_("expected 'ROUND BLACK WHITE SCORE' or 'ROUND Tn SCORE'"))
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
        raise TournamentInputError(
            N_("expected BLACK WHITE player IDs or a table Tn, got %(head)r"), head=head
        )
    if len(rest) == 1:
        return ResultSpec(round_label, black, white, table, score=rest[0])
    if len(rest) in (2, 3) and rest[1].isdigit():
        score = rest[2] if len(rest) == 3 else None
        return ResultSpec(round_label, black, white, table, score, rest[0], int(rest[1]))
    raise TournamentInputError(
        N_("expected SCORE or SPECIAL WINNER [SCORE] after the game, got %(rest)r"),
        rest=" ".join(rest),
    )


@dataclass(frozen=True, slots=True)
class SheetResults:
    """The results a sheet entered, and the encoding it was read in."""

    entered: tuple[EnteredResult, ...]
    encoding: str


def sheet_events(
    d: FoldedTournament, text: str, source: str
) -> tuple[list[Event], list[int | None]]:
    """The result events of a sheet, each checked against the state after the ones before.

    Raises:
        TournamentError: ``SOURCE:LINE: ...`` for the first line that cannot be entered.
    """
    events: list[Event] = []
    tables: list[int | None] = []
    checked = d
    game = game_of(d)
    for n, line in enumerate(text.splitlines(), start=1):
        tokens = line.split("%", 1)[0].split()
        if not tokens:
            continue
        try:
            event, table = game.result_event(checked, _line_spec(tokens), False)
            checked = check(checked, [event])
        except TournamentError as exc:
            raise TournamentInputError(
                N_("%(source)s:%(n)s: %(exc)s (line %(line)r)"),
                source=source,
                n=n,
                exc=exc,
                line=line.strip(),
            ) from exc
        events.append(event)
        tables.append(table)
    if not events:
        raise TournamentInputError(N_("%(source)s: expected result lines, got none"), source=source)
    return events, tables


def enter_sheet(db: Store, tournament: int, data: bytes, source: str, actor: Actor) -> SheetResults:
    """Enter every result of a results sheet (bytes of a text file) in one transaction."""
    from ratinglist.formats.elo_decode import decode_elo

    text, encoding, _ = decode_elo(data, source)
    base = loaded(db, tournament)
    require_open(base.folded, N_("results"))
    events, tables = sheet_events(base.folded, text, source)
    d = write(db, base, events, actor)
    return SheetResults(
        tuple(game_of(d).entered(d, e, t) for e, t in zip(events, tables, strict=True)),
        encoding,
    )
