"""Rating history: one list per month end, built incrementally and warm-started.

A list as of a month end M is exactly `european.rate` of the games that started on or
before M; computing 600 of them one by one repeats the same work. `rate_history` loads the
games once and walks the months in order, keeping per pair of players (all pairs of the
whole history, indexed once):

- the number of games, their total weight ``W`` and the first player's weighted score ``S``:
  games fall into *weight classes* (runs of ages with one weight, e.g. ages 0-6 weigh 150),
  and when the month advances only the games of the few months whose class changes are
  re-weighted (exact in floating point for the integer default weights), instead of a pass
  over every game;
- whether each side ever scored at least a draw (the edges of the rated-set digraph);
- each player's last tournament day.

Each month's fit starts from the previous month's strengths (players new to the rated set
start from their smoothed score log-odds, shifted into the same gauge), so Newton needs
only a few steps. The result equals the list computed alone up to the fit's tolerance.

`fingerprints` gives each month end a digest of exactly the games up to it (order-free), so a
stored list can tell whether a later import changed its input.
"""

from __future__ import annotations

import calendar
import datetime as dt
import hashlib
import itertools
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ratinglist.errors import RatingError
from ratinglist.rating.european import Problem, largest_component, player_indices, solve
from ratinglist.rating.games import GameArrays, month_index, month_indices
from ratinglist.rating.newton import Pairs, initial_strengths
from ratinglist.rating.params import EuropeanParams
from ratinglist.rating.rating_list import RatingList


def month_end(month: int) -> dt.date:
    """The last day of month index `month` (``12 * year + month - 1``)."""
    year, zero_based = divmod(month, 12)
    return dt.date(year, zero_based + 1, calendar.monthrange(year, zero_based + 1)[1])


def month_ends(first: dt.date, last: dt.date, step: int = 1) -> tuple[dt.date, ...]:
    """The last day of every `step`-th month from the month of `first` to that of `last`.

    Raises:
        RatingError: `last` is before `first`, or `step` is not positive.
    """
    if step < 1:
        raise RatingError(f"expected a positive month step, got {step}")
    start, stop = month_index(first), month_index(last)
    if stop < start:
        raise RatingError(
            f"expected the last month on or after the first ({first:%Y-%m}), got {last:%Y-%m}"
        )
    return tuple(month_end(m) for m in range(start, stop + 1, step))


def _check_month_ends(dates: Sequence[dt.date]) -> None:
    for day in dates:
        if day != month_end(month_index(day)):
            raise RatingError(f"expected the last day of a month, got {day.isoformat()}")
    if any(later <= earlier for earlier, later in itertools.pairwise(dates)):
        raise RatingError("expected strictly increasing month ends")


def _sorted_by_day(games: GameArrays) -> GameArrays:
    if len(games) == 0 or bool(np.all(games.day[1:] >= games.day[:-1])):
        return games
    order = np.argsort(games.day, kind="stable")
    return GameArrays.from_arrays(
        games.first[order], games.second[order], games.score[order], games.day[order]
    )


def fingerprints(games: GameArrays, dates: Sequence[dt.date]) -> tuple[str, ...]:
    """A SHA-256 hex digest per month end in `dates` of the games started on or before it.

    The digest depends on the multiset of ``(day, first, second, score)`` only, not on the
    order the games come in: each month's games are sorted, hashed, and the month digests
    chained from the first month holding a game.

    Raises:
        RatingError: a date is not a month end, or the dates do not increase.
    """
    _check_month_ends(dates)
    order = np.lexsort((games.score, games.second, games.first, games.day))
    day = games.day[order]
    months = month_indices(day)
    columns = (
        games.first[order].astype("<i8"),
        games.second[order].astype("<i8"),
        (games.score[order] * 2).astype("<i1"),
        day.astype("<i4"),
    )
    chain = hashlib.sha256(b"ratinglist games v1")
    result: list[str] = []
    done = 0
    for as_of in dates:
        stop = int(np.searchsorted(months, month_index(as_of), side="right"))
        for month in np.unique(months[done:stop]).tolist():
            low = done + int(np.searchsorted(months[done:stop], month, side="left"))
            high = done + int(np.searchsorted(months[done:stop], month, side="right"))
            digest = hashlib.sha256()
            for column in columns:
                digest.update(column[low:high].tobytes())
            chain.update(month.to_bytes(4, "little") + digest.digest())
        done = stop
        result.append(chain.copy().hexdigest())
    return tuple(result)


