"""The sheets a director prints (pairings by table and by name, result slips, standings,
the cross table, welcome sheets) and the pairing report of a round.

Every sheet is drawn from what the tournament's `Game` already shows (its round view, its
shown round and standings, its entrants), so one set of pages prints every game: Go's
White, Black and handicap and its placement criteria, Othello's Black, White, points,
Brightwell and discs. The sheets whose data the live pages already show to anyone
(`PUBLIC_SHEETS`) may also be printed from the public live pages; slips and welcome
sheets are the director's (docs/decisions.md, issue 21 printing).
"""

from __future__ import annotations

from ratinglist.errors import N_, NotAllowedNow, NotFoundError, TournamentInputError
from ratinglist.model import PlayerId
from ratinglist.model.directed import (
    Person,
    RoundView,
    ShownCell,
    ShownColumn,
    ShownRow,
    ShownTable,
    TableLine,
)
from ratinglist.model.report import NameLine, PairingReport, PrintSheet, SlipView, WelcomeSheet
from ratinglist.service.tournaments.log import loaded
from ratinglist.store import Store
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import Game, game_of

SHEETS = {
    "pairings": "Pairings by table",
    "names": "Pairings by name",
    "slips": "Result slips",
    "standings": "Standings",
    "grid": "Cross table",
    "welcome": "Welcome sheets",
}
"""The sheets, by their name in the address, with their titles."""
PUBLIC_SHEETS = frozenset({"pairings", "names", "standings", "grid"})
"""The sheets anyone may print from the live pages (what those pages show already)."""
ROUND_SHEETS = frozenset({"pairings", "names", "slips"})
"""The sheets of one round (the last paired unless another is asked for)."""


def pairing_report(db: Store, tournament: int, number: int | None = None) -> PairingReport:
    """The pairing report of round `number` (default: the last paired): each pair's cost
    parts and each player's next-best opponents with their cost difference.

    Raises:
        TournamentError: no such paired round, or one paired without costs (round robin).
    """
    d = loaded(db, tournament).folded
    return game_of(d).pairing_report(d, _round(d, number))


def _round(d: FoldedTournament, number: int | None) -> int:
    k = d.paired if number is None else number
    if not 1 <= k <= d.paired:
        if d.paired == 0:
            raise NotAllowedNow(N_("expected a paired round, got none paired yet"))
        raise TournamentInputError(
            N_("expected a paired round (1-%(paired)s), got %(k)s"), paired=d.paired, k=k
        )
    return k


def flipped(result: str) -> str:
    """A result as typed for the first player named (``40-24``, ``1-0!``), as the second
    player reads it (``24-40``, ``0-1!``); a result without two sides (``=``) is the same."""
    text = result.strip()
    mark = "!" if text.endswith("!") else ""
    left, sep, right = text.rstrip("!").partition("-")
    return f"{right}-{left}{mark}" if sep else text


def _ranks(line: TableLine, first: PlayerId) -> tuple[str, str]:
    """The ranks of a table's players in the order a slip names them (`first` first)."""
    if line.white.id == first:
        return line.white_rank, line.black_rank
    return line.black_rank, line.white_rank


def _names(view: RoundView) -> tuple[NameLine, ...]:
    first, second = view.columns
    lines = []
    for seat in view.seats():
        lines.append(NameLine(seat.first, seat.line.table, first, seat.second))
        lines.append(NameLine(seat.second, seat.line.table, second, seat.first))
    lines += [NameLine(p, None, "bye", None) for p, _ in view.byes]
    return tuple(sorted(lines, key=lambda n: (n.player.name.casefold(), n.player.id)))


