"""The evaluation harness: replay history month by month and score each system's predictions.

For every calendar month ``M`` from ``start - fit_months`` to `end`, each forecaster predicts
every game of ``M`` (the first player's expected score) from the games strictly before ``M``
(lists as of the last day of ``M - 1``), then observes ``M``. Months before `start` form the
*fit period*: the parameters a system fits (the WOF newcomer rating, the colour/draw
variant's two parameters) are chosen there, by log-loss, and every score reported is over the
months from `start` to `end` only, the same games for every system.

The contest (issue 23): `elo-fitted`, `glicko2-fitted`, `whr-fitted` and `egf-fitted` each
get the same search on the fit period: one or two main parameters (Elo's K, Glicko-2's RD0
and tau, the EGF's con divisor; none for WHR, whose w^2 would cost a whole WHR replay per
value), each candidate a replay, times the newcomer entry: the rating at which a player not
yet in the list is predicted (the published start offset by `entry_offsets` points), as the
WOF list's newcomer rating is fitted. The candidate and entry with the least log-loss over
the fit period go on. `whr` reads the entry-0 column of `whr-fitted`'s replay. `wof-map`
(issue 23 item 3) gets the same search over its prior deviation, half-life and entry (the
newcomers' prior mean, part of its fit, so one replay per entry). Each system's
log-loss is then compared with the best system's on the same games, with a 95% interval from
a bootstrap over tournaments.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from itertools import product

import numpy as np
from numpy.typing import NDArray
from scipy.stats import rankdata

from ratinglist.errors import RatingError
from ratinglist.rating.evaluation import links
from ratinglist.rating.evaluation.forecasters import (
    Constant,
    Forecaster,
    Whr,
    Wof,
    WofMap,
    egf_forecaster,
    elo_forecaster,
    glicko2_forecaster,
)
from ratinglist.rating.evaluation.metrics import (
    CalibrationBin,
    PairedDifference,
    Scores,
    calibration,
    calibration_error,
    paired_difference,
    per_game,
    scores,
    tournament_resamples,
)
from ratinglist.rating.games import GameArrays
from ratinglist.rating.params import EuropeanParams
from ratinglist.rating.systems.base import check_order, tournament_keys
from ratinglist.rating.systems.egf import EgfParams
from ratinglist.rating.systems.elo import EloParams
from ratinglist.rating.systems.glicko2 import Glicko2Params
from ratinglist.rating.systems.whr import WhrParams
from ratinglist.rating.systems.wofmap import WofMapParams

SYSTEM_NAMES = (
    "wof",
    "elo",
    "elo-fitted",
    "glicko2",
    "glicko2-fitted",
    "whr",
    "whr-fitted",
    "egf",
    "egf-fitted",
    "wof-map",
    "constant",
)
FITTED = ("elo-fitted", "glicko2-fitted", "whr-fitted", "egf-fitted", "wof-map")
"""The systems whose newcomer entry and main parameters are searched on the fit period."""
COLOUR_VARIANT = "wof-colour"
DRAW_VARIANT = "wof-colour-draw"
VARIANTS = (COLOUR_VARIANT, DRAW_VARIANT)
PAIRED_GROUPS = ("overall", "newcomer", "established", "top")
PLAYED_BANDS = ((0, 0), (1, 9), (10, 49), (50, 199), (200, None))
"""Bands of the fewer earlier games of a game's two players."""
LAYOFF_BANDS = ((0, 1), (2, 6), (7, 24), (25, None))
"""Bands of the longer layoff (months since the previous game) of a game's players who had
played before (games between two first-timers are in none)."""
ACTIVE_MONTHS = 24
"""A player is active in a month-end list with a game in the 24 months before."""
POOLS = ("Japan", "Europe", "others", "mixed")
"""Federation pools of a game: both players' pool, or mixed."""
STRENGTH_BANDS = ((0.01, "top 1%"), (0.10, "1-10%"), (0.50, "10-50%"), (1.0, "bottom 50%"))
"""Strength bands of a game (issue 23 item 2): the stronger player's share of the active
players rated strictly above them in the system's month-end list (below 0.01: top 1%, ...)."""
UNRATED = "unrated"
"""The strength band of a game with a player not in the system's list (a newcomer)."""
RELIABILITY_GROUPS = ("overall", "newcomer", "established", "top")
"""The groups that get a reliability diagram each."""


