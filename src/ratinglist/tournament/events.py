"""The engine's events of a directed tournament: the actions any game shares, as frozen values.

A tournament is its event log; `tournament.fold.fold` turns the log into the current
state. The events here are the game-free ones (creation, registrations from the registry,
withdrawals, absences, forbidden and forced pairs, submission, undo...); each game's own
events live in its folder (``games/<name>/events.py``) and the game declares them
(`Game.events`). Each event serialises to a kind name and a JSON object
(`tournament.codec`), the form stored in the database.

Each event answers for itself what the engine asks of it without knowing its class: what it
touches (`footprint`, for concurrent writers), its words in messages (`describe`) and the
action it is (`action`, e.g. ``a withdrawal``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from ratinglist.errors import N_, NotAllowedNow, TournamentInputError
from ratinglist.model import PlayerId, shown_id
from ratinglist.pairing import Preset
from ratinglist.standings import BrightwellRule

DEFAULT_ROUNDS = 13
OTHELLO = "othello"
GO = "go"


@dataclass(frozen=True, slots=True)
class Settings:
    """How the tournament is run. `system` None means the EOC table by player count.

    `rounds` is the number of Swiss rounds; `seed` drives every draw (round-1 order, lots);
    `bye_discs`, `bq_constant` and `bq_rule` (a `BrightwellRule` value) are the standings
    parameters (a log stored without them takes the defaults); `third_place_choice` is what
    the higher ranked chose in the third-place game (``colour``: a draw goes to the other
    player; ``draw-win``: a draw goes to him); `semifinals_from` is the entrant count from
    which the top 4 play semi-finals (seed 004 II.5; below it 1st v 2nd play the final and
    3rd v 4th the third-place game, except in the 9-10 player system, which has them).
    """

    name: str
    country: str
    start: str
    end: str | None = None
    sender: str = ""
    system: str | None = None
    preset: str = Preset.EOC.value
    rounds: int = DEFAULT_ROUNDS
    seed: int = 0
    bye_discs: float = 32.0
    bq_constant: float = 6.0
    bq_rule: str = BrightwellRule.IFRL.value
    third_place_choice: str = "colour"
    semifinals_from: int = 10
    game: str = OTHELLO
    go: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise TournamentInputError(
                N_("expected a tournament name, got %(name)r"), name=self.name
            )
        for value in (self.start, self.end):
            if value is not None:
                try:
                    dt.date.fromisoformat(value)
                except ValueError as exc:
                    raise TournamentInputError(
                        N_("expected a date as YYYY-MM-DD, got %(value)r"), value=value
                    ) from exc
        if self.end is not None and self.end < self.start:
            raise TournamentInputError(
                N_("expected a last day on or after the first day %(start)s, got %(end)s"),
                start=self.start,
                end=self.end,
            )
        if self.semifinals_from < 4:
            raise TournamentInputError(
                N_("expected semi-finals from 4 entrants or more, got %(semifinals_from)s"),
                semifinals_from=self.semifinals_from,
            )
        if not self.game.isidentifier():
            raise TournamentInputError(
                N_("expected a game name such as othello or go, got %(game)r"), game=self.game
            )
        try:
            Preset(self.preset)
        except ValueError as exc:
            raise TournamentInputError(
                N_("expected a preset eoc or papp, got %(preset)r"), preset=self.preset
            ) from exc
        try:
            BrightwellRule(self.bq_rule)
        except ValueError as exc:
            known = ", ".join(r.value for r in BrightwellRule)
            raise TournamentInputError(
                N_("expected a Brightwell rule among %(known)s, got %(bq_rule)r"),
                known=known,
                bq_rule=self.bq_rule,
            ) from exc
        if self.rounds < 1:
            raise TournamentInputError(
                N_("expected at least 1 round, got %(rounds)s"), rounds=self.rounds
            )
        if self.third_place_choice not in ("colour", "draw-win"):
            raise TournamentInputError(
                N_("expected a third-place choice colour or draw-win, got %(third_place_choice)r"),
                third_place_choice=self.third_place_choice,
            )

    @property
    def start_date(self) -> dt.date:
        """The first day."""
        return dt.date.fromisoformat(self.start)

    @property
    def end_date(self) -> dt.date | None:
        """The last day, when given."""
        return None if self.end is None else dt.date.fromisoformat(self.end)


Mark = tuple[str, str, int, int]
"""What an event touches: (what, where, first number, second number), e.g. a game's
``("game", "3", 4012, 4013)`` or a player's ``("player", "", 4012, 0)``."""
EVERYTHING: frozenset[Mark] = frozenset({("*", "", 0, 0)})
"""The footprint of an action that depends on the whole state (pairing, undo, submit...)."""

