"""The list a federation prints from a system's ratings (issue 37): who is listed, who is
provisional, on the WOF list's familiar scale, with the deviation the prediction uses.

- **Listing rule.** A player is listed when they played within the last 36 months (on or
  after the list's day 36 months before: the WOF list's window, `listing_months` 37 calendar
  months counted from its calculation month, the month after the games, read as 36 months
  from the list's own day) and their printed deviation is below `max_deviation` (200 WOF
  points: a rating known to within about one class; WHR's deviation grows with every month
  without a game, so the WOF's own limit on its margin, sigma below 100 from the weights of
  the games, would list only the players of the last weeks).
- **Provisional.** A listed player with fewer than `provisional_games` games is marked.
- **Scale.** The WOF list's: ``P = 1 / (1 + 3^(-d / 200))``; a system's ratings (any
  logistic scale, `slope` natural log-odds per point) are multiplied by ``slope / (ln 3 /
  200)`` and shifted so that the game-count-weighted mean of every rated player is the WOF
  anchor, 1800, as the WOF list is anchored.
- **Deviation.** The one the prediction reads: the system's deviation times
  ``sqrt(variance_scale)`` (whr-bayes predicts with variances scaled by it), on the WOF scale.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass

import numpy as np

from ratinglist.errors import RatingError
from ratinglist.rating.params import EuropeanParams
from ratinglist.rating.systems.base import SystemList

WOF = EuropeanParams()

WOF_SLOPE = math.log(WOF.base) / WOF.scale
"""The WOF list's natural log-odds per rating point."""

ELO_SLOPE = math.log(10.0) / 400.0
"""Elo's and WHR's natural log-odds per rating point."""


@dataclass(frozen=True, slots=True)
class PrintRule:
    """What a printed list asks of a player (defaults: the WOF list's own numbers)."""

    active_months: int = WOF.listing_months - 1
    max_deviation: float = 200.0
    provisional_games: int = 10
    anchor: float = WOF.anchor

    def __post_init__(self) -> None:
        """Reject a rule that lists nobody."""
        if self.active_months < 0 or self.max_deviation <= 0:
            raise RatingError(
                f"expected active_months >= 0 and a positive max_deviation, got "
                f"{self.active_months}, {self.max_deviation}"
            )


@dataclass(frozen=True, slots=True)
class PrintedEntry:
    """One listed player: place, rating and deviation on the WOF scale, games, last played,
    provisional (fewer games than the rule's)."""

    place: int
    player: int
    rating: float
    deviation: float
    games: int
    last_played: dt.date
    provisional: bool


@dataclass(frozen=True, slots=True)
class PrintedList:
    """The printed list of `system` as of `as_of`: the listed players best first, how many
    rated players were left out for inactivity and for their deviation."""

    system: str
    as_of: dt.date
    entries: tuple[PrintedEntry, ...]
    rated: int
    inactive: int
    uncertain: int
    rule: PrintRule


def months_before(day: dt.date, months: int) -> dt.date:
    """The same day `months` calendar months before `day` (the month's last day when it has
    fewer days)."""
    index = 12 * day.year + day.month - 1 - months
    year, month = divmod(index, 12)
    for last in (day.day, 30, 29, 28):
        try:
            return dt.date(year, month + 1, min(day.day, last))
        except ValueError:
            continue
    raise RatingError(f"expected a date {months} months before {day}")  # pragma: no cover


def printed(
    ratings: SystemList,
    slope: float,
    variance_scale: float = 1.0,
    rule: PrintRule | None = None,
) -> PrintedList:
    """The printed list of `ratings` (`slope`: the system's natural log-odds per point;
    `variance_scale`: the factor on its variances the prediction uses)."""
    rule = rule or PrintRule()
    if not (slope > 0 and variance_scale >= 0):
        raise RatingError(f"expected slope > 0, variance_scale >= 0, got {slope}, {variance_scale}")
    factor = slope / WOF_SLOPE
    points = ratings.ratings * factor
    weights = ratings.games.astype(np.float64)
    if weights.sum() > 0:
        points = points - float(np.average(points, weights=weights)) + rule.anchor
    deviation = ratings.deviations * factor * math.sqrt(variance_scale)
    since = months_before(ratings.as_of, rule.active_months).toordinal()
    active = ratings.last_day >= since
    sure = deviation < rule.max_deviation
    listed = np.flatnonzero(active & sure)
    order = listed[np.lexsort((ratings.players[listed], -points[listed]))]
    entries = tuple(
        PrintedEntry(
            place=place,
            player=int(ratings.players[k]),
            rating=float(points[k]),
            deviation=float(deviation[k]),
            games=int(ratings.games[k]),
            last_played=dt.date.fromordinal(int(ratings.last_day[k])),
            provisional=int(ratings.games[k]) < rule.provisional_games,
        )
        for place, k in enumerate(order.tolist(), start=1)
    )
    return PrintedList(
        system=ratings.system,
        as_of=ratings.as_of,
        entries=entries,
        rated=len(ratings),
        inactive=int((~active).sum()),
        uncertain=int((active & ~sure).sum()),
        rule=rule,
    )


def slope_of(name: str, parameters: dict[str, object]) -> float:
    """The natural log-odds per rating point of system `name`'s list: its own ``base`` and
    ``scale`` when its parameters carry them (Elo), the WOF's for the WOF-scaled systems,
    Elo's for the others (WHR, whr-bayes, Glicko-2).

    Raises:
        RatingError: the EGF formula, whose curve has no fixed scale.
    """
    base, scale = parameters.get("base"), parameters.get("scale")
    if isinstance(base, int | float) and isinstance(scale, int | float) and base > 1 and scale > 0:
        return math.log(base) / scale
    if name in ("wof", "wof-map"):
        return WOF_SLOPE
    if name == "egf":
        raise RatingError("expected a system with a fixed logistic scale, got egf")
    return ELO_SLOPE
