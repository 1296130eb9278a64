"""A rating system as the registry declares it (`rating.registry`): one entry class for
every game, so a game's folder (``rating/<game>/declared.py``) declares its systems with it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ratinglist.rating import spaces
from ratinglist.rating.systems import RatingSystem

OTHELLO = "othello"
"""The game of the month-by-month evaluation and of the WOF list (entries by default)."""


@dataclass(frozen=True, slots=True)
class DeclaredSystem:
    """A rating system as the registry declares it (see `rating.registry`'s docstring)."""

    name: str
    summary: str
    """What it is, in a few words (the CLI's help)."""
    cost: float
    """Seconds of its replay in the evaluation of the real archive (the ratios balance the
    worker processes)."""
    rating: RatingSystem[Any] | None = None
    """The system that rates and predicts a published list; None: evaluated only."""
    forecaster: spaces.ForecasterOf | None = None
    """Its replay with the configuration's parameters (a system not fitted)."""
    search: spaces.SearchSpace | None = None
    """Its candidates (a fitted system), searched on the fit period."""
    grid: tuple[str, ...] = ()
    """The `EvaluationConfig` fields (value tuples) its search walks."""
    default: bool = True
    """Evaluated unless other systems are asked."""
    together: str = ""
    """Systems with the same word are replayed in one process (they read the same replays)."""
    game: str = OTHELLO
    """The game whose games it rates (its folder's name: ``othello``, ``go``)."""
    on_game: object | None = None
    """Another game's entry: its forecaster on that game's archive, with its default
    parameters and its search space (Go: `rating.go.systems.GoSystem` and its `grid`)."""
