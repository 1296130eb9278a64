"""The contest's fitted search: every system's candidates (main parameters times newcomer entries),
each a replay, and the choice of the best on the fit period by log-loss."""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from ratinglist.rating import registry
from ratinglist.rating.evaluation.config import EvaluationConfig
from ratinglist.rating.evaluation.metrics import scores
from ratinglist.rating.forecasters import Forecaster, Shared, Whr
from ratinglist.rating.games import GameArrays
from ratinglist.rating.spaces import (
    Candidate,
    SearchSpace,
    Values,
    whr_bayes_columns,
    whr_follows,
    whr_width,
)

__all__ = ["Candidate", "Values", "whr_follows", "whr_width"]


@dataclass(frozen=True, slots=True)
class SearchBudget:
    """What a system's search tries on the fit period: its main candidates (the values a
    yearly refit holds), the newcomer options of each (entries, with their extra values),
    and the configurations in all (1 for a system that is not searched)."""

    main: int
    newcomer_options: int
    configurations: int


def budgets(config: EvaluationConfig) -> dict[str, SearchBudget]:
    """Per system asked, what its search tries on the fit period (`fitted_candidates`);
    a system that is not searched tries its one configuration."""
    mains: dict[str, set[Values]] = {}
    tried: dict[str, int] = {}
    for candidate in fitted_candidates(config).values():
        mains.setdefault(candidate.system, set()).add(candidate.main)
        tried[candidate.system] = tried.get(candidate.system, 0) + len(candidate.entries)
    result: dict[str, SearchBudget] = {}
    for name in config.systems:
        main = len(mains.get(name, ())) or 1
        total = tried.get(name, 1)
        result[name] = SearchBudget(main, total // main, total)
    return result


@dataclass(slots=True)
class Run:
    """A forecaster, what it predicted over the fit and report months, its time."""

    forecaster: Forecaster
    outputs: list[NDArray[np.float64]] = field(default_factory=list)
    seconds: float = 0.0
    column: int | None = None
    """The entry column chosen (forecasters that predict one column per newcomer entry)."""
    leader: Run | None = None
    """Another run whose predictions this one reads (another column of the same replay)."""
    mates: list[Run] = field(default_factory=list)
    """Other replays of the same system kept running for the yearly refit of the entry."""
    options: list[tuple[Run, int, Values]] = field(default_factory=list)
    """Under a yearly refit: each entry option (a run, this one or a mate; its column; the
    option's newcomer values)."""
    picks: list[tuple[int, int]] = field(default_factory=list)
    """Under a yearly refit: (first game, option) from that game on, in game order."""

    def output(self) -> NDArray[np.float64]:
        """Everything predicted (the chosen column only, when there are columns; under a
        yearly refit, each game from the option picked for its year)."""
        if self.picks:
            result = np.zeros(0)
            ends = [start for start, _ in self.picks[1:]]
            for (start, option), end in zip(self.picks, [*ends, None], strict=True):
                run, column, _ = self.options[option]
                result = np.concatenate((result, np.concatenate(run.outputs)[start:end, column]))
            return result
        result = np.concatenate((self.leader or self).outputs)
        return result if self.column is None else result[:, self.column]

    def lister(self) -> Forecaster:
        """The forecaster whose list stands for the system now (the picked option's)."""
        if self.picks:
            return self.options[self.picks[-1][1]][0].forecaster
        return (self.leader or self).forecaster

    def total_seconds(self) -> float:
        """The time of this run and of the mates it keeps running."""
        return (self.leader or self).seconds + sum(m.seconds for m in self.mates)

    def predict(self, games: GameArrays, as_of: dt.date) -> None:
        if self.leader is not None:
            return
        begin = time.perf_counter()
        self.outputs.append(self.forecaster.predict(games, as_of))
        self.seconds += time.perf_counter() - begin
        for mate in self.mates:
            mate.predict(games, as_of)

    def observe(self, games: GameArrays) -> None:
        if self.leader is not None:
            return
        begin = time.perf_counter()
        self.forecaster.observe(games)
        self.seconds += time.perf_counter() - begin
        for mate in self.mates:
            mate.observe(games)


def fitted_candidates(config: EvaluationConfig, whr: Shared | None = None) -> dict[str, Candidate]:
    """Every candidate of the fitted systems asked, keyed ``system@n``: each system's search
    space (`rating.registry`), in the registry's order, a space shared by two systems once.
    With `whr` (`whr`'s replay, see `shared_whr`), the candidate of the published w^2 reads
    it."""
    chosen = set(config.systems)
    result: dict[str, Candidate] = {}
    searched: list[SearchSpace] = []
    for declared in registry.REGISTRY:
        space = declared.search
        if space is None or declared.name not in chosen or space in searched:
            continue
        searched.append(space)
        for candidate in space(config, whr):
            result[f"{candidate.system}@{len(result)}"] = candidate
    return result


def forecasters(config: EvaluationConfig) -> dict[str, Forecaster]:
    """The forecasters of the systems asked that are not fitted (`rating.registry`), but
    `whr` when it reads the shared replay (`whr_follows`)."""
    result: dict[str, Forecaster] = {}
    for declared in registry.REGISTRY:
        if declared.forecaster is None or declared.name not in config.systems:
            continue
        forecaster = declared.forecaster(config)
        if forecaster is not None:
            result[declared.name] = forecaster
    return result


def whr_column(config: EvaluationConfig) -> int:
    """`whr`'s column (entry 0) in its shared replay."""
    return config.entry_offsets.index(0.0) if "whr-fitted" in config.systems else 0


def shared_whr(config: EvaluationConfig) -> Shared | None:
    """The replay `whr` shares with the candidates of the published w^2 (every entry's
    column, then `whr-bayes`'s), or None when they do not share one."""
    if not whr_follows(config):
        return None
    plain = config.entry_offsets if "whr-fitted" in config.systems else (0.0,)
    return Shared(Whr(config.whr, tuple(plain), whr_bayes_columns(config)))


def choose(
    runs: dict[str, Run],
    candidates: dict[str, Candidate],
    score: NDArray[np.float64],
    rolling: bool = False,
) -> dict[str, Values]:
    """For each fitted system, keep the candidate with the least log-loss over the fit period
    (`score`; ties and an empty fit period: the first candidate) under the system's name; the
    others stop here (their time counts for the system). Returns each system's values.

    `rolling` (a yearly refit follows): the candidates with the kept one's main values keep
    running as its mates, and every entry column of them becomes an option of `refit`."""
    chosen: dict[str, Values] = {}
    for system in dict.fromkeys(c.system for c in candidates.values()):
        keys = [k for k, c in candidates.items() if c.system == system]
        options: list[tuple[float, int, str, int, float]] = []
        for k in keys:
            width = len(candidates[k].entries)
            predicted = np.concatenate(runs[k].outputs or [np.zeros((0, width))])
            for column in range(width):
                loss = scores(predicted[:, column], score).log_loss
                options.append((np.nan_to_num(loss, nan=np.inf), len(options), k, column, loss))
        _, _, best, column, loss = min(options)
        spent = sum(runs[k].seconds for k in keys)
        kept = runs[best]
        main = candidates[best].main
        mates = [k for k in keys if rolling and k != best and candidates[k].main == main]
        kept.mates = [runs[k] for k in mates]
        for k in keys:
            runs[k].seconds = 0.0
            del runs[k]
        kept.seconds = spent
        kept.column = column
        if rolling:
            kept.options = [
                (run, c, candidates[k].option(c))
                for k, run in zip([best, *mates], [kept, *kept.mates], strict=True)
                for c in range(len(candidates[k].entries))
            ]
            kept.picks = [(0, column)]
        runs[system] = kept
        for run in runs.values():
            if run.leader is not None and run.leader.forecaster is kept.forecaster:
                run.leader = kept
        kept_candidate = candidates[best]
        chosen[system] = (
            *kept_candidate.fitted,
            ("entry", kept_candidate.entries[column]),
            *(kept_candidate.extra[column] if kept_candidate.extra else ()),
            ("fit_log_loss", loss),
        )
    return chosen


def refit(
    runs: dict[str, Run], score: NDArray[np.float64], window: NDArray[np.bool_], year: int
) -> dict[str, Values]:
    """The yearly refit: each run with entry options picks the one with the least log-loss
    over the games of `window` (`score`: every game predicted so far, `window` marks those
    of the years before; ties: the first option; no game: the pick stays) for the games
    from now on. Returns per system the values picked, named with `year`."""
    picked: dict[str, Values] = {}
    at = len(score)
    for name, run in runs.items():
        if not run.options:
            continue
        losses = []
        for option_run, column, _ in run.options:
            predicted = np.concatenate(option_run.outputs)[:at, column]
            loss = scores(predicted[window], score[window]).log_loss if window.any() else np.nan
            losses.append(np.nan_to_num(loss, nan=np.inf))
        option = run.picks[-1][1] if not window.any() else int(np.argmin(losses))
        run.picks.append((at, option))
        picked[name] = tuple((f"{key}_{year}", value) for key, value in run.options[option][2])
    return picked
