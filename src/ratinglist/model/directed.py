"""The values of a directed tournament that the services return and the CLI and the pages
show (frozen, pure data)."""

from __future__ import annotations

from dataclasses import dataclass

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
    """

    table: int
    black: Person
    black_points: float
    white: Person
    white_points: float
    result: str
    handicap: int | None = None


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


@dataclass(frozen=True, slots=True)
class Undid:
    """What an undo cancelled (or would cancel), in words, the log's sequence number of that
    action, who wrote it (a user name), and the log's newest event number it was read at."""

    seq: int
    what: str
    by: str = ""
    based_on: int = 0


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
