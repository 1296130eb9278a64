"""The forecast of a directed tournament: each game's expected score from the entrants'
strengths in the federation's chosen rating system (rating and deviation; a newcomer enters
with the system's newcomer prior, uncertain), each entrant's chance to finish first, in the
top four and (where the tournament has finals) to reach them, from a seeded simulation of the
rounds still to play; and, once games are played, how well the game forecasts did (mean
log-loss against the constant 1/2).
Frozen, pure data: the services return it, the CLI, the pages and the JSON API show it."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from ratinglist.errors import N_, TournamentInputError
from ratinglist.model.directed import Person

COIN_LOG_LOSS = math.log(2.0)
"""The log-loss of the constant forecast 1/2, whatever the result: ln 2 = 0.6931."""


@dataclass(frozen=True, slots=True)
class EntrantFacts:
    """What a game knows of an entrant for a forecast: the identifier, the rating the entry
    carries (Othello: the published list's as registered; Go: the EGF rating, else the
    declared rank's), and whether that rating is the rating body's own (False: a newcomer, whose
    rating is at best a declared rank's)."""

    player: int
    rating: float | None
    established: bool


@dataclass(frozen=True, slots=True)
class Strength:
    """An entrant as the model sees them: the rating on the system's scale, its standard
    deviation (0: the system has none), and whether it is the system's newcomer prior."""

    rating: float
    deviation: float = 0.0
    newcomer: bool = False


@dataclass(frozen=True, slots=True)
class Handicap:
    """A game's conditions that favour Black (Go): handicap stones and komi."""

    stones: int
    komi: float


@dataclass(frozen=True, slots=True)
class ScoreModel:
    """How a game's expected score follows from two entrants: `strength` maps what the game
    knows of an entrant to their strength in the chosen system; `expected` maps Black's and
    White's strengths (and the handicap, None in games without) to Black's expected score;
    `system` names the system, `list_day` the day of its list the ratings come from (empty:
    none, the ratings the entries carry), `newcomer` is its newcomer prior (`rank_entry`: a
    newcomer enters at their declared rank's rating, with `newcomer`'s deviation) and
    `description` says all that in words (English, for the JSON)."""

    strength: Callable[[EntrantFacts], Strength]
    expected: Callable[[Strength, Strength, Handicap | None], float]
    system: str = ""
    list_day: str = ""
    newcomer: Strength = Strength(0.0, 0.0, True)
    description: str = ""
    rank_entry: bool = False


@dataclass(frozen=True, slots=True)
class GameForecast:
    """One game: its round (a number, or a finals stage), Black and White with the ratings
    their entries carry (None: unrated), Black's expected score by the model, and the result
    when entered (``40-24``, else empty)."""

    round: str
    black: Person
    white: Person
    black_rating: int | None
    white_rating: int | None
    black_expected: float
    result: str = ""


@dataclass(frozen=True, slots=True)
class PlayerForecast:
    """One entrant's chances (0 to 1) over the simulated runs: to finish first, in the top
    four, and to reach the finals (None when the tournament has no finals); each with the
    Monte Carlo standard error ``sqrt(p (1 - p) / runs)``."""

    player: Person
    rating: int | None
    first: float
    top_four: float
    finals: float | None
    first_error: float
    top_four_error: float


@dataclass(frozen=True, slots=True)
class ForecastScore:
    """How well the forecasts of the played games did: the mean log-loss
    ``-(s ln p + (1 - s) ln(1 - p))`` of Black's expected score `p` against Black's points
    `s` (1, 1/2, 0) over the `games` played on the board, beside the constant 1/2
    forecast's log-loss (ln 2); `skill` is ``1 - log_loss / ln 2`` (above 0: better than a
    coin)."""

    games: int
    log_loss: float
    coin_log_loss: float = COIN_LOG_LOSS

    @property
    def skill(self) -> float:
        """``1 - log_loss / ln 2``: 0 for a coin, 1 for certain and always right."""
        return 1.0 - self.log_loss / self.coin_log_loss


@dataclass(frozen=True, slots=True)
class Forecast:
    """A tournament's forecast at log position `seq`: the games of the current round (with
    Black's expected score), each entrant's chances from `runs` simulated ends of the
    tournament (seeded by `seed`; the largest standard error of a shown chance is
    `max_error`), whether finals are simulated, every game with a result and its forecast
    (`played`), and the score of those forecasts (None before any game is played).
    `finished`: nothing is left to play (the chances are then certain). `system` names the
    rating system the expected scores come from and `system_list` the day of its list read
    (empty: the ratings the entries carry), `model` says how in words; `newcomers` counts the
    entrants forecast with the system's newcomer prior, `newcomer_rating` (None: each at
    their declared rank's rating) and `newcomer_deviation`."""

    tournament: str
    seq: int
    runs: int
    seed: int
    finals: bool
    finished: bool
    rounds_left: int
    games: tuple[GameForecast, ...]
    players: tuple[PlayerForecast, ...]
    played: tuple[GameForecast, ...]
    score: ForecastScore | None
    max_error: float
    model: str = ""
    system: str = ""
    system_list: str = ""
    newcomers: int = 0
    newcomer_rating: float | None = 0.0
    newcomer_deviation: float = 0.0


def standard_error(p: float, runs: int) -> float:
    """The Monte Carlo standard error of a chance `p` estimated from `runs` runs."""
    return math.sqrt(max(p * (1.0 - p), 0.0) / runs) if runs > 0 else 0.0


def log_loss(expected: float, points: float) -> float:
    """``-(s ln p + (1 - s) ln(1 - p))`` of an expected score `p` and a result `s` (a draw
    scores 1/2 on both sides)."""
    p = min(max(expected, 1e-12), 1.0 - 1e-12)
    return -(points * math.log(p) + (1.0 - points) * math.log(1.0 - p))


def require_runs(runs: int) -> None:
    """Refuse a forecast of fewer than one simulated run.

    Raises:
        TournamentInputError: `runs` below 1.
    """
    if runs < 1:
        raise TournamentInputError(
            N_("expected at least 1 simulation run, got %(runs)s"), runs=runs
        )


def forecast_of(
    tournament: str,
    model: ScoreModel,
    *,
    seq: int,
    seed: int,
    runs: int,
    finals: bool,
    finished: bool,
    rounds_left: int,
    games: tuple[GameForecast, ...],
    players: list[PlayerForecast],
    played: tuple[GameForecast, ...],
    score: ForecastScore | None,
    newcomers: int,
) -> Forecast:
    """A game's forecast as every game shows it: the players best chance first (first
    place, top four, finals, then name), the largest standard error shown, and what `model`
    says of itself."""
    ordered = sorted(
        players, key=lambda f: (-f.first, -f.top_four, -(f.finals or 0.0), f.player.name)
    )
    worst = max((max(f.first_error, f.top_four_error) for f in ordered), default=0.0)
    return Forecast(
        tournament=tournament,
        seq=seq,
        runs=runs,
        seed=seed,
        finals=finals,
        finished=finished,
        rounds_left=rounds_left,
        games=games,
        players=tuple(ordered),
        played=played,
        score=score,
        max_error=worst,
        model=model.description,
        system=model.system,
        system_list=model.list_day,
        newcomers=newcomers,
        newcomer_rating=None if model.rank_entry else model.newcomer.rating,
        newcomer_deviation=model.newcomer.deviation,
    )
