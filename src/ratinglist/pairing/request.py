"""What the Swiss pairing engine needs to know about one round to pair.

Scores are in half-points (a win is 2, a draw 1), as Papp counts them, so that every score
is an integer. The caller (the tournament layer, or a replay) builds these values from the
games so far; the pairing engine never looks at a tournament state itself.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from ratinglist.errors import N_, PairingError
from ratinglist.model import Colour, PlayerId


class Preset(enum.Enum):
    """The cost model of the matching."""

    EOC = "eoc"
    PAPP = "papp"


@dataclass(frozen=True, slots=True)
class PastGame:
    """A game already played against `opponent`, with own colour and round number."""

    opponent: PlayerId
    colour: Colour
    round: int


@dataclass(frozen=True, slots=True)
class PairingPlayer:
    """One player to pair, with the history the cost models use.

    `rank` is the place in the current standings (0 = first); `float_direction` is the
    direction of the player's most recent float (+1 up, -1 down, 0 none): EOC 4.1 d).
    `papp_last_float` is Papp's "last float": own minus opponent score (half-points) before
    the most recent game, +1 after a bye. `last_result` is 2/1/0 for a win/draw/other in
    the previous round (a bye or an absence count as 0, as in Papp).
    """

    id: PlayerId
    score: int
    rank: int
    country: str = ""
    games: tuple[PastGame, ...] = ()
    byes: int = 0
    bye_last_round: bool = False
    float_direction: int = 0
    papp_last_float: int = 0
    last_result: int = 0

    @property
    def colour_difference(self) -> int:
        """Games with Black minus games with White."""
        return sum(1 if g.colour is Colour.BLACK else -1 for g in self.games)

    def last_colour_in_round(self, round_number: int) -> Colour | None:
        """The colour played in round `round_number`, or None when no game then."""
        for g in self.games:
            if g.round == round_number:
                return g.colour
        return None

    @property
    def last_game_colour(self) -> Colour | None:
        """The colour of the most recent game, or None before the first game."""
        if not self.games:
            return None
        return max(self.games, key=lambda g: g.round).colour


@dataclass(frozen=True, slots=True)
class PairingRequest:
    """A round to pair: the players present, the round number (1-based) and constraints.

    `forced` pairs are kept as (black, white) and the engine pairs the others.
    `never_pair` pairs are never paired together (a hard constraint).
    """

    players: tuple[PairingPlayer, ...]
    round: int
    forced: tuple[tuple[PlayerId, PlayerId], ...] = ()
    never_pair: frozenset[frozenset[PlayerId]] = field(default=frozenset())

    def __post_init__(self) -> None:
        ids = [p.id for p in self.players]
        if len(set(ids)) != len(ids):
            raise PairingError(
                N_("expected distinct players, got duplicates in %(ids)s"), ids=sorted(ids)
            )
        known = set(ids)
        seen: set[PlayerId] = set()
        for a, b in self.forced:
            for x in (a, b):
                if x not in known:
                    raise PairingError(
                        N_("expected forced pairs of present players, got %(x)s"), x=x
                    )
                if x in seen:
                    raise PairingError(
                        N_("expected each player in one forced pair, got %(x)s twice"), x=x
                    )
                seen.add(x)
            if a == b:
                raise PairingError(
                    N_("expected two different players in a forced pair, got %(a)s"), a=a
                )
