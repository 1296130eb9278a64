"""The contest on Go games: which system predicts later Go games best (issue 37, item 3).

The same fair rules for every system (the Othello contest's, on tournaments rather than
months), with the evaluation's own parts (`rating.evaluation`: per-game log-loss, the
temperature fit, the bootstrap over tournaments); what is Go's is here: the replay of
tournaments, the groups and the GoR as the baseline.

- every game is predicted from the ratings before its day (no game of the day, nor later,
  is seen), newcomers at their entry rating (and the system's own newcomer deviation);
- each system (`rating.registry`'s Go entries) tries the same number of candidate
  parameters (its `GoSystem.grid`, six) and gets the same calibration, one temperature
  ``p' = sigmoid(logit(p) / T)`` (`evaluation.calibrate.fit_temperature`); both are chosen
  by log-loss on the fit window (the games before `fit_until`), then frozen;
- the report scores the games from `fit_until` on: log-loss with a 95% interval by
  tournament (one set of bootstrap resamples of the test tournaments for every system and
  group, `evaluation.metrics.paired_difference`), each system's paired difference from
  the GoR, and the groups: newcomers (a player's first tournament in the archive),
  established (both players with 10 or more earlier games), handicap games (2 stones or
  more), dan (both players declared 1d or stronger) and kyu (both declared kyu).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ratinglist.errors import RatingError
from ratinglist.rating.evaluation.calibrate import fit_temperature, tempered
from ratinglist.rating.evaluation.metrics import (
    paired_difference,
    per_game,
    tournament_resamples,
)
from ratinglist.rating.go.declared import go_systems
from ratinglist.rating.go.games import GoGames
from ratinglist.rating.go.systems import GoRatings, GoSystem

BASELINE = "egf"
"""The official list's system: every other system's difference is measured against it."""
ESTABLISHED = 10
GROUPS = ("all", "newcomers", "established", "handicap", "dan", "kyu")


def log_loss(p: NDArray[np.float64], score: NDArray[np.float64]) -> NDArray[np.float64]:
    """Each game's log-loss of White's expected result `p` (jigo counts half each way)."""
    return per_game(p, score)[0]


def replay(system: GoSystem, games: GoGames) -> NDArray[np.float64]:
    """White's expected result of every game from the ratings before its day."""
    out = np.empty(len(games))
    days = games.day
    ends = np.searchsorted(days, days, side="right")

    def before_day(
        ratings: Mapping[int, float], deviations: Mapping[int, float], start: int
    ) -> None:
        stop = int(ends[start])
        mask = np.zeros(len(games), dtype=bool)
        mask[start:stop] = True
        state = GoRatings(ratings, deviations, {}, {})  # read now, not kept: no copy
        out[start:stop] = system.predict(state, games.take(mask))

    system.rate(games, before_day)
    return out


@dataclass(frozen=True, slots=True)
class Fitted:
    """A system's chosen candidate and temperature, with its fit-window log-loss."""

    system: GoSystem
    temperature: float
    fit_loss: float
    tried: int


def fit(
    system: GoSystem, games: GoGames, fit_mask: NDArray[np.bool_]
) -> tuple[Fitted, NDArray[np.float64]]:
    """The candidate and temperature with the lowest fit-window log-loss; its predictions of
    every game (calibrated)."""
    best: tuple[float, GoSystem, float, NDArray[np.float64]] | None = None
    candidates = system.grid or (system.params,)
    score = games.score[fit_mask]
    for params in candidates:
        candidate = system.with_params(params)
        p = replay(candidate, games)
        temperature = fit_temperature(p[fit_mask], score)
        loss = float(log_loss(tempered(p[fit_mask], temperature), score).mean())
        if best is None or loss < best[0]:
            best = (loss, candidate, temperature, p)
    assert best is not None
    loss, chosen, temperature, p = best
    return Fitted(chosen, temperature, loss, len(candidates)), tempered(p, temperature)


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean with its 95% interval by tournament."""

    value: float
    low: float
    high: float
    games: int

    def to_dict(self) -> dict[str, object]:
        """JSON-ready (to 0.0001)."""
        return {
            "value": round(self.value, 4),
            "interval": [round(self.low, 4), round(self.high, 4)],
            "games": self.games,
        }


def by_tournament(
    values: NDArray[np.float64],
    tournament: NDArray[np.int32],
    resamples: NDArray[np.int32] | None = None,
) -> Interval:
    """The mean of `values` and its bootstrap interval resampling whole tournaments
    (`tournament`: dense indexes into the columns of `resamples`; by default resamples of
    the tournaments `values` come from)."""
    if resamples is None:
        ids, dense = np.unique(tournament, return_inverse=True)
        tournament, resamples = dense.astype(np.int32), tournament_resamples(len(ids))
    found = paired_difference(
        values, np.zeros_like(values), tournament.astype(np.int64), resamples, ""
    )
    return Interval(found.difference, found.low, found.high, found.games)


@dataclass(frozen=True, slots=True)
class SystemScore:
    """A system's chosen parameters, its scores per group, its difference from the GoR."""

    fitted: Fitted
    groups: Mapping[str, Interval]
    versus_gor: Mapping[str, Interval]

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        params = self.fitted.system.params
        return {
            "system": self.fitted.system.name,
            "parameters": {
                k: getattr(params, k) for k in params.__dataclass_fields__ if k != "formula"
            },
            "temperature": round(self.fitted.temperature, 4),
            "fit_log_loss": round(self.fitted.fit_loss, 4),
            "configurations_tried": self.fitted.tried,
            "log_loss": self.groups["all"].to_dict(),
            "groups": {g: i.to_dict() for g, i in self.groups.items()},
            "versus_gor": {g: i.to_dict() for g, i in self.versus_gor.items()},
        }


