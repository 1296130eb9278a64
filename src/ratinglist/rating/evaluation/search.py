"""The contest's fitted search: every system's candidates (main parameters times newcomer entries),
each a replay, and the choice of the best on the fit period by log-loss."""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass, field, replace
from itertools import product

import numpy as np
from numpy.typing import NDArray

from ratinglist.rating.evaluation.config import EvaluationConfig
from ratinglist.rating.evaluation.forecasters import (
    Constant,
    Forecaster,
    Shared,
    Whr,
    WhrIncremental,
    Wof,
    WofMap,
    egf_forecaster,
    elo_forecaster,
    glicko2_forecaster,
)
from ratinglist.rating.evaluation.metrics import (
    scores,
)
from ratinglist.rating.games import GameArrays
from ratinglist.rating.systems.elo import EloParams

Values = tuple[tuple[str, float], ...]
"""Named parameter values (a system's fitted parameters, an entry option's values)."""


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


@dataclass(frozen=True, slots=True)
class Candidate:
    """One replay of a fitted system's search: its forecaster (one prediction column per
    newcomer entry), the main parameters it stands for, and the entries."""

    system: str
    forecaster: Forecaster
    fitted: Values
    entries: tuple[float, ...]
    held: int | None = None
    """How many of `fitted`'s leading values a yearly refit holds (the rest are newcomer
    values, re-chosen with the entry); None: all."""
    extra: tuple[Values, ...] = ()
    """Per entry column, more newcomer values chosen with it (`whr-bayes`'s entry deviation
    and variance scale); empty: none."""

    @property
    def main(self) -> Values:
        """The values a yearly refit holds."""
        return self.fitted if self.held is None else self.fitted[: self.held]

    def option(self, column: int) -> Values:
        """The newcomer values of entry `column`: the values not held, the entry, the
        column's `extra` values."""
        more = self.extra[column] if self.extra else ()
        return (*self.fitted[len(self.main) :], ("entry", self.entries[column]), *more)


def fitted_candidates(config: EvaluationConfig, whr: Shared | None = None) -> dict[str, Candidate]:
    """Every candidate of the fitted systems asked, keyed ``system@n``: the system's main
    parameters, each predicting at every newcomer entry (start rating + offset). With `whr`
    (`whr`'s replay, see `shared_whr`), the candidate of the published w^2 reads it."""
    chosen = set(config.systems)
    result: dict[str, Candidate] = {}
    offsets = config.entry_offsets

    def add(
        system: str,
        forecaster: Forecaster,
        fitted: Values,
        held: int | None = None,
        extra: tuple[Values, ...] = (),
    ) -> None:
        result[f"{system}@{len(result)}"] = Candidate(
            system, forecaster, fitted, entries, held, extra
        )

    if "elo-fitted" in chosen:
        entries = tuple(config.elo.start + o for o in offsets)
        for scale in config.elo_k_scales:
            p = _scaled(config.elo, scale)
            fitted: tuple[tuple[str, float], ...] = (
                ("k_scale", scale),
                ("k_new", p.k_new),
                ("k_general", p.k_general),
                ("k_top", p.k_top),
            )
            add("elo-fitted", elo_forecaster(p, entries), fitted)
    if "glicko2-fitted" in chosen:
        entries = tuple(config.glicko2.start + o for o in offsets)
        for deviation in config.glicko2_deviations:
            for tau in config.glicko2_taus:
                g = replace(config.glicko2, start_deviation=deviation, tau=tau)
                fitted = (("start_deviation", deviation), ("tau", tau))
                add("glicko2-fitted", glicko2_forecaster(g, entries), fitted)
    if chosen & {"whr-fitted", "whr-bayes"}:
        # One replay per w^2, read by both: `whr-fitted` its plain columns (one per entry),
        # `whr-bayes` the columns after (one per entry, entry deviation and variance scale).
        # The published w^2's replay also serves `whr` (its entry-0 column).
        plain = offsets if "whr-fitted" in chosen else ()
        bayes = whr_bayes_columns(config)
        for w2 in config.whr_w2s:
            if whr is not None and w2 == config.whr.w2:
                shared, width = whr, whr_width(config)
            else:
                shared, width = Shared(Whr(replace(config.whr, w2=w2), plain, bayes)), len(plain)
            if plain:
                entries = plain
                add("whr-fitted", shared.reader(slice(0, len(plain))), (("w2", w2),))
            # One candidate per variance scale (held with w^2 by the yearly refit), reading
            # its block of columns: every entry with every entry deviation.
            block = len(bayes) // max(len(config.whrbayes_variance_scales), 1)
            for k, scale in enumerate(config.whrbayes_variance_scales if bayes else ()):
                columns = bayes[k * block : (k + 1) * block]
                entries = tuple(e for e, _, _ in columns)
                extra = tuple((("entry_deviation", d),) for _, d, _ in columns)
                reader = shared.reader(slice(width + k * block, width + (k + 1) * block))
                fitted = (("w2", w2), ("variance_scale", scale))
                add("whr-bayes", reader, fitted, extra=extra)
    if "egf-fitted" in chosen:
        entries = tuple(config.egf.start + o for o in offsets)
        for divisor in config.egf_con_divisors:
            e = replace(config.egf, con_divisor=divisor)
            add("egf-fitted", egf_forecaster(e, entries), (("con_divisor", divisor),))
    if "wof-map" in chosen:
        # The entry is the newcomers' prior mean, part of the fit: one replay per value.
        for deviation in config.wofmap_deviations:
            for half_life in config.wofmap_half_lives:
                for offset, field in product(
                    config.wofmap_entry_offsets, config.wofmap_field_weights
                ):
                    m = replace(
                        config.wofmap,
                        prior_deviation=deviation,
                        half_life=half_life,
                        entry=config.wofmap.centre + offset,
                        field_weight=field,
                    )
                    fitted = (
                        ("prior_deviation", deviation),
                        ("half_life", half_life),
                        ("field_weight", field),
                    )
                    entries = (m.entry,)
                    add("wof-map", WofMap(m, entries), fitted, held=2)
    if "whr-map" in chosen:
        # WHR with a Gaussian prior on each first node: its mean (the entry below a number
        # of games, the centre 0 after) is part of the fit, so one replay per combination.
        for w2, deviation, offset, newcomer in product(
            config.whrmap_w2s,
            config.whrmap_deviations,
            config.whrmap_entry_offsets,
            config.whrmap_newcomer_games,
        ):
            h = replace(
                config.whr,
                w2=w2,
                prior_deviation=deviation,
                entry=offset,
                newcomer_games=newcomer,
            )
            entries = (offset,)
            fitted = (
                ("w2", w2),
                ("prior_deviation", deviation),
                ("newcomer_games", float(newcomer)),
            )
            add("whr-map", Whr(h, entries), fitted)
    return result


