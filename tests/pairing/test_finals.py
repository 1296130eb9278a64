"""Semi-finals, final, third place and draw-win."""

from __future__ import annotations

import pytest

from ratinglist.errors import TournamentError
from ratinglist.model import PlayerId
from ratinglist.pairing.finals import (
    DrawWinChoice,
    draw_win_winner,
    final_needs_third_game,
    final_winner,
    match_winner,
    semifinal_pairs,
    third_game_chooser,
    third_place_winner,
)

A, B = PlayerId(1), PlayerId(2)


def test_semifinal_pairs() -> None:
    ranking = [PlayerId(k) for k in (10, 20, 30, 40, 50)]
    assert semifinal_pairs(ranking) == ((10, 40), (20, 30))


@pytest.mark.parametrize(
    ("games", "winner"),
    [
        ([(40, 24), (30, 34)], A),  # 1-1, discs 70-58
        ([(30, 34), (33, 31)], B),  # 1-1, discs 63-65
        ([(32, 32), (32, 32)], A),  # all equal: higher ranked
        ([(10, 54), (32, 32)], B),  # points
    ],
)
def test_semifinal_winner(games: list[tuple[int, int]], winner: PlayerId) -> None:
    assert match_winner(A, B, games) == winner


def test_final_third_game_rules() -> None:
    assert not final_needs_third_game([(40, 24), (33, 31)])
    assert final_needs_third_game([(40, 24), (31, 33)])
    assert final_needs_third_game([(32, 32), (40, 24)])
    assert third_game_chooser(A, B, [(40, 24), (20, 44)]) == B
    assert third_game_chooser(A, B, [(40, 24), (24, 40)]) == A
    assert final_winner(A, B, [(40, 24), (31, 33), (32, 32)]) == A
    with pytest.raises(TournamentError, match="expected a third game"):
        final_winner(A, B, [(40, 24), (31, 33)])


def test_draw_win() -> None:
    assert draw_win_winner(A, B, DrawWinChoice.COLOUR, 32, 32) == B
    assert draw_win_winner(A, B, DrawWinChoice.DRAW_WIN, 32, 32) == A
    assert draw_win_winner(A, B, DrawWinChoice.DRAW_WIN, 20, 44) == B
    assert third_place_winner(A, B, DrawWinChoice.COLOUR, 33, 31) == A
