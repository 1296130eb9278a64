"""The forecast of a directed tournament (issue 22 item 11): each game's expected score from
the entrants' ratings as registered, each entrant's chance to finish first, in the top four
and to reach the finals, from a seeded simulation of what is left with the tournament's own
pairing and ranking (`Game.forecast`), and the log-loss of the played games' forecasts.

The expected score is the federation's chosen rating system's (issue 37 item 4), each entrant
with their rating and its uncertainty, a newcomer with the system's newcomer prior: the
game's service folder builds the model (``forecast_model``: Othello's chosen system's stored
list, Go's GoR with the handicap and komi). A forecast is kept per database handle, keyed by
the tournament, its log position, the runs, the seed and the system: it is computed once
after each change of the log, whoever asks (the live page, its JSON, the director's page),
and is the same for everybody.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from types import ModuleType

import numpy as np

from ratinglist.errors import N_, NotOffered, TournamentError, TournamentInputError
from ratinglist.i18n import _
from ratinglist.model.forecast import EntrantFacts, Forecast, Handicap, ScoreModel, Strength
from ratinglist.rating.params import EuropeanParams
from ratinglist.rating.systems.base import logistic
from ratinglist.service.tournaments.games import game_module
from ratinglist.service.tournaments.log import loaded
from ratinglist.store import Store
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import game_of

RUNS = 150
"""The simulated ends of a forecast of up to `FULL_FIELD` entrants (docs/decisions.md,
"Issue 22: forecasts": the largest standard error of a chance is then 0.5 / sqrt(150) = 4.1
points, and a 16-player forecast takes under 1 s)."""
FULL_FIELD = 16
"""The most entrants forecast with `RUNS` runs by default."""
MIN_RUNS = 50
"""The fewest runs of a default forecast, however large the field (error at most 7 points)."""
MAX_RUNS = 5000
"""The most runs a caller may ask for (a forecast must not hold a worker for long)."""
KEPT = 16
"""Forecasts kept per database handle."""
CACHE_KEY = "tournament.forecasts"


def wof_model(params: EuropeanParams | None = None) -> ScoreModel:
    """The WOF list's expected score ``1 / (1 + 3^(-d / 200))`` of a rating difference `d`,
    every entrant at the rating their entry carries, unrated at the list's anchor, all
    without uncertainty: the forecast of issue 22, kept as the baseline the chosen system is
    measured against (it is worse than a coin on real tournaments, issue 37)."""
    p = params or EuropeanParams()

    def strength(facts: EntrantFacts) -> Strength:
        return Strength(p.anchor if facts.rating is None else facts.rating, 0.0, False)

    def expected(black: Strength, white: Strength, handicap: Handicap | None) -> float:
        del handicap
        difference = np.array([black.rating - white.rating], dtype=np.float64)
        return float(logistic(difference, p.base, p.scale)[0])

    text = "1 / (1 + 3^(-(Ra - Rb) / 200)); unrated players count as 1800"
    return ScoreModel(strength, expected, "wof-flat", "", Strength(p.anchor), text)


def model_text(f: Forecast) -> str:
    """How the forecast's expected scores were made, in the reader's language."""
    if f.system_list:
        source = _("each player's rating and deviation in its list of %(day)s", day=f.system_list)
    else:
        source = _("the ratings the entries carry")
    if f.newcomer_rating is None:
        entry = _("their declared rank's rating")
    else:
        entry = f"{f.newcomer_rating:.0f}"
    deviation = f"{f.newcomer_deviation:.0f}"
    return _(
        "Expected scores by %(system)s from %(source)s; a newcomer (%(n)s here) is uncertain: "
        "entered at %(entry)s ± %(deviation)s",
        system=f.system,
        source=source,
        n=f.newcomers,
        entry=entry,
        deviation=deviation,
    )


@dataclass
class _Kept:
    """The forecasts kept, newest last; `computing` is held while one is computed, so that
    the viewers of a live page asking at once after a result wait for one computation."""

    found: OrderedDict[tuple[int, int, int, int, str], Forecast]
    lock: threading.Lock
    computing: threading.Lock


def _kept(db: Store) -> _Kept:
    return db.attached(CACHE_KEY, lambda: _Kept(OrderedDict(), threading.Lock(), threading.Lock()))


def default_runs(entrants: int) -> int:
    """The runs of a forecast nobody chose the runs of: `RUNS` up to `FULL_FIELD` entrants;
    above, ``RUNS * (FULL_FIELD / entrants) ** 1.6`` (a run's cost grows about as the field
    to the power 1.6: 6 ms at 16 entrants, 10-12 ms at 32, 30-36 ms at 64), at least
    `MIN_RUNS`, so that a forecast costs about the same second of CPU whatever the field."""
    if entrants <= FULL_FIELD:
        return RUNS
    scaled: float = RUNS * (FULL_FIELD / entrants) ** 1.6
    return max(MIN_RUNS, round(scaled))


def forecast(
    db: Store,
    tournament: int,
    runs: int | None = None,
    seed: int | None = None,
    system: str | None = None,
) -> Forecast:
    """The forecast of directed tournament number `tournament` at its log's head, from
    `runs` simulated ends (default: `default_runs` of its entrants) seeded by `seed`
    (default: the tournament's own seed), by rating system `system` (default: the
    federation's chosen system for the tournament's game, its ``forecast_model``'s
    `CHOSEN_SYSTEM`).

    Raises:
        NotFoundError: no such tournament.
        TournamentInputError: `runs` out of range, a system the game's forecast cannot use.
        NotOffered: a game without forecasts.
        TournamentError: a simulated round the engine cannot pair.
    """
    if runs is not None and not 1 <= runs <= MAX_RUNS:
        raise TournamentInputError(
            N_("expected between 1 and %(most)s runs, got %(runs)s"), most=MAX_RUNS, runs=runs
        )
    base = loaded(db, tournament)
    d = base.folded
    if runs is None:
        runs = default_runs(game_of(d).count(d).entrants)
    chosen = d.settings.seed if seed is None else seed
    builder = _model_module(d)
    name = system or str(builder.CHOSEN_SYSTEM)
    key = (base.info.id, base.seq, runs, chosen, name)
    kept = _kept(db)
    with kept.computing:
        with kept.lock:
            found = kept.found.get(key)
        if found is not None:
            return found
        model: ScoreModel = builder.score_model(db, d, name)
        made = game_of(d).forecast(d, model, runs, chosen, base.seq)
        with kept.lock:
            kept.found[key] = made
            kept.found.move_to_end(key)
            while len(kept.found) > KEPT:
                kept.found.popitem(last=False)
    return made


def _model_module(d: FoldedTournament) -> ModuleType:
    game = game_of(d)
    found = game_module(game.name, "forecast_model") if game.has_forecast else None
    if found is None:
        raise NotOffered(f"expected a game with a forecast, got {game.label}, which has none")
    return found


def live_forecast(db: Store, tournament: int) -> Forecast | None:
    """The forecast a tournament's pages show (`forecast` with the default runs and seed),
    None for a game without forecasts, a tournament with fewer than two entrants, or one
    whose simulation fails (the API and the CLI say why)."""
    d = loaded(db, tournament).folded
    game = game_of(d)
    if not game.has_forecast or game.count(d).entrants < 2:
        return None
    try:
        return forecast(db, tournament)
    except TournamentError:
        return None  # a simulated round the engine cannot pair: the page shows the rest
