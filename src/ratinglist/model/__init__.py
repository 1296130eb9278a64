"""Pure domain values: players, games, tournaments, identifiers. No I/O, no imports of ours."""

from ratinglist.model.game import Colour, Game, Outcome
from ratinglist.model.ids import PlayerId, is_temporary_id, shown_id
from ratinglist.model.player import Player
from ratinglist.model.tournament import DateRange, Tournament, TournamentPlayer

__all__ = [
    "Colour",
    "DateRange",
    "Game",
    "Outcome",
    "Player",
    "PlayerId",
    "Tournament",
    "TournamentPlayer",
    "is_temporary_id",
    "shown_id",
]
