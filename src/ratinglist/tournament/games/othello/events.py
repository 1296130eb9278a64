"""Othello's own events: pairings with tables, the finals, disc results, seat edits.

Stored kind names never change (`tournament.codec`); the game declares these classes
(`OthelloGame.events`) so the store's codec finds them. Rounds of the Swiss or round robin
are numbers; the finals are the stages `SF1`, `SF2` (semi-finals), `F1`, `F2`, `F3` (final)
and `3P` (third place), and a result event names its round as text (``"7"`` or ``"SF1"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ratinglist.errors import N_
from ratinglist.model import PlayerId
from ratinglist.tournament.events import Event, Mark, Namer, game_mark, named, pair_words
from ratinglist.tournament.games.othello.results import SpecialResult


@dataclass(frozen=True, slots=True)
class Paired(Event):
    """The published pairings (Black, White) and byes of a round.

    `tables` holds the table number of each pair (same order as `pairs`, 1 = top board),
    fixed when the round is paired; a pairing stored before tables were fixed has none, and
    its tables are computed as they always were (`tournament.tables`).
    """

    kind: ClassVar[str] = "paired"
    round: int
    pairs: tuple[tuple[PlayerId, PlayerId], ...]
    byes: tuple[PlayerId, ...] = ()
    tables: tuple[int, ...] = ()

    stored_when_set: ClassVar[tuple[str, ...]] = ("tables",)
    action: ClassVar[str] = N_("a pairing")

    def describe(self, name: Namer | None = None) -> str:
        return f"pairing of round {self.round}"


@dataclass(frozen=True, slots=True)
class FinalsStarted(Event):
    """The finals start with these four players, in standings order."""

    kind: ClassVar[str] = "finals"
    players: tuple[PlayerId, PlayerId, PlayerId, PlayerId]

    action: ClassVar[str] = N_("the finals")

    def describe(self, name: Namer | None = None) -> str:
        return "start of the finals"


@dataclass(frozen=True, slots=True)
class OthelloResultEvent(Event):
    """The fields of an Othello result event; `round` is a round number or a finals stage."""

    round: str
    black: PlayerId
    white: PlayerId
    black_discs: int
    white_discs: int
    special: str = SpecialResult.NONE.value

    def footprint(self) -> frozenset[Mark]:
        return game_mark(self.round.strip().upper(), self.black, self.white)

    def describe(self, name: Namer | None = None) -> str:
        return (
            f"{self.kind} {self.black_discs}-{self.white_discs} of round {self.round}"
            f"{pair_words(self.black, self.white, name)}"
        )


@dataclass(frozen=True, slots=True)
class ResultEntered(OthelloResultEvent):
    """The official disc score of a game."""

    kind: ClassVar[str] = "result"

    action: ClassVar[str] = N_("a result")


@dataclass(frozen=True, slots=True)
class ResultCorrected(OthelloResultEvent):
    """A result already entered is replaced (later pairings are not changed)."""

    kind: ClassVar[str] = "correction"

    action: ClassVar[str] = N_("a correction")


@dataclass(frozen=True, slots=True)
class PlayersSwapped(Event):
    """The director swaps two players between two games of stored round `round`: each
    takes the other's seat (colour and table), before either game has a result."""

    kind: ClassVar[str] = "swapped"
    round: int
    first: PlayerId
    second: PlayerId

    action: ClassVar[str] = N_("a swap")

    def describe(self, name: Namer | None = None) -> str:
        who = named(name)
        return f"swap of {who(self.first)} and {who(self.second)} in round {self.round}"


@dataclass(frozen=True, slots=True)
class ColoursExchanged(Event):
    """The game `black` - `white` of stored round `round` is played with the colours
    exchanged (`white` has Black), before it has a result."""

    kind: ClassVar[str] = "colours-exchanged"
    round: int
    black: PlayerId
    white: PlayerId

    action: ClassVar[str] = N_("an exchange of colours")

    def describe(self, name: Namer | None = None) -> str:
        who = named(name)
        return f"exchange of colours of {who(self.black)} - {who(self.white)} in round {self.round}"


EVENTS: tuple[type[Event], ...] = (
    Paired,
    FinalsStarted,
    ResultEntered,
    ResultCorrected,
    PlayersSwapped,
    ColoursExchanged,
)
"""Othello's event classes, as the codec reads them."""
