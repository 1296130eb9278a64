"""The contest on Go games: which system predicts later Go games best (issue 37, item 3).

The same fair rules for every system (the Othello contest's, on tournaments rather than
months):

- every game is predicted from the ratings before its day (no game of the day, nor later,
  is seen), newcomers at their entry rating (and the system's own newcomer deviation);
- each system tries the same number of candidate parameters (`GoSystem.grid`, six) and gets
  the same calibration, one temperature ``p' = sigmoid(logit(p) / T)``; both are chosen by
  log-loss on the fit window (the games before `fit_until`), then frozen;
- the report scores the games from `fit_until` on: log-loss with a 95% interval by
  tournament (bootstrap over tournaments), each system's paired difference from the GoR,
  and the groups: newcomers (a player's first tournament in the archive), established
  (both players with 10 or more earlier games), handicap games (2 stones or more), dan
  (both players declared 1d or stronger) and kyu (both declared kyu).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ratinglist.errors import RatingError
from ratinglist.rating.go.games import GoGames
from ratinglist.rating.go.systems import GO_SYSTEMS, GoRatings, GoSystem

EPS = 1e-12
RESAMPLES = 1000
ESTABLISHED = 10
GROUPS = ("all", "newcomers", "established", "handicap", "dan", "kyu")


def log_loss(p: NDArray[np.float64], score: NDArray[np.float64]) -> NDArray[np.float64]:
    """Each game's log-loss of White's expected result `p` (jigo counts half each way)."""
    q = np.clip(p, EPS, 1 - EPS)
    result: NDArray[np.float64] = -(score * np.log(q) + (1 - score) * np.log(1 - q))
    return result


def calibrated(p: NDArray[np.float64], temperature: float) -> NDArray[np.float64]:
    """``sigmoid(logit(p) / T)``."""
    q = np.clip(p, EPS, 1 - EPS)
    result: NDArray[np.float64] = 1.0 / (1.0 + np.exp(-np.log(q / (1 - q)) / temperature))
    return result


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
        state = GoRatings(dict(ratings), dict(deviations), {}, {})
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
    from scipy.optimize import minimize_scalar  # when a contest runs, not when pages start

    score = games.score[fit_mask]
    for params in candidates:
        candidate = GoSystem(
            system.name, params, system.rate_with, system.predict_with, system.grid
        )
        p = replay(candidate, games)
        on_fit = p[fit_mask]
        found = minimize_scalar(
            lambda t, q=on_fit: float(log_loss(calibrated(q, t), score).mean()),
            bounds=(0.2, 8.0),
            method="bounded",
        )
        loss = float(found.fun)
        if best is None or loss < best[0]:
            best = (loss, candidate, float(found.x), p)
    assert best is not None
    loss, chosen, temperature, p = best
    return Fitted(chosen, temperature, loss, len(candidates)), calibrated(p, temperature)


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
    values: NDArray[np.float64], tournament: NDArray[np.int32], seed: int = 37
) -> Interval:
    """The mean of `values` and its bootstrap interval resampling whole tournaments."""
    if not len(values):
        return Interval(float("nan"), float("nan"), float("nan"), 0)
    ids, at = np.unique(tournament, return_inverse=True)
    sums = np.bincount(at, values, minlength=len(ids))
    counts = np.bincount(at, minlength=len(ids)).astype(np.float64)
    rng = np.random.default_rng(seed)
    draws = rng.integers(0, len(ids), size=(RESAMPLES, len(ids)))
    means = sums[draws].sum(axis=1) / counts[draws].sum(axis=1)
    low, high = np.quantile(means, [0.025, 0.975])
    return Interval(float(values.mean()), float(low), float(high), len(values))


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
        if name == "egf":
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
    systems: Sequence[str] = tuple(GO_SYSTEMS),
) -> GoContest:
    """Run the contest (module docstring); `fit_until` defaults to the first day of the
    tournament that holds the middle game.

    Raises:
        RatingError: no game before or from `fit_until`, or an unknown system.
    """
    if not len(games):
        raise RatingError("expected Go games to evaluate, got none (import --game go first)")
    unknown = [s for s in systems if s not in GO_SYSTEMS]
    if unknown:
        raise RatingError(f"expected Go systems among {', '.join(GO_SYSTEMS)}, got {unknown}")
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
    for name in systems:
        fitted, p = fit(GO_SYSTEMS[name], games, fit_mask)
        fits[name] = fitted
        losses[name] = log_loss(p, games.score)
    t = games.tournament
    scores = []
    for name in systems:
        groups = {g: by_tournament(losses[name][test & m], t[test & m]) for g, m in masks.items()}
        versus: dict[str, Interval] = {}
        if "egf" in losses:
            diff = losses[name] - losses["egf"]
            versus = {g: by_tournament(diff[test & m], t[test & m]) for g, m in masks.items()}
        scores.append(SystemScore(fits[name], groups, versus))
    coin = float(log_loss(np.full(int(test.sum()), 0.5), games.score[test]).mean())
    return GoContest(
        split, int(fit_mask.sum()), int(test.sum()), len(np.unique(t[test])), tuple(scores), coin
    )
