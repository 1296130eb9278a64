"""What the evaluation replays for each rating system: its forecaster (a system replayed with
its own parameters) or its search space (a fitted system: one candidate per point of its
parameter grid, each predicting at every newcomer entry). `registry` names them per system.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import product
from typing import Protocol

from ratinglist.rating.forecasters import (
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
from ratinglist.rating.params import EuropeanParams
from ratinglist.rating.systems.egf import EgfParams
from ratinglist.rating.systems.elo import EloParams
from ratinglist.rating.systems.glicko2 import Glicko2Params
from ratinglist.rating.systems.whr import WhrParams
from ratinglist.rating.systems.wofmap import WofMapParams


class Grids(Protocol):
    """What a forecaster or a search space reads of the evaluation's configuration
    (`evaluation.config.EvaluationConfig`): the systems asked, each system's parameters and
    the grids searched."""

    @property
    def systems(self) -> tuple[str, ...]: ...
    @property
    def wof(self) -> EuropeanParams: ...
    @property
    def elo(self) -> EloParams: ...
    @property
    def glicko2(self) -> Glicko2Params: ...
    @property
    def whr(self) -> WhrParams: ...
    @property
    def egf(self) -> EgfParams: ...
    @property
    def wofmap(self) -> WofMapParams: ...
    @property
    def entry_offsets(self) -> tuple[float, ...]: ...
    @property
    def elo_k_scales(self) -> tuple[float, ...]: ...
    @property
    def glicko2_deviations(self) -> tuple[float, ...]: ...
    @property
    def glicko2_taus(self) -> tuple[float, ...]: ...
    @property
    def whr_w2s(self) -> tuple[float, ...]: ...
    @property
    def whrbayes_entry_deviations(self) -> tuple[float, ...]: ...
    @property
    def whrbayes_variance_scales(self) -> tuple[float, ...]: ...
    @property
    def egf_con_divisors(self) -> tuple[float, ...]: ...
    @property
    def wofmap_deviations(self) -> tuple[float, ...]: ...
    @property
    def wofmap_half_lives(self) -> tuple[float, ...]: ...
    @property
    def wofmap_entry_offsets(self) -> tuple[float, ...]: ...
    @property
    def wofmap_field_weights(self) -> tuple[float, ...]: ...
    @property
    def whrmap_w2s(self) -> tuple[float, ...]: ...
    @property
    def whrmap_deviations(self) -> tuple[float, ...]: ...
    @property
    def whrmap_entry_offsets(self) -> tuple[float, ...]: ...
    @property
    def whrmap_newcomer_games(self) -> tuple[int, ...]: ...


Values = tuple[tuple[str, float], ...]
"""Named parameter values (a system's fitted parameters, an entry option's values)."""


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


ForecasterOf = Callable[[Grids], Forecaster | None]
"""A system's forecaster with the configuration's parameters (None: another system's replay
serves it, see `whr_follows`)."""

SearchSpace = Callable[[Grids, Shared | None], list[Candidate]]
"""A fitted system's candidates in search order (with the WHR replay `whr` shares, if any)."""


def wof(config: Grids) -> Forecaster:
    """The WOF list recomputed each month."""
    return Wof(config.wof)


def elo(config: Grids) -> Forecaster:
    """Seed 002's Elo with the configuration's parameters."""
    return elo_forecaster(config.elo)


def glicko2(config: Grids) -> Forecaster:
    """Glicko-2 with the configuration's parameters."""
    return glicko2_forecaster(config.glicko2)


def whr(config: Grids) -> Forecaster | None:
    """WHR with the configuration's parameters, unless it reads the shared replay."""
    return None if whr_follows(config) else Whr(config.whr)


def whr_incremental(config: Grids) -> Forecaster:
    """The incremental approximation of WHR."""
    return WhrIncremental(config.whr)


def egf(config: Grids) -> Forecaster:
    """The EGF formula with the configuration's parameters."""
    return egf_forecaster(config.egf)


def constant(config: Grids) -> Forecaster:
    """1/2 for every game."""
    del config
    return Constant()


def elo_fitted(config: Grids, whr: Shared | None = None) -> list[Candidate]:
    """Elo's K factors scaled together (`elo_k_scales`) times the newcomer entries."""
    del whr
    entries = tuple(config.elo.start + o for o in config.entry_offsets)
    result = []
    for scale in config.elo_k_scales:
        p = _scaled(config.elo, scale)
        fitted: Values = (
            ("k_scale", scale),
            ("k_new", p.k_new),
            ("k_general", p.k_general),
            ("k_top", p.k_top),
        )
        result.append(Candidate("elo-fitted", elo_forecaster(p, entries), fitted, entries))
    return result


def glicko2_fitted(config: Grids, whr: Shared | None = None) -> list[Candidate]:
    """Glicko-2's start deviation times tau (`glicko2_deviations`, `glicko2_taus`) times the
    newcomer entries."""
    del whr
    entries = tuple(config.glicko2.start + o for o in config.entry_offsets)
    result = []
    for deviation in config.glicko2_deviations:
        for tau in config.glicko2_taus:
            g = replace(config.glicko2, start_deviation=deviation, tau=tau)
            fitted: Values = (("start_deviation", deviation), ("tau", tau))
            result.append(
                Candidate("glicko2-fitted", glicko2_forecaster(g, entries), fitted, entries)
            )
    return result


