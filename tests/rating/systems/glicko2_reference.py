"""An independent Glicko-2, month by month, one player at a time in plain Python.

Mark E. Glickman, "Example of the Glicko-2 system" (glicko.net, 2013), steps 1-8, written
from the paper without numpy, for the tests to check the vectorised batch path against: each
calendar month is one rating period; a player enters at the first period they play in with
the start values (1500, RD 350, volatility 0.06) and is not aged before it; a player who
does not play in a period gets ``phi' = sqrt(phi^2 + sigma^2)``; the list as of a date ages
each deviation up to that date's month.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

SCALE = 173.7178


@dataclass(slots=True)
class Player:
    """Glicko-2 scale values after period `period` (the last one this player was updated
    in: their latest period played; idle periods since are applied when needed)."""

    mu: float
    phi: float
    sigma: float
    period: int


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _new_sigma(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper (the Illinois algorithm), tolerance 1e-6."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        d = phi * phi + v + ex
        return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > 1e-6:
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = c, f_c
    return math.exp(big_a / 2)


def _aged(player: Player, period: int) -> float:
    """The player's phi at the start of `period` (idle periods since their last applied)."""
    idle = period - player.period - 1
    return math.sqrt(player.phi**2 + max(0, idle) * player.sigma**2)


def rate_by_month(
    games: Iterable[tuple[int, int, float, int]],
    as_of_month: int,
    tau: float = 0.5,
    rated: dict[int, tuple[float, float]] | None = None,
) -> dict[int, tuple[float, float]]:
    """Player ID -> (rating, RD) as of the end of `as_of_month` from games ``(first,
    second, first player's score, month index)`` of months up to it (in any order).

    `rated`: players already rated (rating, RD, volatility 0.06) just before the first month.
    """
    by_month: dict[int, list[tuple[int, int, float]]] = defaultdict(list)
    for first, second, score, month in games:
        if month <= as_of_month:
            by_month[month].append((first, second, score))
    players: dict[int, Player] = {
        pid: Player((r - 1500.0) / SCALE, rd / SCALE, 0.06, min(by_month) - 1)
        for pid, (r, rd) in (rated or {}).items()
    }
    for month in sorted(by_month):
        for first, second, _ in by_month[month]:
            for pid in (first, second):
                if pid not in players:
                    players[pid] = Player(0.0, 350.0 / SCALE, 0.06, month - 1)
        faced: dict[int, list[tuple[int, float]]] = defaultdict(list)
        for first, second, score in by_month[month]:
            faced[first].append((second, score))
            faced[second].append((first, 1.0 - score))
        start = {pid: (players[pid].mu, _aged(players[pid], month)) for pid in faced}
        for pid, opponents in faced.items():
            mu, phi = start[pid]
            info = 0.0
            gain = 0.0
            for opponent, score in opponents:
                mu_j, phi_j = start[opponent]
                g = _g(phi_j)
                e = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
                info += g * g * e * (1 - e)
                gain += g * (score - e)
            v = 1.0 / info
            sigma = _new_sigma(phi, players[pid].sigma, v, v * gain, tau)
            phi_star = math.sqrt(phi * phi + sigma * sigma)
            phi_new = 1.0 / math.sqrt(1.0 / phi_star**2 + 1.0 / v)
            players[pid] = Player(mu + phi_new**2 * gain, phi_new, sigma, month)
    return {
        pid: (1500.0 + SCALE * p.mu, SCALE * _aged(p, as_of_month + 1))
        for pid, p in players.items()
    }
