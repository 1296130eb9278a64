"""Temporary identifiers of new players in a directed tournament (issue 19, seed 000).

A tournament director cannot give real IDs: a player new to the registry enters under a
four-character identifier (``NEW1``, ``NEW2``...; unique in the tournament, never reused even
after an undo), kept internally as the player ID `model.ids.temporary_player_id`. The ID
officer (or the rating officer at intake) later gives the real ID; the `IdAssigned` event
then replaces the temporary ID everywhere in the folded state (`renumber`), so the pages, the
pairing sheets and the exported results file show the real ID from then on.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any, TypeVar

from ratinglist.errors import N_, NotAllowedNow, TournamentInputError
from ratinglist.model import PlayerId
from ratinglist.model.ids import (
    TEMPORARY_MAX,
    is_temporary_player,
    shown_id,
    temporary_number,
    temporary_player_id,
)
from ratinglist.tournament.events import Event, IdAssigned, Registered

T = TypeVar("T")


def next_temporary(events: Iterable[Event]) -> PlayerId:
    """The next temporary player ID of a log: one above every temporary ID the log ever
    used (undone registrations included, so an identifier never names two people).

    Raises:
        TournamentError: the tournament used all `TEMPORARY_MAX` identifiers.
    """
    used = [
        temporary_number(e.player)
        for e in events
        if isinstance(e, Registered) and is_temporary_player(e.player)
    ]
    k = max(used, default=0) + 1
    if k > TEMPORARY_MAX:
        raise TournamentInputError(
            N_("expected at most %(temporary_max)s new players in one tournament, got more"),
            temporary_max=TEMPORARY_MAX,
        )
    return temporary_player_id(k)


def _swap(value: Any, old: int, new: int) -> Any:
    if value is None or isinstance(value, (bool, str, float, bytes)):
        return value
    if isinstance(value, int):
        return new if value == old else value
    if isinstance(value, tuple):
        return tuple(_swap(v, old, new) for v in value)
    if isinstance(value, list):
        return [_swap(v, old, new) for v in value]
    if isinstance(value, frozenset):
        return frozenset(_swap(v, old, new) for v in value)
    if isinstance(value, dict):
        return {_swap(k, old, new): _swap(v, old, new) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in dataclasses.fields(value):
            if not f.init:
                continue  # derived caches (an index by ID) are rebuilt on use
            current = getattr(value, f.name)
            swapped = _swap(current, old, new)
            if swapped is not current:
                changes[f.name] = swapped
        return dataclasses.replace(value, **changes) if changes else value
    return value


def renumber(value: T, old: PlayerId, new: PlayerId) -> T:
    """`value` (a frozen state of dataclasses, tuples, sets and dicts) with every occurrence
    of the temporary player ID `old` replaced by `new`.

    Only a temporary ID is replaced: it lies far below any rating, disc count or round
    number, so no other integer of the state can equal it.
    """
    if not is_temporary_player(old):
        raise TournamentInputError(
            N_("expected a temporary player ID to replace, got %(old)s"), old=old
        )
    result: T = _swap(value, int(old), int(new))
    return result


def check_assignment(entrants: Iterable[PlayerId], e: IdAssigned) -> None:
    """Raise unless `e` replaces a temporary entrant by an ID not yet entered.

    Raises:
        TournamentError: the rule it breaks.
    """
    present = set(entrants)
    if not is_temporary_player(e.temporary) or e.temporary not in present:
        raise TournamentInputError(
            N_("expected an entrant with a temporary identifier, got %(temporary)s"),
            temporary=shown_id(e.temporary),
        )
    if e.player < 0 or is_temporary_player(e.player):
        raise TournamentInputError(
            N_("expected a registry ID to assign, got %(player)s"), player=e.player
        )
    if e.player in present:
        raise NotAllowedNow(
            N_("expected an ID not yet entered in the tournament, got %(player)s already entered"),
            player=e.player,
        )
