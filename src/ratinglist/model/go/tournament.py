"""A Go tournament as OpenGotha keeps it: players, games, byes and every parameter set.

Rounds are 0-based here (files and screens are 1-based). Scores that can hold half points are
stored doubled ("X2"), as OpenGotha does, so that every value stays an integer. GO.md sections
a, b, d and f state the meaning of each parameter; the defaults are OpenGotha's per system.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

from ratinglist.model.go import GoRank, parse_rank

MAX_ROUNDS = 20
COMPAT_GROUP_MAX = 600
"""OpenGotha's ``PAIRING_GROUP_MAX_SIZE``: the largest field it pairs in one matching."""


class GoSystem(enum.Enum):
    """How rounds are paired; derived from placement criterion 1 in OpenGotha."""

    MCMAHON = "mcmahon"
    SWISS = "swiss"
    SWISSCAT = "swisscat"
    CUP = "cup"
    ROUND_ROBIN = "round-robin"


class Outcome(enum.Enum):
    """The outcome of a Go game (by-default is a separate flag on `GoResult`)."""

    UNKNOWN = "unknown"
    WHITE_WINS = "white"
    BLACK_WINS = "black"
    JIGO = "jigo"
    BOTH_LOSE = "both-lose"
    BOTH_WIN = "both-win"


@dataclass(frozen=True, slots=True)
class GoResult:
    """A game's result: its outcome and whether it was decided by default (not played)."""

    outcome: Outcome = Outcome.UNKNOWN
    by_default: bool = False

    def points_x2(self, white: bool) -> int:
        """Points of the White (`white`) or Black player, doubled: win 2, jigo 1, loss 0."""
        o = self.outcome
        if o is Outcome.BOTH_WIN:
            return 2
        if o is Outcome.JIGO:
            return 1
        if o is Outcome.WHITE_WINS:
            return 2 if white else 0
        if o is Outcome.BLACK_WINS:
            return 0 if white else 2
        return 0

    @property
    def is_played_normally(self) -> bool:
        """A known result of a game played over the board (not by default, not unknown)."""
        return self.outcome is not Outcome.UNKNOWN and not self.by_default


class Criterion(enum.Enum):
    """A placement criterion; the value is OpenGotha's long name (its XML spelling)."""

    NULL = "NULL"
    CAT = "CAT"
    NBW = "NBW"
    CPS = "CPS"
    MMS = "MMS"
    STS = "STS"
    RANK = "Rank"
    RATING = "Rating"
    CUSSW = "CUSSW"
    CUSSM = "CUSSM"
    SOSW = "SOSW"
    SOSWM1 = "SOSW-1"
    SOSWM2 = "SOSW-2"
    SODOSW = "SODOSW"
    SOSM = "SOSM"
    SOSMM1 = "SOSM-1"
    SOSMM2 = "SOSM-2"
    SODOSM = "SODOSM"
    SOSTS = "SOSTS"
    SOSOSW = "SOSOSW"
    SOSOSM = "SOSOSM"
    EXT = "EXT"
    EXR = "EXR"
    DC = "DC"
    SDC = "SDC"

    @classmethod
    def from_name(cls, text: str) -> Criterion | None:
        """The criterion named `text` (case-insensitive long name), None if unknown."""
        return _CRITERIA_BY_NAME.get(text.strip().upper())


_CRITERIA_BY_NAME = {c.value.upper(): c for c in Criterion}


class SeedSystem(enum.Enum):
    """How a score group is split for seeding."""

    SPLIT_AND_RANDOM = "SPLITANDRANDOM"
    SPLIT_AND_FOLD = "SPLITANDFOLD"
    SPLIT_AND_SLIP = "SPLITANDSLIP"


class DuddMode(enum.Enum):
    """Which players of a group are preferred when drawing up or down."""

    TOP = "TOP"
    MID = "MID"
    BOT = "BOT"


@dataclass(frozen=True, slots=True)
class GoPlayer:
    """A registered player. `participating[r]` says whether the player plays round r."""

    name: str
    first_name: str
    rank: GoRank
    rating: int
    country: str = ""
    club: str = ""
    egf_pin: str = ""
    ffg_licence: str = ""
    ffg_licence_status: str = ""
    aga_id: str = ""
    aga_expiration: str = ""
    rating_origin: str = ""
    grade: str = ""
    smms_correction: int = 0
    participating: tuple[bool, ...] = (True,) * MAX_ROUNDS
    final: bool = True

    @property
    def key(self) -> str:
        """OpenGotha's identity key: upper-case name + first name without spaces."""
        return player_key(self.name, self.first_name)

    @property
    def full_name(self) -> str:
        """``name firstName`` as OpenGotha's dumps print a player."""
        return f"{self.name} {self.first_name}"

    def plays(self, round_: int) -> bool:
        """Whether the player participates in (0-based) round `round_`."""
        return round_ < len(self.participating) and self.participating[round_]


