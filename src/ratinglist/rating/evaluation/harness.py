"""The evaluation harness: replay history month by month and score each system's predictions.

For every calendar month ``M`` from ``start - fit_months`` to `end`, each forecaster predicts
every game of ``M`` (the first player's expected score) from the games strictly before ``M``
(lists as of the last day of ``M - 1``), then observes ``M``. Months before `start` form the
*fit period*: the parameters a system fits (the WOF newcomer rating, the colour/draw
variant's two parameters) are chosen there, by log-loss, and every score reported is over the
months from `start` to `end` only, the same games for every system.

The contest (issue 23): `elo-fitted`, `glicko2-fitted`, `whr-fitted` and `egf-fitted` each
get the same search on the fit period: one or two main parameters (Elo's K, Glicko-2's RD0
and tau, the EGF's con divisor, WHR's w^2), each candidate a replay, times the newcomer
entry: the rating at which a player not yet in the list is predicted (the published start
offset by `entry_offsets` points), as the WOF list's newcomer rating is fitted. The candidate
and entry with the least log-loss over the fit period go on; the others stop at the first
report month. `whr` (the real WHR, refitted in full each month) shares one replay with
`whr-fitted`'s candidate of the published w^2 and reads its entry-0 column;
`whr-incremental` is the older approximation (new ratings only, a yearly refit). `wof-map`
(issue 23 item 3) gets the same search over its prior deviation, half-life and entry (the
newcomers' prior mean, part of its fit, so one replay per entry). Under the yearly refit
(`config.refit_years`, 5 by default), at the first report month and each January after,
each fitted system re-chooses its entry (main parameters held) by log-loss over the years
before, so wof-map's replays with the kept main parameters all keep running. Each system's
log-loss is then compared with the best system's on the same games, with a 95% interval from
a bootstrap over tournaments.

This module joins the parts: `config` (what is asked), `search` (the fitted candidates and
the choice), `replay` (the months), `parallel` (the systems replayed in `config.workers`
worker processes), `lists` (month-end lists: stability, drift, strength),
`groups` (groups, bands, paired differences, reliability) and `report` (what is returned).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

import numpy as np
from numpy.typing import NDArray

from ratinglist.errors import RatingError
from ratinglist.rating.evaluation import links
from ratinglist.rating.evaluation.calibrate import (
    band_names,
    bands,
    calibrated,
    fit_temperatures,
)
from ratinglist.rating.evaluation.config import (
    COLOUR_VARIANT,
    DRAW_VARIANT,
    VARIANTS,
    EvaluationConfig,
    month_start,
)
from ratinglist.rating.evaluation.groups import (
    band_masks,
    gains_against,
    paired_differences,
    strength_masks,
)
from ratinglist.rating.evaluation.ordering import list_orderings
from ratinglist.rating.evaluation.parallel import replay_apart
from ratinglist.rating.evaluation.replay import first_fitted, replay_systems
from ratinglist.rating.evaluation.report import (
    EvaluationReport,
    SystemReport,
    othello_facts,
    system_report,
)
from ratinglist.rating.evaluation.search import budgets
from ratinglist.rating.games import GameArrays
from ratinglist.rating.systems.base import check_order

OFFICIAL = "wof"
"""The official list: every system's gain is measured against it."""


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
    lo = first_fitted(months, config)
    hi = int(np.searchsorted(months, config.end, side="right"))
    index = np.arange(len(games))
    scored = games.select((index >= lo) & (index < hi))
    in_report = months[lo:hi] >= config.start
    if not in_report.any():
        raise RatingError(
            f"expected games from {month_start(config.start):%Y-%m} to "
            f"{month_start(config.end):%Y-%m}, got none"
        )
    replayed = replay_systems(games, config) if config.workers == 1 else replay_apart(games, config)
    facts = replayed.facts
    newcomer = facts.newcomer
    report_months = months[lo:hi][in_report]
    colours = np.zeros(hi - lo, dtype=np.int8) if colour is None else colour[lo:hi]
    predictions, fitted, top = _predictions(
        replayed.outputs, scored.score, colours, in_report, config
    )
    fitted |= replayed.chosen
    temperatures = _calibrate(predictions, scored.score, facts.fewest, in_report, config)
    scored_lists = {
        name: gap
        for name, gap in facts.gaps.items()
        if name in config.systems and len(gap) == int(in_report.sum())
    }
    orderings = list_orderings(scored_lists, scored.score[in_report])
    budget = budgets(config)
    groups = {"newcomer": newcomer, "established": ~newcomer}
    if top is not None:
        groups["top"] = top
    paired = paired_differences(predictions, scored, in_report, groups, config.systems)
    gains = gains_against(predictions, scored, in_report, OFFICIAL)
    bands = band_masks(facts.fewest, facts.layoff, scored, pools)
    reports: dict[str, SystemReport] = {}
    for name, p in predictions.items():
        seconds = replayed.seconds["wof" if name in VARIANTS else name]
        labels = facts.strength.get(name, facts.strength.get("wof"))
        own = dict(bands)
        if labels is not None and len(labels) == int(in_report.sum()):
            own["strength"] = strength_masks(labels, in_report)
        reports[name] = system_report(
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
            calibration_method=config.calibration,
            temperatures=temperatures.get(name, ()),
            list_ordering=orderings.get("wof" if name in VARIANTS else name),
            search_budget=budget.get("wof" if name in VARIANTS else name),
            gain=gains.get(name),
        )
    return EvaluationReport(
        start=month_start(config.start),
        end=month_start(config.end + 1) - dt.timedelta(days=1),
        fit_start=month_start(fit_start),
        games=int(in_report.sum()),
        systems=tuple(reports[s] for s in config.systems),
        variants=tuple(reports[s] for s in VARIANTS if s in reports),
        facts=othello_facts(scored.score, colours, fitted),
    )


def _calibrate(
    predictions: dict[str, NDArray[np.float64]],
    score: NDArray[np.float64],
    fewest: NDArray[np.int64],
    in_report: NDArray[np.bool_],
    config: EvaluationConfig,
) -> dict[str, tuple[tuple[str, float], ...]]:
    """The contest's one calibration (`calibrate`), the same for every system: with
    ``temperatures``, each system's four temperatures fitted on its fit-period predictions
    and applied to all (`predictions` replaced); with ``none``, nothing. Returns each
    system's temperatures by band."""
    if config.calibration != "temperatures":
        return {}
    band = bands(fewest)
    names = band_names()
    result: dict[str, tuple[tuple[str, float], ...]] = {}
    for name, p in predictions.items():
        found = fit_temperatures(p, score, band, ~in_report, len(names))
        predictions[name] = calibrated(p, band, found)
        result[name] = tuple(zip(names, found, strict=True))
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
