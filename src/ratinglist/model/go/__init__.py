"""Go ranks and ratings: ranks 30k..1k, 1d..9d, 1p..9p as values; ratings on the EGF scale.

Ranks follow OpenGotha's integer scale (GO.md section b): 30k = -30 ... 1k = -1, 1d = 0 ...
9d = 8. A professional rank keeps its level for display and counts as the amateur dan
OpenGotha gives it (1p-3p = 7d, 4p-6p = 8d, 7p-9p = 9d) for pairing and handicaps.

Ratings are on the EGF GoR scale (clamped to [-900, 2949]); the conversions of the FFG list
(raw + 2050) and the AGA list (dan/kyu floats, 1.00 = 1d, -1.01 = 1k) are the ones OpenGotha
applies when it registers a player from a list.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass

from ratinglist.errors import GoRankError

KYU_30 = -30
"""OpenGotha's value of 30k, the weakest rank."""
DAN_9 = 8
"""OpenGotha's value of 9d, the strongest amateur rank."""
RATING_MIN = -900
RATING_MAX = 2949
"""The EGF-scale ratings OpenGotha keeps (GO.md section b)."""
FFG_OFFSET = 2050
"""An FFG list rating plus this is an EGF-scale rating (FFG 0 = 1d bucket start)."""

_RANK = re.compile(r"\s*(\d{1,2})\s*([kKdDpP]?)\s*")


@dataclass(frozen=True, slots=True, order=True)
class GoRank:
    """A Go rank. `value` is OpenGotha's integer (30k = -30, 1k = -1, 1d = 0, 9d = 8).

    `professional` is 1..9 for a professional rank (its `value` is then the amateur dan
    OpenGotha equates it with), 0 for an amateur rank. Ranks order by strength.
    """

    value: int
    professional: int = 0

    def __post_init__(self) -> None:
        if not KYU_30 <= self.value <= DAN_9:
            raise GoRankError(f"expected a rank value in -30..8 (30k..9d), got {self.value}")
        if not 0 <= self.professional <= 9:
            raise GoRankError(f"expected a professional level in 0..9, got {self.professional}")
        if self.professional and self.value != _pro_value(self.professional):
            raise GoRankError(
                f"expected value {_pro_value(self.professional)} for {self.professional}p, "
                f"got {self.value}"
            )

    @classmethod
    def kyu(cls, n: int) -> GoRank:
        """The rank `n` kyu (1..30)."""
        if not 1 <= n <= 30:
            raise GoRankError(f"expected a kyu rank in 1..30, got {n}")
        return cls(-n)

    @classmethod
    def dan(cls, n: int) -> GoRank:
        """The amateur rank `n` dan (1..9)."""
        if not 1 <= n <= 9:
            raise GoRankError(f"expected a dan rank in 1..9, got {n}")
        return cls(n - 1)

    @classmethod
    def pro(cls, n: int) -> GoRank:
        """The professional rank `n` p (1..9)."""
        if not 1 <= n <= 9:
            raise GoRankError(f"expected a professional rank in 1..9, got {n}")
        return cls(_pro_value(n), n)

    @property
    def is_dan(self) -> bool:
        """True for 1d and stronger (professional ranks included)."""
        return self.value >= 0

    def amateur(self) -> GoRank:
        """The amateur rank this rank counts as (itself for an amateur rank)."""
        return GoRank(self.value)

    def shifted(self, steps: int) -> GoRank:
        """The amateur rank `steps` grades stronger (negative: weaker), clamped to 30k..9d."""
        return GoRank(clamp_rank_value(self.value + steps))

    def __str__(self) -> str:
        return format_rank(self)


def _pro_value(level: int) -> int:
    return 6 + (level - 1) // 3


def clamp_rank_value(value: int) -> int:
    """`value` clamped to OpenGotha's range -30..8 (30k..9d)."""
    return max(KYU_30, min(DAN_9, value))


