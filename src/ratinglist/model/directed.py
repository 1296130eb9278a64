"""The values of a directed tournament that the services return and the CLI and the pages
show (frozen, pure data)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ratinglist.model import PlayerId, shown_id


@dataclass(frozen=True, slots=True)
class TournamentSummary:
    """One directed tournament as listed."""

    id: int
    name: str
    country: str
    start: str
    status: str
    events: int


@dataclass(frozen=True, slots=True)
class Created:
    """A new tournament: its id, name and the seed of its draws."""

    id: int
    name: str
    seed: int


@dataclass(frozen=True, slots=True)
class Person:
    """An entrant named in a message: ID and "SURNAME, First", and `shown_id`, the ID as
    people read it (``NEW1`` while the player has a temporary identifier; a field, so that
    the JSON API carries it beside the internal `id`)."""

    id: PlayerId
    name: str
    shown_id: str = ""
    """Always made from `id` (whatever is passed), so it can never disagree with it."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "shown_id", shown_id(self.id))

    @property
    def label(self) -> str:
        """``SURNAME, First (ID)``."""
        return f"{self.name} ({self.shown_id})"


@dataclass(frozen=True, slots=True)
class Resolved:
    """A registration query and the registered player it named (`how`: ``ID`` or a score)."""

    query: str
    player: Person
    how: str


@dataclass(frozen=True, slots=True)
class Registration:
    """What `register` did: the players found, the new player (if any), entrants now;
    `new_identifier` is the new player's temporary identifier as written (``NEW1``)."""

    found: tuple[Resolved, ...]
    new_player: Person | None
    new_country: str | None
    new_was_retry: bool
    entrants: int
    new_identifier: str | None = None


@dataclass(frozen=True, slots=True)
class PlayerAction:
    """A withdrawal or absence: who and from (or in) which round."""

    player: Person
    round: int


@dataclass(frozen=True, slots=True)
class TableLine:
    """One table of a round: number (1 = top board), Black, White, points before, result.

    A Go game has its `handicap`; its points are the main score (MMS, NBW...) before the round.
    `kind` names a result that is not a plain game on the board (``forfeit``: not played,
    not rated; ``time default``, ``resignation``...); empty for a plain game or none yet.
    """

    table: int
    black: Person
    black_points: float
    white: Person
    white_points: float
    result: str
    handicap: int | None = None
    kind: str = ""
    black_rank: str = ""
    white_rank: str = ""
    """The players' ranks where the game has them (Go: ``3k``, ``2d``), for lists and slips."""

    @property
    def shown_result(self) -> str:
        """The result with its kind: ``64-0 forfeit``, ``40-24``; empty before it is in."""
        return f"{self.result} {self.kind}" if self.result and self.kind else self.result


@dataclass(frozen=True, slots=True)
class RoundView:
    """A published round: its tables in board order, byes and absentees; `seq` is the log's
    event number it was read at (what a write can state it is based on)."""

    tournament: str
    number: int
    seq: int
    tables: tuple[TableLine, ...]
    byes: tuple[tuple[Person, float], ...]
    absent: tuple[Person, ...]
    game: str = "othello"
    white_first: bool = False

    @property
    def columns(self) -> tuple[str, str]:
        """The two players' column titles in the order the game names them."""
        return ("White", "Black") if self.white_first else ("Black", "White")

    @property
    def handicaps(self) -> bool:
        """Whether the round's games carry a handicap (a column to show)."""
        return any(t.handicap is not None for t in self.tables)

    def seats(self) -> tuple[Seat, ...]:
        """Each table with its players in the order of `columns`."""
        return tuple(
            Seat(t, t.white, t.white_points, t.black, t.black_points)
            if self.white_first
            else Seat(t, t.black, t.black_points, t.white, t.white_points)
            for t in self.tables
        )


@dataclass(frozen=True, slots=True)
class Seat:
    """A table as shown: its line, and the first and second player named (`RoundView.columns`)."""

    line: TableLine
    first: Person
    first_points: float
    second: Person
    second_points: float


@dataclass(frozen=True, slots=True)
class EnteredResult:
    """A result stored: stage, table (None in the finals), players, discs, special kind.

    A Go result is `go_result` as typed for White - Black (``1-0``, ``0-1!``), discs 0.
    `repeated`: the game already had exactly this result (sent twice); nothing was written.
    """

    round: str
    table: int | None
    black: Person
    white: Person
    black_discs: int
    white_discs: int
    special: str
    corrected: bool
    go_result: str | None = None
    repeated: bool = False
    white_first: bool = False
    """The game writes a result White first (Go's ``WHITE 1-0 BLACK``); else Black first."""

    @property
    def score(self) -> str:
        """The result as typed: discs (``40-24``) or a Go result for White - Black."""
        return self.go_result or f"{self.black_discs}-{self.white_discs}"

    @property
    def first(self) -> Person:
        """The player a result line names first, as the game writes it (`white_first`)."""
        return self.white if self.white_first else self.black

    @property
    def second(self) -> Person:
        """The player a result line names second (after the score)."""
        return self.black if self.white_first else self.white