Namer = Callable[[PlayerId], str]
"""A player's name by ID, for messages."""


def player_mark(player: PlayerId) -> frozenset[Mark]:
    """The footprint of an action on one player (registration, withdrawal, flags...)."""
    return frozenset({("player", "", int(player), 0)})


def game_mark(round_name: str, a: PlayerId, b: PlayerId) -> frozenset[Mark]:
    """The footprint of a result of the game `a` - `b` in round `round_name` (either order)."""
    low, high = sorted((int(a), int(b)))
    return frozenset({("game", round_name, low, high)})


def named(name: Namer | None) -> Namer:
    """`name`, or the shown identifier when no names are given."""
    return name or shown_id


def pair_words(a: PlayerId, b: PlayerId, name: Namer | None) -> str:
    """A game's players for `Event.describe`: ``, DUBOIS, Anne v EVANS, Tom`` with names,
    `` (4012 - 4013)`` without."""
    who = named(name)
    return f", {who(a)} v {who(b)}" if name is not None else f" ({who(a)} - {who(b)})"


def registration_words(player: PlayerId, surname: str, firstname: str) -> str:
    """A registration in words: ``registration of DUBOIS, Anne (4012)``."""
    shown = shown_id(player)
    if firstname:
        return f"registration of {surname}, {firstname} ({shown})"
    return f"registration of {surname} ({shown})"


class Event:
    """Base of the tournament events; `kind` is the stored name of each subclass, `action`
    the action in words for messages (``a withdrawal``)."""

    __slots__ = ()
    kind: ClassVar[str] = ""
    action: ClassVar[str] = ""
    stored_when_set: ClassVar[tuple[str, ...]] = ()
    """Fields left out of the stored form while empty (stored as before they existed)."""

    def footprint(self) -> frozenset[Mark]:
        """What the event reads and changes, as marks; `EVERYTHING` (the default) for an
        action that depends on the whole state."""
        return EVERYTHING

    def describe(self, name: Namer | None = None) -> str:
        """The event in words for messages, e.g. ``result 40-24 of round 3 (4012 - 4013)``;
        with `name` (a player's name by ID) the players are named."""
        return f"{self.kind} event"

    def action_words(self) -> str:
        """The action in words, e.g. ``a withdrawal`` (``a KIND action`` when not given)."""
        return self.action or f"a {self.kind} action"


@dataclass(frozen=True, slots=True)
class Created(Event):
    """The tournament was created with these settings (always the first event)."""

    kind: ClassVar[str] = "created"
    settings: Settings


@dataclass(frozen=True, slots=True)
class Registered(Event):
    """A player entered; `new` marks a player new to the registry (``+`` in the results
    file): since issue 19 such a player enters under a temporary identifier (``NEW1``,
    `model.ids.temporary_player_id`) until the ID officer gives the real ID (`IdAssigned`).
    `rating` is the player's rating in the published list of as-of date `rating_list`
    (ISO date; empty: no published list, or a log written before lists were used).
    """

    kind: ClassVar[str] = "registered"
    player: PlayerId
    surname: str
    firstname: str
    country: str
    rating: int | None = None
    new: bool = False
    first_round: int = 1
    female: bool = False
    youth: bool = False
    birth_year: int | None = None
    debutant: bool = False
    rating_list: str = ""

    action: ClassVar[str] = N_("a registration")

    def footprint(self) -> frozenset[Mark]:
        return player_mark(self.player)

    def describe(self, name: Namer | None = None) -> str:
        return registration_words(self.player, self.surname, self.firstname)


