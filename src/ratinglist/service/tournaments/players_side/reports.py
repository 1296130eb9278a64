"""Results reported by players: each player of a game reports it with their code; the report
is kept apart (`store.player_side`) until the opponent reports the same result, and then ONE
ordinary result event is written through `results.enter_result` (the director's call, so a
stale report is refused, nothing is stored twice and undo works). Two different results are
kept side by side for the director, who decides (`override`) or switches reporting off.

Same result means the same event: each score is read by the game's own grammar
(`Game.result_event`), so ``40-24`` and ``40 24`` agree, and a Go ``1-0`` names White's win
as the director's entry does.
"""

from __future__ import annotations

from dataclasses import dataclass

from ratinglist.errors import N_, NotAllowedNow, PermissionDenied
from ratinglist.model import PlayerId
from ratinglist.model.directed import EnteredResult, ResultSpec
from ratinglist.service.actor import Actor, ActorKind
from ratinglist.service.tournaments.log import loaded
from ratinglist.service.tournaments.players_side.codes import code_player
from ratinglist.service.tournaments.players_side.settings import now
from ratinglist.service.tournaments.results import enter_result
from ratinglist.store import Store
from ratinglist.store.player_side import (
    ReportRow,
    add_report,
    drop_reports,
    reports_of,
    side_row,
)
from ratinglist.tournament.codec import to_json
from ratinglist.tournament.fold import require_open
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import game_of

PENDING = "pending"
STORED = "stored"


@dataclass(frozen=True, slots=True)
class Version:
    """One player's report: who (name), the score as typed."""

    player: int
    name: str
    score: str


class ReportsDiffer(NotAllowedNow):
    """The two players of a game reported different results: kept for the director (409)."""

    def __init__(self, number: int, table: int, versions: tuple[Version, ...]) -> None:
        shown = "; ".join(f"{v.name}: {v.score}" for v in versions)
        super().__init__(
            N_(
                "expected the same result from both players of round %(number)s, table "
                "%(table)s, got %(shown)s; the director decides"
            ),
            number=number,
            table=table,
            shown=shown,
        )
        self.versions = versions


@dataclass(frozen=True, slots=True)
class Reported:
    """A report's outcome: ``pending`` (waiting for the opponent) or ``stored`` (both
    agreed: the result entered, `entered`)."""

    status: str
    round: int
    table: int
    score: str
    entered: EnteredResult | None = None


def _game_of_table(d: FoldedTournament, number: int, table: int, player: PlayerId) -> None:
    """Refuse a report of a game that is not the current round's, not the reporter's own
    (403), or that has a result already (409)."""
    game = game_of(d)
    if number != d.paired:
        raise NotAllowedNow(
            N_(
                "expected a result of the current round %(paired)s, got round "
                "%(number)s: ask the director"
            ),
            paired=d.paired,
            number=number,
        )
    players = game.players_at(d, number, table)
    if player not in players:
        raise PermissionDenied(
            N_(
                "expected a result of your own game, got table %(table)s of round "
                "%(number)s, where you do not play"
            ),
            table=table,
            number=number,
        )
    for line in game.round_view(d, number, 0).tables:
        if line.table == table and line.result:
            raise NotAllowedNow(
                N_(
                    "expected a game without a result, got table %(table)s of round "
                    "%(number)s with %(value)s already: ask the director"
                ),
                table=table,
                number=number,
                value=line.shown_result or line.result,
            )


def _versions(d: FoldedTournament, rows: tuple[ReportRow, ...]) -> tuple[Version, ...]:
    game = game_of(d)
    return tuple(
        Version(r.player_id, game.name_of(d, PlayerId(r.player_id)), r.score) for r in rows
    )


def report_result(
    db: Store, tournament: int, number: int, table: int, score: str, code: str
) -> Reported:
    """A player (by `code`) reports the result of their game (round `number`, `table`).

    Raises:
        PermissionDenied: no such code, or a game that is not the code's player's (403).
        NotAllowedNow: player reporting is off, a round that is not the current one, a game
            with a result already (409); `ReportsDiffer` when the opponent reported another
            result (both kept for the director).
        TournamentInputError: a score the game cannot read, no such table (400).
    """
    player = code_player(db, tournament, code)
    with db.connect() as conn:
        if not side_row(conn, tournament).reporting:
            raise NotAllowedNow(N_("expected player reporting on, got it off: tell the director"))
    base = loaded(db, tournament)
    d = base.folded
    require_open(d, N_("a result"))
    _game_of_table(d, number, table, player)
    spec = ResultSpec(str(number), table=table, score=score.strip())
    event, _ = game_of(d).result_event(d, spec, False)
    result = "|".join(to_json(event))
    with db.begin() as conn:
        add_report(
            conn,
            tournament,
            (number, table, int(player)),
            spec.score or "",
            result,
            base.seq,
            now(),
        )
        rows = reports_of(conn, tournament, number, table)
    others = [r for r in rows if r.player_id != int(player)]
    if not others:
        return Reported(PENDING, number, table, spec.score or "")
    if any(r.result != result for r in others):
        raise ReportsDiffer(number, table, _versions(d, rows))
    actor = Actor(ActorKind.WEB, f"players {', '.join(str(r.player_id) for r in rows)}")
    entered = enter_result(db, tournament, spec, actor, based_on=min(r.seq for r in rows))
    with db.begin() as conn:
        drop_reports(conn, tournament, number, table)
    return Reported(STORED, number, table, spec.score or "", entered)


@dataclass(frozen=True, slots=True)
class GameReports:
    """The reports of one game waiting for the director or the opponent: round, table,
    the versions, and whether they differ."""

    round: int
    table: int
    versions: tuple[Version, ...]
    differ: bool


def open_reports(db: Store, tournament: int) -> tuple[GameReports, ...]:
    """The reports not yet made a result, game by game (disagreements first): those of the
    current round's games still without a result (a game the director entered meanwhile,
    or of an earlier round, has nothing left to decide)."""
    d = loaded(db, tournament).folded
    waiting = set(_missing(d))
    with db.connect() as conn:
        rows = reports_of(conn, tournament, d.paired) if d.paired else ()
    games: dict[tuple[int, int], list[ReportRow]] = {}
    for r in rows:
        if r.table in waiting:
            games.setdefault((r.round, r.table), []).append(r)
    out = [
        GameReports(k, t, _versions(d, tuple(rs)), len({r.result for r in rs}) > 1)
        for (k, t), rs in sorted(games.items())
    ]
    return tuple(sorted(out, key=lambda g: not g.differ))


def override(
    db: Store,
    tournament: int,
    number: int,
    table: int,
    score: str,
    actor: Actor,
    based_on: int | None = None,
) -> EnteredResult:
    """The director decides a game the players reported: the result is entered as the
    director's (`enter_result`) and the players' reports of it are removed."""
    spec = ResultSpec(str(number), table=table, score=score.strip())
    entered = enter_result(db, tournament, spec, actor, based_on=based_on)
    with db.begin() as conn:
        drop_reports(conn, tournament, number, table)
    return entered


def _missing(d: FoldedTournament) -> tuple[int, ...]:
    if not d.paired:
        return ()
    return tuple(
        line.table for line in game_of(d).round_view(d, d.paired, 0).tables if not line.result
    )


def missing_results(db: Store, tournament: int) -> tuple[int, ...]:
    """The tables of the current round without a result yet."""
    return _missing(loaded(db, tournament).folded)
