"""An Othello round's seat edits after pairing: two players swap seats, a game's colours are
exchanged (the director's set-up page; refused by the game once a game has a result)."""

from __future__ import annotations

from ratinglist.model import PlayerId
from ratinglist.tournament.events import Event
from ratinglist.tournament.games.othello.events import ColoursExchanged, PlayersSwapped


def players_swapped(round_number: int, first: PlayerId, second: PlayerId) -> Event:
    """The event swapping `first` and `second` between their games of round `round_number`."""
    return PlayersSwapped(round_number, first, second)


def colours_exchanged(round_number: int, black: PlayerId, white: PlayerId) -> Event:
    """The event exchanging the colours of the game `black` - `white`."""
    return ColoursExchanged(round_number, black, white)