def month_start(month: int) -> dt.date:
    """The first day of month index `month` (``12 * year + month - 1``)."""
    return dt.date(month // 12, month % 12 + 1, 1)


@dataclass(frozen=True, slots=True)
class EvaluationConfig:
    """What to evaluate: report months `start`..`end` (month indices), the fit period's
    length, the systems and their parameters, the group thresholds."""

    start: int
    end: int
    fit_months: int = 60
    systems: tuple[str, ...] = SYSTEM_NAMES
    wof: EuropeanParams = field(default_factory=EuropeanParams)
    elo: EloParams = field(default_factory=EloParams)
    elo_k_scales: tuple[float, ...] = (0.5, 0.7, 1.0, 1.4, 2.0, 2.8)
    entry_offsets: tuple[float, ...] = (-500.0, -400.0, -300.0, -200.0, -100.0, 0.0)
    glicko2_deviations: tuple[float, ...] = (250.0, 350.0, 450.0)
    glicko2_taus: tuple[float, ...] = (0.15, 0.3, 0.6, 1.2)
    egf_con_divisors: tuple[float, ...] = (100.0, 140.0, 200.0, 280.0)
    glicko2: Glicko2Params = field(default_factory=Glicko2Params)
    whr: WhrParams = field(default_factory=WhrParams)
    egf: EgfParams = field(default_factory=EgfParams)
    wofmap: WofMapParams = field(default_factory=WofMapParams)
    wofmap_deviations: tuple[float, ...] = (200.0, 400.0)
    wofmap_half_lives: tuple[float, ...] = (24.0, 72.0)
    wofmap_entry_offsets: tuple[float, ...] = (-400.0, -200.0)
    wofmap_field_weights: tuple[float, ...] = (0.0,)
    newcomer_games: int = 10
    top_places: int = 100
    calibration_bins: int = 10

    def __post_init__(self) -> None:
        """Reject an empty range or unknown systems."""
        if self.end < self.start or self.fit_months < 1:
            raise RatingError(
                f"expected a first month on or before the last and fit_months >= 1, got "
                f"{month_start(self.start):%Y-%m}..{month_start(self.end):%Y-%m}, "
                f"{self.fit_months}"
            )
        grids = (
            self.elo_k_scales,
            self.entry_offsets,
            self.glicko2_deviations,
            self.glicko2_taus,
            self.egf_con_divisors,
            self.wofmap_deviations,
            self.wofmap_half_lives,
            self.wofmap_entry_offsets,
            self.wofmap_field_weights,
        )
        if not all(grids):
            raise RatingError("expected at least one value in every search grid of the contest")
        unknown = [s for s in self.systems if s not in SYSTEM_NAMES]
        if unknown or not self.systems:
            raise RatingError(
                f"expected systems among {', '.join(SYSTEM_NAMES)}, got {', '.join(unknown)!r}"
            )


@dataclass(frozen=True, slots=True)
class SystemReport:
    """One system's scores over the report months: overall, per year, per group, its
    calibration bins, the parameters fitted on the fit period, the seconds it took, per
    group (`PAIRED_GROUPS`) its log-loss minus the best system's with a 95% interval and its
    expected calibration error, and its scores by band: ``games_played``
    (`PLAYED_BANDS`), ``layoff`` (`LAYOFF_BANDS`), ``pool`` (`POOLS`, when players' pools
    are given), ``strength`` (`STRENGTH_BANDS` and `UNRATED`, by the system's own list; the
    WOF list's for systems without one). `stability`: per year, the mean Spearman rank
    correlation of the active players' ratings (a game in the `ACTIVE_MONTHS` before)
    between consecutive month-end lists; `drift`: per year, the mean rating of the active
    players in its last list (systems with a list; `constant` has none). `reliability`: per
    group, the bins of its reliability diagram.

    Calibration counts every game from both sides (``p, s`` and ``1 - p, 1 - s``): results
    files mostly list the winner first (the first player scores 81% of the archive), so
    first-player bins would show the listing order, not the predictions' calibration. Every
    system here predicts symmetrically, so its scores are the same either way."""

    system: str
    overall: Scores
    by_year: tuple[tuple[int, Scores], ...]
    by_group: tuple[tuple[str, Scores], ...]
    calibration: tuple[CalibrationBin, ...]
    fitted: tuple[tuple[str, float], ...]
    seconds: float
    paired: tuple[tuple[str, PairedDifference], ...] = ()
    calibration_error: tuple[tuple[str, float], ...] = ()
    by_band: tuple[tuple[str, tuple[tuple[str, Scores], ...]], ...] = ()
    stability: tuple[tuple[int, float], ...] = ()
    drift: tuple[tuple[int, float], ...] = ()
    reliability: tuple[tuple[str, tuple[CalibrationBin, ...]], ...] = ()
    """Per group (`RELIABILITY_GROUPS`): the reliability diagram's bins (both sides)."""


@dataclass(frozen=True, slots=True)
class OthelloFacts:
    """Draws and colours over the fit and report months: the draw rate, the number of games
    with Black known, Black's mean score, and Black's advantage in rating points fitted on the
    fit period against the WOF list (0 without colours or without `wof`)."""

    games: int
    draw_rate: float
    coloured_games: int
    black_score: float
    black_advantage: float


@dataclass(frozen=True, slots=True)
class EvaluationReport:
    """Everything the evaluation found; `systems` in the order asked, `variants` the WOF
    model with a fitted first-move term, then also with Davidson's draw term (neither is the
    WOF default)."""

    start: dt.date
    end: dt.date
    fit_start: dt.date
    games: int
    systems: tuple[SystemReport, ...]
    variants: tuple[SystemReport, ...]
    facts: OthelloFacts


@dataclass(slots=True)
class _Run:
    """A forecaster, what it predicted over the fit and report months, its time."""

    forecaster: Forecaster
    outputs: list[NDArray[np.float64]] = field(default_factory=list)
    seconds: float = 0.0
    column: int | None = None
    """The entry column chosen (forecasters that predict one column per newcomer entry)."""
    leader: _Run | None = None
    """Another run whose predictions this one reads (another column of the same replay)."""

    def output(self) -> NDArray[np.float64]:
        """Everything predicted (the chosen column only, when there are columns)."""
        result = np.concatenate((self.leader or self).outputs)
        return result if self.column is None else result[:, self.column]

    def predict(self, games: GameArrays, as_of: dt.date) -> None:
        if self.leader is not None:
            return
        begin = time.perf_counter()
        self.outputs.append(self.forecaster.predict(games, as_of))
        self.seconds += time.perf_counter() - begin

    def observe(self, games: GameArrays) -> None:
        if self.leader is not None:
            return
        begin = time.perf_counter()
        self.forecaster.observe(games)
        self.seconds += time.perf_counter() - begin


@dataclass(frozen=True, slots=True)
class _Candidate:
    """One replay of a fitted system's search: its forecaster (one prediction column per
    newcomer entry), the main parameters it stands for, and the entries."""

    system: str
    forecaster: Forecaster
    fitted: tuple[tuple[str, float], ...]
    entries: tuple[float, ...]


def _candidates(config: EvaluationConfig) -> dict[str, _Candidate]:
    """Every candidate of the fitted systems asked, keyed ``system@n``: the system's main
    parameters, each predicting at every newcomer entry (start rating + offset)."""
    chosen = set(config.systems)
    result: dict[str, _Candidate] = {}
    offsets = config.entry_offsets

    def add(system: str, forecaster: Forecaster, fitted: tuple[tuple[str, float], ...]) -> None:
        result[f"{system}@{len(result)}"] = _Candidate(system, forecaster, fitted, entries)

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
    if "whr-fitted" in chosen:
        # One replay (WHR is the costly one): its entry columns serve `whr` (entry 0) too.
        entries = tuple(o for o in offsets)
        add("whr-fitted", Whr(config.whr, entries), ())
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
                    add("wof-map", WofMap(m, entries), fitted)
    return result


def _forecasters(config: EvaluationConfig) -> dict[str, Forecaster]:
    chosen = set(config.systems)
    result: dict[str, Forecaster] = {}
    if "wof" in chosen:
        result["wof"] = Wof(config.wof)
    if "elo" in chosen:
        result["elo"] = elo_forecaster(config.elo)
    if "glicko2" in chosen:
        result["glicko2"] = glicko2_forecaster(config.glicko2)
    if "whr" in chosen and not _whr_follows(config):
        result["whr"] = Whr(config.whr)
    if "egf" in chosen:
        result["egf"] = egf_forecaster(config.egf)
    if "constant" in chosen:
        result["constant"] = Constant()
    return result


def _whr_follows(config: EvaluationConfig) -> bool:
    """True when `whr` reads the entry-0 column of `whr-fitted`'s replay."""
    return {"whr", "whr-fitted"} <= set(config.systems) and 0.0 in config.entry_offsets


def _scaled(params: EloParams, scale: float) -> EloParams:
    return replace(
        params,
        k_new=params.k_new * scale,
        k_general=params.k_general * scale,
        k_top=params.k_top * scale,
    )


def evaluate(
    games: GameArrays,
    config: EvaluationConfig,
    colour: NDArray[np.int8] | None = None,
    pools: Mapping[int, str] | None = None,
) -> EvaluationReport:
    """Replay `games` (time order) and score every system of `config`.

    `colour` (optional, one per game): +1 when the first player had Black, -1 White, 0 unknown.
    `pools` (optional): player ID -> federation pool (Japan, Europe, others; missing: others).

    Raises:
        RatingError: games out of order, or no game in the report months.
    """
    check_order(games)
    fit_start = config.start - config.fit_months
    months = games.months()
    lo = int(np.searchsorted(months, fit_start, side="left"))
    hi = int(np.searchsorted(months, config.end, side="right"))
    index = np.arange(len(games))
    scored = games.select((index >= lo) & (index < hi))
    in_report = months[lo:hi] >= config.start
    if not in_report.any():
        raise RatingError(
            f"expected games from {month_start(config.start):%Y-%m} to "
            f"{month_start(config.end):%Y-%m}, got none"
        )
    candidates = _candidates(config)
    runs = {name: _Run(f) for name, f in _forecasters(config).items()}
    runs |= {key: _Run(c.forecaster) for key, c in candidates.items()}
    if _whr_follows(config):
        key = next(k for k, c in candidates.items() if c.system == "whr-fitted")
        zero = candidates[key].entries.index(0.0)
        runs["whr"] = _Run(Constant(), column=zero, leader=runs[key])
    prior = games.select(index < lo)
    for run in runs.values():
        run.observe(prior)
    chosen: dict[str, tuple[tuple[str, float], ...]] = {}
    facts = _replay(games, months, lo, fit_start, config, runs, candidates, chosen)
    newcomer = facts.newcomer
    report_months = months[lo:hi][in_report]
    colours = np.zeros(hi - lo, dtype=np.int8) if colour is None else colour[lo:hi]
    outputs = {name: run.output() for name, run in runs.items()}
    predictions, fitted, top = _predictions(outputs, scored.score, colours, in_report, config)
    fitted |= chosen
    groups = {"newcomer": newcomer, "established": ~newcomer}
    if top is not None:
        groups["top"] = top
    paired = _paired(predictions, scored, in_report, groups, config.systems)
    bands = _bands(facts, scored, pools)
    reports: dict[str, SystemReport] = {}
    for name, p in predictions.items():
        seconds = _seconds(name, runs)
        labels = facts.strength.get(name, facts.strength.get("wof"))
        own = dict(bands)
        if labels is not None and len(labels) == int(in_report.sum()):
            own["strength"] = strength_masks(labels, in_report)
        reports[name] = _report(
            name,
            p,
            scored.score,
            in_report,
            report_months,
            groups,
            fitted.get(name, ()),
            seconds,
            config.calibration_bins,
            paired.get(name, ()),
            own,
            facts.lists.get(name, []),
        )
    return EvaluationReport(
        start=month_start(config.start),
        end=month_start(config.end + 1) - dt.timedelta(days=1),
        fit_start=month_start(fit_start),
        games=int(in_report.sum()),
        systems=tuple(reports[s] for s in config.systems),
        variants=tuple(reports[s] for s in VARIANTS if s in reports),
        facts=_facts(scored.score, colours, fitted),
    )


def _replay(
    games: GameArrays,
    months: NDArray[np.int64],
    lo: int,
    fit_start: int,
    config: EvaluationConfig,
    runs: dict[str, _Run],
    candidates: dict[str, _Candidate],
    chosen: dict[str, tuple[tuple[str, float], ...]],
) -> _GameFacts:
    """Predict then observe each month; returns what each game's players had played before.
    At the first report month each fitted system keeps its best candidate (its values into
    `chosen`)."""
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
    lists: dict[str, list[_ListFacts]] = {}
    strength: dict[str, list[NDArray[np.object_]]] = {}
    for month in range(fit_start, config.end + 1):
        a = int(np.searchsorted(months, month, side="left"))
        b = int(np.searchsorted(months, month, side="right"))
        if month == config.start:
            chosen |= _choose(runs, candidates, games.score[lo:a])
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
            _follow_lists(runs, active, month, lists, chunk, strength)
        for run in runs.values():
            run.observe(chunk)
    if not newcomer:
        empty = np.zeros(0, dtype=np.int64)
        return _GameFacts(np.zeros(0, dtype=bool), empty, empty, lists)
    return _GameFacts(
        np.concatenate(newcomer),
        np.concatenate(fewest),
        np.concatenate(layoff),
        lists,
        {name: np.concatenate(labels) for name, labels in strength.items()},
    )


def _follow_lists(
    runs: dict[str, _Run],
    active: NDArray[np.int64],
    month: int,
    lists: dict[str, list[_ListFacts]],
    chunk: GameArrays,
    strength: dict[str, list[NDArray[np.object_]]],
) -> None:
    """Per system with a list: the `active` players' ratings in this month-end list, their
    mean, and the Spearman correlation with the same players' ratings in the previous list
    (NaN for the first, or with fewer than three players rated in both); the strength band
    of each game of `chunk` by that list (appended to `strength`)."""
    for name, run in runs.items():
        if "@" in name:
            continue
        forecaster = (run.leader or run).forecaster
        values = forecaster.rated(active)
        if values is None:
            continue
        first, second = forecaster.rated(chunk.first), forecaster.rated(chunk.second)
        if first is not None and second is not None:
            bands = strength_bands(values[np.isfinite(values)], first, second)
            strength.setdefault(name, []).append(bands)
        keep = np.isfinite(values)
        now = _ListFacts(month, active[keep], values[keep], float("nan"))
        rows = lists.setdefault(name, [])
        if rows:
            _, here, there = np.intersect1d(now.players, rows[-1].players, return_indices=True)
            if len(here) > 2:
                a = rankdata(now.ratings[here])
                b = rankdata(rows[-1].ratings[there])
                now = replace(now, rho=float(np.corrcoef(a, b)[0, 1]))
        rows.append(now)


@dataclass(frozen=True, slots=True)
class _ListFacts:
    """A system's month-end list (`month` of the games it predicts): the active players
    rated in it (increasing), their ratings, the Spearman correlation with the previous."""

    month: int
    players: NDArray[np.int64]
    ratings: NDArray[np.float64]
    rho: float


@dataclass(frozen=True, slots=True)
class _GameFacts:
    """Per game of the fit and report months: a newcomer in it, the fewer earlier games of
    its two players, the longer layoff in months of those who played before (-1: none); per
    system, its month-end lists of the report months."""

    newcomer: NDArray[np.bool_]
    fewest: NDArray[np.int64]
    layoff: NDArray[np.int64]
    lists: dict[str, list[_ListFacts]]
    strength: dict[str, NDArray[np.object_]] = field(default_factory=dict)
    """Per system with a list: the strength band of each report game (`strength_bands`)."""


def strength_bands(
    active: NDArray[np.float64], first: NDArray[np.float64], second: NDArray[np.float64]
) -> NDArray[np.object_]:
    """Each game's strength band: the stronger player's share of the `active` ratings
    (the active players of the month-end list) strictly above their rating, cut by
    `STRENGTH_BANDS` (a share below 0.01 is the top 1%, ...); `UNRATED` when either
    player has no rating (NaN) or no active player is rated."""
    ordered = np.sort(active)
    n = len(ordered)

    def above(r: NDArray[np.float64]) -> NDArray[np.float64]:
        count = n - np.searchsorted(ordered, np.nan_to_num(r), side="right")
        share: NDArray[np.float64] = np.where(np.isfinite(r), count / max(n, 1), np.nan)
        return share

    share = np.fmin(above(first), above(second))
    unrated = np.isnan(above(first)) | np.isnan(above(second)) | (n == 0)
    labels = np.full(len(first), UNRATED, dtype=object)
    lower = 0.0
    for upper, label in STRENGTH_BANDS:
        inside = ~unrated & (share >= lower) & (share < upper if upper < 1.0 else share <= 1.0)
        labels[inside] = label
        lower = upper
    return labels


def strength_masks(
    labels: NDArray[np.object_], in_report: NDArray[np.bool_]
) -> dict[str, NDArray[np.bool_]]:
    """The games (fit and report months; only report games have a band) of each strength
    band, given the report games' `labels` in order."""
    full = np.full(len(in_report), "", dtype=object)
    full[in_report] = labels
    names = [label for _, label in STRENGTH_BANDS] + [UNRATED]
    return {name: np.asarray(full == name, dtype=bool) for name in names}


def _band_label(low: int, high: int | None) -> str:
    if high is None:
        return f"{low}+"
    return str(low) if low == high else f"{low}-{high}"


def _within(values: NDArray[np.int64], low: int, high: int | None) -> NDArray[np.bool_]:
    inside: NDArray[np.bool_] = values >= low
    return inside if high is None else inside & (values <= high)


def _bands(
    facts: _GameFacts, scored: GameArrays, pools: Mapping[int, str] | None
) -> dict[str, dict[str, NDArray[np.bool_]]]:
    """The games (fit and report months) of each band of each kind."""
    result = {
        "games_played": {
            _band_label(lo, hi): _within(facts.fewest, lo, hi) for lo, hi in PLAYED_BANDS
        },
        "layoff": {_band_label(lo, hi): _within(facts.layoff, lo, hi) for lo, hi in LAYOFF_BANDS},
    }
    if pools is not None:
        first = np.array([pools.get(p, "others") for p in scored.first.tolist()], dtype=object)
        second = np.array([pools.get(p, "others") for p in scored.second.tolist()], dtype=object)
        same = first == second
        result["pool"] = {
            pool: (same & (first == pool)) if pool != "mixed" else ~same for pool in POOLS
        }
    return result


def _predictions(
    outputs: dict[str, NDArray[np.float64]],
    score: NDArray[np.float64],
    colour: NDArray[np.int8],
    in_report: NDArray[np.bool_],
    config: EvaluationConfig,
) -> tuple[
    dict[str, NDArray[np.float64]],
    dict[str, tuple[tuple[str, float], ...]],
    NDArray[np.bool_] | None,
]:
    """Every system's probabilities, the parameters fitted on the fit period, the top group."""
    fit = ~in_report
    result: dict[str, NDArray[np.float64]] = {}
    fitted: dict[str, tuple[tuple[str, float], ...]] = {}
    top = None
    for name in config.systems:
        if name == "wof":
            features = outputs["wof"]
            points = config.wof.points_per_unit
            newcomer = links.fit_newcomer(features[fit], score[fit], points, config.wof.anchor)
            result["wof"] = links.wof(features, colour, newcomer, 0.0, 0.0, points)
            fitted["wof"] = (("newcomer_rating", newcomer),)
            for variant, draw in ((COLOUR_VARIANT, False), (DRAW_VARIANT, True)):
                eta, nu = links.fit_colour_draw(
                    features[fit], colour[fit], score[fit], newcomer, points, draw=draw
                )
                result[variant] = links.wof(features, colour, newcomer, eta, nu, points)
                fitted[variant] = (
                    ("newcomer_rating", newcomer),
                    ("black_advantage_points", eta * points),
                    ("draw_nu", nu),
                )
            places = features[:, 2:]
            top = np.all(places <= config.top_places, axis=1)
        else:
            result[name] = outputs[name]
    return result, fitted, top


def _seconds(name: str, runs: dict[str, _Run]) -> float:
    run = runs["wof" if name in VARIANTS else name]
    return (run.leader or run).seconds


def _choose(
    runs: dict[str, _Run], candidates: dict[str, _Candidate], score: NDArray[np.float64]
) -> dict[str, tuple[tuple[str, float], ...]]:
    """For each fitted system, keep the candidate with the least log-loss over the fit period
    (`score`; ties and an empty fit period: the first candidate) under the system's name; the
    others stop here (their time counts for the system). Returns each system's values."""
    chosen: dict[str, tuple[tuple[str, float], ...]] = {}
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
        for k in keys:
            del runs[k]
        kept.seconds = spent
        kept.column = column
        runs[system] = kept
        for run in runs.values():
            if run.leader is not None and run.leader.forecaster is kept.forecaster:
                run.leader = kept
        chosen[system] = (
            *candidates[best].fitted,
            ("entry", candidates[best].entries[column]),
            ("fit_log_loss", loss),
        )
    return chosen


def _paired(
    predictions: dict[str, NDArray[np.float64]],
    scored: GameArrays,
    in_report: NDArray[np.bool_],
    groups: dict[str, NDArray[np.bool_]],
    systems: tuple[str, ...],
) -> dict[str, tuple[tuple[str, PairedDifference], ...]]:
    """Each system's log-loss minus the best system's (least overall log-loss among
    `systems`), overall and per group, on the report games, with bootstrap intervals over
    the report's tournaments (the same resamples for every system and group)."""
    s = scored.score[in_report]
    losses = {name: per_game(p[in_report], s)[0] for name, p in predictions.items()}
    ranked = [n for n in systems if n in losses and len(s)]
    if not ranked:
        return {}
    best = min(ranked, key=lambda n: (float(losses[n].mean()), ranked.index(n)))
    _, cluster = np.unique(tournament_keys(scored)[in_report], return_inverse=True)
    resamples = tournament_resamples(int(cluster.max()) + 1)
    masks = {"overall": np.ones(len(s), dtype=bool)} | {
        g: mask[in_report] for g, mask in groups.items()
    }
    result: dict[str, tuple[tuple[str, PairedDifference], ...]] = {}
    for name, loss in losses.items():
        result[name] = tuple(
            (
                g,
                paired_difference(
                    loss[masks[g]], losses[best][masks[g]], cluster[masks[g]], resamples, best
                ),
            )
            for g in PAIRED_GROUPS
            if g in masks
        )
    return result


def _report(
    name: str,
    p: NDArray[np.float64],
    s: NDArray[np.float64],
    in_report: NDArray[np.bool_],
    report_months: NDArray[np.int64],
    groups: dict[str, NDArray[np.bool_]],
    fitted: tuple[tuple[str, float], ...],
    seconds: float,
    bins: int,
    paired: tuple[tuple[str, PairedDifference], ...] = (),
    bands: dict[str, dict[str, NDArray[np.bool_]]] | None = None,
    lists: list[_ListFacts] | None = None,
) -> SystemReport:
    pr, sr = p[in_report], s[in_report]
    years = report_months // 12
    both_p, both_s = np.concatenate([pr, 1 - pr]), np.concatenate([sr, 1 - sr])
    everyone = {"overall": np.ones(len(pr), dtype=bool)} | {
        g: mask[in_report] for g, mask in groups.items()
    }
    return SystemReport(
        system=name,
        overall=scores(pr, sr),
        by_year=tuple(
            (int(y), scores(pr[years == y], sr[years == y])) for y in np.unique(years).tolist()
        ),
        by_group=tuple(
            (g, scores(pr[mask[in_report]], sr[mask[in_report]])) for g, mask in groups.items()
        ),
        calibration=calibration(both_p, both_s, bins),
        fitted=fitted,
        seconds=round(seconds, 3),
        paired=paired,
        calibration_error=tuple(
            (g, calibration_error(both_p[np.tile(m, 2)], both_s[np.tile(m, 2)], bins))
            for g, m in everyone.items()
        ),
        by_band=tuple(
            (
                kind,
                tuple(
                    (label, scores(pr[mask[in_report]], sr[mask[in_report]]))
                    for label, mask in labels.items()
                ),
            )
            for kind, labels in (bands or {}).items()
        ),
        stability=_stability(lists or []),
        drift=_drift(lists or []),
        reliability=reliability(pr, sr, everyone, bins),
    )


def reliability(
    p: NDArray[np.float64],
    s: NDArray[np.float64],
    groups: Mapping[str, NDArray[np.bool_]],
    bins: int,
) -> tuple[tuple[str, tuple[CalibrationBin, ...]], ...]:
    """Per group of `RELIABILITY_GROUPS` in `groups` (masks over `p`): the reliability
    diagram's bins, each game counted from both sides (``p, s`` and ``1 - p, 1 - s``)."""
    return tuple(
        (g, calibration(np.concatenate([p[m], 1 - p[m]]), np.concatenate([s[m], 1 - s[m]]), bins))
        for g, m in groups.items()
        if g in RELIABILITY_GROUPS
    )


def _stability(lists: list[_ListFacts]) -> tuple[tuple[int, float], ...]:
    """Per year: the mean Spearman correlation between consecutive month-end lists."""
    by_year: dict[int, list[float]] = {}
    for facts in lists:
        if np.isfinite(facts.rho):
            by_year.setdefault(facts.month // 12, []).append(facts.rho)
    return tuple((year, float(np.mean(rhos))) for year, rhos in sorted(by_year.items()))


def _drift(lists: list[_ListFacts]) -> tuple[tuple[int, float], ...]:
    """Per year: the mean rating of the active players in its last month-end list."""
    last = {facts.month // 12: facts for facts in lists if len(facts.ratings)}
    return tuple((year, float(f.ratings.mean())) for year, f in sorted(last.items()))


def _facts(
    score: NDArray[np.float64],
    colour: NDArray[np.int8],
    fitted: dict[str, tuple[tuple[str, float], ...]],
) -> OthelloFacts:
    known = colour != 0
    black = np.where(colour[known] > 0, score[known], 1.0 - score[known])
    advantage = dict(fitted.get(COLOUR_VARIANT, ())).get("black_advantage_points", 0.0)
    return OthelloFacts(
        games=len(score),
        draw_rate=float((score == 0.5).mean()) if len(score) else 0.0,
        coloured_games=int(known.sum()),
        black_score=float(black.mean()) if len(black) else float("nan"),
        black_advantage=float(advantage),
    )
