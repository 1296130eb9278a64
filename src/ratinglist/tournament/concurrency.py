"""Several writers on one log: when an action based on an older log may still be appended.

Every write states the sequence number of the log it was based on. When other events were
appended since, the action is *rebased* on the newer log if it touches nothing they touched,
and refused with `ConflictError` otherwise. What an event touches is its `footprint`: a
result touches its game; a registration, withdrawal, absence or change of a Go player's
data its player; a forbidden pair that pair. Pairing a round, the finals, undo, submit,
reopen, forced pairs, the creation, the team actions (entries, members) and the edits of a
Go round (bye, unpairing, games added, colours, handicap, tables, number of rounds) touch
everything (they depend on the whole state), so they conflict with any newer event.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ratinglist.errors import ConflictError, TournamentError
from ratinglist.model import PlayerId, shown_id
from ratinglist.tournament.events import (
    Absent,
    Event,
    FinalsStarted,
    Forbidden,
    Forced,
    GoByeChosen,
    GoColoursExchanged,
    GoGamesAdded,
    GoHandicapSet,
    GoPaired,
    GoPlayerModified,
    GoRegistered,
    GoResultCorrected,
    GoResultEntered,
    GoRoundsSet,
    GoSettingsChanged,
    GoTablesSet,
    GoTeamBoards,
    GoTeamEntered,
    GoUnpaired,
    IdAssigned,
    Paired,
    Registered,
    Reopened,
    ResultCorrected,
    ResultEntered,
    Submitted,
    Undone,
    Withdrawn,
)
from ratinglist.tournament.fold import apply
from ratinglist.tournament.folded import FoldedTournament

Mark = tuple[str, str, int, int]
EVERYTHING: frozenset[Mark] = frozenset({("*", "", 0, 0)})


def footprint(event: Event) -> frozenset[Mark]:
    """What `event` reads and changes, as marks; `EVERYTHING` for whole-state actions."""
    match event:
        case ResultEntered() | ResultCorrected():
            a, b = sorted((int(event.black), int(event.white)))
            return frozenset({("game", event.round.strip().upper(), a, b)})
        case GoResultEntered() | GoResultCorrected():
            a, b = sorted((int(event.white), int(event.black)))
            return frozenset({("game", str(event.round), a, b)})
        case Registered() | GoRegistered() | GoPlayerModified() | Withdrawn() | Absent():
            return frozenset({("player", "", int(event.player), 0)})
        case Forbidden(first=x, second=y):
            a, b = sorted((int(x), int(y)))
            return frozenset({("pair", "", a, b)})
    return EVERYTHING


def _clash(mine: frozenset[Mark], theirs: frozenset[Mark]) -> bool:
    return mine is EVERYTHING or theirs is EVERYTHING or bool(mine & theirs)


def describe(event: Event, name: Callable[[PlayerId], str] | None = None) -> str:
    """An event in words for messages, e.g. ``result 40-24 of round 3 (4012 - 4013)``; with
    `name` (a player's name by ID) the players are named:
    ``result 40-24 of round 3, DUBOIS, Anne v EVANS, Tom``."""
    who: Callable[[PlayerId], str] = name or shown_id

    def game(a: PlayerId, b: PlayerId) -> str:
        return f", {who(a)} v {who(b)}" if name is not None else f" ({who(a)} - {who(b)})"

    match event:
        case ResultEntered() | ResultCorrected():
            what = "result" if isinstance(event, ResultEntered) else "correction"
            return (
                f"{what} {event.black_discs}-{event.white_discs} of round {event.round}"
                f"{game(event.black, event.white)}"
            )
        case GoResultEntered() | GoResultCorrected():
            what = "result" if isinstance(event, GoResultEntered) else "correction"
            mark = "!" if event.by_default else ""
            return (
                f"{what} {event.outcome}{mark} of round {event.round}"
                f"{game(event.white, event.black)}"
            )
        case GoPaired(round=k):
            return f"pairing of round {k}"
        case GoPlayerModified(player=p):
            return f"change of player {who(p)}"
        case GoByeChosen(round=k, player=p):
            return f"bye of round {k}: {who(p) if int(p) else 'none'}"
        case GoUnpaired(round=k, white=w, black=b):
            return f"unpairing of round {k}{game(w, b)}"
        case GoGamesAdded(round=k, games=added):
            return f"{len(added)} game(s) added to round {k}"
        case GoColoursExchanged(round=k, white=w, black=b):
            return f"colours exchanged in round {k}{game(w, b)}"
        case GoHandicapSet(round=k, white=w, black=b, handicap=h):
            return f"handicap {h} in round {k}{game(w, b)}"
        case GoTablesSet(round=k, tables=moved):
            return f"{len(moved)} table number(s) changed in round {k}"
        case GoRoundsSet(rounds=n):
            return f"number of rounds set to {n}"
        case GoTeamEntered(team=n, name=team):
            return f"team {n} {team!r}"
        case GoTeamBoards(team=n, round=k):
            return f"members of team {n} in round {k}"
        case GoSettingsChanged(options=pairs):
            return "settings " + ", ".join(f"{name}={value}" for name, value in pairs)
        case (
            Registered(player=p, surname=sn, firstname=fn)
            | GoRegistered(player=p, surname=sn, firstname=fn)
        ):
            shown = shown_id(p)
            return (
                f"registration of {sn}, {fn} ({shown})" if fn else f"registration of {sn} ({shown})"
            )
        case IdAssigned(temporary=t, player=p):
            return f"ID {p} given to {shown_id(t)}"
        case Withdrawn(player=p, from_round=k):
            return f"withdrawal of {who(p)} from round {k}"
        case Absent(player=p, round=k):
            return f"absence of {who(p)} in round {k}"
        case Forbidden(first=a, second=b):
            return f"forbidden pair {who(a)} - {who(b)}"
        case Forced(round=k, black=b, white=w):
            return f"forced pair {who(b)} - {who(w)} in round {k}"
        case Paired(round=k):
            return f"pairing of round {k}"
        case FinalsStarted():
            return "start of the finals"
        case Submitted():
            return "submission"
        case Reopened():
            return "reopening"
        case Undone():
            return "undo"
    return f"{event.kind} event"


def require_no_clash(
    actions: Sequence[Event],
    newer: Sequence[Event],
    based_on: int,
    name: Callable[[PlayerId], str] | None = None,
) -> None:
    """Refuse actions that touch what an event appended since `based_on` touched (`name`
    names the players in the message, see `describe`).

    Raises:
        ConflictError: the first clash, in words.
    """
    for event in newer:
        for action in actions:
            if _clash(footprint(action), footprint(event)):
                raise ConflictError(
                    f"expected the log at event {based_on}, got {based_on + len(newer)}: "
                    f"a newer {describe(event, name)} conflicts with this "
                    f"{describe(action, name)}; "
                    f"nothing written, look at the tournament again"
                )


def rebase(
    based: FoldedTournament,
    actions: Sequence[Event],
    newer: Sequence[Event],
    based_on: int,
    name: Callable[[PlayerId], str] | None = None,
) -> FoldedTournament:
    """The state after `newer` (appended since `based_on`) and then `actions`.

    Raises:
        ConflictError: an action touches what a newer event touched, or no longer applies
            to the newer state; nothing is to be written.
    """
    require_no_clash(actions, newer, based_on, name)
    state = based
    for event in newer:
        state = apply(state, event)
    for action in actions:
        try:
            state = apply(state, action)
        except TournamentError as exc:
            raise ConflictError(
                f"expected the action to apply after the newer events, got: {exc}"
            ) from exc
    return state
