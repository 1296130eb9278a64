"""The replay: each month, every forecaster predicts the month's games from the games before it,
then observes them; what each game's players had played before is counted on the way.
`replay_systems` sets up the runs of the systems asked and replays them in this process
(`parallel` calls it in each worker with part of the systems)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from ratinglist.rating.evaluation.config import EvaluationConfig, month_start
from ratinglist.rating.evaluation.lists import ACTIVE_MONTHS, ListFacts, follow_lists
from ratinglist.rating.evaluation.search import (
    Candidate,
    Run,
    Values,
    choose,
    fitted_candidates,
    forecasters,
    refit,
    shared_whr,
    whr_column,
)
from ratinglist.rating.games import GameArrays


@dataclass(frozen=True, slots=True)
class GameFacts:
    """Per game of the fit and report months: a newcomer in it, the fewer earlier games of
    its two players, the longer layoff in months of those who played before (-1: none); per
    system, its month-end lists of the report months."""

    newcomer: NDArray[np.bool_]
    fewest: NDArray[np.int64]
    layoff: NDArray[np.int64]
    lists: dict[str, list[ListFacts]]
    strength: dict[str, NDArray[np.object_]] = field(default_factory=dict)
    """Per system with a list: the strength band of each report game (`strength_bands`)."""
    gaps: dict[str, NDArray[np.float64]] = field(default_factory=dict)
    """Per system with a list: each report game's first player's rating minus the second's
    in the month-end list before it (NaN: either not rated), the list's own ordering."""


@dataclass(frozen=True, slots=True)
class Replayed:
    """What the harness takes from a replay of some systems (plain values, so a worker
    process can return them): per run kept (a system, or `wof` for the WOF variants), what it
    predicted over the fit and report months and its seconds; per fitted system, the values
    chosen; the per-game facts and each system's lists."""

    outputs: dict[str, NDArray[np.float64]]
    seconds: dict[str, float]
    chosen: dict[str, Values]
    facts: GameFacts


def first_fitted(months: NDArray[np.int64], config: EvaluationConfig) -> int:
    """The index of the first game of the fit period (`months`: each game's, in order)."""
    return int(np.searchsorted(months, config.start - config.fit_months, side="left"))


def replay_systems(games: GameArrays, config: EvaluationConfig) -> Replayed:
    """Replay `games` (time order) for every system of `config` in this process: the
    forecasters and the fitted candidates, the games before the fit period observed at once,
    then month by month (`replay`)."""
    fit_start = config.start - config.fit_months
    months = games.months()
    lo = first_fitted(months, config)
    whr = shared_whr(config)
    candidates = fitted_candidates(config, whr)
    runs = {name: Run(f) for name, f in forecasters(config).items()}
    if whr is not None:
        # First in the replay, so the shared replay's time counts for `whr`.
        runs["whr"] = Run(whr.reader(), column=whr_column(config))
    runs |= {key: Run(c.forecaster) for key, c in candidates.items()}
    prior = games.select(np.arange(len(games)) < lo)
    for run in runs.values():
        run.observe(prior)
    chosen: dict[str, Values] = {}
    facts = replay(games, months, lo, fit_start, config, runs, candidates, chosen)
    return Replayed(
        outputs={name: run.output() for name, run in runs.items()},
        seconds={name: run.total_seconds() for name, run in runs.items()},
        chosen=chosen,
        facts=facts,
    )


def replay(
    games: GameArrays,
    months: NDArray[np.int64],
    lo: int,
    fit_start: int,
    config: EvaluationConfig,
    runs: dict[str, Run],
    candidates: dict[str, Candidate],
    chosen: dict[str, tuple[tuple[str, float], ...]],
) -> GameFacts:
    """Predict then observe each month; returns what each game's players had played before.
    At the first report month each fitted system keeps its best candidate (its values into
    `chosen`); under `config.refit_years`, then and each January after, it re-picks its entry
    on the years before (`refit`; the values picked join `chosen`, named with the year)."""
    ids, dense = np.unique(np.concatenate([games.first, games.second]), return_inverse=True)
    n = len(games)
    played = np.bincount(dense[:lo], minlength=len(ids)) + np.bincount(
        dense[n : n + lo], minlength=len(ids)
    )
    last = np.full(len(ids), -1, dtype=np.int64)
    np.maximum.at(last, dense[:lo], months[:lo])
    np.maximum.at(last, dense[n : n + lo], months[:lo])
    newcomer: list[NDArray[np.bool_]] = []
    fewest: list[NDArray[np.int64]] = []
    layoff: list[NDArray[np.int64]] = []
    lists: dict[str, list[ListFacts]] = {}
    strength: dict[str, list[NDArray[np.object_]]] = {}
    gaps: dict[str, list[NDArray[np.float64]]] = {}
    for month in range(fit_start, config.end + 1):
        a = int(np.searchsorted(months, month, side="left"))
        b = int(np.searchsorted(months, month, side="right"))
        if month == config.start:
            chosen |= choose(runs, candidates, games.score[lo:a], config.refit_years is not None)
        if config.refit_years is not None and (
            month == config.start or (month > config.start and month % 12 == 0)
        ):
            window = months[lo:a] >= month - 12 * config.refit_years
            for system, values in refit(runs, games.score[lo:a], window, month // 12).items():
                chosen[system] = (*chosen[system], *values)
        if a == b:
            continue
        chunk = games.select((np.arange(n) >= a) & (np.arange(n) < b))
        active = ids[(last >= 0) & (last >= month - ACTIVE_MONTHS)]
        i, j = dense[a:b], dense[n + a : n + b]
        newcomer.append((played[i] < config.newcomer_games) | (played[j] < config.newcomer_games))
        fewest.append(np.minimum(played[i], played[j]))
        gap_i = np.where(last[i] >= 0, month - last[i], -1)
        gap_j = np.where(last[j] >= 0, month - last[j], -1)
        layoff.append(np.maximum(gap_i, gap_j))
        played += np.bincount(i, minlength=len(ids)) + np.bincount(j, minlength=len(ids))
        last[i] = month
        last[j] = month
        as_of = month_start(month) - dt.timedelta(days=1)
        for run in runs.values():
            run.predict(chunk, as_of)
        if month >= config.start:
            follow_lists(runs, active, month, lists, chunk, strength, gaps)
        for run in runs.values():
            run.observe(chunk)
    if not newcomer:
        empty = np.zeros(0, dtype=np.int64)
        return GameFacts(np.zeros(0, dtype=bool), empty, empty, lists)
    return GameFacts(
        np.concatenate(newcomer),
        np.concatenate(fewest),
        np.concatenate(layoff),
        lists,
        {name: np.concatenate(labels) for name, labels in strength.items()},
        {name: np.concatenate(parts) for name, parts in gaps.items()},
    )