def parse_rank(text: str, *, clamp: bool = False) -> GoRank:
    """The rank written `text`: ``5k``, ``12K``, ``1d``, ``3D``, ``2p``; a bare number is kyu.

    With `clamp`, ranks beyond 30k or 9d are clamped as OpenGotha does (``35k`` -> 30k);
    without it they are refused.

    Raises:
        GoRankError: `text` is not a rank.
    """
    return _parsed_rank(text, clamp)


@functools.lru_cache(maxsize=1024)
def _parsed_rank(text: str, clamp: bool) -> GoRank:
    """`parse_rank`, remembered: a file or a list writes the same few ranks again and again
    (ranks are immutable values; refusals are not remembered)."""
    m = _RANK.fullmatch(text)
    if m is None or int(m.group(1)) == 0:
        raise GoRankError(f"expected a rank like '5k', '1d' or '2p', got {text!r}")
    n, kind = int(m.group(1)), m.group(2).lower()
    if kind == "p":
        if not 1 <= n <= 9:
            raise GoRankError(f"expected a professional rank 1p..9p, got {text!r}")
        return GoRank.pro(n)
    value = n - 1 if kind == "d" else -n
    if clamp:
        return GoRank(clamp_rank_value(value))
    if not KYU_30 <= value <= DAN_9:
        raise GoRankError(f"expected a rank in 30k..9d, got {text!r}")
    return GoRank(value)


def format_rank(rank: GoRank, *, upper: bool = False) -> str:
    """`rank` as written: ``5k``, ``1d``, ``2p`` (``5K``, ``1D``, ``2P`` with `upper`)."""
    if rank.professional:
        text = f"{rank.professional}p"
    elif rank.value >= 0:
        text = f"{rank.value + 1}d"
    else:
        text = f"{-rank.value}k"
    return text.upper() if upper else text


def clamp_rating(rating: int) -> int:
    """`rating` clamped to the EGF-scale range OpenGotha keeps, [-900, 2949]."""
    return max(RATING_MIN, min(RATING_MAX, rating))


def rank_from_rating(rating: int) -> GoRank:
    """The rank of an EGF-scale rating: 100-point buckets, 2050..2149 = 1d, 50..149 = 20k.

    OpenGotha's ``(R + 950) / 100 - 30`` with Java integer division, clamped to 30k..9d.
    """
    return GoRank(clamp_rank_value((clamp_rating(rating) + 950) // 100 - 30))


def rating_from_rank(rank: GoRank) -> int:
    """The rating given to a player known by rank only: the centre of its bucket (1d = 2100)."""
    return 100 * rank.value + 2100


def rating_from_ffg(raw: int) -> int:
    """The EGF-scale rating of an FFG list rating (raw 0..99 = 1d; -9999, unrated, = -900)."""
    return clamp_rating(raw + FFG_OFFSET)


def ffg_from_rating(rating: int) -> int:
    """The FFG list rating of an EGF-scale rating (the inverse of `rating_from_ffg`)."""
    return rating - FFG_OFFSET


def rating_from_aga(aga: float) -> int:
    """The EGF-scale rating of an AGA rating (1.00..1.99 = 1d, -1.01..-2.00 = 1k).

    OpenGotha: raw = round(aga * 100); raw >= 100 -> raw + 1950; raw <= -100 -> raw + 2150;
    in between (not a valid AGA rating) -> 2050.
    """
    raw = _round_half_up(aga * 100)
    if raw >= 100:
        return clamp_rating(raw + 1950)
    if raw <= -100:
        return clamp_rating(raw + 2150)
    return 2050


def aga_from_rating(rating: int) -> float:
    """The AGA rating of an EGF-scale rating, to 2 decimals (2050 -> 1.00, 2049 -> -1.01)."""
    r = rating - 2050
    r = r + 100 if r >= 0 else r - 100
    return r / 100


def format_aga(rating: int) -> str:
    """The AGA rating of an EGF-scale rating as the AGA writes it (``1.00``, ``-13.66``)."""
    return f"{aga_from_rating(rating):.2f}"


def _round_half_up(x: float) -> int:
    """Java's Math.round: floor(x + 0.5)."""
    return math.floor(x + 0.5)
