"""The web's game folders: each game with pages or API routes of its own has a package
``web/views/games/<name>/`` exposing ``register_routes(router)`` (as datasette's plugins
do); `game_routes` lists this folder, as `tournament.game.games` lists the games, so a new
game's pages are one new folder and nothing outside it names them."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import Any, Protocol, cast

from fastapi import APIRouter
from pydantic import BaseModel, Field, create_model

from ratinglist.errors import N_
from ratinglist.model.folders import optional_module, subpackages
from ratinglist.web.views.games.options import NewOptions

FOLDER = "ratinglist.web.views.games"
"""The package whose folders hold a game's views (a folder's name is its game's name)."""


class RoutesOfGame(Protocol):
    """A game's views package: adds its routes to the router it is given."""

    def register_routes(self, router: APIRouter) -> None: ...


def game_folders() -> dict[str, RoutesOfGame]:
    """Every game's views package with a ``register_routes``, by folder name."""
    import ratinglist.web.views.games as folder

    found: dict[str, RoutesOfGame] = {}
    for name in subpackages(folder.__path__):
        module = importlib.import_module(f"{FOLDER}.{name}")
        if hasattr(module, "register_routes"):
            found[name] = cast(RoutesOfGame, module)
    return found


def game_routes() -> APIRouter:
    """One router holding every game's own pages and API routes."""
    router = APIRouter()
    for package in game_folders().values():
        package.register_routes(router)
    return router


@cache
def new_options() -> tuple[NewOptions, ...]:
    """Each game's options of the new-tournament form and API: the ``NEW_OPTIONS`` of its
    views package's ``forms`` module, where it has one (only that module is imported)."""
    import ratinglist.web.views.games as folder

    found = []
    for name in subpackages(folder.__path__):
        module = optional_module(f"{FOLDER}.{name}.forms")
        options = getattr(module, "NEW_OPTIONS", None)
        if isinstance(options, NewOptions):
            found.append(options)
    return tuple(found)


def new_options_form() -> Callable[..., dict[str, Any]]:
    """One FastAPI dependency reading every game's own fields of the new-tournament form:
    the `NewSettings` fields they fill, by name."""
    parts = new_options()
    own = [tuple(inspect.signature(o.form).parameters) for o in parts]

    def form(**typed: Any) -> dict[str, Any]:
        return {
            o.field: o.form(**{k: typed[k] for k in names if k in typed})
            for o, names in zip(parts, own, strict=True)
        }

    parameters = [p for o in parts for p in inspect.signature(o.form).parameters.values()]
    form.__signature__ = inspect.Signature(parameters, return_annotation=dict[str, Any])  # type: ignore[attr-defined]
    form.__annotations__ = {p.name: p.annotation for p in parameters} | {"return": dict[str, Any]}
    return form


def new_options_typed() -> Callable[..., dict[str, str]]:
    """One FastAPI dependency reading every game's own fields of the new-tournament form as
    typed (blank ones left out): what the form shows again when the tournament is refused."""
    parameters = [p for o in new_options() for p in inspect.signature(o.form).parameters.values()]

    def typed(**fields: Any) -> dict[str, str]:
        return {k: str(v) for k, v in fields.items() if v not in (None, "")}

    typed.__signature__ = inspect.Signature(parameters, return_annotation=dict[str, str])  # type: ignore[attr-defined]
    typed.__annotations__ = {p.name: p.annotation for p in parameters} | {"return": dict[str, str]}
    return typed


def with_new_options(base: type[BaseModel], name: str) -> type[BaseModel]:
    """`base` (the API body of a new tournament) with each game's own key, its model or null,
    as the model `name`."""
    fields: dict[str, Any] = {
        o.api_key: (o.api_model | None, Field(default=None, description=o.api_help))
        for o in new_options()
    }
    return create_model(
        name, __base__=base, __module__=base.__module__, __doc__=base.__doc__, **fields
    )


def new_options_of(body: BaseModel) -> dict[str, Any]:
    """The `NewSettings` fields of each game's own key of an API body (absent: none)."""
    out = {}
    for o in new_options():
        given = getattr(body, o.api_key, None)
        out[o.field] = None if given is None else given.options()
    return out


def game_api(game: str) -> ModuleType:
    """The ``public_api`` module of game `game`'s views folder: its answers to the public
    API's ``game`` parameter (Othello's are the endpoints themselves).

    Raises:
        NotFoundError: no game of that name answers the public API.
    """
    import ratinglist.web.views.games as folder
    from ratinglist.errors import NotFoundError

    found = optional_module(f"{FOLDER}.{game}.public_api") if game.isidentifier() else None
    if found is None:
        names = [n for n in subpackages(folder.__path__) if n != "othello"]
        raise NotFoundError(
            N_("expected game othello or %(names)s, got %(game)r"),
            names=", ".join(names),
            game=game,
        )
    return found
