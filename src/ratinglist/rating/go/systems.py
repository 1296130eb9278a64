"""The rating systems on Go games, handicap-aware: the EGF GoR, Elo and Glicko.

Every system sees a handicap game as an even game against an opponent made stronger (Black)
or weaker (White) by Black's advantage in GoR points (`handicap.black_advantage`, the EGF's
``100 (h - 0.5)``), in its expected result and so in its updates; every system rates
tournament by tournament from the ratings at the tournament's start, and enters a new player
at their entry rating (the carried EGF rating, else the declared rank's: `games.GoGames`).
All three are on the GoR scale (100 points a grade).

- ``egf``: `gor` (con, bonus, class weights);
- ``elo``: ``E = 1 / (1 + 10^((R_opp' - R) / scale))``, ``R += k (S - E)`` (Elo 1978);
- ``glicko``: Glickman's Glicko (1999): ``g(RD) = 1 / sqrt(1 + 3 q^2 RD^2 / pi^2)``,
  ``q = ln 10 / 400``, one rating period per tournament, ``RD^2 += c^2`` per month without
  play, newcomers at RD `start_deviation` (their rank is a guess).

Each is declared once, with its candidates and cost, in `rating.registry` (its Go entries).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ratinglist.rating.go.games import GoGames
from ratinglist.rating.go.gor import DayHook, GorParams, expected_white, rate_gor
from ratinglist.rating.go.handicap import GRADE, black_advantage

Q = math.log(10.0) / 400.0


@dataclass(frozen=True, slots=True)
class GoRatings:
    """Ratings after some games: player -> rating, deviation (0: none), games, last day."""

    ratings: Mapping[int, float]
    deviations: Mapping[int, float]
    games: Mapping[int, int]
    last_day: Mapping[int, int]


@dataclass(frozen=True, slots=True)
class EloGoParams:
    """Elo on Go games: K factor and logistic scale (points for a factor 10 in odds)."""

    k: float = 24.0
    scale: float = 400.0


@dataclass(frozen=True, slots=True)
class GlickoGoParams:
    """Glicko on Go games: the newcomer's deviation, the monthly growth `c`, the floor."""

    start_deviation: float = 200.0
    c: float = 30.0
    min_deviation: float = 30.0


def _start(
    ratings: dict[int, float], games: GoGames, start: int, stop: int
) -> tuple[NDArray[np.float64], NDArray[np.float64], list[int]]:
    """Ratings of White and Black at a tournament's start (newcomers entered); newcomers."""
    new: list[int] = []
    for ids, entries in ((games.white, games.white_entry), (games.black, games.black_entry)):
        for k, pid in enumerate(ids[start:stop].tolist()):
            if pid not in ratings:
                ratings[pid] = float(entries[start + k])
                new.append(pid)
    rw = np.array([ratings[i] for i in games.white[start:stop].tolist()])
    rb = np.array([ratings[i] for i in games.black[start:stop].tolist()])
    return rw, rb, new


def _count(
    counts: dict[int, int], last: dict[int, int], games: GoGames, start: int, stop: int
) -> None:
    day = int(games.day[start])
    for pid in (*games.white[start:stop].tolist(), *games.black[start:stop].tolist()):
        counts[pid] = counts.get(pid, 0) + 1
        last[pid] = day


def rate_elo(games: GoGames, params: EloGoParams, before_day: DayHook | None = None) -> GoRatings:
    """Elo after `games` (see the module docstring); `before_day` as `gor.rate_gor`'s."""
    ratings: dict[int, float] = {}
    counts: dict[int, int] = {}
    last: dict[int, int] = {}
    previous = None
    for start, stop in games.blocks():
        if before_day is not None and games.day[start] != previous:
            before_day(ratings, {}, start)
            previous = games.day[start]
        rw, rb, _ = _start(ratings, games, start, stop)
        e = expected_elo(rw, rb, games.handicap[start:stop], games.komi[start:stop], params)
        delta = params.k * (games.score[start:stop] - e)
        total: dict[int, float] = {}
        for w, b, d in zip(
            games.white[start:stop].tolist(), games.black[start:stop].tolist(), delta.tolist(),
            strict=True,
        ):  # fmt: skip
            total[w] = total.get(w, 0.0) + d
            total[b] = total.get(b, 0.0) - d
        for pid, d in total.items():
            ratings[pid] += d
        _count(counts, last, games, start, stop)
    return GoRatings(ratings, dict.fromkeys(ratings, 0.0), counts, last)


