"""The events of a directed tournament: every action of the director, as frozen values.

A tournament is its event log; `tournament.fold.fold` turns the log into the current
state. Each event serialises to a kind name and a JSON object (`to_json` / `from_json`), the
form stored in the database (a field added later with a default may be missing from an
event stored before: it takes the default). Rounds of the Swiss or round robin are numbers;
the finals are the stages `SF1`, `SF2` (semi-finals), `F1`, `F2`, `F3` (final) and `3P`
(third place), and a result event names its round as text (``"7"`` or ``"SF1"``).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterable
from dataclasses import MISSING, asdict, dataclass, fields
from typing import Any, ClassVar

from ratinglist.errors import TournamentError
from ratinglist.model import PlayerId
from ratinglist.pairing import Preset
from ratinglist.standings import BrightwellRule
from ratinglist.tournament.games.othello.results import SpecialResult

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
            raise TournamentError(f"expected a tournament name, got {self.name!r}")
        for value in (self.start, self.end):
            if value is not None:
                try:
                    dt.date.fromisoformat(value)
                except ValueError as exc:
                    raise TournamentError(f"expected a date as YYYY-MM-DD, got {value!r}") from exc
        if self.end is not None and self.end < self.start:
            raise TournamentError(
                f"expected a last day on or after the first day {self.start}, got {self.end}"
            )
        if self.semifinals_from < 4:
            raise TournamentError(
                f"expected semi-finals from 4 entrants or more, got {self.semifinals_from}"
            )
        if not self.game.isidentifier():
            raise TournamentError(f"expected a game name such as othello or go, got {self.game!r}")
        try:
            Preset(self.preset)
        except ValueError as exc:
            raise TournamentError(f"expected a preset eoc or papp, got {self.preset!r}") from exc
        try:
            BrightwellRule(self.bq_rule)
        except ValueError as exc:
            known = ", ".join(r.value for r in BrightwellRule)
            raise TournamentError(
                f"expected a Brightwell rule among {known}, got {self.bq_rule!r}"
            ) from exc
        if self.rounds < 1:
            raise TournamentError(f"expected at least 1 round, got {self.rounds}")
        if self.third_place_choice not in ("colour", "draw-win"):
            raise TournamentError(
                f"expected a third-place choice colour or draw-win, got {self.third_place_choice!r}"
            )

    @property
    def start_date(self) -> dt.date:
        """The first day."""
        return dt.date.fromisoformat(self.start)

    @property
    def end_date(self) -> dt.date | None:
        """The last day, when given."""
        return None if self.end is None else dt.date.fromisoformat(self.end)


class Event:
    """Base of the tournament events; `kind` is the stored name of each subclass."""

    __slots__ = ()
    kind: ClassVar[str] = ""


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


@dataclass(frozen=True, slots=True)
class Withdrawn(Event):
    """The player withdrew and is not paired from `from_round` on."""

    kind: ClassVar[str] = "withdrawn"
    player: PlayerId
    from_round: int


@dataclass(frozen=True, slots=True)
class Absent(Event):
    """The player is absent for one round (not paired, no bye)."""

    kind: ClassVar[str] = "absent"
    player: PlayerId
    round: int


@dataclass(frozen=True, slots=True)
class Forbidden(Event):
    """The two players are never to be paired together."""

    kind: ClassVar[str] = "forbidden"
    first: PlayerId
    second: PlayerId


@dataclass(frozen=True, slots=True)
class Forced(Event):
    """A pair the director imposes on round `round` (Black first), kept by the pairing."""

    kind: ClassVar[str] = "forced"
    round: int
    black: PlayerId
    white: PlayerId

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
            raise TournamentError(
                f"expected a forced pair for the next round {paired + 1}, got {self.round}"
            )
        if self.black == self.white:
            raise TournamentError(f"expected two different players, got {self.black} twice")
        same_round = [f for f in forced if f.round == self.round]
        for pid in (self.black, self.white):
            if not available(pid):
                raise TournamentError(
                    f"expected a player available in round {self.round}, got {pid}"
                )
            if any(pid in (f.black, f.white) for f in same_round):
                raise TournamentError(f"expected each player in one forced pair, got {pid} twice")


@dataclass(frozen=True, slots=True)
class Paired(Event):
    """The published pairings (Black, White) and byes of a round.

    `tables` holds the table number of each pair (same order as `pairs`, 1 = top board),
    fixed when the round is paired; a pairing stored before tables were fixed has none, and
    its tables are computed as they always were (`tournament.tables`).
    """

    kind: ClassVar[str] = "paired"
    round: int
    pairs: tuple[tuple[PlayerId, PlayerId], ...]
    byes: tuple[PlayerId, ...] = ()
    tables: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class FinalsStarted(Event):
    """The finals start with these four players, in standings order."""

    kind: ClassVar[str] = "finals"
    players: tuple[PlayerId, PlayerId, PlayerId, PlayerId]


@dataclass(frozen=True, slots=True)
class OthelloResultEvent(Event):
    """The fields of an Othello result event; `round` is a round number or a finals stage."""

    round: str
    black: PlayerId
    white: PlayerId
    black_discs: int
    white_discs: int
    special: str = SpecialResult.NONE.value


@dataclass(frozen=True, slots=True)
class ResultEntered(OthelloResultEvent):
    """The official disc score of a game."""

    kind: ClassVar[str] = "result"


@dataclass(frozen=True, slots=True)
class ResultCorrected(OthelloResultEvent):
    """A result already entered is replaced (later pairings are not changed)."""

    kind: ClassVar[str] = "correction"


@dataclass(frozen=True, slots=True)
class Submitted(Event):
    """The results file went into the rating store; the tournament is closed from here.
    `reason`: the director's reason for submitting it unfinished (empty: it was finished)."""

    kind: ClassVar[str] = "submitted"
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Reopened(Event):
    """The director reopened a closed tournament (to correct it and submit it again)."""

    kind: ClassVar[str] = "reopened"
    reason: str = ""