@dataclass(frozen=True, slots=True)
class GoContest:
    """The contest's report (see the module docstring)."""

    fit_until: dt.date
    fit_games: int
    test_games: int
    test_tournaments: int
    systems: tuple[SystemScore, ...]
    coin: float

    @property
    def winner(self) -> SystemScore:
        """The lowest test log-loss."""
        return min(self.systems, key=lambda s: s.groups["all"].value)

    def conclusion(self) -> str:
        """The answer in one sentence."""
        win = self.winner
        name = win.fitted.system.name
        loss = win.groups["all"]
        if name == BASELINE:
            return (
                f"No system beats the EGF GoR on Go games: it has the lowest log-loss, "
                f"{loss.value:.4f} [{loss.low:.4f}, {loss.high:.4f}], on {loss.games} games."
            )
        diff = win.versus_gor["all"]
        sure = diff.high < 0
        return (
            f"{name} has the lowest log-loss on Go games, {loss.value:.4f} "
            f"[{loss.low:.4f}, {loss.high:.4f}], {abs(diff.value):.4f} "
            f"[{diff.low:.4f}, {diff.high:.4f}] below the EGF GoR"
            + ("." if sure else "; the interval includes 0: it does not surely beat the GoR.")
        )

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {
            "game": "go",
            "fit_until": self.fit_until.isoformat(),
            "fit_games": self.fit_games,
            "test_games": self.test_games,
            "test_tournaments": self.test_tournaments,
            "coin_log_loss": round(self.coin, 4),
            "configurations_tried": sum(s.fitted.tried for s in self.systems),
            "winner": self.winner.fitted.system.name,
            "conclusion": self.conclusion(),
            "systems": [s.to_dict() for s in self.systems],
        }


def group_masks(
    games: GoGames, white_rank: NDArray[np.int64], black_rank: NDArray[np.int64]
) -> dict[str, NDArray[np.bool_]]:
    """Each group's games (module docstring); ranks as OpenGotha values (1d = 0)."""
    seen: dict[int, int] = {}
    earlier_w = np.zeros(len(games), dtype=np.int64)
    earlier_b = np.zeros(len(games), dtype=np.int64)
    first_w = np.zeros(len(games), dtype=bool)
    first_b = np.zeros(len(games), dtype=bool)
    for start, stop in games.blocks():
        for k in range(start, stop):
            w, b = int(games.white[k]), int(games.black[k])
            earlier_w[k], earlier_b[k] = seen.get(w, 0), seen.get(b, 0)
            first_w[k], first_b[k] = w not in seen, b not in seen
        for k in range(start, stop):
            for pid in (int(games.white[k]), int(games.black[k])):
                seen[pid] = seen.get(pid, 0) + 1
    return {
        "all": np.ones(len(games), dtype=bool),
        "newcomers": first_w | first_b,
        "established": (earlier_w >= ESTABLISHED) & (earlier_b >= ESTABLISHED),
        "handicap": games.handicap >= 2,
        "dan": (white_rank >= 0) & (black_rank >= 0),
        "kyu": (white_rank < 0) & (black_rank < 0),
    }


def go_contest(
    games: GoGames,
    white_rank: NDArray[np.int64],
    black_rank: NDArray[np.int64],
    fit_until: dt.date | None = None,
    systems: Sequence[str] | None = None,
) -> GoContest:
    """Run the contest (module docstring) of `systems` (default: every Go system of the
    registry); `fit_until` defaults to the first day of the tournament that holds the
    middle game.

    Raises:
        RatingError: no game before or from `fit_until`, or an unknown system.
    """
    declared = {s.name: s for s in go_systems()}
    names = tuple(declared) if systems is None else tuple(systems)
    if not len(games):
        raise RatingError("expected Go games to evaluate, got none (import --game go first)")
    unknown = [s for s in names if s not in declared]
    if unknown:
        raise RatingError(f"expected Go systems among {', '.join(declared)}, got {unknown}")
    split = fit_until or dt.date.fromordinal(int(games.day[len(games) // 2]))
    fit_mask = games.day < split.toordinal()
    test = ~fit_mask
    if not fit_mask.any() or not test.any():
        raise RatingError(
            f"expected games before and from {split}, "
            f"got {int(fit_mask.sum())} and {int(test.sum())}"
        )
    masks = group_masks(games, white_rank, black_rank)
    losses: dict[str, NDArray[np.float64]] = {}
    fits: dict[str, Fitted] = {}
    for name in names:
        fitted, p = fit(declared[name], games, fit_mask)
        fits[name] = fitted
        losses[name] = log_loss(p, games.score)
    ids, dense = np.unique(games.tournament[test], return_inverse=True)
    cluster = np.zeros(len(games), dtype=np.int32)
    cluster[test] = dense
    resamples = tournament_resamples(len(ids))
    scores = []
    for name in names:
        groups = {
            g: by_tournament(losses[name][test & m], cluster[test & m], resamples)
            for g, m in masks.items()
        }
        versus: dict[str, Interval] = {}
        if BASELINE in losses:
            diff = losses[name] - losses[BASELINE]
            versus = {
                g: by_tournament(diff[test & m], cluster[test & m], resamples)
                for g, m in masks.items()
            }
        scores.append(SystemScore(fits[name], groups, versus))
    coin = float(log_loss(np.full(int(test.sum()), 0.5), games.score[test]).mean())
    return GoContest(split, int(fit_mask.sum()), int(test.sum()), len(ids), tuple(scores), coin)