def expected_elo(
    white: NDArray[np.float64],
    black: NDArray[np.float64],
    handicap: NDArray[np.int64],
    komi: NDArray[np.float64],
    params: EloGoParams,
) -> NDArray[np.float64]:
    """White's expected result under Elo with Black's advantage."""
    diff = black + black_advantage(handicap, komi, GRADE) - white
    result: NDArray[np.float64] = 1.0 / (1.0 + 10.0 ** (diff / params.scale))
    return result


def _g(rd: NDArray[np.float64]) -> NDArray[np.float64]:
    result: NDArray[np.float64] = 1.0 / np.sqrt(1.0 + 3.0 * Q**2 * rd**2 / math.pi**2)
    return result


def rate_glicko(
    games: GoGames, params: GlickoGoParams, before_day: DayHook | None = None
) -> GoRatings:
    """Glicko after `games`: one rating period per tournament (module docstring);
    `before_day` as `gor.rate_gor`'s (deviations as of the last tournament played)."""
    ratings: dict[int, float] = {}
    rds: dict[int, float] = {}
    counts: dict[int, int] = {}
    last: dict[int, int] = {}
    previous = None
    for start, stop in games.blocks():
        day = int(games.day[start])
        if before_day is not None and day != previous:
            before_day(ratings, _Aged(rds, last, day, params), start)
            previous = day
        for pid in (*games.white[start:stop].tolist(), *games.black[start:stop].tolist()):
            if pid in rds and pid in last:
                months = max(0.0, (day - last[pid]) / 30.44)
                rds[pid] = min(350.0, math.sqrt(rds[pid] ** 2 + params.c**2 * months))
        rw, rb, new = _start(ratings, games, start, stop)
        for pid in new:
            rds[pid] = params.start_deviation
        w_ids, b_ids = games.white[start:stop].tolist(), games.black[start:stop].tolist()
        dw = np.array([rds[i] for i in w_ids])
        db = np.array([rds[i] for i in b_ids])
        adv = black_advantage(games.handicap[start:stop], games.komi[start:stop], GRADE)
        s = games.score[start:stop]
        # White against Black + advantage; Black against White - advantage.
        gw, gb = _g(db), _g(dw)
        ew = 1.0 / (1.0 + 10.0 ** (-gw * (rw - rb - adv) / 400.0))
        eb = 1.0 / (1.0 + 10.0 ** (-gb * (rb + adv - rw) / 400.0))
        d2: dict[int, float] = {}
        sums: dict[int, float] = {}
        for k in range(stop - start):
            for pid, g_, e_, score in (
                (w_ids[k], gw[k], ew[k], s[k]),
                (b_ids[k], gb[k], eb[k], 1.0 - s[k]),
            ):
                d2[pid] = d2.get(pid, 0.0) + Q**2 * g_**2 * e_ * (1 - e_)
                sums[pid] = sums.get(pid, 0.0) + g_ * (score - e_)
        for pid in d2:
            inv = 1.0 / rds[pid] ** 2 + d2[pid]
            ratings[pid] += Q / inv * sums[pid]
            rds[pid] = max(params.min_deviation, math.sqrt(1.0 / inv))
        _count(counts, last, games, start, stop)
    return GoRatings(ratings, rds, counts, last)


def expected_glicko(
    state: GoRatings,
    white: NDArray[np.float64],
    black: NDArray[np.float64],
    dev_white: NDArray[np.float64],
    dev_black: NDArray[np.float64],
    handicap: NDArray[np.int64],
    komi: NDArray[np.float64],
) -> NDArray[np.float64]:
    """White's expected result under Glicko: both deviations widen the logistic."""
    del state
    diff = white - black - black_advantage(handicap, komi, GRADE)
    g = _g(np.sqrt(dev_white**2 + dev_black**2))
    result: NDArray[np.float64] = 1.0 / (1.0 + 10.0 ** (-g * diff / 400.0))
    return result


