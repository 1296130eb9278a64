"""Forecasters: each system's running state in the evaluation's month-by-month replay.

A forecaster `observe`s the games of each month once, in time order, after it was asked to
`predict` them from what it had seen before (the games strictly before the month). It is the
harness's private, mutable state: the rating systems themselves stay pure functions.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

import numpy as np
from numpy.typing import NDArray

from ratinglist.rating.european import rate as wof_rate
from ratinglist.rating.games import GameArrays, month_index
from ratinglist.rating.params import EuropeanParams
from ratinglist.rating.systems import egf, elo, glicko2, whr, wofmap
from ratinglist.rating.systems.base import SystemList, lookup
from ratinglist.rating.systems.egf import EgfParams
from ratinglist.rating.systems.elo import EloParams
from ratinglist.rating.systems.glicko2 import Glicko2Params
from ratinglist.rating.systems.whr import WhrHistory, WhrParams
from ratinglist.rating.systems.wofmap import WofMapParams


class Forecaster(Protocol):
    """Predicts a month's games from the games observed before, then observes them."""

    def predict(self, games: GameArrays, as_of: dt.date) -> NDArray[np.float64]:
        """One row per game: the first player's expected score (or the features the harness
        turns into one, for the WOF list)."""
        ...

    def observe(self, games: GameArrays) -> None:
        """Take in the next games (time order)."""
        ...

    def rated(self, ids: NDArray[np.int64]) -> NDArray[np.float64] | None:
        """The ratings of `ids` in the list the latest `predict` used (NaN: not rated), or
        None for a forecaster without a list."""
        ...


class Constant:
    """The same prediction, 1/2, for every game: the baseline a system has to beat."""

    def predict(self, games: GameArrays, as_of: dt.date) -> NDArray[np.float64]:
        """1/2 for each game."""
        del as_of
        return np.full(len(games), 0.5)

    def observe(self, games: GameArrays) -> None:
        """Nothing to learn."""
        del games

    def rated(self, ids: NDArray[np.int64]) -> NDArray[np.float64] | None:
        """No list."""
        del ids
        return None


class Incremental:
    """An incremental system (Elo, Glicko-2, EGF): its state after the games observed.

    With `entries`, `predict` returns one column per entry: the expected scores when the
    players not yet in the list are predicted at that rating (the newcomer entry the contest
    fits; the system's own updates keep its start values)."""

    def __init__(
        self,
        params: Any,
        initial: Callable[[Any], Any],
        update: Callable[[Any, GameArrays, Any], Any],
        to_list: Callable[[Any, Any, dt.date], SystemList],
        expected: Callable[[SystemList, NDArray[np.int64], NDArray[np.int64], Any], Any],
        entries: tuple[float, ...] = (),
    ) -> None:
        """The system's functions and parameters, starting from its initial state."""
        self._params = params
        self._update = update
        self._to_list = to_list
        self._expected = expected
        self._state = initial(params)
        self._entries = entries
        self._list: SystemList | None = None

    def rated(self, ids: NDArray[np.int64]) -> NDArray[np.float64] | None:
        """The ratings of `ids` in the list of the latest prediction (NaN: not in it)."""
        if self._list is None:
            return np.full(len(ids), np.nan)
        return lookup(self._list.players, self._list.ratings, ids, np.nan)

    def predict(self, games: GameArrays, as_of: dt.date) -> NDArray[np.float64]:
        """The system's expected scores from its list as of `as_of` (a column per entry)."""
        ratings = self._to_list(self._state, self._params, as_of)
        self._list = ratings
        if self._entries:
            columns = [
                self._expected(
                    ratings, games.first, games.second, dataclasses.replace(self._params, start=e)
                )
                for e in self._entries
            ]
            return np.column_stack(columns) if len(games) else np.zeros((0, len(columns)))
        result: NDArray[np.float64] = self._expected(
            ratings, games.first, games.second, self._params
        )
        return result

    def observe(self, games: GameArrays) -> None:
        """Apply the games."""
        self._state = self._update(self._state, games, self._params)


def elo_forecaster(params: EloParams, entries: tuple[float, ...] = ()) -> Incremental:
    """Seed 002's Elo (its monthly lists without titles)."""
    to_list = functools.partial(elo.to_list, titles=False)
    return Incremental(params, elo.initial, elo.update, to_list, elo.expected, entries)


def glicko2_forecaster(params: Glicko2Params, entries: tuple[float, ...] = ()) -> Incremental:
    """Glicko-2 with monthly rating periods."""
    return Incremental(
        params, glicko2.initial, glicko2.update, glicko2.to_list, glicko2.expected, entries
    )