@dataclass(frozen=True, slots=True)
class IdAssigned(Event):
    """The entrant registered under the temporary `temporary` gets the registry ID `player`
    from here on, everywhere in the tournament: a new ID (`new`) the ID officer (or the rating
    officer at intake) registered, or the ID of a registered player (the namesake was that
    player: `new` False). `surname`, `firstname`, `country` and `rating` are the registry's.
    """

    kind: ClassVar[str] = "id-assigned"
    temporary: PlayerId
    player: PlayerId
    surname: str
    firstname: str
    country: str
    new: bool = True
    rating: int | None = None
    rating_list: str = ""

    action: ClassVar[str] = N_("an ID assignment")

    def describe(self, name: Namer | None = None) -> str:
        return f"ID {self.player} given to {shown_id(self.temporary)}"


@dataclass(frozen=True, slots=True)
class Withdrawn(Event):
    """The player withdrew and is not paired from `from_round` on."""

    kind: ClassVar[str] = "withdrawn"
    player: PlayerId
    from_round: int

    action: ClassVar[str] = N_("a withdrawal")

    def footprint(self) -> frozenset[Mark]:
        return player_mark(self.player)

    def describe(self, name: Namer | None = None) -> str:
        return f"withdrawal of {named(name)(self.player)} from round {self.from_round}"


@dataclass(frozen=True, slots=True)
class Absent(Event):
    """The player is absent for one round (not paired, no bye)."""

    kind: ClassVar[str] = "absent"
    player: PlayerId
    round: int

    action: ClassVar[str] = N_("an absence")

    def footprint(self) -> frozenset[Mark]:
        return player_mark(self.player)

    def describe(self, name: Namer | None = None) -> str:
        return f"absence of {named(name)(self.player)} in round {self.round}"


@dataclass(frozen=True, slots=True)
class Forbidden(Event):
    """The two players are never to be paired together."""

    kind: ClassVar[str] = "forbidden"
    first: PlayerId
    second: PlayerId

    action: ClassVar[str] = N_("a forbidden pair")

    def footprint(self) -> frozenset[Mark]:
        low, high = sorted((int(self.first), int(self.second)))
        return frozenset({("pair", "", low, high)})

    def describe(self, name: Namer | None = None) -> str:
        who = named(name)
        return f"forbidden pair {who(self.first)} - {who(self.second)}"


@dataclass(frozen=True, slots=True)
class Forced(Event):
    """A pair the director imposes on round `round` (Black first), kept by the pairing."""

    kind: ClassVar[str] = "forced"
    round: int
    black: PlayerId
    white: PlayerId

    action: ClassVar[str] = N_("a forced pair")

    def describe(self, name: Namer | None = None) -> str:
        who = named(name)
        return f"forced pair {who(self.black)} - {who(self.white)} in round {self.round}"

    def check(
        self, paired: int, forced: Iterable[Forced], available: Callable[[PlayerId], bool]
    ) -> None:
        """Raise unless the pair can be forced after `paired` published rounds: the next
        round, two different players, each `available` in it and in no other pair of `forced`
        for that round.

        Raises:
            TournamentError: the rule it breaks.
        """
        if self.round != paired + 1:
            raise NotAllowedNow(
                N_("expected a forced pair for the next round %(paired)s, got %(round)s"),
                paired=paired + 1,
                round=self.round,
            )
        if self.black == self.white:
            raise TournamentInputError(
                N_("expected two different players, got %(black)s twice"), black=self.black
            )
        same_round = [f for f in forced if f.round == self.round]
        for pid in (self.black, self.white):
            if not available(pid):
                raise TournamentInputError(
                    N_("expected a player available in round %(round)s, got %(pid)s"),
                    round=self.round,
                    pid=pid,
                )
            if any(pid in (f.black, f.white) for f in same_round):
                raise TournamentInputError(
                    N_("expected each player in one forced pair, got %(pid)s twice"), pid=pid
                )


@dataclass(frozen=True, slots=True)
class Reinstated(Event):
    """A withdrawn player comes back: paired again from the next round on (the rounds
    missed stay not played)."""

    kind: ClassVar[str] = "reinstated"
    player: PlayerId

    action: ClassVar[str] = N_("a reinstatement")

    def footprint(self) -> frozenset[Mark]:
        return player_mark(self.player)

    def describe(self, name: Namer | None = None) -> str:
        return f"reinstatement of {named(name)(self.player)}"


