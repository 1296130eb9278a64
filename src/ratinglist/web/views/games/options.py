"""A game's own options of the new-tournament form and API (Go's time, komi, handicap...):
what a game's ``forms`` module declares as ``NEW_OPTIONS`` for `web.views.games.new_options`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel


@dataclass(frozen=True, slots=True)
class NewOptions:
    """A game's options of a new tournament: the `NewSettings` field they fill (`field`),
    the FastAPI dependency reading them from the form (`form`, its parameters the form
    fields), the key and model of the API body (`api_key`, `api_model`, whose ``options()``
    gives the value) and the API's description of the key (`api_help`)."""

    field: str
    form: Callable[..., Any]
    api_key: str
    api_model: type[BaseModel]
    api_help: str
