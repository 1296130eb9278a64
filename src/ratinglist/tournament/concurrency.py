"""Several writers on one log: when an action based on an older log may still be appended.

Every write states the sequence number of the log it was based on. When other events were
appended since, the action is *rebased* on the newer log if it touches nothing they touched,
and refused with `ConflictError` otherwise. What an event touches is its `footprint`, which
each event class answers (its game's classes included, so this module knows no game): a
result touches its game; a registration, withdrawal, absence or change of a player's data
its player; a forbidden pair that pair. Whole-state actions (pairing a round, the finals,
undo, submit, reopen, forced pairs, the creation, a game's edits of a round) touch
everything (the default), so they conflict with any newer event.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ratinglist.errors import N_, ConflictError, TournamentError
from ratinglist.model import PlayerId
from ratinglist.tournament.events import EVERYTHING, Event, Mark
from ratinglist.tournament.fold import apply
from ratinglist.tournament.folded import FoldedTournament

__all__ = ["EVERYTHING", "Mark", "describe", "footprint", "rebase", "require_no_clash"]


def footprint(event: Event) -> frozenset[Mark]:
    """What `event` reads and changes, as marks; `EVERYTHING` for whole-state actions
    (each event answers, `Event.footprint`)."""
    return event.footprint()


def _clash(mine: frozenset[Mark], theirs: frozenset[Mark]) -> bool:
    return mine is EVERYTHING or theirs is EVERYTHING or bool(mine & theirs)


def describe(event: Event, name: Callable[[PlayerId], str] | None = None) -> str:
    """An event in words for messages, e.g. ``result 40-24 of round 3 (4012 - 4013)``; with
    `name` (a player's name by ID) the players are named:
    ``result 40-24 of round 3, DUBOIS, Anne v EVANS, Tom`` (each event answers,
    `Event.describe`)."""
    return event.describe(name)


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
                    N_(
                        "expected the log at event %(based_on)s, got %(based_on_2)s: a newer "
                        "%(event)s conflicts with this %(action)s; nothing written, look at the"
                        " tournament again"
                    ),
                    based_on=based_on,
                    based_on_2=based_on + len(newer),
                    event=describe(event, name),
                    action=describe(action, name),
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
                N_("expected the action to apply after the newer events, got: %(exc)s"), exc=exc
            ) from exc
    return state