def egf_forecaster(params: EgfParams, entries: tuple[float, ...] = ()) -> Incremental:
    """The EGF GoR formula."""
    return Incremental(params, egf.initial, egf.update, egf.to_list, egf.expected, entries)


class Whr:
    """WHR as Coulom defines it: at each month end the whole history so far is refitted to the
    full fit's optimum (every rating of every player and month), warm-started from the
    previous month's fit: the new month's ratings first take `steps_per_update` Newton steps
    with the rest held fixed, then all ratings take Newton steps until the full fit's
    stopping rule (max |gradient| below `tolerance`, at most `max_steps`).

    A player is predicted at their latest node's rating, however long ago it was: the Wiener
    process's expected strength after a node is the node's rating (only its variance grows).
    With `entries`, `predict` returns one column per entry: players without a rating yet
    predicted at that rating (the prior's centre is 0). With `bayes` (`whr-bayes`'s
    columns, after those), one more column per (entry, entry deviation, variance scale):
    `whr.expected_bayes` from the month-end list, deviations included."""

    def __init__(
        self,
        params: WhrParams,
        entries: tuple[float, ...] = (),
        bayes: tuple[tuple[float, float, float], ...] = (),
    ) -> None:
        """An empty history."""
        self._history = WhrHistory(params)
        self._params = params
        self._entries = entries
        self._bayes = bayes

    def predict(self, games: GameArrays, as_of: dt.date) -> NDArray[np.float64]:
        """``1 / (1 + 10^(-(R_a - R_b) / 400))`` from the latest ratings (a column per
        entry), then `whr-bayes`'s columns."""
        plain = _whr_columns(self._history, games, self._entries)
        if not self._bayes:
            return plain
        listed = self._history.to_list(as_of)
        columns = [
            whr.expected_bayes(
                listed,
                games.first,
                games.second,
                replace(self._params, entry=e, entry_deviation=d, variance_scale=c),
            )
            for e, d, c in self._bayes
        ]
        if self._entries:
            columns = [*plain.T, *columns]
        return np.column_stack(columns) if len(games) else np.zeros((0, len(columns)))

    def rated(self, ids: NDArray[np.int64]) -> NDArray[np.float64] | None:
        """The latest ratings of `ids` (NaN: no game yet)."""
        return self._history.ratings(ids, np.nan)

    def observe(self, games: GameArrays) -> None:
        """Add the games and refit the whole history (the first games, all those before the
        replay, are fitted from scratch)."""
        if self._history.size() == 0:
            self._history.add(games, self._params.max_steps)
            return
        self._history.add(games, self._params.steps_per_update, local=True)
        self._history.refit(self._params.max_steps)


class WhrIncremental(Whr):
    """`whr-incremental`: an approximation of WHR. Each month's new ratings are fitted with
    the rest held fixed; every `refit_months` months all ratings take `refit_steps` Newton
    steps (the real WHR, `Whr`, refits everything every month). It predicts as `Whr` does.
    """

    def __init__(self, params: WhrParams, entries: tuple[float, ...] = ()) -> None:
        """An empty history; the first `observe` (all games before the replay) is fitted in
        full."""
        super().__init__(params, entries)
        self._months = -1

    def observe(self, games: GameArrays) -> None:
        """Add the games, fit them, now and then refit everything."""
        self._months += 1
        if self._months == 0:
            self._history.add(games, self._params.max_steps)
            return
        self._history.add(games, self._params.steps_per_update, local=True)
        if self._months % self._params.refit_months == 0:
            self._history.refit(self._params.refit_steps, cg_steps=self._params.refit_cg_steps)


def _whr_columns(
    history: WhrHistory, games: GameArrays, entries: tuple[float, ...]
) -> NDArray[np.float64]:
    """Expected scores from `history`'s latest ratings, one column per entry (one vector at
    entry 0 without entries)."""
    columns = []
    for entry in entries or (0.0,):
        ra = history.ratings(games.first, entry)
        rb = history.ratings(games.second, entry)
        columns.append(1.0 / (1.0 + 10.0 ** (-(ra - rb) / 400.0)))
    if not entries:
        only: NDArray[np.float64] = columns[0]
        return only
    return np.column_stack(columns) if len(games) else np.zeros((0, len(columns)))


