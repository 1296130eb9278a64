"""Game results in disc scores, and the special results of the rules (seed 004, IV.6 and IV.8).

A result is always stored as the two disc counts (Black, White). The winner gets the empty
squares, a draw is 32-32. Special results (time default, second flag fall, resignation,
forfeit) are turned into discs by `special_result_discs`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ratinglist.errors import N_, TournamentInputError
from ratinglist.model import Colour, Outcome

BOARD_SQUARES = 64
DRAW_DISCS = 32


class SpecialResult(enum.Enum):
    """How a game ended when not by counting discs on a full or blocked board."""

    NONE = "none"
    TIME_DEFAULT = "time-default"
    SECOND_FLAG_FALL = "second-flag-fall"
    RESIGNATION = "resignation"
    FORFEIT = "forfeit"


SPECIAL_WORDS = {
    SpecialResult.NONE: "",
    SpecialResult.TIME_DEFAULT: "time default",
    SpecialResult.SECOND_FLAG_FALL: "second flag fall",
    SpecialResult.RESIGNATION: "resignation",
    SpecialResult.FORFEIT: "forfeit",
}
"""How each special result is named on every page and export (empty: a plain game)."""


@dataclass(frozen=True, slots=True)
class Result:
    """The official score of one game: discs of Black and White (summing to at most 64).

    `special` records why the score is what it is; the discs are already the official ones.
    `played` is False for a forfeit (the game was not played on the board).
    """

    black_discs: int
    white_discs: int
    special: SpecialResult = SpecialResult.NONE

    def __post_init__(self) -> None:
        b, w = self.black_discs, self.white_discs
        if b < 0 or w < 0 or b + w > BOARD_SQUARES:
            raise TournamentInputError(
                N_(
                    "expected two disc counts between 0 and 64 summing to at most 64, got "
                    "%(b)s-%(w)s"
                ),
                b=b,
                w=w,
            )

    @property
    def kind(self) -> str:
        """The special result by name (``forfeit``...), empty for a plain game."""
        return SPECIAL_WORDS[self.special]

    @property
    def played(self) -> bool:
        """False for a forfeit (no game on the board)."""
        return self.special is not SpecialResult.FORFEIT

    def discs(self, colour: Colour) -> int:
        """The discs of the player with `colour`."""
        return self.black_discs if colour is Colour.BLACK else self.white_discs

    def outcome(self, colour: Colour) -> Outcome:
        """WIN, LOSS or DRAW for the player with `colour`."""
        own, other = self.discs(colour), self.discs(colour.opposite())
        if own > other:
            return Outcome.WIN
        if own < other:
            return Outcome.LOSS
        return Outcome.DRAW

    def points(self, colour: Colour) -> float:
        """1, 1/2 or 0 for the player with `colour` (`outcome(colour).score`, computed
        directly: called for every game of every standings)."""
        own, other = self.black_discs, self.white_discs
        if colour is not Colour.BLACK:
            own, other = other, own
        return 1.0 if own > other else 0.0 if own < other else 0.5


def counted_discs(own: int, other: int) -> tuple[int, int]:
    """The official score from the discs on the board: the winner gets the empty squares.

    A draw on the board (equal counts) is 32-32 whatever the number of empty squares.
    """
    if own < 0 or other < 0 or own + other > BOARD_SQUARES:
        raise TournamentInputError(
            N_("expected disc counts summing to at most 64, got %(own)s-%(other)s"),
            own=own,
            other=other,
        )
    empty = BOARD_SQUARES - own - other
    if own > other:
        return own + empty, other
    if own < other:
        return own, other + empty
    return DRAW_DISCS, DRAW_DISCS


def special_result_discs(
    special: SpecialResult, winner_on_board: int = 0, loser_on_board: int = 0
) -> tuple[int, int]:
    """The official (winner, loser) discs of a special result.

    TIME_DEFAULT: the game continues to the end; the non-defaulting player (the winner) is
    guaranteed at least 33-31: the counted score if he leads, else 33-31. SECOND_FLAG_FALL,
    RESIGNATION and FORFEIT: 64-0. NONE: the counted score of the board.
    """
    if special is SpecialResult.NONE:
        return counted_discs(winner_on_board, loser_on_board)
    if special is SpecialResult.TIME_DEFAULT:
        w, lo = counted_discs(winner_on_board, loser_on_board)
        return (w, lo) if w >= 33 else (33, 31)
    return BOARD_SQUARES, 0


def make_result(
    winner_colour: Colour | None,
    special: SpecialResult,
    winner_on_board: int = 0,
    loser_on_board: int = 0,
) -> Result:
    """A `Result` for a special ending, given the winner's colour (None only for NONE draws)."""
    if winner_colour is None:
        if special is not SpecialResult.NONE:
            raise TournamentInputError(
                N_("expected a winner for the special result %(value)r"), value=special.value
            )
        b, w = counted_discs(winner_on_board, loser_on_board)
        return Result(b, w)
    win, lose = special_result_discs(special, winner_on_board, loser_on_board)
    if winner_colour is Colour.BLACK:
        return Result(win, lose, special)
    return Result(lose, win, special)
