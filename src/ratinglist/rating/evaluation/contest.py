"""The honest contest (issue 37): the evaluation asked, the same contest over several fit
windows, and the frozen months apart.

Each window refits every system on the `fit_months` before it and scores the window's
months: 2005-2009 fitted on 2000-2004, 2010-2014 on 2005-2009, and so on, the last window
running to the last month asked. The frozen test: every choice of the contest (its rules and
grids, `frozen.toml`) carries the date it was made; the months after that date were read by
no choice, so they are scored apart, fitted on the months up to the date.
"""

from __future__ import annotations

import datetime as dt
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ratinglist.errors import RatingError
from ratinglist.rating.evaluation.config import EvaluationConfig, month_start
from ratinglist.rating.evaluation.harness import evaluate
from ratinglist.rating.evaluation.report import EvaluationReport
from ratinglist.rating.games import GameArrays, month_index

FROZEN = Path(__file__).with_name("frozen.toml")
"""The contest's choices with their date."""

CONTEST_CALIBRATION = "temperatures"
"""The calibration the contest gives every system (`calibrate`; recorded in `frozen.toml`)."""

WINDOW_YEARS = 5
"""The length of a fit window and of each scored window but the last (years)."""


@dataclass(frozen=True, slots=True)
class Frozen:
    """The contest's recorded choices: the date they were made, the rules and the grids."""

    date: dt.date
    rules: Mapping[str, Any]
    grids: Mapping[str, tuple[float, ...]]

    @property
    def first_month(self) -> int:
        """The month index of the first month after `date`."""
        return month_index(self.date) + 1


@dataclass(frozen=True, slots=True)
class Window:
    """A scored window: the months `start`..`end` (month indices), fitted on the
    `fit_months` before."""

    start: int
    end: int
    fit_months: int

    def label(self) -> str:
        """``fit 2000-01..2004-12, scored 2005-01..2009-12``."""
        return (
            f"fit {month_start(self.start - self.fit_months):%Y-%m}.."
            f"{month_start(self.start - 1):%Y-%m}, scored {month_start(self.start):%Y-%m}.."
            f"{month_start(self.end):%Y-%m}"
        )


@dataclass(frozen=True, slots=True)
class Contest:
    """The evaluation asked, each window's, and the frozen months' (None: no game after
    the frozen date)."""

    report: EvaluationReport
    windows: tuple[tuple[Window, EvaluationReport], ...]
    frozen: Frozen
    after: EvaluationReport | None


def read_frozen(path: Path = FROZEN) -> Frozen:
    """The recorded choices of `path`.

    Raises:
        RatingError: not a readable TOML file with a ``date`` and ``[grids]``.
    """
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise RatingError(f"{path}: expected the contest's frozen choices ({exc})") from exc
    date, grids = data.get("date"), data.get("grids")
    if not isinstance(date, dt.date) or not isinstance(grids, dict):
        raise RatingError(f"{path}: expected a date and a [grids] table")
    rules = {k: v for k, v in data.items() if k not in ("date", "grids")}
    return Frozen(date, rules, {k: tuple(v) for k, v in grids.items()})


def unfrozen(frozen: Frozen, config: EvaluationConfig) -> tuple[str, ...]:
    """The grids and rules of `config` that differ from the frozen ones: a choice changed
    after the frozen date (empty: the contest is the one frozen)."""
    changed = [
        name
        for name, values in frozen.grids.items()
        if tuple(getattr(config, name, ())) != tuple(values)
    ]
    changed += [
        name
        for name in ("calibration", "refit_years", "fit_months")
        if name in frozen.rules and getattr(config, name) != frozen.rules[name]
    ]
    return tuple(changed)


def windows(start: int, end: int, fit_months: int, years: int) -> tuple[Window, ...]:
    """The scored windows from `start` to `end`: `years` long each, the last to `end`
    (a last piece shorter than `years` joins the one before); none when `years` is 0."""
    if years <= 0:
        return ()
    step = 12 * years
    starts = list(range(start, end + 1, step))
    if len(starts) > 1 and end - starts[-1] + 1 < step:
        starts.pop()
    ends = [s - 1 for s in starts[1:]] + [end]
    return tuple(Window(s, e, fit_months) for s, e in zip(starts, ends, strict=True))


def contest(
    games: GameArrays,
    config: EvaluationConfig,
    colour: NDArray[np.int8] | None = None,
    pools: Mapping[int, str] | None = None,
    *,
    window_years: int = WINDOW_YEARS,
    frozen: Frozen | None = None,
    progress: Callable[[str], None] | None = None,
) -> Contest:
    """Evaluate `config` (`evaluate`), then each window of `window_years` (its own fit),
    then the months after the frozen date (fitted on the `config.fit_months` up to it).
    `progress` is told each evaluation as it starts; a window equal to the evaluation asked
    reuses its report.

    Raises:
        RatingError: what `evaluate` raises for the evaluation asked.
    """
    frozen = frozen or read_frozen()
    tell = progress or (lambda _: None)
    tell(f"{month_start(config.start):%Y-%m}..{month_start(config.end):%Y-%m}")
    report = evaluate(games, config, colour, pools)
    done: list[tuple[Window, EvaluationReport]] = []
    for window in windows(config.start, config.end, config.fit_months, window_years):
        tell(window.label())
        if (window.start, window.end) == (config.start, config.end):
            done.append((window, report))
            continue
        asked = replace(config, start=window.start, end=window.end)
        done.append((window, evaluate(games, asked, colour, pools)))
    months = games.months()
    after = None
    first, last = frozen.first_month, int(months[-1]) if len(months) else -1
    if last >= first:
        tell(f"frozen months {month_start(first):%Y-%m}..{month_start(last):%Y-%m}")
        after = evaluate(games, replace(config, start=first, end=last), colour, pools)
    return Contest(report, tuple(done), frozen, after)