class Shared:
    """One forecaster read by several runs of the replay (`whr` and `whr-fitted`'s candidate
    with the same w^2): each reader gets the same predictions, and the forecaster observes a
    month once, when the first reader observes it. A reader may stop (a search's loser) and
    the others go on."""

    def __init__(self, inner: Forecaster) -> None:
        """`inner`, not yet read."""
        self.inner = inner
        self.observed = 0
        self.predicted: tuple[int, NDArray[np.float64]] | None = None

    def reader(self, columns: slice | None = None) -> SharedReader:
        """A new reader (of `columns` only, when given)."""
        return SharedReader(self, columns)


class SharedReader:
    """A reader of a `Shared` forecaster."""

    def __init__(self, shared: Shared, columns: slice | None = None) -> None:
        """A reader that has observed nothing yet, of `columns` only when given."""
        self._shared = shared
        self._observed = 0
        self._columns = columns

    def predict(self, games: GameArrays, as_of: dt.date) -> NDArray[np.float64]:
        """The shared forecaster's prediction after the months this reader observed."""
        shared = self._shared
        if shared.predicted is None or shared.predicted[0] != self._observed:
            shared.predicted = (self._observed, shared.inner.predict(games, as_of))
        predicted = shared.predicted[1]
        return predicted if self._columns is None else predicted[:, self._columns]

    def observe(self, games: GameArrays) -> None:
        """Observe the games (the shared forecaster once for all readers)."""
        self._observed += 1
        if self._observed > self._shared.observed:
            self._shared.inner.observe(games)
            self._shared.observed = self._observed

    def rated(self, ids: NDArray[np.int64]) -> NDArray[np.float64] | None:
        """The shared forecaster's ratings of `ids`."""
        return self._shared.inner.rated(ids)


class Wof:
    """The WOF list recomputed as of the end of each month from every game before.

    `predict` returns four columns per game: both players' WOF ratings (NaN when not in the
    rated set) and their places in the published list (NaN when not listed); the harness
    turns them into probabilities with a newcomer rating fitted on the fit period.
    """

    def __init__(self, params: EuropeanParams) -> None:
        """No games yet."""
        self._params = params
        self._chunks: list[GameArrays] = []
        self._players = np.zeros(0, dtype=np.int64)
        self._ratings = np.zeros(0)

    def rated(self, ids: NDArray[np.int64]) -> NDArray[np.float64] | None:
        """The WOF ratings of `ids` in the latest list (NaN: not in the rated set)."""
        return lookup(self._players, self._ratings, ids, np.nan)

    def predict(self, games: GameArrays, as_of: dt.date) -> NDArray[np.float64]:
        """Ratings and places of both players as of `as_of`."""
        seen = concatenate(self._chunks)
        self._chunks = [seen]
        result = np.full((len(games), 4), np.nan)
        if len(seen) == 0:
            return result
        ratings = wof_rate(seen, self._params, as_of)
        self._players, self._ratings = ratings.players, ratings.ratings
        rows = np.flatnonzero(ratings.listed)
        ranked = rows[np.lexsort((ratings.players[rows], -ratings.ratings[rows]))]
        places = np.full(len(ratings), np.nan)
        places[ranked] = np.arange(1, len(ranked) + 1, dtype=np.float64)
        for column, ids in ((0, games.first), (1, games.second)):
            result[:, column] = lookup(ratings.players, ratings.ratings, ids, np.nan)
            result[:, column + 2] = lookup(ratings.players, places, ids, np.nan)
        return result

    def observe(self, games: GameArrays) -> None:
        """Keep the games for the next lists."""
        self._chunks.append(games)


def concatenate(chunks: list[GameArrays]) -> GameArrays:
    """The games of `chunks` one after the other (tournament ids kept when all have them)."""
    if len(chunks) == 1:
        return chunks[0]
    tournaments = [c.tournament for c in chunks]
    return GameArrays(
        first=np.concatenate([c.first for c in chunks] or [np.zeros(0, dtype=np.int64)]),
        second=np.concatenate([c.second for c in chunks] or [np.zeros(0, dtype=np.int64)]),
        score=np.concatenate([c.score for c in chunks] or [np.zeros(0)]),
        day=np.concatenate([c.day for c in chunks] or [np.zeros(0, dtype=np.int32)]),
        tournament=None
        if not chunks or any(t is None for t in tournaments)
        else np.concatenate([t for t in tournaments if t is not None]),
    )