def player_key(name: str, first_name: str) -> str:
    """OpenGotha's identity key of a player: upper(name + firstName) with spaces removed."""
    return (name + first_name).upper().replace(" ", "")


@dataclass(frozen=True, slots=True)
class GoGame:
    """A game of (0-based) `round` at (1-based) `table`; players by identity key."""

    round: int
    table: int
    white: str
    black: str
    handicap: int = 0
    result: GoResult = GoResult()
    known_colour: bool = True

    def opponent(self, key: str) -> str:
        """The other player of the game."""
        return self.black if key == self.white else self.white


@dataclass(frozen=True, slots=True)
class GoBye:
    """The bye of (0-based) `round`."""

    round: int
    player: str


@dataclass(frozen=True, slots=True)
class GeneralParameters:
    """OpenGotha's GeneralParameterSet (ranks as values, absent/bye points doubled)."""

    short_name: str = ""
    name: str = ""
    location: str = ""
    director: str = ""
    begin_date: str = ""
    end_date: str = ""
    size: int = 19
    komi: str = "7.5"
    internet: bool = False
    basic_time: int = 0
    time_system: str = "SUDDENDEATH"
    std_byoyomi_time: int = 30
    nb_moves_can_time: int = 15
    can_byoyomi_time: int = 300
    fischer_time: int = 10
    number_of_rounds: int = 5
    category_limits: tuple[GoRank, ...] = ()
    floor: GoRank = field(default_factory=lambda: parse_rank("20k"))
    bar: GoRank = field(default_factory=lambda: parse_rank("4d"))
    zero: GoRank = field(default_factory=lambda: parse_rank("30k"))
    nbw2_absent: int = 0
    nbw2_bye: int = 2
    mms2_absent: int = 1
    mms2_bye: int = 2
    round_down: bool = True
    count_not_played_as_half: bool = False
    egf_class: str = ""
    """The EGF class chosen by the director (A, B, C, D, X); empty: computed from the time
    system as the EGD defines it. Not an OpenGotha parameter (its files have no place for it)."""

    @property
    def number_of_categories(self) -> int:
        """1 + the number of category lower limits below the first category."""
        return max(1, len(self.category_limits) + 1)


@dataclass(frozen=True, slots=True)
class HandicapParameters:
    """OpenGotha's HandicapParameterSet."""

    based_on_mms: bool = True
    no_handicap_threshold: GoRank = field(default_factory=lambda: parse_rank("1d"))
    correction: int = 1
    ceiling: int = 9


@dataclass(frozen=True, slots=True)
class PairingParameters:
    """OpenGotha's PairingParameterSet: the weights of the cost function and its options."""

    nx1_factor: float = 0.5
    avoid_duplicate_game: int = 500_000_000_000_000
    random: int = 0
    deterministic: bool = True
    balance_wb: int = 1_000_000
    avoid_mixing_categories: int = 0
    minimize_score_difference: int = 100_000_000_000
    dudd_weight: int = 100_000_000
    compensate_dudd: bool = True
    dudd_upper_mode: DuddMode = DuddMode.MID
    dudd_lower_mode: DuddMode = DuddMode.MID
    maximize_seeding: int = 5_000_000
    last_round_seed_system1: int = 1
    """0-based: seed system 1 applies to rounds r <= this (the XML stores it 1-based)."""
    seed_system1: SeedSystem = SeedSystem.SPLIT_AND_RANDOM
    seed_system2: SeedSystem = SeedSystem.SPLIT_AND_SLIP
    additional_criterion1: Criterion = Criterion.RATING
    additional_criterion2: Criterion = Criterion.NULL
    rank_threshold: GoRank = field(default_factory=lambda: parse_rank("1d"))
    nb_wins_threshold_active: bool = False
    bar_threshold_active: bool = True
    default_secondary_criteria: int = 100_000_000_000
    minimize_handicap: int = 0
    avoid_same_geo: int = 100_000_000_000
    prefer_mms_diff_rather_than_same_country: int = 1
    prefer_mms_diff_rather_than_same_club: int = 3
    prefer_mms_diff_rather_than_same_clubs_group: int = 2
    compat: str = ""
    """``opengotha``: pair as OpenGotha 3.52 would, large fields split in groups of at most
    600 (`COMPAT_GROUP_MAX`). Not an OpenGotha parameter."""