@dataclass(frozen=True, slots=True)
class FlagsSet(Event):
    """A player's class flags, set after the registration: female, youth, birth year."""

    kind: ClassVar[str] = "flags"
    player: PlayerId
    female: bool = False
    youth: bool = False
    birth_year: int | None = None

    action: ClassVar[str] = N_("player flags")

    def footprint(self) -> frozenset[Mark]:
        return player_mark(self.player)

    def describe(self, name: Namer | None = None) -> str:
        return f"flags of {named(name)(self.player)}"


@dataclass(frozen=True, slots=True)
class EndDateSet(Event):
    """The tournament's last day (ISO date) is set or changed."""

    kind: ClassVar[str] = "end-date"
    end: str

    action: ClassVar[str] = N_("the end date")

    def footprint(self) -> frozenset[Mark]:
        return frozenset({("settings", "end", 0, 0)})

    def describe(self, name: Namer | None = None) -> str:
        return f"end date {self.end}"


@dataclass(frozen=True, slots=True)
class Submitted(Event):
    """The results file went into the rating store; the tournament is closed from here.
    `reason`: the director's reason for submitting it unfinished (empty: it was finished)."""

    kind: ClassVar[str] = "submitted"
    reason: str = ""

    stored_when_set: ClassVar[tuple[str, ...]] = ("reason",)
    action: ClassVar[str] = N_("a submission")

    def describe(self, name: Namer | None = None) -> str:
        return "submission"


@dataclass(frozen=True, slots=True)
class Reopened(Event):
    """The director reopened a closed tournament (to correct it and submit it again)."""

    kind: ClassVar[str] = "reopened"
    reason: str = ""

    def describe(self, name: Namer | None = None) -> str:
        return "reopening"


@dataclass(frozen=True, slots=True)
class ShownOnLive(Event):
    """The director shows the tournament on the public live pages (`public` True) or hides
    it there (a tournament is hidden until its director shows it)."""

    kind: ClassVar[str] = "shown-on-live"
    public: bool = True

    action: ClassVar[str] = N_("showing it on /live")

    def footprint(self) -> frozenset[Mark]:
        return frozenset({("shown", "", 0, 0)})

    def describe(self, name: Namer | None = None) -> str:
        return "showing on /live" if self.public else "hiding from /live"


@dataclass(frozen=True, slots=True)
class LanguageSet(Event):
    """The director sets the tournament's language (``en``, ``fr``, ``ja``: issue 36): its
    pages and printed sheets speak it to visitors who chose no language themselves."""

    kind: ClassVar[str] = "language"
    language: str = "en"

    action: ClassVar[str] = N_("the language")

    def footprint(self) -> frozenset[Mark]:
        return frozenset({("settings", "language", 0, 0)})

    def describe(self, name: Namer | None = None) -> str:
        return f"language {self.language}"


@dataclass(frozen=True, slots=True)
class ReopenRequested(Event):
    """The director asks the rating officer to reopen a tournament whose results the
    officer already accepted (the officer reopens it, or not)."""

    kind: ClassVar[str] = "reopen-requested"
    reason: str = ""

    action: ClassVar[str] = N_("a request to reopen")

    def describe(self, name: Namer | None = None) -> str:
        return "request to reopen"


@dataclass(frozen=True, slots=True)
class Undone(Event):
    """Cancels the most recent action that is not already cancelled."""

    kind: ClassVar[str] = "undo"

    def describe(self, name: Namer | None = None) -> str:
        return "undo"


ENGINE_EVENTS: tuple[type[Event], ...] = (
    Created,
    Registered,
    IdAssigned,
    Withdrawn,
    Absent,
    Forbidden,
    Forced,
    Reinstated,
    FlagsSet,
    EndDateSet,
    Submitted,
    Reopened,
    ShownOnLive,
    LanguageSet,
    ReopenRequested,
    Undone,
)
"""The engine's own events, whatever the game (each game declares its own, `Game.events`)."""
