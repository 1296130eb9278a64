"""Why a player's rating differs between two profiles: one part per choice.

Starting from profile `start` (``exact`` by default), the choices of profile `end` (``wof``)
are switched on one at a time, in a fixed order, and the list is recomputed after each:

1. ``received``: files by received date instead of start date (`Selection.by`);
2. ``senders``: generated collections left out (`Selection.exclude_senders`/`keep_senders`);
3. ``duplicates``: how duplicate copies count (`Selection.duplicates`);
4. ``list overrides``: per-list inclusions and exclusions (`Selection.overrides`);
5. ``method``: the numbers of the method, above all the solver and its stop fraction
   (`RatingProfile.params`).

Each part is the difference of two consecutive lists' ratings of the player, so the parts
telescope to the total ``end - start``. A choice both profiles share is skipped. As with
`explain_change`, the order is a choice: effects interact, so another order gives other parts
with the same sum. Each list has its own anchor, so a part includes the shift of the anchor.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from ratinglist.errors import RatingError
from ratinglist.model import PlayerId
from ratinglist.rating.european import rate
from ratinglist.rating.games import GameArrays
from ratinglist.rating.profile import EXACT, WOF, RatingProfile
from ratinglist.rating.selection import Selection

_SELECTION_STEPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("received", ("by",)),
    ("senders", ("exclude_senders", "keep_senders")),
    ("duplicates", ("duplicates",)),
    ("list overrides", ("overrides",)),
)


@dataclass(frozen=True, slots=True)
class ProfileStep:
    """One choice switched on: its name, the profile after it, the player's rating then
    (None when the player is not rated in that list) and the part (None likewise)."""

    choice: str
    profile: RatingProfile
    rating: float | None
    part: float | None


@dataclass(frozen=True, slots=True)
class ProfileExplanation:
    """A player's rating under `start` and `end` as of `as_of`, and the steps between."""

    player: PlayerId
    as_of: dt.date
    start: float | None
    end: float | None
    steps: tuple[ProfileStep, ...]

    @property
    def total(self) -> float | None:
        """``end - start`` (None when the player is not rated in one of the two lists)."""
        if self.start is None or self.end is None:
            return None
        return self.end - self.start


def profile_steps(
    start: RatingProfile = EXACT, end: RatingProfile = WOF
) -> tuple[tuple[str, RatingProfile], ...]:
    """The profiles met on the way from `start` to `end`, each after one more choice of
    `end` is taken (choices already equal are skipped); the last one computes as `end`."""
    steps: list[tuple[str, RatingProfile]] = []
    selection: Selection = start.selection
    for choice, fields in _SELECTION_STEPS:
        wanted = {name: getattr(end.selection, name) for name in fields}
        if all(getattr(selection, name) == value for name, value in wanted.items()):
            continue
        selection = dataclasses.replace(selection, **wanted)
        steps.append((choice, RatingProfile(f"{start.name}+{choice}", start.params, selection)))
    if start.params != end.params:
        steps.append(("method", RatingProfile(end.name, end.params, selection)))
    return tuple(steps)


def _rating_of(
    games: GameArrays, profile: RatingProfile, player: PlayerId, as_of: dt.date
) -> float | None:
    ratings = rate(games, profile.params, as_of)
    if player not in ratings:
        return None
    return ratings.entry(player).rating


def explain_profiles(
    games_for: Callable[[RatingProfile], GameArrays],
    player: PlayerId,
    as_of: dt.date,
    start: RatingProfile = EXACT,
    end: RatingProfile = WOF,
) -> ProfileExplanation:
    """Split `player`'s rating difference between profiles `start` and `end` as of `as_of`
    into one part per choice (see the module docstring); `games_for` gives the games a
    profile's file rules select.

    Raises:
        RatingError: the player is rated in neither list, or a list cannot be computed.
    """
    before = _rating_of(games_for(start), start, player, as_of)
    previous = before
    steps: list[ProfileStep] = []
    for choice, profile in profile_steps(start, end):
        rating = _rating_of(games_for(profile), profile, player, as_of)
        part = None if rating is None or previous is None else rating - previous
        steps.append(ProfileStep(choice, profile, rating, part))
        previous = rating
    after = previous
    if before is None and after is None:
        raise RatingError(
            f"expected a player rated under profile {start.name!r} or {end.name!r} as of "
            f"{as_of.isoformat()}, got '{player}' rated in neither"
        )
    return ProfileExplanation(player, as_of, before, after, tuple(steps))