def whr_family(config: Grids, whr: Shared | None = None) -> list[Candidate]:
    """`whr-fitted` and `whr-bayes` together: one WHR replay per w^2 (`whr_w2s`) read by
    both, `whr-fitted` its plain columns (one per entry), `whr-bayes` the columns after (one
    per entry, entry deviation and variance scale). The published w^2's replay also serves
    `whr` (its entry-0 column): `whr`, when given."""
    chosen = set(config.systems)
    offsets = config.entry_offsets
    plain = offsets if "whr-fitted" in chosen else ()
    bayes = whr_bayes_columns(config)
    result = []
    for w2 in config.whr_w2s:
        if whr is not None and w2 == config.whr.w2:
            shared, width = whr, whr_width(config)
        else:
            shared, width = Shared(Whr(replace(config.whr, w2=w2), plain, bayes)), len(plain)
        if plain:
            reader = shared.reader(slice(0, len(plain)))
            result.append(Candidate("whr-fitted", reader, (("w2", w2),), plain))
        # One candidate per variance scale (held with w^2 by the yearly refit), reading its
        # block of columns: every entry with every entry deviation.
        block = len(bayes) // max(len(config.whrbayes_variance_scales), 1)
        for k, scale in enumerate(config.whrbayes_variance_scales if bayes else ()):
            columns = bayes[k * block : (k + 1) * block]
            entries = tuple(e for e, _, _ in columns)
            extra = tuple((("entry_deviation", d),) for _, d, _ in columns)
            reader = shared.reader(slice(width + k * block, width + (k + 1) * block))
            fitted: Values = (("w2", w2), ("variance_scale", scale))
            result.append(Candidate("whr-bayes", reader, fitted, entries, extra=extra))
    return result


def egf_fitted(config: Grids, whr: Shared | None = None) -> list[Candidate]:
    """The EGF formula's con divisor (`egf_con_divisors`) times the newcomer entries."""
    del whr
    entries = tuple(config.egf.start + o for o in config.entry_offsets)
    return [
        Candidate(
            "egf-fitted",
            egf_forecaster(replace(config.egf, con_divisor=divisor), entries),
            (("con_divisor", divisor),),
            entries,
        )
        for divisor in config.egf_con_divisors
    ]


def wof_map(config: Grids, whr: Shared | None = None) -> list[Candidate]:
    """`wof-map`'s prior deviation, half-life, entry and field weight: the entry is the
    newcomers' prior mean, part of the fit, so one replay per value."""
    del whr
    result = []
    for deviation in config.wofmap_deviations:
        for half_life in config.wofmap_half_lives:
            for offset, field in product(config.wofmap_entry_offsets, config.wofmap_field_weights):
                m = replace(
                    config.wofmap,
                    prior_deviation=deviation,
                    half_life=half_life,
                    entry=config.wofmap.centre + offset,
                    field_weight=field,
                )
                fitted: Values = (
                    ("prior_deviation", deviation),
                    ("half_life", half_life),
                    ("field_weight", field),
                )
                result.append(Candidate("wof-map", WofMap(m, (m.entry,)), fitted, (m.entry,), 2))
    return result


def whr_map(config: Grids, whr: Shared | None = None) -> list[Candidate]:
    """WHR with a Gaussian prior on each first node: its mean (the entry below a number of
    games, the centre 0 after) is part of the fit, so one replay per combination."""
    del whr
    result = []
    for w2, deviation, offset, newcomer in product(
        config.whrmap_w2s,
        config.whrmap_deviations,
        config.whrmap_entry_offsets,
        config.whrmap_newcomer_games,
    ):
        h = replace(
            config.whr, w2=w2, prior_deviation=deviation, entry=offset, newcomer_games=newcomer
        )
        fitted: Values = (
            ("w2", w2),
            ("prior_deviation", deviation),
            ("newcomer_games", float(newcomer)),
        )
        result.append(Candidate("whr-map", Whr(h, (offset,)), fitted, (offset,)))
    return result


def whr_follows(config: Grids) -> bool:
    """True when `whr` reads the entry-0 column of the replay of the published w^2 that
    `whr-fitted` (or `whr-bayes`) reads (one replay for all, `shared_whr`)."""
    return (
        "whr" in config.systems
        and bool({"whr-fitted", "whr-bayes"} & set(config.systems))
        and 0.0 in config.entry_offsets
        and config.whr.w2 in config.whr_w2s
    )


def whr_bayes_columns(config: Grids) -> tuple[tuple[float, float, float], ...]:
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


def whr_width(config: Grids) -> int:
    """The plain columns of `whr`'s shared replay: every entry's with `whr-fitted`, else the
    entry-0 column only."""
    return len(config.entry_offsets) if "whr-fitted" in config.systems else 1


def _scaled(params: EloParams, scale: float) -> EloParams:
    return replace(
        params,
        k_new=params.k_new * scale,
        k_general=params.k_general * scale,
        k_top=params.k_top * scale,
    )
