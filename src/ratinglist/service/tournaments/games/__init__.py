"""Each game's own use cases, one folder per game (``go/``, ``othello/``), found by listing.

A folder's name is its game's name (as in `tournament.games`). A generic use case asks a game's
folder for a module by its role (``registration``, ``intake``...) and gets it, or None when the
game does not offer it; only the module asked for is imported.
"""

from __future__ import annotations

from functools import cache
from types import ModuleType

from ratinglist.errors import N_, NotOffered
from ratinglist.model.folders import optional_module, subpackages


def service_games() -> tuple[str, ...]:
    """The names of the games with a service folder, sorted."""
    return subpackages(__path__)


@cache
def game_module(game: str, role: str) -> ModuleType | None:
    """The module `role` of game `game`'s service folder, None when the game has none."""
    if not (game.isidentifier() and role.isidentifier()):
        return None
    return optional_module(f"{__name__}.{game}.{role}")


def offered(game: str, role: str, what: str) -> ModuleType:
    """`game_module`, for a use case that needs it.

    Raises:
        NotOffered: the game offers no `role` (`what` says what was asked, in words).
    """
    found = game_module(game, role)
    if found is None:
        raise NotOffered(
            N_("expected a game with %(what)s, got a %(game)s tournament"), what=what, game=game
        )
    return found
