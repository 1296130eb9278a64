"""The web's game folders: each game with pages or API routes of its own has a package
``web/views/games/<name>/`` exposing ``register_routes(router)`` (as datasette's plugins
do); `game_routes` lists this folder, as `tournament.game.games` lists the games, so a new
game's pages are one new folder and nothing outside it names them."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Protocol, cast

from fastapi import APIRouter

FOLDER = "ratinglist.web.views.games"
"""The package whose folders hold a game's views (a folder's name is its game's name)."""


class RoutesOfGame(Protocol):
    """A game's views package: adds its routes to the router it is given."""

    def register_routes(self, router: APIRouter) -> None: ...


def game_folders() -> dict[str, RoutesOfGame]:
    """Every game's views package with a ``register_routes``, by folder name."""
    import ratinglist.web.views.games as folder

    found: dict[str, RoutesOfGame] = {}
    for info in sorted(pkgutil.iter_modules(folder.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{FOLDER}.{info.name}")
        if hasattr(module, "register_routes"):
            found[info.name] = cast(RoutesOfGame, module)
    return found


def game_routes() -> APIRouter:
    """One router holding every game's own pages and API routes."""
    router = APIRouter()
    for package in game_folders().values():
        package.register_routes(router)
    return router
