"""Use case: score rating systems by their predictions of the stored archive (issue 13).

Read-only (no `Actor`): loads the rated games (with the first player's colour where the file
gives one), replays them month by month through `rating.evaluation`, and writes the charts.
"""

from __future__ import annotations

import datetime as dt
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ratinglist.errors import RatingError
from ratinglist.model import Player
from ratinglist.rating import GameArrays
from ratinglist.rating.evaluation import (
    DEFAULT_SYSTEMS,
    REFIT_YEARS,
    SYSTEM_NAMES,
    EvaluationConfig,
    EvaluationReport,
    Scores,
    SystemReport,
)
from ratinglist.rating.evaluation.contest import (
    CONTEST_CALIBRATION,
    WINDOW_YEARS,
    Contest,
    contest,
)
from ratinglist.rating.evaluation.metrics import PairedDifference
from ratinglist.rating.evaluation.parallel import default_workers
from ratinglist.rating.evaluation.plots import write_plots
from ratinglist.rating.games import month_index
from ratinglist.service.rating_lists import player_homes
from ratinglist.store import Store
from ratinglist.store.players import all_players
from ratinglist.store.rating_games import load_rating_games

__all__ = [
    "DEFAULT_SYSTEMS",
    "REFIT_YEARS",
    "SYSTEM_NAMES",
    "WINDOW_YEARS",
    "Evaluation",
    "EvaluationReport",
    "PairedDifference",
    "Scores",
    "SystemReport",
    "default_workers",
    "evaluate_archive",
    "evaluate_games",
    "parse_month",
]

_MONTH = re.compile(r"^(\d{4})-(\d{2})$")


@dataclass(frozen=True, slots=True)
class Evaluation:
    """An evaluation: the report, the chart files written, the seconds spent loading the
    games and in total; the contest (its windows and frozen months) around the report."""

    report: EvaluationReport
    plots: tuple[Path, ...]
    load_seconds: float
    seconds: float
    contest: Contest | None = None


def parse_month(text: str) -> int:
    """The month index of ``YYYY-MM``.

    Raises:
        RatingError: not a month.
    """
    found = _MONTH.match(text.strip())
    if found is None or not 1 <= int(found.group(2)) <= 12:
        raise RatingError(f"expected a month as YYYY-MM, got {text!r}")
    return month_index(dt.date(int(found.group(1)), int(found.group(2)), 1))


def federation_pools(players: dict[int, Player]) -> dict[int, str]:
    """Player ID -> federation pool: Japan, Europe (the registry's continent of the player's
    country) or others (other countries, and countries the registry does not know)."""
    pools: dict[int, str] = {}
    for pid, (code, continent) in player_homes(players).items():
        pools[pid] = "Japan" if code == "JPN" else "Europe" if continent == "Europe" else "others"
    return pools


def evaluate_archive(
    db: Store,
    start: str,
    end: str,
    *,
    systems: tuple[str, ...] = DEFAULT_SYSTEMS,
    fit_months: int = 60,
    refit_years: int | None = REFIT_YEARS,
    plots: Path | None = None,
    plot_format: str = "svg",
    workers: int = 1,
    window_years: int = WINDOW_YEARS,
    calibration: str = CONTEST_CALIBRATION,
    progress: Callable[[str], None] | None = None,
) -> Evaluation:
    """Evaluate `systems` on the stored archive, reporting months `start`..`end` (YYYY-MM),
    parameters fitted on the `fit_months` before, newcomer entries refitted each January on
    the `refit_years` before (None: never); charts into `plots` when given. Games are
    also scored by federation pool (`federation_pools` of the registry's players). The
    systems are replayed in `workers` processes (1: this one; `default_workers` is what
    the machine gives); the report is the same whatever the number. The contest's fit
    windows (`window_years`, 0: none) and the months after its frozen date are evaluated
    too (`evaluate_games`), every system with the same `calibration` (the contest's by
    default); `progress` is told each evaluation as it starts.

    Raises:
        RatingError: a bad month, system or number of workers, no games to report, a worker
            process that stopped, a chart that cannot be written.
        StoreError: the database cannot be read.
    """
    begin = time.perf_counter()
    config = EvaluationConfig(
        start=parse_month(start),
        end=parse_month(end),
        fit_months=fit_months,
        systems=systems,
        refit_years=refit_years,
        workers=workers,
        calibration=calibration,
    )
    rows = load_rating_games(db)
    people = {int(p.id): p for p in all_players(db, include_merged=True)}
    games = GameArrays.from_half_points(
        rows.first, rows.second, rows.score, rows.day, rows.tournament
    )
    colour = np.asarray(rows.colour, dtype=np.int8)
    loaded = time.perf_counter() - begin
    done = evaluate_games(
        games,
        config,
        colour,
        federation_pools(people),
        window_years=window_years,
        plots=plots,
        plot_format=plot_format,
        progress=progress,
    )
    return Evaluation(done.report, done.plots, loaded, time.perf_counter() - begin, done.contest)


def evaluate_games(
    games: GameArrays,
    config: EvaluationConfig,
    colour: np.ndarray | None = None,
    pools: Mapping[int, str] | None = None,
    *,
    window_years: int = WINDOW_YEARS,
    plots: Path | None = None,
    plot_format: str = "svg",
    progress: Callable[[str], None] | None = None,
) -> Evaluation:
    """The contest on `games` (any game's, time order; `colour` and `pools` optional):
    the evaluation of `config`, its fit windows and its frozen months; charts into `plots`.

    Raises:
        RatingError: as `evaluate_archive`.
    """
    begin = time.perf_counter()
    found = contest(games, config, colour, pools, window_years=window_years, progress=progress)
    written = () if plots is None else write_plots(found.report, plots, plot_format)
    return Evaluation(found.report, written, 0.0, time.perf_counter() - begin, found)
