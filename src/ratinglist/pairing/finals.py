"""Semi-finals, the best-of-three final, the third-place game and draw-win (seed 004, II.5, III).

Matches are scored from player `a`'s side: each game is (discs of a, discs of b). A win is 1
point, a draw 1/2. `a` is always the higher-ranked player of the IFRL.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from ratinglist.errors import N_, NotAllowedNow
from ratinglist.model import Colour, PlayerId

Game = tuple[int, int]


class DrawWinChoice(enum.Enum):
    """The chooser's option: pick the colour (a draw goes to the opponent) or take draw-win."""

    COLOUR = "colour"
    DRAW_WIN = "draw-win"


def semifinal_pairs(ranking: Sequence[PlayerId]) -> tuple[tuple[PlayerId, PlayerId], ...]:
    """(1st, 4th) and (2nd, 3rd) of the IFRL, higher ranked first."""
    if len(ranking) < 4:
        raise NotAllowedNow(
            N_("expected at least 4 ranked players, got %(count)s"), count=len(ranking)
        )
    return ((ranking[0], ranking[3]), (ranking[1], ranking[2]))


def match_points(games: Sequence[Game]) -> tuple[float, float]:
    """Match points of a and b: 1 per win, 1/2 per draw."""
    pa = sum(1.0 if x > y else 0.5 if x == y else 0.0 for x, y in games)
    return pa, len(games) - pa


def match_winner(a: PlayerId, b: PlayerId, games: Sequence[Game]) -> PlayerId:
    """Winner on match points, then total discs, then the higher ranked (`a`)."""
    if not games:
        raise NotAllowedNow(N_("expected at least one game in the match, got none"))
    pa, pb = match_points(games)
    if pa != pb:
        return a if pa > pb else b
    da, db = sum(x for x, _ in games), sum(y for _, y in games)
    if da != db:
        return a if da > db else b
    return a


def second_game_colour(first_game_colour_of_a: Colour) -> Colour:
    """Colours are reversed in the second game: a's colour in game 2."""
    return first_game_colour_of_a.opposite()


def final_needs_third_game(games: Sequence[Game]) -> bool:
    """After two games of the final: a third game unless one player won both."""
    if len(games) != 2:
        raise NotAllowedNow(
            N_("expected the two first games of the final, got %(count)s"), count=len(games)
        )
    wins_a = sum(1 for x, y in games if x > y)
    wins_b = sum(1 for x, y in games if y > x)
    return not (wins_a == 2 or wins_b == 2)


def third_game_chooser(a: PlayerId, b: PlayerId, games: Sequence[Game]) -> PlayerId:
    """Colour choice in game 3: more discs in games 1-2, else the higher ranked (`a`)."""
    da, db = sum(x for x, _ in games[:2]), sum(y for _, y in games[:2])
    return b if db > da else a


def final_winner(a: PlayerId, b: PlayerId, games: Sequence[Game]) -> PlayerId:
    """Winner of the best-of-three final (two or three games played)."""
    if len(games) == 2 and final_needs_third_game(games):
        raise NotAllowedNow(N_("expected a third game: the first two games are shared"))
    if len(games) not in (2, 3):
        raise NotAllowedNow(
            N_("expected 2 or 3 games in the final, got %(count)s"), count=len(games)
        )
    return match_winner(a, b, games)


def draw_win_winner(
    chooser: PlayerId,
    opponent: PlayerId,
    choice: DrawWinChoice,
    chooser_discs: int,
    opponent_discs: int,
) -> PlayerId:
    """The winner of a draw-win game: a decisive game as played; a draw goes to the opponent
    when the chooser picked the colour, to the chooser when he took draw-win."""
    if chooser_discs != opponent_discs:
        return chooser if chooser_discs > opponent_discs else opponent
    return opponent if choice is DrawWinChoice.COLOUR else chooser


def third_place_winner(
    higher: PlayerId, lower: PlayerId, choice: DrawWinChoice, higher_discs: int, lower_discs: int
) -> PlayerId:
    """The third-place game: one game, the higher ranked chooses colour or draw-win."""
    return draw_win_winner(higher, lower, choice, higher_discs, lower_discs)
