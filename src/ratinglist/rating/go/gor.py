"""The EGF GoR the way the EGD computes it (the EGF rating system since 2021).

Tournament by tournament in date order, every game of a tournament rated from the ratings
at its start, the changes added at its end (`rating.systems.egf` holds the formula and its
published cases):

- Black's rating is raised by the handicap and komi advantage (`handicap.black_advantage`:
  ``100 (h - 0.5)`` for h stones) before the expected result is computed:
  ``Se(A) = 1 / (1 + exp(beta(R_B) - beta(R_A)))``, ``beta(R) = -7 ln(3300 - R)``;
- each player's change is ``w (con(R) (S - Se) + bonus(R))`` with ``con(R) = ((3300 -
  R) / 200) ^ 1.6``, ``bonus(R) = ln(1 + exp((2300 - R) / 80)) / 5`` and `w` the
  tournament's class weight (A 1, B 0.75, C 0.5, D 0.25 for the internet; X not rated);
  con and bonus use the player's own rating;
- a player new to the list enters at their entry rating (`games.GoGames`): the EGF rating
  the file carries, else the declared rank's (20k = 100, 100 a grade, 1d = 2100);
- nobody drops below -900.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from ratinglist.rating.go.games import GoGames
from ratinglist.rating.go.handicap import GRADE, black_advantage
from ratinglist.rating.systems.egf import EgfParams

CLASS_WEIGHTS: Mapping[str, float] = {"A": 1.0, "B": 0.75, "C": 0.5, "D": 0.25, "X": 0.0}
"""The EGF's weight of a tournament class in the ratings."""


@dataclass(frozen=True, slots=True)
class GorParams:
    """The GoR formula's numbers (`EgfParams`) and the points of a grade."""

    formula: EgfParams = field(default_factory=EgfParams)
    grade: float = GRADE


@dataclass(frozen=True, slots=True)
class GorStep:
    """One player's rating before and after one tournament."""

    tournament: int
    day: int
    player: int
    before: float
    after: float
    games: int


@dataclass(frozen=True, slots=True)
class GorState:
    """Ratings (player ID -> GoR), rated games, the day of each player's latest tournament,
    and every step (a player's rating around each tournament played, in order)."""

    ratings: Mapping[int, float]
    games: Mapping[int, int]
    last_day: Mapping[int, int]
    steps: tuple[GorStep, ...]


def expected_white(
    white: NDArray[np.float64],
    black: NDArray[np.float64],
    handicap: NDArray[np.int64],
    komi: NDArray[np.float64],
    params: GorParams,
) -> NDArray[np.float64]:
    """White's expected result of each game: ``Se`` with Black's advantage added."""
    advantage = black_advantage(handicap, komi, params.grade)
    ceiling = params.formula.ceiling - 1e-6
    return params.formula.expected(white, np.minimum(black + advantage, ceiling))


DayHook = Callable[[Mapping[int, float], Mapping[int, float], int], None]
"""Called before the first tournament of each day: ratings, deviations, the game index."""


def rate_gor(
    games: GoGames, params: GorParams | None = None, before_day: DayHook | None = None
) -> GorState:
    """The GoR of every player after `games` (see the module docstring); `before_day` sees
    the ratings before each day's tournaments (the contest predicts from them)."""
    p = params or GorParams()
    f = p.formula
    ratings: dict[int, float] = {}
    counts: dict[int, int] = {}
    last: dict[int, int] = {}
    steps: list[GorStep] = []
    previous = None
    for start, stop in games.blocks():
        if before_day is not None and games.day[start] != previous:
            before_day(ratings, {}, start)
            previous = games.day[start]
        w, b = games.white[start:stop], games.black[start:stop]
        for ids, entries in ((w, games.white_entry), (b, games.black_entry)):
            for k, pid in enumerate(ids.tolist()):
                ratings.setdefault(pid, float(entries[start + k]))
        rw = np.array([ratings[i] for i in w.tolist()])
        rb = np.array([ratings[i] for i in b.tolist()])
        s = games.score[start:stop]
        se = expected_white(rw, rb, games.handicap[start:stop], games.komi[start:stop], p)
        weight = games.weight[start:stop]
        change_w = weight * (f.con(rw) * (s - se) + f.bonus(rw))
        change_b = weight * (f.con(rb) * ((1 - s) - (1 - se)) + f.bonus(rb))
        who = np.concatenate([w, b])
        total: dict[int, float] = {}
        played: dict[int, int] = {}
        for pid, delta in zip(
            who.tolist(), np.concatenate([change_w, change_b]).tolist(), strict=True
        ):
            total[pid] = total.get(pid, 0.0) + delta
            played[pid] = played.get(pid, 0) + 1
        day = int(games.day[start])
        tournament = int(games.tournament[start])
        for pid, delta in total.items():
            before = ratings[pid]
            after = max(f.floor, before + delta)
            ratings[pid] = after
            counts[pid] = counts.get(pid, 0) + played[pid]
            last[pid] = day
            steps.append(GorStep(tournament, day, pid, before, after, played[pid]))
    return GorState(ratings, counts, last, tuple(steps))


def as_of_day(state: GorState, pid: int) -> dt.date:
    """The first day of `pid`'s latest tournament."""
    return dt.date.fromordinal(state.last_day[pid])