@dataclass(frozen=True, slots=True)
class ShownOnLive(Event):
    """The director shows the tournament on the public live pages (`public` True) or hides
    it there (a tournament is hidden until its director shows it)."""

    kind: ClassVar[str] = "shown-on-live"
    public: bool = True


@dataclass(frozen=True, slots=True)
class ReopenRequested(Event):
    """The director asks the rating officer to reopen a tournament whose results the
    officer already accepted (the officer reopens it, or not)."""

    kind: ClassVar[str] = "reopen-requested"
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Undone(Event):
    """Cancels the most recent action that is not already cancelled."""

    kind: ClassVar[str] = "undo"


@dataclass(frozen=True, slots=True)
class Reinstated(Event):
    """A withdrawn player comes back: paired again from the next round on (the rounds
    missed stay not played)."""

    kind: ClassVar[str] = "reinstated"
    player: PlayerId


@dataclass(frozen=True, slots=True)
class PlayersSwapped(Event):
    """The director swaps two players between two games of stored round `round`: each
    takes the other's seat (colour and table), before either game has a result."""

    kind: ClassVar[str] = "swapped"
    round: int
    first: PlayerId
    second: PlayerId


@dataclass(frozen=True, slots=True)
class ColoursExchanged(Event):
    """The game `black` - `white` of stored round `round` is played with the colours
    exchanged (`white` has Black), before it has a result."""

    kind: ClassVar[str] = "colours-exchanged"
    round: int
    black: PlayerId
    white: PlayerId


@dataclass(frozen=True, slots=True)
class EndDateSet(Event):
    """The tournament's last day (ISO date) is set or changed."""

    kind: ClassVar[str] = "end-date"
    end: str


@dataclass(frozen=True, slots=True)
class FlagsSet(Event):
    """A player's class flags, set after the registration: female, youth, birth year."""

    kind: ClassVar[str] = "flags"
    player: PlayerId
    female: bool = False
    youth: bool = False
    birth_year: int | None = None


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


@dataclass(frozen=True, slots=True)
class GoResultEvent(Event):
    """The fields of a Go result event: an `Outcome` value, and whether it was by default."""

    round: int
    white: PlayerId
    black: PlayerId
    outcome: str
    by_default: bool = False


@dataclass(frozen=True, slots=True)
class GoResultEntered(GoResultEvent):
    """The result of a Go game."""

    kind: ClassVar[str] = "go-result"


@dataclass(frozen=True, slots=True)
class GoResultCorrected(GoResultEvent):
    """A Go result already entered is replaced (later pairings are not changed)."""

    kind: ClassVar[str] = "go-correction"


@dataclass(frozen=True, slots=True)
class GoTeamEntered(Event):
    """A team of a Go team tournament entered, numbered `team` (1, 2, ...)."""

    kind: ClassVar[str] = "go-team"
    team: int
    name: str


@dataclass(frozen=True, slots=True)
class GoTeamBoards(Event):
    """The members of team `team` in (1-based) `round`, board 1 first (player numbers; 0
    leaves a board empty). Each member is copied to the later rounds whose board is still
    empty (OpenGotha's rule, GO.md h)."""

    kind: ClassVar[str] = "go-team-boards"
    team: int
    round: int
    players: tuple[PlayerId, ...]


@dataclass(frozen=True, slots=True)
class GoSettingsChanged(Event):
    """Settings of a Go tournament changed: (name, value) pairs by OpenGotha's parameter
    names, values as its XML spells them (``("komi", "6.5")``), applied in order
    (`tournament.games.go.options`), and players' SMMS corrections."""

    kind: ClassVar[str] = "go-settings"
    options: tuple[tuple[str, str], ...]
    smms: tuple[tuple[PlayerId, int], ...] = ()
    """McMahon groups: (player number, SMMS correction -1..2) pairs (+1: the super group)."""


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


