"""Class standings (rating bands, youth, 50+, 60+, female, debutants), seed 004 II.6.

Players are ranked inside their class by their place in the main standings.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ratinglist.model import PlayerId
from ratinglist.standings.table import StandingsRow


class ClassKind(enum.Enum):
    """The kinds of classes the rules name."""

    RATING_BAND = "rating-band"
    YOUTH = "youth"
    SENIOR_50 = "50+"
    SENIOR_60 = "60+"
    FEMALE = "female"
    DEBUTANT = "debutant"


@dataclass(frozen=True, slots=True)
class ClassMember:
    """What class membership depends on, for one player."""

    player: PlayerId
    rating: int | None = None
    birth_year: int | None = None
    female: bool = False
    youth: bool = False
    debutant: bool = False


@dataclass(frozen=True, slots=True)
class ClassRule:
    """A class: its kind, the tournament year (for ages) and the band for ratings.

    YOUTH: the `youth` flag, or born at most `youth_age` years before `year`.
    RATING_BAND: `low <= rating < high` (None bounds are open; unrated players are out).
    """

    kind: ClassKind
    year: int = 0
    low: int | None = None
    high: int | None = None
    youth_age: int = 18

    def admits(self, m: ClassMember) -> bool:
        """True if the player belongs to the class."""
        k = self.kind
        if k is ClassKind.FEMALE:
            return m.female
        if k is ClassKind.DEBUTANT:
            return m.debutant
        if k is ClassKind.YOUTH:
            if m.youth:
                return True
            return m.birth_year is not None and self.year - m.birth_year <= self.youth_age
        if k in (ClassKind.SENIOR_50, ClassKind.SENIOR_60):
            age = 50 if k is ClassKind.SENIOR_50 else 60
            return m.birth_year is not None and self.year - m.birth_year >= age
        if m.rating is None:
            return False
        if self.low is not None and m.rating < self.low:
            return False
        return self.high is None or m.rating < self.high


def class_standings(
    standings: Sequence[StandingsRow], members: Mapping[PlayerId, ClassMember], rule: ClassRule
) -> tuple[tuple[int, StandingsRow], ...]:
    """The class ranking: (place in class, main standings row), by main-standings place."""
    rows = [r for r in sorted(standings, key=lambda r: r.place) if rule.admits(members[r.player])]
    return tuple((i + 1, r) for i, r in enumerate(rows))
