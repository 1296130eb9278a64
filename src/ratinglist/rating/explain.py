"""Why a player's rating changed between two lists: a decomposition into three parts.

The European algorithm refits everyone from all games, so a player's rating moves even in a
month without games. `explain_change` splits the change from the list as of ``A`` to the
list as of ``B`` (``A <= B``) by recomputing with one effect switched on at a time, in a fixed
order; each part is the difference of two consecutive fits, so the parts telescope and sum
exactly (up to float rounding) to the total:

- ``R0 = rate(G_A, as_of=A)``: the earlier list (`G_A` = games of tournaments that started on
  or before ``A``);
- ``R1 = rate(G_A, as_of=B)``: same games, weights of month ``B``. ``aging = R1 - R0``: games
  (everyone's) moving to a lower weight bucket, and old games moving out of the listing;
- ``R2 = rate(G_A + own new games, as_of=B)`` where own new games are the player's games of
  tournaments that started after ``A`` and on or before ``B``. ``new_games = R2 - R1``;
- ``R3 = rate(G_B, as_of=B)``: the later list. ``others = R3 - R2``: everyone else's new
  games, i.e. the re-estimation of the opponents and of the anchor.

``R0``, ``R1`` and ``R3`` are the same for every player: `change_fits` makes them once for a
pair of lists, and `explain_with` adds the one fit that is the player's own (``R2``), so a
site explaining many players' changes between the same two lists pays one fit per player.

``aging + new_games + others = R3 - R0``. The order is a choice (an effect's size depends on
which effects are already on); it follows the order in which a rating officer reads a
change: "time passed", "you played", "the others played".
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ratinglist.errors import RatingError
from ratinglist.model import PlayerId
from ratinglist.rating.european import rate
from ratinglist.rating.games import GameArrays
from ratinglist.rating.params import EuropeanParams
from ratinglist.rating.rating_list import RatingList


@dataclass(frozen=True, slots=True)
class RatingChangeExplanation:
    """One player's change from the list as of `before_date` to the one as of `after_date`.

    `before` and `after` are the unrounded ratings of the two lists; `aging`, `new_games`
    and `others` are the three parts (see the module docstring); `own_games` and
    `other_games` count the new games of the player and of everyone else.
    """

    player: PlayerId
    before_date: dt.date
    after_date: dt.date
    before: float
    after: float
    aging: float
    new_games: float
    others: float
    own_games: int
    other_games: int

    @property
    def total(self) -> float:
        """``after - before``, equal to ``aging + new_games + others`` up to rounding."""
        return self.after - self.before


def _rating_of(ratings: RatingList, player: PlayerId, step: str) -> float:
    if player not in ratings:
        raise RatingError(
            f"expected player '{player}' to be rated at every step of the explanation, got "
            f"unrated in {step}"
        )
    return ratings.entry(player).rating


@dataclass(frozen=True, slots=True)
class ChangeFits:
    """The fits of an explanation shared by every player (``R0``, ``R1``, ``R3``), and the
    games and parameters the player's own fit (``R2``) needs."""

    games: GameArrays
    old: NDArray[np.bool_]
    before_date: dt.date
    after_date: dt.date
    params: EuropeanParams
    earlier: RatingList
    aged: RatingList
    later: RatingList


def change_fits(
    games: GameArrays, before_date: dt.date, after_date: dt.date, params: EuropeanParams
) -> ChangeFits:
    """The three player-independent fits from the list as of `before_date` to the one as of
    `after_date` (see the module docstring).

    Raises:
        RatingError: `before_date` after `after_date`, or a fit failing.
    """
    if before_date > after_date:
        raise RatingError(
            f"expected the earlier list's date first, got {before_date.isoformat()} after "
            f"{after_date.isoformat()}"
        )
    later = games.until(after_date)
    old = later.day <= before_date.toordinal()
    earlier = later.select(old)
    return ChangeFits(
        games=later,
        old=old,
        before_date=before_date,
        after_date=after_date,
        params=params,
        earlier=rate(earlier, params, before_date),
        aged=rate(earlier, params, after_date),
        later=rate(later, params, after_date),
    )


def explain_with(fits: ChangeFits, player: PlayerId) -> RatingChangeExplanation:
    """Split `player`'s change using the shared `fits`: one more fit, the player's own.

    Raises:
        RatingError: the player not rated in one of the four fits, or a fit failing.
    """
    later, old = fits.games, fits.old
    own = (later.first == player) | (later.second == player)
    r0 = _rating_of(fits.earlier, player, "the earlier list")
    r1 = _rating_of(fits.aged, player, "the aged earlier games")
    r3 = _rating_of(fits.later, player, "the later list")
    with_own = later.select(old | own)
    r2 = _rating_of(
        rate(with_own, fits.params, fits.after_date), player, "the fit with own new games"
    )
    return RatingChangeExplanation(
        player=player,
        before_date=fits.before_date,
        after_date=fits.after_date,
        before=r0,
        after=r3,
        aging=r1 - r0,
        new_games=r2 - r1,
        others=r3 - r2,
        own_games=int((~old & own).sum()),
        other_games=int((~old & ~own).sum()),
    )


def explain_change(
    games: GameArrays,
    player: PlayerId,
    before_date: dt.date,
    after_date: dt.date,
    params: EuropeanParams,
) -> RatingChangeExplanation:
    """Split `player`'s change between the lists as of `before_date` and `after_date`.

    `games` are all games to rate (any later than `after_date` are ignored); both lists use
    `params`. Four fits (see the module docstring).

    Raises:
        RatingError: `before_date` after `after_date`, the player not rated in one of the
            four fits, or a fit failing.
    """
    return explain_with(change_fits(games, before_date, after_date, params), player)
