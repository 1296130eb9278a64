"""Check-in: the director (or the player with their code) marks a player present at the venue.

Presence is kept beside the log (`store.player_side`), not in it: it matters only until round
1 is paired, when every entrant not checked in by the deadline becomes absent from round 1
through the engine's own `Absent` event, written with the pairing (`absences`), unless the
director checked them in or cleared the deadline (docs/decisions.md, "Issue 35").
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ratinglist.errors import N_, NotAllowedNow, TournamentInputError
from ratinglist.model import PlayerId
from ratinglist.model.directed import Person
from ratinglist.service.actor import Actor
from ratinglist.service.tournaments.log import loaded
from ratinglist.service.tournaments.players_side.codes import code_player
from ratinglist.service.tournaments.players_side.settings import now
from ratinglist.store import Store
from ratinglist.store.player_side import check_in as store_check_in
from ratinglist.store.player_side import checked_in, side_row, undo_check_in
from ratinglist.tournament.events import Absent, Event
from ratinglist.tournament.fold import require_open
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import game_of


@dataclass(frozen=True, slots=True)
class CheckinLine:
    """An entrant, and when and by whom they were checked in (None: not yet)."""

    player: Person
    at: dt.datetime | None
    by: str


@dataclass(frozen=True, slots=True)
class CheckinList:
    """The check-in list: every entrant (not withdrawn), the deadline, and how many are in."""

    lines: tuple[CheckinLine, ...]
    until: dt.datetime | None
    present: int


def _entrant(d: FoldedTournament, player: int) -> Person:
    game = game_of(d)
    for e in game.entrants(d):
        if int(e.player.id) == player:
            return e.player
    raise TournamentInputError(
        N_("expected an entrant of %(name)r, got %(player)s"), name=d.settings.name, player=player
    )


def check_in(
    db: Store, tournament: int, player: int, actor: Actor, *, undo: bool = False
) -> Person:
    """Mark `player` present (or, with `undo`, not present) before round 1.

    Raises:
        NotAllowedNow: round 1 is paired already (absences are then the director's, one by
            one), or the tournament is closed.
        TournamentInputError: no such entrant.
    """
    d = loaded(db, tournament).folded
    require_open(d, N_("a check-in"))
    if d.paired:
        raise NotAllowedNow(
            N_(
                "expected a check-in before round 1 is paired, got round %(paired)s "
                "paired; ask the director"
            ),
            paired=d.paired,
        )
    who = _entrant(d, player)
    with db.begin() as conn:
        if undo:
            undo_check_in(conn, tournament, player)
        else:
            store_check_in(conn, tournament, player, now(), actor.label)
    return who


def check_in_by_code(db: Store, tournament: int, code: str, actor: Actor) -> Person:
    """A player checks in with their code (`check_in`); 403 for a wrong code."""
    return check_in(db, tournament, int(code_player(db, tournament, code)), actor)


def checkin_list(db: Store, tournament: int) -> CheckinList:
    """Every entrant not withdrawn, checked in or not, in entry order."""
    d = loaded(db, tournament).folded
    with db.connect() as conn:
        seen = checked_in(conn, tournament)
        until = side_row(conn, tournament).checkin_until
    lines = tuple(
        CheckinLine(e.player, *seen.get(int(e.player.id), (None, "")))
        for e in game_of(d).entrants(d)
        if not e.withdrawn
    )
    return CheckinList(lines, until, sum(1 for x in lines if x.at is not None))


def absences(db: Store, tournament: int, d: FoldedTournament, at: dt.datetime) -> list[Event]:
    """The absences from round 1 that pairing it at `at` writes first: each entrant not
    withdrawn nor already absent, not checked in, once the check-in deadline has passed
    (none before it, without a deadline, or after round 1)."""
    if d.paired:
        return []
    with db.connect() as conn:
        until = side_row(conn, tournament).checkin_until
        seen = checked_in(conn, tournament)
    if until is None or at < until:
        return []
    return [
        Absent(PlayerId(int(e.player.id)), 1)
        for e in game_of(d).entrants(d)
        if not e.withdrawn and int(e.player.id) not in seen
    ]


def pairing_events(
    db: Store, tournament: int, d: FoldedTournament, group_max: int | None = None
) -> list[Event]:
    """The events pairing the next round writes: the check-in's absences (`absences`, round
    1 only), then the game's pairing of the state after them."""
    from ratinglist.errors import TournamentError
    from ratinglist.service.tournaments.log import check

    kept: list[Event] = []
    ready = d
    for absence in absences(db, tournament, d, now()):
        try:  # an entrant the game does not pair in round 1 anyway (a late entry) is skipped
            ready = check(ready, [absence])
        except TournamentError:
            continue
        kept.append(absence)
    return [*kept, game_of(ready).next_round(ready, group_max)]