@dataclass(frozen=True, slots=True)
class Undid:
    """What an undo cancelled (or would cancel), in words, the log's sequence number of that
    action, who wrote it (a user name), and the log's newest event number it was read at."""

    seq: int
    what: str
    by: str = ""
    based_on: int = 0


class RankedLine(Protocol):
    """What any game's standings line says: a place and a player."""

    @property
    def place(self) -> int:
        """The place (shared by a tie where the game shares places)."""
        ...

    @property
    def player(self) -> Person:
        """The player."""
        ...


class Standings(Protocol):
    """What any game's standings say; the columns are the game's own (its `shown_standings`
    reads its own value): Othello's `StandingsView`, Go's `GoStandingsView`..."""

    @property
    def tournament(self) -> str:
        """The tournament's name."""
        ...

    @property
    def label(self) -> str:
        """The title (the name, and the class where there is one)."""
        ...

    @property
    def rounds(self) -> int:
        """The complete rounds counted."""
        ...

    @property
    def lines(self) -> Sequence[RankedLine]:
        """The lines in standings order."""
        ...

    @property
    def progress(self) -> str:
        """Which results they count, in words."""
        ...


@dataclass(frozen=True, slots=True)
class StandingLine:
    """One line of the standings."""

    place: int
    player: Person
    country: str
    points: float
    brightwell: float
    discs: float
    withdrawn: bool


@dataclass(frozen=True, slots=True)
class StandingsView:
    """The standings after `rounds` complete rounds (`label` adds the class, if any);
    `progress` says which results they count, e.g. ``after round 2; round 3: 4 of 8
    results in`` (the results of a round count once the round is complete)."""

    tournament: str
    label: str
    rounds: int
    lines: tuple[StandingLine, ...]
    progress: str = ""


@dataclass(frozen=True, slots=True)
class CostLine:
    """One pair of an explained Swiss round: Black, White (None: bye), costs by criterion."""

    black: Person
    white: Person | None
    forced: bool
    parts: tuple[tuple[str, int], ...]
    cost: int


@dataclass(frozen=True, slots=True)
class ExplainView:
    """Each pair's cost by criterion for a Swiss round, with the total and forced extra;
    `asked`: pairs the director asked about (Go), not in the round."""

    number: int
    preset: str
    pairs: tuple[CostLine, ...]
    total: int
    forced_extra: int | None
    asked: tuple[CostLine, ...] = ()


@dataclass(frozen=True, slots=True)
class FinalsLine:
    """One finals game due: stage, the match it belongs to, colours, result once entered."""

    stage: str
    match: str
    black: Person
    white: Person
    result: str
    kind: str = ""

    @property
    def shown_result(self) -> str:
        """The result with its kind (``64-0 forfeit``), as `TableLine.shown_result`."""
        return f"{self.result} {self.kind}" if self.result and self.kind else self.result


@dataclass(frozen=True, slots=True)
class FinalsView:
    """The finals games due so far (`started`: the finals were started by this call)."""

    tournament: str
    games: tuple[FinalsLine, ...]
    started: bool


@dataclass(frozen=True, slots=True)
class Written:
    """The files an export wrote."""

    paths: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SubmittedFile:
    """What `submit` stored: the results file name, its status (``queued`` for the rating
    officer, or the import status with ``--import-now``), its games, the kept copy, and the
    queue item's number when queued."""

    name: str
    status: str
    games: int
    kept: str | None
    item: int | None = None


@dataclass(frozen=True, slots=True)
class GoStandingLine:
    """One line of Go standings: place (shared by full ties), player, criteria, half-games."""

    place: int
    tied: bool
    player: Person
    rank: str
    country: str
    club: str
    values: tuple[str, ...]
    rounds: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GoStandingsView:
    """Go standings after `rounds` rounds on the placement `criteria` (OpenGotha's names)."""

    tournament: str
    rounds: int
    criteria: tuple[str, ...]
    lines: tuple[GoStandingLine, ...]
    progress: str = ""

    @property
    def label(self) -> str:
        """The title of the standings (the tournament's name)."""
        return self.tournament


@dataclass(frozen=True, slots=True)
class GoImported:
    """An OpenGotha file stored as a directed tournament: id, name, what it holds."""

    id: int
    name: str
    players: int
    rounds: int
    games: int
    events: int
    diagnostics: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ResultSpec:
    """A result as typed: the game (round with players, or table) and the score or special.

    `round` None is the last paired round; `table` replaces `black` and `white`.
    """

    round: str | None = None
    black: int | None = None
    white: int | None = None
    table: int | None = None
    score: str | None = None
    special: str | None = None
    winner: int | None = None


@dataclass(frozen=True, slots=True)
class NewSettings:
    """What `new_tournament` needs (plain values as typed by the director)."""

    name: str
    country: str
    start: str
    end: str | None = None
    system: str | None = None
    preset: str = "eoc"
    rounds: int | None = None
    seed: int | None = None
    bye_discs: float = 32.0
    bq_constant: float = 6.0
    bq_rule: str = "standard"
    sender: str = "tournament director"
    game: str = "othello"
    bar: str | None = None
    floor: str | None = None
    criteria: str | None = None
    team_size: int | None = None
    team_criteria: str | None = None
    go_options: GoOptions | None = None