@dataclass(frozen=True, slots=True)
class GoByeChosen(Event):
    """The director chose the bye of (1-based) `round`: before its pairing, the pairing
    gives the bye to `player`; in a paired round, `player` (not in a game of it) replaces
    the bye. Player 0: no bye (a paired round's bye player becomes unpaired)."""

    kind: ClassVar[str] = "go-bye"
    round: int
    player: PlayerId


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


@dataclass(frozen=True, slots=True)
class GoGamesAdded(Event):
    """Games added to a paired round among its unpaired players, by hand or by pairing
    the rest: (White, Black, handicap, table) as in `GoPaired`; `bye` the bye given with
    them (0: none)."""

    kind: ClassVar[str] = "go-games-added"
    round: int
    games: tuple[tuple[PlayerId, PlayerId, int, int], ...]
    bye: int = 0


@dataclass(frozen=True, slots=True)
class GoColoursExchanged(GoGameEvent):
    """White and Black of the game `white` - `black` (as before) of `round` exchange."""

    kind: ClassVar[str] = "go-colours"


@dataclass(frozen=True, slots=True)
class GoHandicapSet(GoGameEvent):
    """The handicap of the game `white` - `black` of `round` is set to `handicap` (0-9)."""

    kind: ClassVar[str] = "go-handicap"
    handicap: int


@dataclass(frozen=True, slots=True)
class GoTablesSet(Event):
    """New table numbers in `round`: (White of the game, table) for each game that moves
    (changing one table number, or renumbering the round)."""

    kind: ClassVar[str] = "go-tables"
    round: int
    tables: tuple[tuple[PlayerId, int], ...]


@dataclass(frozen=True, slots=True)
class GoRoundsSet(Event):
    """The tournament plays `rounds` rounds from now on (OpenGotha: increased at any
    moment; decreased only while the rounds dropped have no game)."""

    kind: ClassVar[str] = "go-rounds"
    rounds: int


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        Created,
        Registered,
        IdAssigned,
        Withdrawn,
        Absent,
        Forbidden,
        Forced,
        Paired,
        FinalsStarted,
        ResultEntered,
        ResultCorrected,
        Submitted,
        Reopened,
        Undone,
        ShownOnLive,
        ReopenRequested,
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
        Reinstated,
        PlayersSwapped,
        ColoursExchanged,
        EndDateSet,
        FlagsSet,
    )
}


_SETTINGS_DEFAULTS = {f.name: f.default for f in fields(Settings)}


def to_json(event: Event) -> tuple[str, str]:
    """The stored form: (kind, JSON object of the fields, keys sorted)."""
    payload = asdict(event)  # type: ignore[call-overload]
    if isinstance(event, Created):
        # the game's fields are left out while they hold their defaults, as every log
        # written before there was a second game has them
        settings = payload["settings"]
        for key in ("game", "go"):
            if settings[key] == _SETTINGS_DEFAULTS[key]:
                del settings[key]
    if isinstance(event, Paired) and not event.tables:
        del payload["tables"]  # stored as before tables were fixed
    if isinstance(event, Submitted) and not event.reason:
        del payload["reason"]  # stored as before a submission could carry a reason
    return event.kind, json.dumps(payload, sort_keys=True, ensure_ascii=False)


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def from_json(kind: str, payload: str) -> Event:
    """The event stored as (`kind`, `payload`); `to_json` is the inverse.

    Old logs stay readable (docs/decisions.md, "Issue 20: old logs"): an event kind or field
    stored once is never removed, renamed or made required; a field added to an event later
    has a default (a plain one or a default factory) and an event stored without it takes
    the default here (the settings of `Created` too; a Go tournament's parameters missing
    from its settings take OpenGotha's defaults for its system). The kinds and fields stored
    today are listed in ``tests/tournament/logs/event_fields.json``, and
    ``tests/tournament/test_event_rule.py`` holds the classes to that list.

    Raises:
        TournamentError: an unknown kind or a payload that does not fit it.
    """
    cls = EVENT_TYPES.get(kind)
    if cls is None:
        raise TournamentError(f"expected a known event kind, got {kind!r}")
    try:
        data = json.loads(payload)
        if cls is Created:
            return Created(Settings(**data["settings"]))
        known = fields(cls)  # type: ignore[arg-type]
        names = {f.name for f in known}
        required = {f.name for f in known if f.default is MISSING and f.default_factory is MISSING}
        if not required <= set(data) <= names:
            raise TypeError(f"fields {sorted(data)} instead of {sorted(names)}")
        return cls(**{k: _tuples(v) for k, v in data.items()})
    except (ValueError, TypeError, KeyError) as exc:
        raise TournamentError(
            f"expected a valid {kind!r} event, got {payload[:80]!r} ({exc})"
        ) from exc