class WofMap:
    """`wof-map`'s posterior maximum at each month end, warm-started from the previous one.

    The games enter as sums per pair of players (weighted score and weight) held at the
    weight of the latest list's month; each `predict` ages them to its month (one factor for
    all), then takes Newton steps from the previous month's ratings to the new maximum. With
    `entries`, `predict` returns one column per entry: players without a game yet predicted at
    that rating. A player's prior mean is `entry` until they have `newcomer_games` games
    observed, `centre` after."""

    def __init__(self, params: WofMapParams, entries: tuple[float, ...] = ()) -> None:
        """No games yet."""
        self._params = params
        self._entries = entries
        self._index: dict[int, int] = {}
        self._pairs: dict[int, int] = {}
        self._a: list[int] = []
        self._b: list[int] = []
        self._won: NDArray[np.float64] = np.zeros(0)
        self._weight: NDArray[np.float64] = np.zeros(0)
        self._r = np.zeros(0)
        self._played = np.zeros(0, dtype=np.int64)
        self._entry = np.zeros(0)
        self._month: int | None = None
        self._players = np.zeros(0, dtype=np.int64)
        self._ratings = np.zeros(0)

    def rated(self, ids: NDArray[np.int64]) -> NDArray[np.float64] | None:
        """The ratings of `ids` in the latest list (NaN: no game yet)."""
        return lookup(self._players, self._ratings, ids, np.nan)

    def predict(self, games: GameArrays, as_of: dt.date) -> NDArray[np.float64]:
        """Expected scores from the list as of `as_of` (a column per entry)."""
        p = self._params
        month = month_index(as_of)
        if self._month is not None and month != self._month:
            factor = 2.0 ** (-(month - self._month) / p.half_life)
            self._won *= factor
            self._weight *= factor
        self._month = month
        n = len(self._index)
        if n:
            self._r, _ = wofmap.solve(
                np.asarray(self._a, dtype=np.int64),
                np.asarray(self._b, dtype=np.int64),
                self._won,
                self._weight,
                n,
                p.prior_variances(self._played),
                start=self._r,
                tolerance=p.tolerance / p.points_per_unit,
                max_steps=p.max_steps,
                mean=p.prior_means(self._played, self._entry),
                deviations=False,
            )
        ids = np.fromiter(self._index.keys(), dtype=np.int64, count=n)
        order = np.argsort(ids)
        self._players = ids[order]
        self._ratings = p.centre + p.points_per_unit * self._r[order]
        columns = []
        for entry in self._entries or (p.entry,):
            ra, rb = wofmap.field_entries(games, self._players, self._ratings, p, entry)
            columns.append(1.0 / (1.0 + np.exp(-(ra - rb) / p.points_per_unit)))
        if not self._entries:
            only: NDArray[np.float64] = columns[0]
            return only
        return np.column_stack(columns) if len(games) else np.zeros((0, len(columns)))

    def observe(self, games: GameArrays) -> None:
        """Add the games to their pairs' sums, weighted relative to the latest list's month."""
        if len(games) == 0:
            return
        p = self._params
        reference = self._month if self._month is not None else int(games.months().max())
        self._month = reference
        known = len(self._index)
        for player in np.unique(np.concatenate([games.first, games.second])).tolist():
            self._index.setdefault(player, len(self._index))
        grow = len(self._index) - len(self._r)
        entry = np.full(grow, p.entry)
        if grow:
            found, values = wofmap.new_entries(games, self._players, self._ratings, p)
            where = np.array([self._index[x] - known for x in found.tolist()], dtype=np.int64)
            entry[where[where >= 0]] = values[where >= 0]
        self._entry = np.concatenate([self._entry, entry])
        start = (entry - p.centre) / p.points_per_unit
        self._r = np.concatenate([self._r, start])
        self._played = np.pad(self._played, (0, grow))
        rows = np.empty(len(games), dtype=np.int64)
        won = np.empty(len(games))
        index, pairs = self._index, self._pairs
        for k, (x, y, s) in enumerate(
            zip(games.first.tolist(), games.second.tolist(), games.score.tolist(), strict=True)
        ):
            i, j = index[x], index[y]
            lo, hi, s = (i, j, s) if i < j else (j, i, 1.0 - s)
            key = (lo << 32) | hi
            row = pairs.get(key)
            if row is None:
                row = pairs[key] = len(pairs)
                self._a.append(lo)
                self._b.append(hi)
            rows[k] = row
            won[k] = s
        dense = [index[x] for x in games.first.tolist()] + [index[y] for y in games.second.tolist()]
        self._played += np.bincount(dense, minlength=len(self._played))
        w = 2.0 ** ((games.months() - reference) / p.half_life)
        size = len(pairs)
        grown = size - len(self._weight)
        added = np.bincount(rows, w, size).astype(np.float64)
        self._weight = added + np.pad(self._weight, (0, grown))
        added = np.bincount(rows, w * won, size).astype(np.float64)
        self._won = added + np.pad(self._won, (0, grown))