@dataclass(frozen=True, slots=True)
class GoOptions:
    """Go settings as typed (None: unchanged; OpenGotha's default for a new tournament).

    `time` in the syntax ``90m``, ``60m+3x30s`` (byo-yomi), ``60m+15/5m`` (Canadian),
    ``60m+10s`` (Fischer); `handicap` ``mms``, ``rank`` or ``none``; `egf_class` A-D or X
    (empty: from the time system); `compat` ``opengotha``; `parameters` more settings as
    ``name=value`` with OpenGotha's parameter names (``paiMaSeedSystem1=SPLITANDFOLD``);
    `smms` (player number, SMMS correction -1..2) pairs: McMahon groups (+1 the super group).
    """

    time: str | None = None
    komi: str | None = None
    location: str | None = None
    director: str | None = None
    egf_class: str | None = None
    internet: bool | None = None
    handicap: str | None = None
    handicap_threshold: str | None = None
    handicap_correction: str | None = None
    handicap_ceiling: str | None = None
    bar: str | None = None
    floor: str | None = None
    criteria: str | None = None
    compat: str | None = None
    parameters: tuple[str, ...] = ()
    smms: tuple[tuple[int, int], ...] = ()

    @property
    def empty(self) -> bool:
        """No setting given."""
        return self == GoOptions()


@dataclass(frozen=True, slots=True)
class GoSettingsView:
    """A Go tournament's settings: every settable name with its value as OpenGotha's XML
    spells it, the time system typed back, the EGF class (chosen or computed) with the
    adjusted time, and the names that may no longer change (round 1 is paired)."""

    tournament: str
    paired: int
    time: str
    egf_class: str
    egf_class_chosen: bool
    adjusted_minutes: int
    group_max: int | None
    values: tuple[tuple[str, str], ...]
    fixed: tuple[str, ...]
    based_on: int
    smms: tuple[tuple[int, str, int], ...] = ()
    """Players whose SMMS is corrected: number, name, correction."""


@dataclass(frozen=True, slots=True)
class GoEntry:
    """A Go player to enter, as typed: ``SURNAME,First`` name, rank, and optional facts.

    `rating` None takes the rank's rating (GO.md b: 1d = 2100, 100 per grade).
    """

    name: str
    rank: str
    rating: int | None = None
    country: str = ""
    club: str = ""
    egf_pin: str = ""
    ffg_licence: str = ""
    aga_id: str = ""
    first_round: int | None = None


@dataclass(frozen=True, slots=True)
class EntrantLine:
    """An entrant as the director's page lists them: who, country, rating as shown (a Go
    player's rank and rating), and whether withdrawn."""

    player: Person
    country: str
    rating: str
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What the pages need to know of a tournament's game to draw its forms: its name and
    label, whether players come from the registry (else from rating lists, with a rank), how
    a result is typed (discs, or one of `result_choices`), its special results, its systems,
    and its main results file (`main_export`, an export kind)."""

    name: str
    label: str
    uses_registry: bool
    registration_help: str
    result_help: str
    result_choices: tuple[tuple[str, str], ...]
    specials: tuple[str, ...]
    systems: tuple[str, ...]
    main_export: str
    classes: tuple[str, ...] = ()
    has_finals: bool = False
    submit_label: str = "Submit"
    submit_confirm: str = "Close the tournament?"
    settings_fields: tuple[tuple[str, str, str], ...] = ()
    has_forecast: bool = False
    """Whether the game forecasts its tournaments (expected scores, chances)."""
    seat_edits: bool = False
    """Whether the director previews pairings, swaps players and exchanges colours, and has
    the set-up page (absences, pairs, flags)."""
    edit_page: bool = False
    """Whether the game has its own page of edits after the fact (``/td/{tid}/edit``)."""
    export_options: tuple[tuple[str, str, str], ...] = ()
    """The options of its exports a page offers: (option, export kind, label)."""
    has_setup: bool = False
    """Whether the director's set-up page (``/td/{tid}/setup``: absences, forbidden and
    forced pairs, reinstatements, the last day) serves the game."""


@dataclass(frozen=True, slots=True)
class ShownCell:
    """One cell of a table a page shows: its text and an optional note in small type."""

    text: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class ShownColumn:
    """A column of a shown table: its heading and its kind (``n``: a number, ``score``: a
    result, ``""``: text), which the page uses to align it."""

    label: str
    kind: str = ""


@dataclass(frozen=True, slots=True)
class ShownRow:
    """A row of a shown table; `excluded`: the player has withdrawn."""

    cells: tuple[ShownCell, ...]
    excluded: bool = False


@dataclass(frozen=True, slots=True)
class ShownTable:
    """A round or the standings as a page shows them, whatever the game: the game gives the
    columns and the cells, one template draws them (docs/decisions.md, issue 20)."""

    columns: tuple[ShownColumn, ...]
    rows: tuple[ShownRow, ...]