@dataclass(frozen=True, slots=True)
class GoParameters:
    """Every parameter set of a Go tournament."""

    general: GeneralParameters = GeneralParameters()
    handicap: HandicapParameters = HandicapParameters()
    placement: tuple[Criterion, ...] = (Criterion.MMS, Criterion.SOSM, Criterion.SOSOSM)
    pairing: PairingParameters = PairingParameters()

    @property
    def system(self) -> GoSystem:
        """The system, derived from placement criterion 1 as OpenGotha does."""
        first = next((c for c in self.placement if c is not Criterion.NULL), Criterion.NBW)
        return {
            Criterion.MMS: GoSystem.MCMAHON,
            Criterion.STS: GoSystem.MCMAHON,
            Criterion.CAT: GoSystem.SWISSCAT,
            Criterion.CPS: GoSystem.CUP,
        }.get(first, GoSystem.SWISS)

    @property
    def criteria(self) -> tuple[Criterion, ...]:
        """The placement criteria without the NULL placeholders."""
        return tuple(c for c in self.placement if c is not Criterion.NULL)

    @property
    def main_criterion(self) -> Criterion:
        """The score pairing groups are made of: the first of NBW, MMS, CPS in the criteria."""
        for c in self.placement:
            if c in (Criterion.NBW, Criterion.MMS, Criterion.CPS):
                return c
        return Criterion.NBW


def default_parameters(system: GoSystem, **general: object) -> GoParameters:
    """OpenGotha's defaults for `system` (its ``initForXX``; GO.md section a).

    `general` overrides fields of the general parameters (e.g. ``number_of_rounds=5``).
    """
    k = parse_rank
    if system is GoSystem.MCMAHON or system is GoSystem.ROUND_ROBIN:
        p = GoParameters()
    elif system is GoSystem.SWISS:
        p = GoParameters(
            general=GeneralParameters(floor=k("30k"), bar=k("9d")),
            handicap=HandicapParameters(False, k("30k"), 0, 0),
            placement=(Criterion.NBW, Criterion.SOSW, Criterion.SOSOSW),
            pairing=PairingParameters(
                seed_system1=SeedSystem.SPLIT_AND_SLIP,
                additional_criterion2=Criterion.RATING,
                rank_threshold=k("30k"),
                nb_wins_threshold_active=True,
                avoid_same_geo=0,
                prefer_mms_diff_rather_than_same_country=0,
                prefer_mms_diff_rather_than_same_club=0,
            ),
        )
    elif system is GoSystem.SWISSCAT:
        p = GoParameters(
            general=GeneralParameters(
                floor=k("30k"), bar=k("9d"), category_limits=(k("1d"), k("5k"))
            ),
            handicap=HandicapParameters(True, k("9d"), 1, 9),
            placement=(Criterion.CAT, Criterion.NBW, Criterion.EXT, Criterion.EXR),
            pairing=PairingParameters(
                seed_system1=SeedSystem.SPLIT_AND_RANDOM,
                seed_system2=SeedSystem.SPLIT_AND_FOLD,
                avoid_mixing_categories=20_000_000_000_000,
                nb_wins_threshold_active=True,
                minimize_handicap=20_000_000_000_000,
                avoid_same_geo=20_000_000_000_000,
            ),
        )
    else:
        p = GoParameters(
            general=GeneralParameters(
                floor=k("30k"), bar=k("9d"), nbw2_bye=0, mms2_absent=0, mms2_bye=0
            ),
            handicap=HandicapParameters(False, k("30k"), 0, 0),
            placement=(Criterion.CPS,),
            pairing=PairingParameters(
                seed_system1=SeedSystem.SPLIT_AND_FOLD,
                seed_system2=SeedSystem.SPLIT_AND_FOLD,
                additional_criterion2=Criterion.RATING,
                rank_threshold=k("30k"),
                nb_wins_threshold_active=True,
                avoid_same_geo=0,
                prefer_mms_diff_rather_than_same_country=0,
                prefer_mms_diff_rather_than_same_club=0,
            ),
        )
    if general:
        p = replace(p, general=replace(p.general, **general))  # type: ignore[arg-type]
    return p


@dataclass(frozen=True, slots=True)
class ClubsGroup:
    """Clubs that count as one for the geographical criterion."""

    name: str
    clubs: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GoTournament:
    """A Go tournament: parameters, players, games and byes (rounds 0-based)."""

    parameters: GoParameters
    players: tuple[GoPlayer, ...] = ()
    games: tuple[GoGame, ...] = ()
    byes: tuple[GoBye, ...] = ()
    clubs_groups: tuple[ClubsGroup, ...] = ()

    def player(self, key: str) -> GoPlayer:
        """The player with identity key `key`."""
        for p in self.players:
            if p.key == key:
                return p
        raise KeyError(key)

    def before_round(self, round_: int) -> GoTournament:
        """The tournament with the games and byes of rounds >= `round_` removed."""
        return replace(
            self,
            games=tuple(g for g in self.games if g.round < round_),
            byes=tuple(b for b in self.byes if b.round < round_),
        )
