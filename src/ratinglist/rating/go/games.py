"""Go games as the rating maths takes them: parallel arrays, in time order.

One entry per decided game: White and Black (player IDs), White's score (1, 0.5 jigo, 0),
handicap stones, komi, the tournament's first day (date ordinal), its index (games of one
tournament are contiguous), its EGF class weight, and each player's entry rating (what a
player new to the list starts at: the rating the file carries from the EGF, else the
declared rank's, `service.go.rating`).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ratinglist.errors import RatingError


@dataclass(frozen=True, slots=True)
class GoGames:
    """Go games as columns (see the module docstring)."""

    white: NDArray[np.int64]
    black: NDArray[np.int64]
    score: NDArray[np.float64]
    handicap: NDArray[np.int64]
    komi: NDArray[np.float64]
    day: NDArray[np.int32]
    tournament: NDArray[np.int32]
    weight: NDArray[np.float64]
    white_entry: NDArray[np.float64]
    black_entry: NDArray[np.float64]

    def __post_init__(self) -> None:
        """Check the lengths and the order."""
        n = len(self.white)
        for name in (
            "black", "score", "handicap", "komi", "day", "tournament", "weight",
            "white_entry", "black_entry",
        ):  # fmt: skip
            if len(getattr(self, name)) != n:
                raise RatingError(f"expected {n} values of {name}, got {len(getattr(self, name))}")
        if n and (np.any(np.diff(self.day) < 0) or np.any(np.diff(self.tournament) < 0)):
            raise RatingError("expected Go games in time order, tournament by tournament")

    def __len__(self) -> int:
        return len(self.white)

    def take(self, mask: NDArray[np.bool_]) -> GoGames:
        """The games where `mask` is true."""
        return GoGames(*(getattr(self, f)[mask] for f in _FIELDS))

    def blocks(self) -> list[tuple[int, int]]:
        """(start, stop) of each tournament's games."""
        if not len(self):
            return []
        cuts = np.flatnonzero(np.diff(self.tournament)) + 1
        edges = [0, *cuts.tolist(), len(self)]
        return list(itertools.pairwise(edges))


_FIELDS = (
    "white", "black", "score", "handicap", "komi", "day", "tournament", "weight",
    "white_entry", "black_entry",
)  # fmt: skip
