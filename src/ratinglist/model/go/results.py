"""What the Go results files (EGF ``.h9``, FFG ``.tou``, AGA) hold, as plain values.

A `ResultsTable` is a standings table already computed: the players implied in the
tournament in standings order, each with the displayed values of the placement criteria
and one `HalfGame` per round (GO.md sections e-g). The writers in `formats` only lay it out;
the readers give it back. `egf_class` and `adjusted_time` are the EGF's time rules (section g).
"""

from __future__ import annotations

import datetime as dt
import enum
from dataclasses import dataclass


class TimeSystem(enum.StrEnum):
    """OpenGotha's complementary time systems (XML ``complementaryTimeSystem``)."""

    SUDDEN_DEATH = "SUDDENDEATH"
    STANDARD_BYOYOMI = "STDBYOYOMI"
    CANADIAN_BYOYOMI = "CANBYOYOMI"
    FISCHER = "FISCHER"

    @property
    def label(self) -> str:
        """The ``CM[...]`` text of the EGF file."""
        return _LABELS[self]


_LABELS = {
    TimeSystem.SUDDEN_DEATH: "Sudden death",
    TimeSystem.STANDARD_BYOYOMI: "Standard byo-yomi",
    TimeSystem.CANADIAN_BYOYOMI: "Canadian byo-yomi",
    TimeSystem.FISCHER: "Fischer",
}


@dataclass(frozen=True, slots=True)
class TimeControl:
    """Basic time in minutes and the complementary time (seconds, stones)."""

    basic_minutes: int
    system: TimeSystem = TimeSystem.SUDDEN_DEATH
    byoyomi_seconds: int = 30
    canadian_stones: int = 15
    canadian_seconds: int = 300
    fischer_seconds: int = 10

    @property
    def has_extra_time(self) -> bool:
        """True when the extra time of the system is not zero: the ``+b`` of ``;time=``."""
        return {
            TimeSystem.SUDDEN_DEATH: 0,
            TimeSystem.STANDARD_BYOYOMI: self.byoyomi_seconds,
            TimeSystem.CANADIAN_BYOYOMI: self.canadian_seconds,
            TimeSystem.FISCHER: self.fischer_seconds,
        }[self.system] != 0


def adjusted_seconds(time: TimeControl) -> int:
    """The EGF's adjusted time in seconds: basic time plus what the extra time is worth.

    Standard byo-yomi: + 45 periods; Canadian: + 60 x period / stones (integer division);
    Fischer: + 120 increments (GO.md section g, OpenGotha's ``egfAdjustedTime``).
    """
    basic = time.basic_minutes * 60
    if time.system is TimeSystem.STANDARD_BYOYOMI:
        return basic + 45 * time.byoyomi_seconds
    if time.system is TimeSystem.CANADIAN_BYOYOMI:
        return basic + (60 * time.canadian_seconds) // max(1, time.canadian_stones)
    if time.system is TimeSystem.FISCHER:
        return basic + 120 * time.fischer_seconds
    return basic


def adjusted_time(time: TimeControl) -> int:
    """The adjusted time in whole minutes (the ``TM[...]`` and ``;ta=`` values)."""
    return adjusted_seconds(time) // 60


def egf_class(time: TimeControl, internet: bool) -> str:
    """The EGF tournament class, ``A`` .. ``D`` or ``X`` (GO.md section g).

    On site: A if basic >= 60 min and adjusted >= 75, B 40/50, C 25/30 (with Fischer the
    basic thresholds are 45, 30, 20). On the internet: D if basic >= 40 (Fischer 30) and
    adjusted >= 50. Otherwise X.
    """
    basic, total = time.basic_minutes * 60, adjusted_seconds(time)
    fischer = time.system is TimeSystem.FISCHER
    if internet:
        return "D" if basic >= (1800 if fischer else 2400) and total >= 3000 else "X"
    for name, minimum, fischer_minimum, adjusted in (
        ("A", 3600, 2700, 4500),
        ("B", 2400, 1800, 3000),
        ("C", 1500, 1200, 1800),
    ):
        if basic >= (fischer_minimum if fischer else minimum) and total >= adjusted:
            return name
    return "X"


@dataclass(frozen=True, slots=True)
class ResultsHeader:
    """The tournament facts the results files print above the players."""

    short_name: str
    name: str
    location: str
    begin: dt.date
    end: dt.date
    komi: str
    size: int
    handicap_correction: int
    time: TimeControl
    internet: bool
    program: str = "Ratinglist"
    egf_class: str = ""
    """The class the director chose; empty: `egf_class` of the time system."""

    @property
    def tournament_class(self) -> str:
        """The ``CL[...]`` letter: the director's choice, else the time system's class."""
        return self.egf_class or egf_class(self.time, self.internet)


class Mark(enum.StrEnum):
    """A round's result from the player's side: won, lost, jigo, unknown."""

    WIN = "+"
    LOSS = "-"
    JIGO = "="
    UNKNOWN = "?"


@dataclass(frozen=True, slots=True)
class HalfGame:
    """One round of one player: a game (opponent's number in the table) or a dummy round.

    A dummy round (absent, bye, not paired) has `opponent` 0 and `colour` "" and its `mark`
    is what the round was worth (``+`` full point, ``=`` half, ``-`` nothing).
    """

    opponent: int
    mark: Mark
    by_default: bool = False
    colour: str = ""
    handicap: int = 0

    @property
    def is_game(self) -> bool:
        """True for a game, False for a dummy round."""
        return self.opponent > 0


@dataclass(frozen=True, slots=True)
class ResultsRow:
    """A player of the results table, in standings order.

    `tied` is True when the player shares the place of the row above (the place is then
    printed blank). `rank` is written as OpenGotha writes it (``3D``, ``12K``).
    """

    place: int
    tied: bool
    surname: str
    first_name: str
    rank: str
    country: str
    club: str
    values: tuple[str, ...]
    rounds: tuple[HalfGame, ...]
    ffg_licence: str = ""
    egf_pin: str = ""
    aga_id: str = ""


@dataclass(frozen=True, slots=True)
class ResultsTable:
    """A finished standings table: header, criterion short names, rows."""

    header: ResultsHeader
    criteria: tuple[str, ...]
    rows: tuple[ResultsRow, ...]


@dataclass(frozen=True, slots=True)
class AgaPlayer:
    """A player of the AGA results file; `key` links games to players, `aga_id` may be ""."""

    key: str
    aga_id: str
    surname: str
    first_name: str
    rank: str


@dataclass(frozen=True, slots=True)
class AgaGame:
    """A game of the AGA file: White's and Black's keys, winner ``W``/``B`` or ``?``."""

    white: str
    black: str
    winner: str
    handicap: int


@dataclass(frozen=True, slots=True)
class AgaResults:
    """What the AGA results file holds: all players, the games of each round."""

    name: str
    location: str
    begin: dt.date
    end: dt.date
    players: tuple[AgaPlayer, ...]
    rounds: tuple[tuple[AgaGame, ...], ...]


class FileKind(enum.StrEnum):
    """The Go tournament files we write."""

    XML = "xml"
    H9 = "h9"
    TOU = "tou"
    AGA = "aga"
