"""The values of a pairing report and of the printed sheets (frozen, pure data): what the
services return and the CLI, the pages and the API show."""

from __future__ import annotations

from dataclasses import dataclass

from ratinglist.model.directed import Person, ShownTable


@dataclass(frozen=True, slots=True)
class ReportPair:
    """A pair of the round: its table, its two players in the order the game names them
    (Go: White, Black; Othello: Black, White), its cost parts and total, and whether the
    director forced it."""

    table: int
    first: Person
    second: Person
    parts: tuple[tuple[str, int], ...]
    total: int
    forced: bool = False


@dataclass(frozen=True, slots=True)
class ReportOption:
    """Another opponent a player could have met: the pair's cost parts, total, and
    `difference`, the pair's total minus the total of the pair chosen for the player."""

    opponent: Person
    parts: tuple[tuple[str, int], ...]
    total: int
    difference: int


@dataclass(frozen=True, slots=True)
class PlayerOptions:
    """One player of the round: the opponent chosen (None: the bye), that pair's total, and
    the next-best other opponents, best first."""

    player: Person
    partner: Person | None
    total: int | None
    options: tuple[ReportOption, ...]


@dataclass(frozen=True, slots=True)
class PairingConcern:
    """One thing of a paired round a director looks at before publishing it (OpenGotha's
    pairing report): its `kind` (``unpaired``, ``rematch``, ``colour``, ``handicap``,
    ``club``, ``country``), the table it is about (None: a player), and the sentence."""

    kind: str
    table: int | None
    text: str


@dataclass(frozen=True, slots=True)
class PairingReport:
    """A round's pairing report: each pair's cost parts, and for each player the next-best
    alternatives. `better` says which way the engine optimises (``higher``: OpenGotha's
    maximum weight; ``lower``: the Swiss engine's least cost)."""

    tournament: str
    number: int
    game: str
    preset: str
    better: str
    columns: tuple[str, str]
    part_names: tuple[str, ...]
    pairs: tuple[ReportPair, ...]
    players: tuple[PlayerOptions, ...]
    byes: tuple[Person, ...]
    total: int
    concerns: tuple[PairingConcern, ...] | None = None
    """What a director looks at (unpaired players, rematches...), beside the costs; None
    for a game whose report has none."""


@dataclass(frozen=True, slots=True)
class SlipView:
    """One result slip: the table, the two players in the game's order, the handicap, and
    their ranks where the game has them (Go)."""

    table: int
    first: Person
    second: Person
    handicap: int | None
    first_rank: str = ""
    second_rank: str = ""


@dataclass(frozen=True, slots=True)
class NameLine:
    """A line of the pairing list by name: the player, the table, the colour (the game's
    column title), the opponent (None: the bye)."""

    player: Person
    table: int | None
    colour: str
    opponent: Person | None


@dataclass(frozen=True, slots=True)
class WelcomeSheet:
    """One player's welcome sheet: their own line (name, ID, country, rating as entered)
    and their first game when it is paired."""

    player: Person
    country: str
    rating: str
    table: int | None
    colour: str
    opponent: Person | None


@dataclass(frozen=True, slots=True)
class PrintSheet:
    """A sheet to print: which (`sheet`), the tournament's facts, and the part the sheet
    draws (`table` for the pairings by table, the standings and the cross table; `names`,
    `slips` or `welcome` for the others)."""

    sheet: str
    title: str
    tournament: str
    game: str
    game_label: str
    system: str
    rounds: int
    start: str
    country: str
    round: int | None
    progress: str
    result_help: str
    columns: tuple[str, str]
    table: ShownTable | None = None
    names: tuple[NameLine, ...] = ()
    slips: tuple[SlipView, ...] = ()
    welcome: tuple[WelcomeSheet, ...] = ()