class _Aged(Mapping[int, float]):
    """Deviations grown by the months since each player's last tournament, to `day`: a view
    of `rds`, each player's computed when asked (a day's games ask for a few players of
    thousands; a copy of all of them each day was most of an evaluation's time). Valid
    while `rds` and `last` are not changed (during the day hook)."""

    __slots__ = ("_c", "_day", "_last", "_rds")

    def __init__(
        self, rds: Mapping[int, float], last: Mapping[int, int], day: int, params: GlickoGoParams
    ) -> None:
        self._rds, self._last, self._day, self._c = rds, last, day, params.c

    def __getitem__(self, pid: int) -> float:
        rd = self._rds[pid]
        return min(
            350.0, math.sqrt(rd**2 + self._c**2 * max(0.0, (self._day - self._last[pid]) / 30.44))
        )

    def __iter__(self) -> Iterator[int]:
        return iter(self._rds)

    def __len__(self) -> int:
        return len(self._rds)


def rate_egf(games: GoGames, params: GorParams, before_day: DayHook | None = None) -> GoRatings:
    """The GoR after `games` as `GoRatings`."""
    state = rate_gor(games, params, before_day)
    return GoRatings(state.ratings, dict.fromkeys(state.ratings, 0.0), state.games, state.last_day)


def _at_start(state: GoRatings, games: GoGames) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """White's and Black's ratings in `state`, newcomers at their entry."""
    white = zip(games.white.tolist(), games.white_entry.tolist(), strict=True)
    black = zip(games.black.tolist(), games.black_entry.tolist(), strict=True)
    rw = [state.ratings.get(p, e) for p, e in white]
    rb = [state.ratings.get(p, e) for p, e in black]
    return np.array(rw, dtype=np.float64), np.array(rb, dtype=np.float64)


def predict_gor(params: GorParams, state: GoRatings, games: GoGames) -> NDArray[np.float64]:
    """White's expected result under the GoR (newcomers at their entry)."""
    rw, rb = _at_start(state, games)
    return expected_white(rw, rb, games.handicap, games.komi, params)


def predict_elo(params: EloGoParams, state: GoRatings, games: GoGames) -> NDArray[np.float64]:
    """White's expected result under Elo (newcomers at their entry)."""
    rw, rb = _at_start(state, games)
    return expected_elo(rw, rb, games.handicap, games.komi, params)


def predict_glicko(params: GlickoGoParams, state: GoRatings, games: GoGames) -> NDArray[np.float64]:
    """White's expected result under Glicko (newcomers at RD `start_deviation`)."""
    rw, rb = _at_start(state, games)
    start = params.start_deviation
    dw = np.array([state.deviations.get(p, start) for p in games.white.tolist()])
    db = np.array([state.deviations.get(p, start) for p in games.black.tolist()])
    return expected_glicko(state, rw, rb, dw, db, games.handicap, games.komi)


@dataclass(frozen=True, slots=True)
class GoSystem:
    """A system on Go games: its name, parameters, how it rates and predicts, and the
    candidate parameters the contest tries (the same number for every system)."""

    name: str
    params: Any
    rate_with: Callable[[GoGames, Any, DayHook | None], GoRatings]
    predict_with: Callable[[Any, GoRatings, GoGames], NDArray[np.float64]]
    grid: tuple[Any, ...] = field(default=())

    def rate(self, games: GoGames, before_day: DayHook | None = None) -> GoRatings:
        """The ratings after `games`; `before_day` sees them before each day's games."""
        return self.rate_with(games, self.params, before_day)

    def predict(self, state: GoRatings, games: GoGames) -> NDArray[np.float64]:
        """White's expected result of each of `games` from `state`."""
        return self.predict_with(self.params, state, games)

    def with_params(self, params: Any) -> GoSystem:
        """The same system with other parameters (a candidate of its search)."""
        return GoSystem(self.name, params, self.rate_with, self.predict_with, self.grid)
