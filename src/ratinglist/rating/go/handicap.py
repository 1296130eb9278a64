"""What a handicap and a komi are worth in GoR points (Black's advantage).

The EGF rates a handicap game as an even game between White and a Black made stronger by
``100 (h - 0.5)`` points: one grade (100 points) per stone, less the half grade of the first
move that komi gives back in an even game (the EGF's rating system description, "handicap
games"). A game without handicap stones is worth what its komi leaves of that half grade:
komi is 0.5 + what it returns of the first move, and a grade is worth 14 points of komi
(twice a fair komi of 7), so Black's advantage is ``100 (max(h, 1) - 0.5) - 100 (komi - 0.5)
/ 14``: 0 for an even game with 7.5, 50 (half a grade) for no komi, 7 for 6.5, and the EGF's
``100 (h - 0.5)`` for a handicap game with komi 0.5.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

GRADE = 100.0
"""GoR points per grade, and per handicap stone."""
KOMI_PER_GRADE = 14.0
"""Points of komi worth one grade (a fair komi, 7, is half a grade)."""


def black_advantage(
    handicap: NDArray[np.int64], komi: NDArray[np.float64], grade: float = GRADE
) -> NDArray[np.float64]:
    """Black's advantage in GoR points of each game (see the module docstring)."""
    stones = np.maximum(handicap, 1).astype(np.float64)
    result: NDArray[np.float64] = grade * (stones - 0.5) - grade * (komi - 0.5) / KOMI_PER_GRADE
    return result
