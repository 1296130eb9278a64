"""A seeded synthetic Othello history: players, countries, tournaments over years, games.

`generate(n_games, n_players, seed)` draws players with true strengths (natural units, by
country), each active over a span of months between 1991 and 2026; tournaments happen in a
country on a month, gather active local players plus a few visitors, and play random-pairing
rounds; each game is a draw with probability 2%, otherwise the first player wins with
``sigma(theta_a - theta_b)``. The same seed gives the same games.
"""

from __future__ import annotations

import datetime as dt

import numpy as np
from numpy.typing import NDArray

from ratinglist.rating.games import GameArrays

FIRST_MONTH = 12 * 1991
LAST_MONTH = 12 * 2026 + 4


def true_strengths(n_players: int, seed: int) -> NDArray[np.float64]:
    """The strengths `generate` uses for the same `n_players` and `seed`."""
    return _players(n_players, np.random.default_rng(seed))[0]


def _players(
    n_players: int, rng: np.random.Generator
) -> tuple[NDArray[np.float64], NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    n_countries = max(1, min(40, n_players // 50))
    share = 1.0 / np.arange(1, n_countries + 1) ** 1.1
    country = rng.choice(n_countries, size=n_players, p=share / share.sum())
    level = rng.normal(0.0, 0.7, n_countries)
    strength = level[country] + rng.normal(0.0, 1.2, n_players)
    start = rng.integers(FIRST_MONTH, LAST_MONTH, n_players)
    span = np.minimum(rng.exponential(60.0, n_players).astype(np.int64) + 1, LAST_MONTH - start)
    return strength, country, start, start + span


def generate(n_games: int, n_players: int, seed: int) -> GameArrays:
    """About `n_games` games (exactly, after trimming) among `n_players` players, seeded.

    Player IDs are ``1000 + index``; `tournament` holds the tournament index.
    """
    rng = np.random.default_rng(seed)
    strength, country, start, end = _players(n_players, rng)
    by_country = [np.flatnonzero(country == c) for c in range(int(country.max()) + 1)]
    share = np.array([len(p) for p in by_country], dtype=np.float64)
    firsts: list[NDArray[np.int64]] = []
    seconds: list[NDArray[np.int64]] = []
    months: list[NDArray[np.int64]] = []
    tournaments: list[NDArray[np.int64]] = []
    total = 0
    t = 0
    while total < n_games:
        month = int(rng.integers(FIRST_MONTH, LAST_MONTH + 1))
        local = by_country[int(rng.choice(len(by_country), p=share / share.sum()))]
        active = local[(start[local] <= month) & (end[local] >= month)]
        visitors = rng.integers(0, n_players, 40)
        visitors = visitors[(start[visitors] <= month) & (end[visitors] >= month)][:4]
        pool = np.unique(np.concatenate([active, visitors]))
        size = min(len(pool), int(rng.integers(8, 60)))
        if size < 4:
            continue
        entrants = rng.choice(pool, size=size - size % 2, replace=False)
        rounds = int(rng.integers(5, 14))
        for _ in range(rounds):
            order = rng.permutation(entrants)
            firsts.append(order[0::2])
            seconds.append(order[1::2])
        games = rounds * (len(entrants) // 2)
        months.append(np.full(games, month))
        tournaments.append(np.full(games, t))
        total += games
        t += 1
    first = np.concatenate(firsts)[:n_games]
    second = np.concatenate(seconds)[:n_games]
    month_of = np.concatenate(months)[:n_games]
    p_first = 1.0 / (1.0 + np.exp(strength[second] - strength[first]))
    u = rng.random(n_games)
    score = np.where(u < 0.02, 0.5, (rng.random(n_games) < p_first).astype(np.float64))
    epoch_days = (month_of - 12 * 1970).astype("datetime64[M]").astype("datetime64[D]")
    days = epoch_days.astype(np.int64) + dt.date(1970, 1, 1).toordinal()
    return GameArrays.from_arrays(
        first=first + 1000,
        second=second + 1000,
        score=score,
        day=days,
        tournament=np.concatenate(tournaments)[:n_games],
    )