def inputs_key(params: EuropeanParams, exclude_sender: str | None, games_digest: str) -> str:
    """One SHA-256 hex digest of everything a stored list depends on: the parameters, the
    sender exclusion pattern, and the games' `fingerprints` digest."""
    text = json.dumps(
        {"params": params.to_dict(), "exclude_sender": exclude_sender, "games": games_digest},
        sort_keys=True,
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class MonthList:
    """One month end of a history: the games up to it and its list (None when nobody can be
    rated yet: no two players form a strongly connected group)."""

    as_of: dt.date
    game_count: int
    ratings: RatingList | None


def _weight_classes(params: EuropeanParams) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    """The class of every age ``0..last+1`` (ages beyond weigh like ``last+1``) and each
    class's weight: runs of consecutive ages with one weight form one class."""
    last = params.weight_buckets[-1][0] + 1 if params.weight_buckets else 0
    table = [params.weight(m) for m in range(last + 1)]
    classes = np.zeros(last + 1, dtype=np.int64)
    weights = [table[0]]
    for age in range(1, last + 1):
        if table[age] != table[age - 1]:
            weights.append(table[age])
        classes[age] = len(weights) - 1
    return classes, np.array(weights, dtype=np.float64)


class _State:
    """The running per-pair and per-player sums of a history (see the module docstring)."""

    def __init__(self, games: GameArrays, params: EuropeanParams) -> None:
        self.day = games.day
        self.months = month_indices(games.day)
        self.ids, a, b = player_indices(games.first, games.second)
        n = len(self.ids)
        swap = a > b
        low, high = np.where(swap, b, a), np.where(swap, a, b)
        self.low_score = np.where(swap, 1.0 - games.score, games.score)
        keys, self.pair = np.unique(low * n + high, return_inverse=True)
        self.pair_low, self.pair_high = keys // n, keys % n
        self.low, self.high = low, high
        self.params = params
        self.class_of_age, self.class_weight = _weight_classes(params)
        pairs = len(keys)
        self.played = np.zeros(pairs, dtype=np.int64)
        self.weight = np.zeros(pairs)
        self.scored = np.zeros(pairs)
        self.low_edge = np.zeros(pairs, dtype=bool)
        self.high_edge = np.zeros(pairs, dtype=bool)
        self.seen = np.zeros(n, dtype=bool)
        self.last_day = np.full(n, np.iinfo(np.int32).min, dtype=np.int32)
        self.month_values, first_game = np.unique(self.months, return_index=True)
        self.month_start = np.append(first_game, len(self.months))
        self.month: int | None = None
        self.done = 0

    def _class(self, ages: NDArray[np.int64]) -> NDArray[np.int64]:
        result: NDArray[np.int64] = self.class_of_age[np.minimum(ages, len(self.class_of_age) - 1)]
        return result

    def _move(self, start: int, stop: int, old: int | None, new: int) -> None:
        """Reclass games ``start:stop`` from class `old` (None: new games) to class `new`."""
        pair, score = self.pair[start:stop], self.low_score[start:stop]
        gain = float(self.class_weight[new]) - (0.0 if old is None else self.class_weight[old])
        np.add.at(self.weight, pair, gain)
        np.add.at(self.scored, pair, gain * score)
        if old is None:
            np.add.at(self.played, pair, 1)

    def advance(self, month: int) -> None:
        """Move to month end `month` (not before the current one)."""
        stop = int(np.searchsorted(self.months, month, side="right"))
        if self.month is not None:
            had = self.month_values[self.month_values <= self.month]
            old_class = self._class(self.params.ages(had, self.month))
            new_class = self._class(self.params.ages(had, month))
            for k in np.flatnonzero(old_class != new_class).tolist():
                start, end = int(self.month_start[k]), int(self.month_start[k + 1])
                self._move(start, end, int(old_class[k]), int(new_class[k]))
        fresh = (self.month_values > (self.month if self.month is not None else -1)) & (
            self.month_values <= month
        )
        for k in np.flatnonzero(fresh).tolist():
            start, end = int(self.month_start[k]), int(self.month_start[k + 1])
            age = self.params.ages(self.month_values[k : k + 1], month)
            self._move(start, end, None, int(self._class(age)[0]))
        new = slice(self.done, stop)
        pair, score = self.pair[new], self.low_score[new]
        self.low_edge[pair[score >= 0.5]] = True
        self.high_edge[pair[score <= 0.5]] = True
        self.seen[self.low[new]] = True
        self.seen[self.high[new]] = True
        np.maximum.at(self.last_day, self.low[new], self.day[new])
        np.maximum.at(self.last_day, self.high[new], self.day[new])
        self.month, self.done = month, stop

    def problem(self) -> Problem | None:
        """The fit as of the current month end, or None when nobody can be rated."""
        n = len(self.ids)
        lows, highs = self.pair_low, self.pair_high
        le, he = self.low_edge, self.high_edge
        member = largest_component(
            n,
            np.concatenate([lows[le], lows[he]]),
            np.concatenate([highs[le], highs[he]]),
            np.concatenate([np.ones(int(le.sum())), np.zeros(int(he.sum()))]),
        )
        if member is None:
            return None
        rated = (self.played > 0) & member[lows] & member[highs]
        index = np.cumsum(member, dtype=np.int64) - 1
        size = int(member.sum())
        i, j = index[lows[rated]], index[highs[rated]]
        indptr = np.zeros(size + 1, dtype=np.int64)
        np.cumsum(np.bincount(i, minlength=size), out=indptr[1:])
        pairs = Pairs(
            n=size,
            i=i,
            j=j,
            indptr=indptr,
            weight=self.weight[rated],
            score=self.scored[rated],
        )
        played = self.played[rated]
        counts = np.bincount(i, played, size) + np.bincount(j, played, size)
        return Problem(
            ids=self.ids[member],
            pairs=pairs,
            counts=np.rint(counts).astype(np.int64),
            last_day=self.last_day[member],
            unrated=self.ids[self.seen & ~member],
        )


def _warm_start(
    pairs: Pairs, ids: NDArray[np.int64], previous: RatingList | None
) -> NDArray[np.float64] | None:
    """The previous list's strengths for players it rated; the others' smoothed log-odds
    shifted by the mean difference over the players both know."""
    if previous is None:
        return None
    s = previous.params.points_per_unit
    theta = (previous.ratings - previous.params.anchor) / s
    where = np.clip(np.searchsorted(previous.players, ids), 0, len(previous.players) - 1)
    known = previous.players[where] == ids
    if not known.any():
        return None
    start = initial_strengths(pairs)
    shift = float(np.mean(theta[where[known]] - start[known]))
    start += shift
    start[known] = theta[where[known]]
    return start


def rate_history(
    games: GameArrays,
    params: EuropeanParams,
    dates: Sequence[dt.date],
    *,
    wanted: Sequence[bool] | None = None,
) -> Iterator[MonthList]:
    """The list as of each month end in `dates` (increasing), one `MonthList` per date.

    Each equals `european.rate(games.until(as_of), params, as_of)` to the fit's tolerance.
    When `wanted` is given, only dates with a true flag are rated (the others yield a
    `MonthList` without ratings; the warm start skips over them).

    Raises:
        RatingError: a date is not a month end, the dates do not increase, `wanted` has
            another length, or a fit fails.
    """
    _check_month_ends(dates)
    if wanted is not None and len(wanted) != len(dates):
        raise RatingError(f"expected {len(dates)} wanted flags, got {len(wanted)}")
    ordered = _sorted_by_day(games)
    if len(ordered) == 0:
        for as_of in dates:
            yield MonthList(as_of, 0, None)
        return
    state = _State(ordered, params)
    previous: RatingList | None = None
    for k, as_of in enumerate(dates):
        state.advance(month_index(as_of))
        if (wanted is not None and not wanted[k]) or state.done == 0:
            yield MonthList(as_of, state.done, None)
            continue
        fitted = state.problem()
        if fitted is None:
            yield MonthList(as_of, state.done, None)
            continue
        ratings = solve(fitted, params, as_of, _warm_start(fitted.pairs, fitted.ids, previous))
        previous = ratings
        yield MonthList(as_of, state.done, ratings)
