"""The current state of a directed tournament: a pure fold of its event log.

`fold(events)` first resolves undos (each `Undone` cancels the most recent action not yet
cancelled; the creation cannot be undone), then applies the remaining actions in order
with `apply`, which checks that each action is allowed and raises `TournamentError`
otherwise. The same log always gives the same state; nothing here reads a clock or a
random source (draws use the seed of the settings).

The fold knows no game: the creation names the game (`Settings.game`), whose `Game`
(`tournament.game`) makes the first state and applies every action of the game; submitting
and reopening close and open the tournament whatever its game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from ratinglist.errors import N_, ClosedError, NotAllowedNow, TournamentInputError
from ratinglist.tournament.events import (
    Created,
    EndDateSet,
    Event,
    LanguageSet,
    Reopened,
    ReopenRequested,
    ShownOnLive,
    Submitted,
    Undone,
)
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import game_named, game_of


def require_open(d: FoldedTournament, what: str) -> None:
    """Raise `ClosedError` when the tournament is closed (submitted, not reopened)."""
    if d.closed:
        raise ClosedError(
            N_(
                "expected an open tournament for %(what)s, got %(name)r read-only since"
                " its submission (reopen it first)"
            ),
            what=what,
            name=d.settings.name,
        )


def apply(d: FoldedTournament, event: Event) -> FoldedTournament:
    """The state after one action; raises `TournamentError` when it is not allowed."""
    if isinstance(event, Reopened):
        if not d.closed:
            raise NotAllowedNow(N_("expected a closed tournament to reopen, got one still open"))
        return replace(d, closed=False, reopen_request=None, submitted_reason=None)
    if isinstance(event, ShownOnLive):
        return replace(d, public=event.public)
    if isinstance(event, LanguageSet):  # issue 36: presentation only, allowed once closed too
        return replace(d, language=event.language)
    if isinstance(event, ReopenRequested):
        if not d.closed:
            raise NotAllowedNow(
                N_("expected a closed tournament to ask to reopen, got one still open")
            )
        return replace(d, reopen_request=event.reason)
    game = game_of(d)
    if not game.after_closing(event):
        require_open(d, event.action_words())
    if isinstance(event, Submitted):
        return replace(d, closed=True, submitted_reason=event.reason or None)
    if isinstance(event, EndDateSet):
        # any game's last day; `Settings` checks the date and that it is not before the first
        dated = replace(d, settings=replace(d.settings, end=event.end))
        return replace(dated, play=game.dated(dated))
    return replace(d, play=game.apply(d, event))


def effective(events: Iterable[Event]) -> list[Event]:
    """The actions in force: each `Undone` removes the latest action still in force.

    Raises:
        TournamentError: an undo with nothing left to undo.
    """
    stack: list[Event] = []
    for e in events:
        if isinstance(e, Undone):
            if len(stack) <= 1:
                raise NotAllowedNow(N_("expected an action to undo, got none after the creation"))
            stack.pop()
        else:
            stack.append(e)
    return stack


def fold(events: Sequence[Event]) -> FoldedTournament:
    """The current state of the tournament whose log is `events` (the first is `Created`)."""
    actions = effective(events)
    if not actions or not isinstance(actions[0], Created):
        raise TournamentInputError(N_("expected a log starting with the creation event, got none"))
    settings = actions[0].settings
    d = FoldedTournament(settings=settings, play=game_named(settings.game).new_play(settings))
    for e in actions[1:]:
        if isinstance(e, Created):
            raise TournamentInputError(N_("expected one creation event, got a second one"))
        d = apply(d, e)
    return d
