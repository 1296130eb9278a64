"""The rating systems, declared once for every game: what `rate --system` (and `rate --game
go --system`), the ``--system`` help, the evidence pages and the evaluations (`evaluate
--systems`, `evaluate --game go`) read.

Each entry names a system the evaluation can replay, with what it replays (`forecaster`, or
the `search` space of a fitted system and the `grid` of `EvaluationConfig` fields it walks),
its cost (the seconds of its replay of the real archive; only the ratios matter: they balance
the evaluation's worker processes), and, for a system that publishes a list, the
`RatingSystem` that rates and predicts (`SYSTEMS`). A new system is a module in
`rating/systems/` and one entry here.

Each entry (`declared.DeclaredSystem`) names the game whose games it rates (`game`).
Othello's entries are here (`REGISTRY`, the month-by-month evaluation's systems); another
game's are in its folder, ``rating/<game>/declared.py`` (its ``DECLARED``), found by
listing the folders of `rating` as the tournament's games are found: Go's carry their
handicap- and komi-aware forecaster on Go games (`on_game`), its search space and cost.
`DECLARATIONS` is every entry, `BY_GAME` each game's.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import ratinglist.rating as _folder
from ratinglist.errors import RatingError
from ratinglist.model.folders import subpackages
from ratinglist.rating import spaces
from ratinglist.rating.declared import OTHELLO, DeclaredSystem
from ratinglist.rating.systems import (
    REFIT_YEARS,
    WHR_BAYES,
    RatingSystem,
    egf,
    elo,
    glicko2,
    whr,
    wofmap,
)
from ratinglist.rating.systems.egf import EgfParams
from ratinglist.rating.systems.elo import EloParams
from ratinglist.rating.systems.glicko2 import Glicko2Params
from ratinglist.rating.systems.whr import WhrParams
from ratinglist.rating.systems.wofmap import WofMapParams

ENTRY = "entry_offsets"
"""The newcomer entries every fitted system but `wof-map` and `whr-map` predicts at."""

WHR_GRID = (ENTRY, "whr_w2s")

OTHELLO_SYSTEMS: tuple[DeclaredSystem, ...] = (
    DeclaredSystem("wof", "the WOF list", 66.0, forecaster=spaces.wof),
    DeclaredSystem(
        "elo",
        "seed 002's Elo",
        2.0,
        RatingSystem(elo.NAME, EloParams(), elo.rate, elo.expected),
        forecaster=spaces.elo,
    ),
    DeclaredSystem(
        "elo-fitted",
        "Elo, K and entry fitted",
        4.0,
        search=spaces.elo_fitted,
        grid=(ENTRY, "elo_k_scales"),
    ),
    DeclaredSystem(
        "glicko2",
        "Glicko-2",
        1.0,
        RatingSystem(glicko2.NAME, Glicko2Params(), glicko2.rate, glicko2.expected),
        forecaster=spaces.glicko2,
    ),
    DeclaredSystem(
        "glicko2-fitted",
        "Glicko-2, deviation, tau and entry fitted",
        5.0,
        search=spaces.glicko2_fitted,
        grid=(ENTRY, "glicko2_deviations", "glicko2_taus"),
    ),
    DeclaredSystem(
        "whr",
        "WHR",
        143.0,
        RatingSystem(whr.NAME, WhrParams(), whr.rate, whr.expected, explain_with=whr.explain),
        forecaster=spaces.whr,
        together="whr",
    ),
    DeclaredSystem(
        "whr-fitted",
        "WHR, w^2 and entry fitted",
        153.0,
        search=spaces.whr_family,
        grid=WHR_GRID,
        together="whr",
    ),
    DeclaredSystem(
        "whr-incremental",
        "an incremental approximation of WHR",
        16.0,
        forecaster=spaces.whr_incremental,
    ),
    DeclaredSystem(
        "egf",
        "the EGF GoR formula",
        2.0,
        RatingSystem(egf.NAME, EgfParams(), egf.rate, egf.expected),
        forecaster=spaces.egf,
    ),
    DeclaredSystem(
        "egf-fitted",
        "the EGF formula, con and entry fitted",
        3.0,
        search=spaces.egf_fitted,
        grid=(ENTRY, "egf_con_divisors"),
    ),
    DeclaredSystem(
        "wof-map",
        "the WOF model with a prior and a time decay",
        411.0,
        RatingSystem(
            wofmap.NAME,
            WofMapParams(refit_years=REFIT_YEARS),
            wofmap.rate,
            wofmap.expected,
            wofmap.rolled_entry,
            wofmap.explain,
        ),
        search=spaces.wof_map,
        grid=(
            "wofmap_deviations",
            "wofmap_half_lives",
            "wofmap_entry_offsets",
            "wofmap_field_weights",
        ),
    ),
    DeclaredSystem(
        "whr-map",
        "WHR with a prior on each first rating",
        397.0,
        search=spaces.whr_map,
        grid=("whrmap_w2s", "whrmap_deviations", "whrmap_entry_offsets", "whrmap_newcomer_games"),
        default=False,
    ),
    DeclaredSystem(
        "whr-bayes",
        "WHR predicted through its deviations",
        0.0,
        RatingSystem(
            whr.BAYES_NAME,
            WHR_BAYES,
            whr.rate_bayes,
            whr.expected_bayes,
            explain_with=whr.explain,
        ),
        search=spaces.whr_family,
        grid=(*WHR_GRID, "whrbayes_entry_deviations", "whrbayes_variance_scales"),
        together="whr",
    ),
    DeclaredSystem(
        "constant", "1/2 for every game (the baseline)", 0.0, forecaster=spaces.constant
    ),
)
"""Othello's systems, declared here (see `REGISTRY`)."""


