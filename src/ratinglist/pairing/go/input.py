"""What OpenGotha's pairing needs to know about one round: players' scores and history.

The tournament layer computes these values from the scores (``standings.go_scores``); the
pairing itself reads nothing else. Scores are doubled ("X2") and taken after round r - 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from ratinglist.model.go.tournament import (
    ClubsGroup,
    Criterion,
    GeneralParameters,
    GoSystem,
    HandicapParameters,
    PairingParameters,
)


@dataclass(frozen=True, slots=True)
class PastGame:
    """A game of an earlier round, as the pairing needs it."""

    round: int
    white: str
    black: str
    handicap: int


@dataclass(frozen=True, slots=True)
class GothaPlayer:
    """A player of the round: identity, strength, scores after round r - 1, history.

    `order` holds the placement criteria values (after r - 1) then the additional seeding
    criterion: the inner order of a score group is `order` descending, then name, first name.
    `nb_du` / `nb_dd` count the earlier games against an opponent of a higher / lower main
    score (both scores taken before that game's round).
    """

    key: str
    name: str
    first_name: str
    rank: int
    rating: int
    country: str
    club: str
    smms: int
    category: int
    mms_x2: int
    nbw_x2: int
    main_x2: int
    order: tuple[int, ...]
    nb_du: int = 0
    nb_dd: int = 0
    byes: int = 0


@dataclass(frozen=True, slots=True)
class GothaRound:
    """Round r (0-based) to pair: the players of its score groups and everything earlier.

    `players` are the players the score groups are made of (final registration,
    participating in r; the bye player included); `main` is the score the groups are made
    of. The players to pair are all of `players` but the `bye`. `games` are the games of
    rounds < r.
    """

    round: int
    system: GoSystem
    general: GeneralParameters
    handicap: HandicapParameters
    pairing: PairingParameters
    players: tuple[GothaPlayer, ...]
    main: Criterion = Criterion.NBW
    games: tuple[PastGame, ...] = ()
    clubs_groups: tuple[ClubsGroup, ...] = ()
    bye: str | None = None