def forecasters(config: EvaluationConfig) -> dict[str, Forecaster]:
    chosen = set(config.systems)
    result: dict[str, Forecaster] = {}
    if "wof" in chosen:
        result["wof"] = Wof(config.wof)
    if "elo" in chosen:
        result["elo"] = elo_forecaster(config.elo)
    if "glicko2" in chosen:
        result["glicko2"] = glicko2_forecaster(config.glicko2)
    if "whr" in chosen and not whr_follows(config):
        result["whr"] = Whr(config.whr)
    if "whr-incremental" in chosen:
        result["whr-incremental"] = WhrIncremental(config.whr)
    if "egf" in chosen:
        result["egf"] = egf_forecaster(config.egf)
    if "constant" in chosen:
        result["constant"] = Constant()
    return result


def whr_follows(config: EvaluationConfig) -> bool:
    """True when `whr` reads the entry-0 column of the replay of the published w^2 that
    `whr-fitted` (or `whr-bayes`) reads (one replay for all, `shared_whr`)."""
    return (
        "whr" in config.systems
        and bool({"whr-fitted", "whr-bayes"} & set(config.systems))
        and 0.0 in config.entry_offsets
        and config.whr.w2 in config.whr_w2s
    )


def whr_bayes_columns(config: EvaluationConfig) -> tuple[tuple[float, float, float], ...]:
    """`whr-bayes`'s prediction columns of each WHR replay (entry, entry deviation, variance
    scale), one block per scale, none when it is not asked."""
    if "whr-bayes" not in config.systems:
        return ()
    return tuple(
        (entry, deviation, scale)
        for scale, entry, deviation in product(
            config.whrbayes_variance_scales, config.entry_offsets, config.whrbayes_entry_deviations
        )
    )


def whr_width(config: EvaluationConfig) -> int:
    """The plain columns of `whr`'s shared replay: every entry's with `whr-fitted`, else the
    entry-0 column only."""
    return len(config.entry_offsets) if "whr-fitted" in config.systems else 1


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


def _scaled(params: EloParams, scale: float) -> EloParams:
    return replace(
        params,
        k_new=params.k_new * scale,
        k_general=params.k_general * scale,
        k_top=params.k_top * scale,
    )


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