def _grid(d: FoldedTournament, game: Game, seq: int) -> ShownTable:
    """The cross table: players in the standings' order; a cell holds the row player's
    results against the column's player, as the row player reads them, and (in small type)
    the rounds they were played in."""
    order = [line.player for line in game.standings(d, None, None).lines]
    placed = {p.id for p in order}
    # before the standings count a round, every entrant in entry order
    order += [e.player for e in game.entrants(d) if e.player.id not in placed and not e.withdrawn]
    met: dict[tuple[PlayerId, PlayerId], list[tuple[str, int]]] = {}
    for number in range(1, d.paired + 1):
        for seat in game.round_view(d, number, seq).seats():
            result = seat.line.result or "?"
            kind = f" {seat.line.kind}" if seat.line.kind else ""
            a, b = seat.first.id, seat.second.id
            met.setdefault((a, b), []).append((result + kind, number))
            met.setdefault((b, a), []).append((flipped(result) + kind, number))
    columns = (
        ShownColumn("#", "n"),
        ShownColumn("Player"),
        *(ShownColumn(str(k + 1), "n") for k in range(len(order))),
    )
    rows = []
    for k, p in enumerate(order):
        cells = [ShownCell(str(k + 1)), ShownCell(p.name)]
        for q in order:
            if q.id == p.id:
                cells.append(ShownCell("×"))
            else:
                games = met.get((p.id, q.id), [])
                cells.append(
                    ShownCell(" ".join(r for r, _ in games), " ".join(f"r{n}" for _, n in games))
                )
        rows.append(ShownRow(tuple(cells)))
    return ShownTable(columns, tuple(rows))


def _welcome(d: FoldedTournament, game: Game, seq: int) -> tuple[WelcomeSheet, ...]:
    first_games: dict[PlayerId, tuple[int | None, str, Person | None]] = {}
    if d.paired:
        view = game.round_view(d, 1, seq)
        for line in _names(view):
            first_games[line.player.id] = (line.table, line.colour, line.opponent)
    return tuple(
        WelcomeSheet(e.player, e.country, e.rating, *first_games.get(e.player.id, (None, "", None)))
        for e in sorted(game.entrants(d), key=lambda e: (e.player.name.casefold(), e.player.id))
        if not e.withdrawn
    )


def print_sheet(
    db: Store, tournament: int, sheet: str, number: int | None = None, *, public: bool = False
) -> PrintSheet:
    """Sheet `sheet` (one of `SHEETS`) of the tournament, for round `number` when it is a
    round's sheet (default: the last paired); `public`: asked from the public live pages,
    which offer only `PUBLIC_SHEETS`.

    Raises:
        NotFoundError: no such sheet (or not a public one).
        TournamentError: a round's sheet before any round is paired, or no such round.
    """
    offered = PUBLIC_SHEETS if public else frozenset(SHEETS)
    if sheet not in offered:
        names = ", ".join(s for s in SHEETS if s in offered)
        raise NotFoundError(
            N_("expected a sheet among %(names)s, got %(sheet)r"), names=names, sheet=sheet
        )
    base = loaded(db, tournament)
    d = base.folded
    game = game_of(d)
    s = d.settings
    k = _round(d, number) if sheet in ROUND_SHEETS else None
    view = None if k is None else game.round_view(d, k, base.seq)
    title = SHEETS[sheet] + ("" if k is None else f" · round {k}")
    table = None
    if sheet == "pairings" and view is not None:
        table = game.shown_round(view)
    elif sheet == "standings":
        table = game.shown_standings(game.standings(d, None, None))
    elif sheet == "grid":
        table = _grid(d, game, base.seq)
    columns = view.columns if view is not None else ("", "")
    return PrintSheet(
        sheet=sheet,
        title=title,
        tournament=s.name,
        game=game.name,
        game_label=game.label,
        system=s.system or f"{s.preset} table by player count",
        rounds=s.rounds,
        start=s.start,
        country=s.country,
        round=k,
        progress=game.progress(d)[1],
        result_help=game.result_help,
        columns=columns,
        table=table,
        names=_names(view) if sheet == "names" and view is not None else (),
        slips=tuple(
            SlipView(
                seat.line.table,
                seat.first,
                seat.second,
                seat.line.handicap,
                *_ranks(seat.line, seat.first.id),
            )
            for seat in (view.seats() if sheet == "slips" and view is not None else ())
        ),
        welcome=_welcome(d, game, base.seq) if sheet == "welcome" else (),
    )
