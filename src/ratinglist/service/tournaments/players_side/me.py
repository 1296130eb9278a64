"""A player's own page (``/live/{tid}/me``): with their code, their next table, colour,
opponent and handicap, their games so far, their place, check-in, and what they reported."""

from __future__ import annotations

from dataclasses import dataclass

from ratinglist.model.directed import Person
from ratinglist.service.tournaments.log import loaded
from ratinglist.service.tournaments.players_side.codes import code_player
from ratinglist.store import Store
from ratinglist.store.player_side import checked_in, reports_of, side_row
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import game_of


@dataclass(frozen=True, slots=True)
class MyGame:
    """One of the player's games: round, table, their colour (the game's column title),
    the opponent, the handicap (Go), the result as the table writes it (first player's
    side first; empty while not in), and whether the player is named first."""

    round: int
    table: int
    colour: str
    opponent: Person
    handicap: int | None
    result: str
    first: bool


@dataclass(frozen=True, slots=True)
class MyPage:
    """What a player's page shows; `seq` is the log's number it was drawn at (the page
    refreshes when it moves)."""

    tournament: int
    name: str
    game: str
    result_help: str
    player: Person
    seq: int
    paired: int
    current: MyGame | None
    bye: bool
    absent: bool
    games: tuple[MyGame, ...]
    place: int | None
    checked_in: bool
    reporting: bool
    my_report: str
    columns: tuple[str, str]


def _games(d: FoldedTournament, me: Person) -> tuple[list[MyGame], set[int], set[int]]:
    game = game_of(d)
    out, byes, absent = [], set(), set()
    for k in range(1, d.paired + 1):
        view = game.round_view(d, k, 0)
        first, second = view.columns
        for seat in view.seats():
            line = seat.line
            if seat.first.id == me.id:
                out.append(
                    MyGame(
                        k, line.table, first, seat.second, line.handicap, line.shown_result, True
                    )
                )
            elif seat.second.id == me.id:
                out.append(
                    MyGame(
                        k, line.table, second, seat.first, line.handicap, line.shown_result, False
                    )
                )
        if any(p.id == me.id for p, _ in view.byes):
            byes.add(k)
        if any(p.id == me.id for p in view.absent):
            absent.add(k)
    return out, byes, absent


def my_page(db: Store, tournament: int, code: str) -> MyPage:
    """The page of the player whose code `code` is.

    Raises:
        PermissionDenied: no such code (403).
    """
    pid = code_player(db, tournament, code)
    base = loaded(db, tournament)
    d = base.folded
    game = game_of(d)
    me = game.person(d, pid)
    games, byes, absent = _games(d, me)
    current = next((g for g in games if g.round == d.paired), None)
    place = None
    for line in game.standings(d, None, None).lines:
        if line.player.id == pid:
            place = line.place
    with db.connect() as conn:
        present = int(pid) in checked_in(conn, tournament)
        side = side_row(conn, tournament)
        mine = [
            r.score
            for r in reports_of(conn, tournament, d.paired)
            if r.player_id == int(pid) and current is not None and r.table == current.table
        ]
    columns = ("White", "Black") if game.white_first else ("Black", "White")
    return MyPage(
        tournament,
        d.settings.name,
        game.label,
        game.result_help,
        me,
        base.seq,
        d.paired,
        current,
        d.paired in byes,
        d.paired in absent,
        tuple(games),
        place,
        present,
        side.reporting,
        mine[0] if mine else "",
        columns,
    )
