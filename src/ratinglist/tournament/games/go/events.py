"""Go's own events: registrations by rank, pairings with handicaps, results by outcome,
teams, settings and the director's edits of a round (OpenGotha's).

Stored kind names never change (`tournament.codec`); the game declares these classes
(`GoGame.events`) so the store's codec finds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ratinglist.errors import N_
from ratinglist.model import PlayerId
from ratinglist.tournament.events import (
    Event,
    Mark,
    Namer,
    game_mark,
    named,
    pair_words,
    player_mark,
    registration_words,
)


@dataclass(frozen=True, slots=True)
class GoRegistered(Event):
    """A Go player entered; `player` is the player's number in the tournament (1, 2, ...).

    `rank` is as typed (``3k``, ``2d``, ``1p``), `rating` on the EGF scale; `not_playing`
    lists the (1-based) rounds the player does not take part in (OpenGotha's participation,
    from a file), `first_round` > 1 a late entry; `final` False a preliminary registration.
    """

    kind: ClassVar[str] = "go-registered"
    player: PlayerId
    surname: str
    firstname: str
    rank: str
    rating: int
    country: str = ""
    club: str = ""
    egf_pin: str = ""
    ffg_licence: str = ""
    aga_id: str = ""
    first_round: int = 1
    final: bool = True
    smms_correction: int = 0
    not_playing: tuple[int, ...] = ()
    details: tuple[tuple[str, str], ...] = ()

    action: ClassVar[str] = N_("a registration")

    def footprint(self) -> frozenset[Mark]:
        return player_mark(self.player)

    def describe(self, name: Namer | None = None) -> str:
        return registration_words(self.player, self.surname, self.firstname)


@dataclass(frozen=True, slots=True)
class GoPaired(Event):
    """The published games of a Go round: (White, Black, handicap, table), and its byes.

    `unknown_colour` lists the tables whose colours are not known (games read from a file).
    """

    kind: ClassVar[str] = "go-paired"
    round: int
    games: tuple[tuple[PlayerId, PlayerId, int, int], ...]
    byes: tuple[PlayerId, ...] = ()
    unknown_colour: tuple[int, ...] = ()

    action: ClassVar[str] = N_("a pairing")

    def describe(self, name: Namer | None = None) -> str:
        return f"pairing of round {self.round}"


@dataclass(frozen=True, slots=True)
class GoResultEvent(Event):
    """The fields of a Go result event: an `Outcome` value, and whether it was by default."""

    round: int
    white: PlayerId
    black: PlayerId
    outcome: str
    by_default: bool = False

    def footprint(self) -> frozenset[Mark]:
        return game_mark(str(self.round), self.white, self.black)

    def describe(self, name: Namer | None = None) -> str:
        what = "result" if isinstance(self, GoResultEntered) else "correction"
        mark = "!" if self.by_default else ""
        return (
            f"{what} {self.outcome}{mark} of round {self.round}"
            f"{pair_words(self.white, self.black, name)}"
        )


@dataclass(frozen=True, slots=True)
class GoResultEntered(GoResultEvent):
    """The result of a Go game."""

    kind: ClassVar[str] = "go-result"

    action: ClassVar[str] = N_("a result")


@dataclass(frozen=True, slots=True)
class GoResultCorrected(GoResultEvent):
    """A Go result already entered is replaced (later pairings are not changed)."""

    kind: ClassVar[str] = "go-correction"

    action: ClassVar[str] = N_("a correction")


@dataclass(frozen=True, slots=True)
class GoTeamEntered(Event):
    """A team of a Go team tournament entered, numbered `team` (1, 2, ...)."""

    kind: ClassVar[str] = "go-team"
    team: int
    name: str

    action: ClassVar[str] = N_("a team")

    def describe(self, name: Namer | None = None) -> str:
        return f"team {self.team} {self.name!r}"


@dataclass(frozen=True, slots=True)
class GoTeamBoards(Event):
    """The members of team `team` in (1-based) `round`, board 1 first (player numbers; 0
    leaves a board empty). Each member is copied to the later rounds whose board is still
    empty (OpenGotha's rule, GO.md h)."""

    kind: ClassVar[str] = "go-team-boards"
    team: int
    round: int
    players: tuple[PlayerId, ...]

    action: ClassVar[str] = N_("team members")

    def describe(self, name: Namer | None = None) -> str:
        return f"members of team {self.team} in round {self.round}"


@dataclass(frozen=True, slots=True)
class GoSettingsChanged(Event):
    """Settings of a Go tournament changed: (name, value) pairs by OpenGotha's parameter
    names, values as its XML spells them (``("komi", "6.5")``), applied in order
    (`tournament.games.go.options`), and players' SMMS corrections."""

    kind: ClassVar[str] = "go-settings"
    options: tuple[tuple[str, str], ...]
    smms: tuple[tuple[PlayerId, int], ...] = ()
    """McMahon groups: (player number, SMMS correction -1..2) pairs (+1: the super group)."""

    def describe(self, name: Namer | None = None) -> str:
        return "settings " + ", ".join(f"{key}={value}" for key, value in self.options)


@dataclass(frozen=True, slots=True)
class GoPlayerModified(Event):
    """The director changed a Go player's data (OpenGotha's "Modify player"); a field left
    None is unchanged. `not_playing` is the whole list of (1-based) rounds the player does
    not take part in (OpenGotha's participation); `final` False is a preliminary (PRE)
    registration, True a final one (FIN)."""

    kind: ClassVar[str] = "go-player"
    player: PlayerId
    rank: str | None = None
    rating: int | None = None
    club: str | None = None
    country: str | None = None
    not_playing: tuple[int, ...] | None = None
    final: bool | None = None

    action: ClassVar[str] = N_("a change of a player")

    def footprint(self) -> frozenset[Mark]:
        return player_mark(self.player)

    def describe(self, name: Namer | None = None) -> str:
        return f"change of player {named(name)(self.player)}"


@dataclass(frozen=True, slots=True)
class GoByeChosen(Event):
    """The director chose the bye of (1-based) `round`: before its pairing, the pairing
    gives the bye to `player`; in a paired round, `player` (not in a game of it) replaces
    the bye. Player 0: no bye (a paired round's bye player becomes unpaired)."""

    kind: ClassVar[str] = "go-bye"
    round: int
    player: PlayerId

    action: ClassVar[str] = N_("a bye")

    def describe(self, name: Namer | None = None) -> str:
        who = named(name)(self.player) if int(self.player) else "none"
        return f"bye of round {self.round}: {who}"


@dataclass(frozen=True, slots=True)
class GoGameEvent(Event):
    """The fields of a director's edit of one Go game: the game `white` - `black` of
    (1-based) `round`."""

    round: int
    white: PlayerId
    black: PlayerId


@dataclass(frozen=True, slots=True)
class GoUnpaired(GoGameEvent):
    """The game `white` - `black` of a paired round is removed (both players are unpaired
    in that round); removing the round's last game also clears its bye (OpenGotha)."""

    kind: ClassVar[str] = "go-unpaired"

    action: ClassVar[str] = N_("an unpairing")

    def describe(self, name: Namer | None = None) -> str:
        return f"unpairing of round {self.round}{pair_words(self.white, self.black, name)}"


@dataclass(frozen=True, slots=True)
class GoGamesAdded(Event):
    """Games added to a paired round among its unpaired players, by hand or by pairing
    the rest: (White, Black, handicap, table) as in `GoPaired`; `bye` the bye given with
    them (0: none)."""

    kind: ClassVar[str] = "go-games-added"
    round: int
    games: tuple[tuple[PlayerId, PlayerId, int, int], ...]
    bye: int = 0

    action: ClassVar[str] = N_("a pairing by hand")

    def describe(self, name: Namer | None = None) -> str:
        return f"{len(self.games)} game(s) added to round {self.round}"


@dataclass(frozen=True, slots=True)
class GoColoursExchanged(GoGameEvent):
    """White and Black of the game `white` - `black` (as before) of `round` exchange."""

    kind: ClassVar[str] = "go-colours"

    action: ClassVar[str] = N_("a colour exchange")

    def describe(self, name: Namer | None = None) -> str:
        game = pair_words(self.white, self.black, name)
        return f"colours exchanged in round {self.round}{game}"


@dataclass(frozen=True, slots=True)
class GoHandicapSet(GoGameEvent):
    """The handicap of the game `white` - `black` of `round` is set to `handicap` (0-9)."""

    kind: ClassVar[str] = "go-handicap"
    handicap: int

    action: ClassVar[str] = N_("a handicap")

    def describe(self, name: Namer | None = None) -> str:
        game = pair_words(self.white, self.black, name)
        return f"handicap {self.handicap} in round {self.round}{game}"


@dataclass(frozen=True, slots=True)
class GoTablesSet(Event):
    """New table numbers in `round`: (White of the game, table) for each game that moves
    (changing one table number, or renumbering the round)."""

    kind: ClassVar[str] = "go-tables"
    round: int
    tables: tuple[tuple[PlayerId, int], ...]

    action: ClassVar[str] = N_("a table change")

    def describe(self, name: Namer | None = None) -> str:
        return f"{len(self.tables)} table number(s) changed in round {self.round}"


@dataclass(frozen=True, slots=True)
class GoRoundsSet(Event):
    """The tournament plays `rounds` rounds from now on (OpenGotha: increased at any
    moment; decreased only while the rounds dropped have no game)."""

    kind: ClassVar[str] = "go-rounds"
    rounds: int

    action: ClassVar[str] = N_("a number of rounds")

    def describe(self, name: Namer | None = None) -> str:
        return f"number of rounds set to {self.rounds}"


EVENTS: tuple[type[Event], ...] = (
    GoRegistered,
    GoPaired,
    GoResultEntered,
    GoResultCorrected,
    GoTeamEntered,
    GoTeamBoards,
    GoSettingsChanged,
    GoPlayerModified,
    GoByeChosen,
    GoUnpaired,
    GoGamesAdded,
    GoColoursExchanged,
    GoHandicapSet,
    GoTablesSet,
    GoRoundsSet,
)
"""Go's event classes, as the codec reads them."""
