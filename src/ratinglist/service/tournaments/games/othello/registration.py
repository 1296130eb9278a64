"""How an Othello tournament enters a player new to the WOF registry: under the tournament's
next temporary identifier (``NEW1``...), until the ID officer gives the real one."""

from __future__ import annotations

from collections.abc import Iterable

from ratinglist.model import PlayerId
from ratinglist.tournament.events import Event
from ratinglist.tournament.games.othello.temporary_ids import next_temporary


def new_player_id(events: Iterable[Event]) -> PlayerId:
    """The identifier of the next new player of a log (`next_temporary`).

    Raises:
        TournamentError: the tournament used every temporary identifier.
    """
    return next_temporary(events)
