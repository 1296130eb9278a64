"""What changed between two rating lists: the dry run before publishing a new list.

Pure functions over `RatingEntry` sequences (a computed `RatingList.entries` or a stored
list read back), so two lists of different dates, parameters or game sets compare alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ratinglist.model import PlayerId
from ratinglist.rating.rating_list import RatingEntry


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One player's entries in the earlier (`before`) and later (`after`) list.

    Either side is None when the player is not rated in that list.
    """

    player: PlayerId
    before: RatingEntry | None
    after: RatingEntry | None

    @property
    def change(self) -> float | None:
        """``after.rating - before.rating`` (unrounded), None unless rated in both."""
        if self.before is None or self.after is None:
            return None
        return self.after.rating - self.before.rating

    @property
    def published_change(self) -> int | None:
        """The change of the published (rounded) ratings, None unless rated in both."""
        if self.before is None or self.after is None:
            return None
        return self.after.published - self.before.published


@dataclass(frozen=True, slots=True)
class RatingDiff:
    """The differences between two lists; every group is a tuple of `RatingChange`.

    - `movers`: listed in both, by decreasing |change| (ties by player ID);
    - `newcomers`: listed in the later list only (new, or back inside the listing window),
      by decreasing later rating;
    - `dropped`: listed in the earlier list only (out of the listing window, or no longer
      rated), by decreasing earlier rating;
    - `became_official` / `lost_official`: listed in both, whose official flag (margin below
      the threshold) went from no to yes / from yes to no, by decreasing later rating.
    """

    movers: tuple[RatingChange, ...]
    newcomers: tuple[RatingChange, ...]
    dropped: tuple[RatingChange, ...]
    became_official: tuple[RatingChange, ...]
    lost_official: tuple[RatingChange, ...]


def _by_player(entries: Iterable[RatingEntry]) -> dict[PlayerId, RatingEntry]:
    return {e.player: e for e in entries}


def _rating(entry: RatingEntry | None) -> float:
    return entry.rating if entry is not None else float("-inf")


def diff_lists(before: Iterable[RatingEntry], after: Iterable[RatingEntry]) -> RatingDiff:
    """Compare the earlier list `before` with the later list `after` (see `RatingDiff`).

    Never mutates its inputs; every player appears at most once per group.
    """
    old = _by_player(before)
    new = _by_player(after)
    changes = [
        RatingChange(pid, old.get(pid), new.get(pid)) for pid in sorted(old.keys() | new.keys())
    ]

    def listed(entry: RatingEntry | None) -> bool:
        return entry is not None and entry.listed

    both = [c for c in changes if listed(c.before) and listed(c.after)]
    movers = sorted(both, key=lambda c: (-abs(c.change or 0.0), c.player))
    newcomers = sorted(
        (c for c in changes if listed(c.after) and not listed(c.before)),
        key=lambda c: (-_rating(c.after), c.player),
    )
    dropped = sorted(
        (c for c in changes if listed(c.before) and not listed(c.after)),
        key=lambda c: (-_rating(c.before), c.player),
    )

    def official_went(was: bool) -> tuple[RatingChange, ...]:
        chosen = [
            c
            for c in both
            if c.before is not None
            and c.after is not None
            and c.before.official is was
            and c.after.official is not was
        ]
        return tuple(sorted(chosen, key=lambda c: (-_rating(c.after), c.player)))

    return RatingDiff(
        movers=tuple(movers),
        newcomers=tuple(newcomers),
        dropped=tuple(dropped),
        became_official=official_went(False),
        lost_official=official_went(True),
    )
