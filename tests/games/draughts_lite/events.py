"""Draughts-lite's own events: a round's pairs (first player moves first) and results."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ratinglist.model import PlayerId
from ratinglist.tournament.events import Event, Mark, Namer, game_mark, pair_words

OUTCOMES = ("1-0", "0-1", "=")
"""A result for first - second: the first wins, the second wins, a draw."""


@dataclass(frozen=True, slots=True)
class DlPaired(Event):
    """The published pairs (first, second) and byes of a round."""

    kind: ClassVar[str] = "dl-paired"
    action: ClassVar[str] = "a pairing"
    round: int
    pairs: tuple[tuple[PlayerId, PlayerId], ...]
    byes: tuple[PlayerId, ...] = ()

    def describe(self, name: Namer | None = None) -> str:
        return f"pairing of round {self.round}"


@dataclass(frozen=True, slots=True)
class DlResultEvent(Event):
    """The fields of a result: the game `first` - `second` of `round`, its outcome."""

    round: int
    first: PlayerId
    second: PlayerId
    outcome: str

    def footprint(self) -> frozenset[Mark]:
        return game_mark(str(self.round), self.first, self.second)

    def describe(self, name: Namer | None = None) -> str:
        return (
            f"{self.action.removeprefix('a ')} {self.outcome} of round {self.round}"
            f"{pair_words(self.first, self.second, name)}"
        )


@dataclass(frozen=True, slots=True)
class DlResultEntered(DlResultEvent):
    """A game's result."""

    kind: ClassVar[str] = "dl-result"
    action: ClassVar[str] = "a result"


@dataclass(frozen=True, slots=True)
class DlResultCorrected(DlResultEvent):
    """A result already entered is replaced."""

    kind: ClassVar[str] = "dl-correction"
    action: ClassVar[str] = "a correction"


EVENTS: tuple[type[Event], ...] = (DlPaired, DlResultEntered, DlResultCorrected)
