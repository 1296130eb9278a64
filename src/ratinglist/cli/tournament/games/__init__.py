"""Each game's own commands, one folder per game (``go/``, ``othello/``), found by listing.

As datasette's ``register_commands`` hook: a folder's ``__init__`` exposes
``register_commands(app)``, adding its commands to ``ratinglist tournament``, and may expose
``ROOT_COMMANDS`` (top-level command groups by name: the module holding the group's ``app``),
``register_players(options)`` (entering players by options of its own: True when it did) and
``REPLAY_SUFFIXES`` with a ``replay`` module (``tournament replay`` of a file of that suffix;
``"*"``: any other). A folder's ``__init__`` imports nothing heavy: the commands' modules are
imported when registered, the services when a command runs.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

import typer

from ratinglist.errors import InputError, TournamentInputError
from ratinglist.model.folders import optional_module, subpackages


@cache
def game_folders() -> tuple[ModuleType, ...]:
    """Every game's command folder (its ``__init__`` module), by name."""
    return tuple(importlib.import_module(f"{__name__}.{name}") for name in subpackages(__path__))


def register_commands(app: typer.Typer) -> None:
    """Add every game's commands to the ``tournament`` group `app`."""
    for folder in game_folders():
        register: Callable[[typer.Typer], None] | None = getattr(folder, "register_commands", None)
        if register is not None:
            register(app)


def root_commands() -> dict[str, str]:
    """Every game's top-level command groups: name -> the module holding the group's ``app``."""
    found: dict[str, str] = {}
    for folder in game_folders():
        declared: Mapping[str, str] = getattr(folder, "ROOT_COMMANDS", {})
        found.update(declared)
    return found


F = TypeVar("F", bound=Callable[..., Any])


def with_game_options(command: F) -> F:
    """``tournament new`` with each game's own options (a folder's ``new_options``); they
    reach its ``**options`` parameter."""
    for folder in game_folders():
        add: Callable[[F], F] | None = getattr(folder, "new_options", None)
        if add is not None:
            command = add(command)
    return command


def game_settings(options: Mapping[str, Any], parameters: list[str] | None) -> dict[str, Any]:
    """The `NewSettings` fields each game makes of its own options of ``tournament new``
    (a folder's ``new_settings``)."""
    fields: dict[str, Any] = {}
    for folder in game_folders():
        make = getattr(folder, "new_settings", None)
        if make is not None:
            fields.update(make(options, parameters))
    return fields


@dataclass(frozen=True, slots=True)
class RegisterOptions:
    """The options of ``tournament register`` as typed, for a game's own way of entering."""

    players: tuple[str, ...]
    new_player: str | None
    country: str | None
    first_round: int | None
    rank: str | None
    rating: int | None
    club: str
    egf_pin: str
    ffg_licence: str
    aga_id: str
    from_list: str | None
    db: str | None
    tournament: str | None


def register_players(options: RegisterOptions) -> bool:
    """Enter players the way of the game whose options were given; False when no game's own
    options were given (the registry's registration applies)."""
    for folder in game_folders():
        register: Callable[[RegisterOptions], bool] | None = getattr(
            folder, "register_players", None
        )
        if register is not None and register(options):
            return True
    return False


def replay_module(file: Path) -> ModuleType:
    """The ``replay`` module of the game whose files have `file`'s suffix.

    Raises:
        TournamentInputError: no game replays a file of that name.
    """
    suffix = file.suffix.lower()
    claimed = [f for f in game_folders() if suffix in getattr(f, "REPLAY_SUFFIXES", ())]
    claimed = claimed or [f for f in game_folders() if "*" in getattr(f, "REPLAY_SUFFIXES", ())]
    if not claimed:
        raise TournamentInputError(f"expected a results file a game can replay, got {file.name!r}")
    return importlib.import_module(f"{claimed[0].__name__}.replay")


def archive_commands(game: str, option: str) -> ModuleType:
    """The ``archive`` module of game `game`'s folder: the rating archive's commands of a
    game other than Othello (``import --game``, ``rate --game``: ``import_archive``,
    ``rate_archive``).

    Raises:
        InputError: no game of that name keeps a rating archive (`option` names the option).
    """
    names = [n for n in subpackages(__path__) if optional_module(f"{__name__}.{n}.archive")]
    found = optional_module(f"{__name__}.{game}.archive") if game.isidentifier() else None
    if found is None:
        raise InputError(
            f"expected {option} among othello, {', '.join(names)}; got {game!r}; nothing done"
        )
    return found