def _folder_systems() -> tuple[DeclaredSystem, ...]:
    """The entries of every folder of `rating` with a ``declared`` module (its ``DECLARED``),
    folders by name; only those folders are imported (the evaluation's imports this one)."""
    found: list[DeclaredSystem] = []
    for name in subpackages(_folder.__path__):
        if any((Path(root) / name / "declared.py").is_file() for root in _folder.__path__):
            found.extend(importlib.import_module(f"{_folder.__name__}.{name}.declared").DECLARED)
    return tuple(found)


DECLARATIONS: tuple[DeclaredSystem, ...] = (*OTHELLO_SYSTEMS, *_folder_systems())
"""Every system of every game: Othello's, then each game folder's."""

BY_GAME: dict[str, tuple[DeclaredSystem, ...]] = {
    game: tuple(s for s in DECLARATIONS if s.game == game)
    for game in dict.fromkeys(s.game for s in DECLARATIONS)
}
"""Each game's systems, in declaration order."""

REGISTRY: tuple[DeclaredSystem, ...] = BY_GAME[OTHELLO]
"""Othello's systems, in the evaluation's order. `whr-map`: whose candidates are each a whole WHR
replay kept to the end by the yearly refit (about 800 s of CPU more, beyond the evaluation's
15 minutes), is evaluated when asked by name. `whr-bayes`: its columns are computed in the
WHR replays `whr` and `whr-fitted` read, its time counted there. Costs: ``systems[].seconds``
of `benchmarks/evaluate.py --db .../real.db --workers 2 --json` (2005-01..2026-05 reported,
359,792 games, the default systems, load 1.9-3.1; issue 23); `whr-map`: 315 s beside wof-map's
326 s in a run of the default systems and whr-map, scaled to this run's wof-map (x 411 / 326).
"""

DECLARED: dict[str, DeclaredSystem] = {s.name: s for s in REGISTRY}

SYSTEMS: dict[str, RatingSystem[Any]] = {s.name: s.rating for s in REGISTRY if s.rating is not None}
"""The systems that publish a list (`rate --system`), with their default parameters."""

EVALUATED = tuple(DECLARED)
"""Every system the evaluation replays, in its order."""

FITTED = tuple(s.name for s in REGISTRY if s.search is not None)
"""The systems whose main parameters and newcomer entry are searched on the fit period."""

DEFAULT_EVALUATED = tuple(s.name for s in REGISTRY if s.default)
"""The systems evaluated unless others are asked."""

GRIDS = tuple(dict.fromkeys(field for s in REGISTRY for field in s.grid))
"""Every `EvaluationConfig` field a search walks."""

TOGETHER = tuple(
    tuple(s.name for s in REGISTRY if s.together == word)
    for word in dict.fromkeys(s.together for s in REGISTRY if s.together)
)
"""Systems replayed in one process."""


def system(name: str) -> RatingSystem[Any]:
    """The system called `name` that publishes a list, with its default parameters.

    Raises:
        RatingError: an unknown name.
    """
    try:
        return SYSTEMS[name]
    except KeyError:
        raise RatingError(
            f"expected a rating system among {', '.join(sorted(SYSTEMS))}, got {name!r}"
        ) from None


def explaining() -> tuple[str, ...]:
    """The systems that say why a player has their rating."""
    return tuple(n for n, s in SYSTEMS.items() if s.explain_with is not None)


def systems_of(game: str) -> tuple[DeclaredSystem, ...]:
    """The systems that rate `game`'s games, in declaration order (none: an unknown game)."""
    return BY_GAME.get(game, ())


def help_text() -> str:
    """The systems that publish a list, each with its summary (the CLI's ``--system``), then
    each other game's (``--game NAME``)."""
    parts = [f"{s.name} ({s.summary})" for s in REGISTRY if s.rating is not None]
    others = [
        f"; with --game {game}: " + ", ".join(f"{s.name} ({s.summary})" for s in entries)
        for game, entries in BY_GAME.items()
        if game != OTHELLO
    ]
    return "wof (the WOF list), " + ", ".join(parts) + "".join(others)
