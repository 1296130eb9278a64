"""Named rating profiles: every choice of a list calculation in one frozen value.

- ``exact``: the converged maximum-likelihood list from every file whose tournament started by
  the list date (duplicates once); DOMAIN section 4's exact cases hold. The default.
- ``wof``: the list as the WOF computes it (issue 14): its early-stopped gradient ascent, the
  files it had received by the list date, generated collections left out (except the JP
  Federation backfill, which stands in for official files), both copies of a duplicate, and
  two single late files the published lists show they did not include.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from ratinglist.errors import RatingError
from ratinglist.rating.params import EuropeanParams, Solver
from ratinglist.rating.selection import Duplicates, FileDate, ListOverride, Selection


class ProfileName(enum.Enum):
    """The built-in profiles."""

    EXACT = "exact"
    WOF = "wof"


@dataclass(frozen=True, slots=True)
class RatingProfile:
    """A named calculation: the numbers of the method and the file rules."""

    name: str
    params: EuropeanParams = field(default_factory=EuropeanParams)
    selection: Selection = field(default_factory=Selection)


WOF_GENERATED_SENDERS = r"rating committee|^auto$"
"""Senders of generated collections: the rating committee's scrapes and backfills, ``auto``."""
WOF_KEPT_SENDERS = r"JP Federation backfill"
"""Generated files that stand in for the official Japanese files the WOF had."""
WOF_LIST_OVERRIDES = (
    # a Norwegian XOT event of 2024-11-02: its players' own printed ratings in the
    # Dec-2024 list show the list did not include it
    ListOverride("2024-12", exclude=("20241102_Norway_XOT.ELO",)),
    # the Polish open of 2026-04-18, likewise for the May-2026 list
    ListOverride("2026-05", exclude=("20260418_1_Ochota_open.ELO",)),
)

EXACT = RatingProfile(name=ProfileName.EXACT.value)
WOF = RatingProfile(
    name=ProfileName.WOF.value,
    params=EuropeanParams(solver=Solver.ASCENT, stop_fraction=1e-4),
    selection=Selection(
        by=FileDate.RECEIVED,
        exclude_senders=WOF_GENERATED_SENDERS,
        keep_senders=WOF_KEPT_SENDERS,
        duplicates=Duplicates.BOTH,
        overrides=WOF_LIST_OVERRIDES,
    ),
)
PROFILES = {profile.name: profile for profile in (EXACT, WOF)}


def profile_by_name(name: str) -> RatingProfile:
    """The built-in profile `name` (``exact`` or ``wof``, case ignored).

    Raises:
        RatingError: no profile has this name.
    """
    found = PROFILES.get(name.strip().lower())
    if found is None:
        raise RatingError(f"expected a rating profile {sorted(PROFILES)}, got {name!r}")
    return found
