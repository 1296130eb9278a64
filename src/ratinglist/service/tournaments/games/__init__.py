"""Each game's own use cases, one folder per game (``go/``, ``othello/``), found by listing.

A folder's name is its game's name (as in `tournament.games`). A generic use case asks a game's
folder for a module by its role (``registration``, ``intake``...) and gets it, or None when the
game does not offer it; only the module asked for is imported.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from types import ModuleType

from ratinglist.errors import NotOffered


def service_games() -> tuple[str, ...]:
    """The names of the games with a service folder, sorted."""
    return tuple(sorted(info.name for info in pkgutil.iter_modules(__path__) if info.ispkg))


@cache
def game_module(game: str, role: str) -> ModuleType | None:
    """The module `role` of game `game`'s service folder, None when the game has none."""
    if not (game.isidentifier() and role.isidentifier()):
        return None
    name = f"{__name__}.{game}.{role}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name not in (f"{__name__}.{game}", name):
            raise
        return None


def offered(game: str, role: str, what: str) -> ModuleType:
    """`game_module`, for a use case that needs it.

    Raises:
        NotOffered: the game offers no `role` (`what` says what was asked, in words).
    """
    found = game_module(game, role)
    if found is None:
        raise NotOffered(f"expected a game with {what}, got a {game} tournament")
    return found
