"""What an evaluation asks: the systems, the report months, the contest's search grids."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from ratinglist.errors import RatingError
from ratinglist.rating import registry, systems
from ratinglist.rating.evaluation.calibrate import CALIBRATIONS
from ratinglist.rating.params import EuropeanParams
from ratinglist.rating.systems.egf import EgfParams
from ratinglist.rating.systems.elo import EloParams
from ratinglist.rating.systems.glicko2 import Glicko2Params
from ratinglist.rating.systems.whr import WhrParams
from ratinglist.rating.systems.wofmap import ENTRY_OFFSETS, WofMapParams

SYSTEM_NAMES = registry.EVALUATED
"""Every system the evaluation replays (`rating.registry`)."""


DEFAULT_SYSTEMS = registry.DEFAULT_EVALUATED
"""The systems evaluated unless others are asked (`rating.registry`: all but `whr-map`)."""


REFIT_YEARS = systems.REFIT_YEARS
"""The default yearly refit's window in years: the fit period's length (60 months), so the
first report year's entry is the fit period's; `wof-map`'s published list uses the same."""


FITTED = registry.FITTED
"""The systems whose newcomer entry and main parameters are searched on the fit period."""


COLOUR_VARIANT = "wof-colour"


DRAW_VARIANT = "wof-colour-draw"


VARIANTS = (COLOUR_VARIANT, DRAW_VARIANT)


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
    systems: tuple[str, ...] = DEFAULT_SYSTEMS
    wof: EuropeanParams = field(default_factory=EuropeanParams)
    elo: EloParams = field(default_factory=EloParams)
    elo_k_scales: tuple[float, ...] = (0.5, 1.0, 1.4, 2.0)
    entry_offsets: tuple[float, ...] = (-400.0, -300.0, -200.0, -100.0, 0.0)
    """The newcomer entries every fitted system searches (issue 37: the same five options
    for every system, with four main candidates each: 20 configurations a system)."""
    glicko2_deviations: tuple[float, ...] = (250.0, 350.0)
    glicko2_taus: tuple[float, ...] = (0.3, 0.6)
    egf_con_divisors: tuple[float, ...] = (100.0, 140.0, 200.0, 280.0)
    whr_w2s: tuple[float, ...] = (30.0, 100.0, 300.0, 1000.0)
    glicko2: Glicko2Params = field(default_factory=Glicko2Params)
    whr: WhrParams = field(default_factory=WhrParams)
    egf: EgfParams = field(default_factory=EgfParams)
    wofmap: WofMapParams = field(default_factory=WofMapParams)
    wofmap_deviations: tuple[float, ...] = (200.0, 400.0)
    wofmap_half_lives: tuple[float, ...] = (24.0, 72.0)
    wofmap_entry_offsets: tuple[float, ...] = ENTRY_OFFSETS
    """Five entries, as every fitted system's (`entry_offsets`; wof-map's from its centre)."""
    wofmap_field_weights: tuple[float, ...] = (0.0,)
    whrmap_w2s: tuple[float, ...] = (100.0, 300.0)
    whrmap_deviations: tuple[float, ...] = (150.0, 250.0)
    whrmap_entry_offsets: tuple[float, ...] = (-400.0, -300.0, -200.0, -100.0, 0.0)
    whrmap_newcomer_games: tuple[int, ...] = (10,)
    whrbayes_entry_deviations: tuple[float, ...] = (550.0,)
    """`whr-bayes`: the deviations of a player without a game (Elo points) searched, each
    with every entry of `entry_offsets` (newcomer values, re-chosen by the yearly refit)."""
    whrbayes_variance_scales: tuple[float, ...] = (1.0,)
    """`whr-bayes`: the factors on the listed players' variances searched (a main parameter
    with w^2). Every (scale, entry, entry deviation) is a prediction column of the WHR
    replays `whr-fitted` reads: no replay more."""
    refit_years: int | None = REFIT_YEARS
    """With a number N: at the first report month and each January after, every fitted
    system re-chooses its newcomer entry (its main parameters stay those of the fit period)
    by least log-loss over the games of the N years before (`search.refit`); None: the entry
    of the fit period throughout."""
    calibration: str = "none"
    """The one calibration every system gets (`calibrate`): ``temperatures`` (four, by the
    fewer earlier games of a game's players, fitted on the fit period; the contest's,
    `frozen.toml`) or ``none`` (the raw predictions)."""
    newcomer_games: int = 10
    top_places: int = 100
    calibration_bins: int = 10
    workers: int = 1
    """How many processes replay the systems (`parallel`): 1 replays them all in this
    process; more split them into that many groups of whole systems, each replayed in its
    own worker process. The report is the same whatever the number."""

    def __post_init__(self) -> None:
        """Reject an empty range or unknown systems."""
        if self.end < self.start or self.fit_months < 1:
            raise RatingError(
                f"expected a first month on or before the last and fit_months >= 1, got "
                f"{month_start(self.start):%Y-%m}..{month_start(self.end):%Y-%m}, "
                f"{self.fit_months}"
            )
        grids = tuple(getattr(self, name) for name in registry.GRIDS)
        if self.calibration not in CALIBRATIONS:
            raise RatingError(
                f"expected a calibration among {', '.join(CALIBRATIONS)}, got {self.calibration!r}"
            )
        if self.workers < 1:
            raise RatingError(f"expected workers >= 1, got {self.workers}")
        if self.refit_years is not None and self.refit_years < 1:
            raise RatingError(f"expected refit_years >= 1 or none, got {self.refit_years}")
        if not all(grids):
            raise RatingError("expected at least one value in every search grid of the contest")
        unknown = [s for s in self.systems if s not in SYSTEM_NAMES]
        if unknown or not self.systems:
            raise RatingError(
                f"expected systems among {', '.join(SYSTEM_NAMES)}, got {', '.join(unknown)!r}"
            )
