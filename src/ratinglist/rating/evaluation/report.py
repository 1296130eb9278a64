"""What the evaluation reports: per system its scores overall, per year, per group and band, its
calibration, paired differences, list stability and drift; and the archive's Othello facts."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ratinglist.rating.evaluation.config import COLOUR_VARIANT
from ratinglist.rating.evaluation.groups import reliability
from ratinglist.rating.evaluation.lists import ListFacts, drift, stability
from ratinglist.rating.evaluation.metrics import (
    CalibrationBin,
    PairedDifference,
    Scores,
    calibration,
    calibration_error,
    scores,
)
from ratinglist.rating.evaluation.ordering import ListOrdering
from ratinglist.rating.evaluation.search import SearchBudget


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
    calibration_method: str = "none"
    """The contest's calibration, the same for every system (`calibrate.CALIBRATIONS`)."""
    temperatures: tuple[tuple[str, float], ...] = ()
    """Per band of the fewer earlier games: the temperature fitted on the fit period."""
    list_ordering: ListOrdering | None = None
    """The list's own ordering score (`ordering`); None: a system without a list."""
    search_budget: SearchBudget | None = None
    """The configurations searched on the fit period (`search.budgets`)."""
    gain: PairedDifference | None = None
    """The official list's log-loss minus this system's, with its interval (above 0: this
    system predicts better); None without the official list in the evaluation."""


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


def system_report(
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
    lists: list[ListFacts] | None = None,
    calibration_method: str = "none",
    temperatures: tuple[tuple[str, float], ...] = (),
    list_ordering: ListOrdering | None = None,
    search_budget: SearchBudget | None = None,
    gain: PairedDifference | None = None,
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
        stability=stability(lists or []),
        drift=drift(lists or []),
        reliability=reliability(pr, sr, everyone, bins),
        calibration_method=calibration_method,
        temperatures=temperatures,
        list_ordering=list_ordering,
        search_budget=search_budget,
        gain=gain,
    )


def othello_facts(
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
