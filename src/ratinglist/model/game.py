"""Games between two players, as results files and tournaments record them."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ratinglist.model.ids import PlayerId


class Colour(enum.Enum):
    """A disc colour; in a results file, the colour of the FIRST player of a game line."""

    BLACK = "B"
    WHITE = "W"

    def opposite(self) -> Colour:
        """Return the other colour."""
        return Colour.WHITE if self is Colour.BLACK else Colour.BLACK


class Outcome(enum.Enum):
    """The result sign of a game, seen from the first player: ``>`` win, ``<`` loss, ``=`` draw."""

    WIN = ">"
    LOSS = "<"
    DRAW = "="

    @property
    def score(self) -> float:
        """The first player's score: 1, 0 or 1/2."""
        return _SCORES[self._value_]

    def reversed(self) -> Outcome:
        """The same result seen from the second player."""
        return {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN, Outcome.DRAW: Outcome.DRAW}[
            self
        ]


_SCORES = {">": 1.0, "<": 0.0, "=": 0.5}
"""The first player's score by result sign (`Outcome.score`, looked up by the sign: called
for every game of every standings)."""


@dataclass(frozen=True, slots=True)
class Game:
    """One game. Only `outcome` counts for ratings; discs may contradict it (seed 000).

    `round` is the round number when known (1-based), `None` otherwise.
    """

    first: PlayerId
    second: PlayerId
    outcome: Outcome
    first_discs: int | None = None
    second_discs: int | None = None
    first_colour: Colour | None = None
    round: int | None = None

    def reversed(self) -> Game:
        """The same game written from the second player's side."""
        return Game(
            first=self.second,
            second=self.first,
            outcome=self.outcome.reversed(),
            first_discs=self.second_discs,
            second_discs=self.first_discs,
            first_colour=None if self.first_colour is None else self.first_colour.opposite(),
            round=self.round,
        )
