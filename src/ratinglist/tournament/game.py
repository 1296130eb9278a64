"""The seam between the tournament engine and a game's rules (Othello, Go, ...).

The event log, the fold, undo, concurrency, the services, the pages and the API know no
game: whatever differs between games is asked of the tournament's `Game` (`game_of`). Each
game is one folder under `tournament/games/` whose module ``game.py`` defines ``GAME``; the
games are found by listing that folder, so a new game is one new folder (docs/decisions.md,
"Issue 20: one seam per game", lists what such a folder holds).

A game is a subclass of `Game`: a small required core (its state, result grammar, pairing,
standings, exports) and optional facets (`tournament.facets`: finals, forecast, teams,
registry, typed entries, temporary IDs, pairing costs) it holds or leaves None. A game's
methods take the folded tournament (`FoldedTournament`) and return plain values; an action
of a facet a game lacks (finals in Go) raises `NotOffered`, never a wrong-game answer.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

import ratinglist.tournament.games as _folder
from ratinglist.errors import N_, NotOffered, TournamentError, TournamentInputError
from ratinglist.model import PlayerId
from ratinglist.model.directed import (
    EnteredResult,
    EntrantLine,
    ExplainView,
    FinalsView,
    NewSettings,
    Person,
    ResultSpec,
    RoundView,
    ShownCell,
    ShownColumn,
    ShownRow,
    ShownTable,
    Standings,
)
from ratinglist.model.folders import optional_module, subpackages
from ratinglist.model.forecast import Forecast, ScoreModel
from ratinglist.model.report import PairingReport
from ratinglist.tournament.events import ENGINE_EVENTS, Event, Registered, Settings
from ratinglist.tournament.facets import (
    FinalsFacet,
    ForecastFacet,
    PairingCosts,
    RegistrySource,
    TeamsFacet,
    TemporaryIds,
    TypedEntries,
)
from ratinglist.tournament.folded import FoldedTournament, Play

_F = TypeVar("_F")


@dataclass(frozen=True, slots=True)
class ExportFile:
    """One file a game exports: its kind (the CLI option and the download's name, e.g.
    ``elo``, ``h9``), a label, the file name, its media type, how to make its bytes, and
    its group (files exported together into a folder, e.g. Othello's pairing ``sheets``;
    else the kind)."""

    kind: str
    label: str
    file_name: str
    media_type: str
    data: Callable[[], bytes]
    group: str = ""

    def __post_init__(self) -> None:
        if not self.group:
            object.__setattr__(self, "group", self.kind)


@dataclass(frozen=True, slots=True)
class Submission:
    """What a submission sends: the results file's name, bytes and games, and whether it
    goes to this federation's rating officer (the WOF .ELO intake queue) or is only the
    file the director sends to the game's rating body (EGF, FFG, AGA)."""

    file_name: str
    data: bytes
    games: int
    to_intake: bool


def rounds_words(numbers: Sequence[int]) -> str:
    """``Round 7``, ``Rounds 6 and 7``, ``Rounds 4, 5 and 6`` (empty for none)."""
    shown = [str(n) for n in numbers]
    if not shown:
        return ""
    if len(shown) == 1:
        return f"Round {shown[0]}"
    return f"Rounds {', '.join(shown[:-1])} and {shown[-1]}"


@dataclass(frozen=True, slots=True)
class Unfinished:
    """What a tournament leaves undone when it is submitted: the games with a result, the
    rounds planned and paired, and each paired game without a result in words
    (``round 2: SMITH, Ann v DOE, Jo``). A submission with no result at all is refused;
    one with `gaps` needs the director's reason (docs/decisions.md, "Issue 32: a
    submission the rating officer can trust")."""

    results: int
    planned: int
    paired: int
    missing: tuple[str, ...] = ()

    @property
    def skipped(self) -> tuple[int, ...]:
        """The planned rounds never paired."""
        return tuple(range(self.paired + 1, self.planned + 1))

    @property
    def gaps(self) -> tuple[str, ...]:
        """Each gap in words: the games without a result, the rounds not played."""
        out = []
        if self.missing:
            many = len(self.missing)
            out.append(
                f"{many} paired game{'s' if many > 1 else ''} without a result "
                f"({'; '.join(self.missing)})"
            )
        if self.skipped:
            words = rounds_words(self.skipped)
            verb = "was" if len(self.skipped) == 1 else "were"
            out.append(f"{words} of {self.planned} {verb} not played")
        return tuple(out)


@dataclass(frozen=True, slots=True)
class RoundCount:
    """The results due and in of the last paired round, and the entrants."""

    entrants: int
    games_due: int
    results_in: int


class Game(ABC):
    """A game's rules as the tournament engine, the services and the pages need them.

    A game subclasses `Game` and writes its required core (the abstract methods: its state,
    result grammar, pairing, standings, exports, submission); every other member has a
    default. The optional facets (`finals_rules`, `forecaster`, `teams`, `registry_source`,
    `typed_entries`, `temporary_ids`, `pairing_costs`) are None unless the game offers them;
    the old ways in (`finals`, `forecast`, `explain`...) ask the facet and raise `NotOffered`
    without it.
    """

    name: str
    """The name stored in the settings (``othello``, ``go``)."""
    label: str
    """The name shown (``Othello``, ``Go``)."""
    main_export: str
    """The kind of the main results file (`exports`): what a rating body receives."""
    events: tuple[type[Event], ...] = ()
    """The game's own event classes (in its folder's ``events`` module), as the store's
    codec reads them; the engine's events (`events.ENGINE_EVENTS`) are every game's."""
    systems: tuple[str, ...] = ()
    """The pairing systems a director may choose (the first is the default)."""
    result_help: str = "the result as typed, e.g. 1-0"
    """How a result is typed, for forms and messages."""
    specials: tuple[str, ...] = ()
    """The special results a form offers (Othello's forfeit...)."""
    result_choices: tuple[tuple[str, str], ...] = ()
    """The results a form offers as choices (value, label); empty: the score is typed."""
    settings_fields: tuple[tuple[str, str, str], ...] = ()
    """The game's own fields of the new-tournament form: (`NewSettings` field, label, example)."""
    submit_label: str = "Close the tournament"
    """What submitting does, for its button."""
    submit_confirm: str = "Close the tournament? Its results file is then final."
    """The question a director confirms before submitting."""
    classes: tuple[str, ...] = ()
    """The classes its standings can be shown for (Othello's female, youth...; none: no
    classes facet)."""
    registration_help: str = "a new player: 'SURNAME,First' with a country"
    """How a player is entered, for forms and for refusing another game's way."""
    seat_labels: tuple[str, str] = ("First", "Second")
    """The titles of a table's two seats in the order a round lists them (Othello: Black,
    White), for the default `shown_round`."""
    seat_edits: bool = False
    """Whether the director previews a pairing, swaps two players between games, exchanges
    colours and keeps absences, pairs and player flags on the set-up page (Othello)."""
    edit_page: bool = False
    """Whether the game has its own page of edits after the fact, ``/td/{tid}/edit``
    (Go: players, byes, games by hand, handicaps, tables, rounds)."""
    export_options: tuple[tuple[str, str, str], ...] = ()
    """The options of its exports a page offers: (option, export kind it applies to,
    label), the names `exports` takes (Go: the ``.h9``'s EGD PINs, by-default games
    dropped)."""

    # The optional facets: None where the game lacks them.
    finals_rules: FinalsFacet | None = None
    forecaster: ForecastFacet | None = None
    teams: TeamsFacet | None = None
    registry_source: RegistrySource | None = None
    typed_entries: TypedEntries | None = None
    temporary_ids: TemporaryIds | None = None
    pairing_costs: PairingCosts | None = None

    # The required core.

    @abstractmethod
    def new_play(self, settings: Settings) -> Play:
        """The state of a tournament of this game just created with `settings`."""

    @abstractmethod
    def apply(self, d: FoldedTournament, event: Event) -> Play:
        """The game's state after one action; raises a `TournamentError` when the action is
        not allowed (or not one of this game's)."""

    @abstractmethod
    def created_settings(self, new: NewSettings, seed: int) -> Settings:
        """The settings of a new tournament of this game (refuses another game's options)."""

    @abstractmethod
    def person(self, d: FoldedTournament, player: PlayerId) -> Person:
        """An entrant as shown: identifier and name (raises for no entrant)."""

    @abstractmethod
    def count(self, d: FoldedTournament) -> RoundCount:
        """Entrants, and the results due and in of the last paired round."""

    @abstractmethod
    def entrants(self, d: FoldedTournament) -> tuple[EntrantLine, ...]:
        """The entrants in entry order, as the director's page lists them."""

    @abstractmethod
    def next_round(self, d: FoldedTournament, group_max: int | None) -> Event:
        """The pairing event of the next round by the tournament's system."""

    @abstractmethod
    def result_event(
        self, d: FoldedTournament, spec: ResultSpec, correction: bool
    ) -> tuple[Event, int | None]:
        """The entry (or correction) event a typed result describes, and its table."""

    @abstractmethod
    def entered(self, d: FoldedTournament, event: Event, table: int | None) -> EnteredResult:
        """A stored result event as the director sees it (`EnteredResult.white_first` says
        in which order the game writes a result line)."""

    @abstractmethod
    def round_view(self, d: FoldedTournament, number: int, seq: int) -> RoundView:
        """A published round's tables in board order, byes and absentees."""

    def shown_round(self, view: RoundView) -> ShownTable:
        """A round's tables as the pages show them: by default the table, the first player
        (`seat_labels`), the result and the second player, each player with their points
        (Go draws its own: White, Black, handicap)."""
        first, second = self.seat_labels
        columns = (
            ShownColumn("Table", "n"),
            ShownColumn(first),
            ShownColumn("Result", "score"),
            ShownColumn(second),
        )
        rows = tuple(
            ShownRow(
                (
                    ShownCell(str(t.table)),
                    ShownCell(t.black.name, f"{t.black_points:g}"),
                    ShownCell(t.shown_result or "–"),
                    ShownCell(t.white.name, f"{t.white_points:g}"),
                )
            )
            for t in view.tables
        )
        return ShownTable(columns, rows)

    @abstractmethod
    def progress(self, d: FoldedTournament) -> tuple[int, str]:
        """The complete rounds the standings count and the label saying so."""

    @abstractmethod
    def standings(
        self, d: FoldedTournament, class_name: str | None, criteria: str | None
    ) -> Standings:
        """The standings (of one class, or on other criteria, where the game has them): the
        game's own value, which only its `shown_standings` reads column by column."""

    @abstractmethod
    def shown_standings(self, view: Standings) -> ShownTable:
        """The standings as the pages show them, with this game's columns (raises
        `NotOffered` for another game's standings)."""

    @abstractmethod
    def exports(
        self, d: FoldedTournament, options: frozenset[str] = frozenset()
    ) -> tuple[ExportFile, ...]:
        """The files this game exports, in the order offered (`options`: the game's export
        options, e.g. Go's ``egd-pins``; an unknown one raises)."""

    @abstractmethod
    def rounds_planned(self, d: FoldedTournament) -> int:
        """The rounds the tournament's system plays (before any finals)."""

    @abstractmethod
    def unfinished(self, d: FoldedTournament) -> Unfinished:
        """What is left undone: results in, rounds planned and paired, games without a
        result (the submission's checks)."""

    @abstractmethod
    def submission(self, d: FoldedTournament, reason: str | None = None) -> Submission:
        """The results file a submission sends, carrying the director's `reason` for
        submitting it unfinished where the file's format allows (raises when the
        tournament cannot be sent at all, e.g. a finals game without a result)."""

    # Defaults a game may override.

    def system_label(self, d: FoldedTournament) -> str:
        """The system in words for a page's header: ``Swiss, 7 rounds``."""
        system = (d.settings.system or (self.systems or ("swiss",))[0]).replace("-", " ")
        return f"{system.capitalize()}, {d.settings.rounds} rounds"

    def after_closing(self, event: Event) -> bool:
        """Whether `event` may still be applied once the tournament is closed (Othello's ID
        assignment: the rating officer's, not the director's). Default: none."""
        return False

    def games_between(self, d: FoldedTournament, a: PlayerId, b: PlayerId) -> tuple[int, ...]:
        """The rounds (1-based) in which `a` and `b` already played each other. Default:
        none known."""
        return ()

    def is_forbidden(self, d: FoldedTournament, a: PlayerId, b: PlayerId) -> bool:
        """Whether the director forbade pairing `a` with `b`. Default: no."""
        return False

    def pairing_concerns(self, d: FoldedTournament, a: PlayerId, b: PlayerId) -> tuple[str, ...]:
        """What a director is asked before pairing `a` with `b` by hand: a repeated game, a
        forbidden pair (OpenGotha asks both); empty when there is nothing to ask."""
        out = []
        met = self.games_between(d, a, b)
        names = f"{self.name_of(d, a)} and {self.name_of(d, b)}"
        if met:
            out.append(f"{names} already played each other ({rounds_words(met).lower()})")
        if self.is_forbidden(d, a, b):
            out.append(f"{names} are a forbidden pair (never to be paired together)")
        return tuple(out)

    def dated(self, d: FoldedTournament) -> Play:
        """The game's state once the tournament's days changed (`d.settings` holds them): a
        game whose state keeps its own copy of the dates (Go's parameters, written to its
        files) updates it. Default: the state unchanged."""
        return d.play

    def name_of(self, d: FoldedTournament, player: PlayerId) -> str:
        """An entrant's name for messages, or the identifier when there is none."""
        try:
            return self.person(d, player).name
        except TournamentError:
            return str(player)

    def repeated(self, d: FoldedTournament, event: Event) -> bool:
        """True when the game already has exactly the result `event` carries (default:
        never, so a result sent twice is written twice)."""
        return False

    def table_players(
        self, d: FoldedTournament, event: Event, table: int | None
    ) -> tuple[int, frozenset[PlayerId]] | None:
        """For a result by table whose table numbers are computed at each read (not fixed
        at pairing): its round and the two players, so that a write from an older page can
        be checked against the game the table held then; None (the default) when tables
        cannot move."""
        return None

    def players_at(self, d: FoldedTournament, round_number: int, table: int) -> frozenset[PlayerId]:
        """The two players at a table of a round (from its `round_view`)."""
        for line in self.round_view(d, round_number, 0).tables:
            if line.table == table:
                return frozenset((line.black.id, line.white.id))
        raise TournamentInputError(
            N_("expected a table of round %(round_number)s, got %(table)s"),
            round_number=round_number,
            table=table,
        )

    def rounds_with_results(self, d: FoldedTournament) -> int:
        """The rounds with at least one result entered."""
        return sum(
            1
            for k in range(1, d.paired + 1)
            if any(t.result for t in self.round_view(d, k, 0).tables)
        )

    def slips(self, d: FoldedTournament, number: int) -> str:
        """Blank result slips of a round, one per table, as text (default: one line per
        table from the round's view)."""
        out = []
        for t in self.round_view(d, number, 0).tables:
            first, second = (t.white, t.black) if self.white_first else (t.black, t.white)
            out.append(
                f"{d.settings.name}, round {number}, table {t.table}: "
                f"{first.label} ____ {second.label}\n"
            )
        return "".join(out)

    white_first: bool = False
    """Whether the game names White first in a result line (Go) or Black first."""

    def final_order(self, d: FoldedTournament) -> tuple[int, ...]:
        """The players in the final ranking's order (default: the standings' order)."""
        return tuple(int(line.player.id) for line in self.standings(d, None, None).lines)

    # The old ways into the facets: a page asks, a game lacking the facet answers
    # "nothing" (a view) or `NotOffered` (an action).

    def _offered(self, facet: _F | None, what: str) -> _F:
        if facet is None:
            raise NotOffered(
                N_("expected a game with %(what)s, got %(label)s, which has none"),
                what=what,
                label=self.label,
            )
        return facet

    @property
    def has_finals(self) -> bool:
        """Whether the top players play finals after the rounds."""
        return self.finals_rules is not None

    @property
    def has_forecast(self) -> bool:
        """Whether `forecast` answers."""
        return self.forecaster is not None

    @property
    def uses_registry(self) -> bool:
        """Whether players are entered from the federation's registry (the WOF list)."""
        return self.registry_source is not None

    def finals(self, d: FoldedTournament) -> Event:
        """The event starting the finals.

        Raises:
            NotOffered: the game has no finals.
        """
        return self._offered(self.finals_rules, N_("finals")).start(d)

    def finalists(self, d: FoldedTournament) -> tuple[PlayerId, ...]:
        """The players the finals would start with now (raises as `finals` does)."""
        return self._offered(self.finals_rules, N_("finals")).finalists(d)

    def finals_view(self, d: FoldedTournament, started: bool) -> FinalsView | None:
        """The finals games due so far, None before finals (or in a game without them)."""
        return None if self.finals_rules is None else self.finals_rules.view(d, started)

    def forecast(
        self, d: FoldedTournament, model: ScoreModel, runs: int, seed: int, seq: int
    ) -> Forecast:
        """The forecaster's forecast (`ForecastFacet.forecast`).

        Raises:
            NotOffered: the game has no forecast.
        """
        return self._offered(self.forecaster, N_("a forecast")).forecast(d, model, runs, seed, seq)

    def registrations(self, d: FoldedTournament) -> tuple[Registered, ...]:
        """The entries from the federation's registry (none without the registry)."""
        return () if self.registry_source is None else self.registry_source.registrations(d)

    def temporary_entrants(self, d: FoldedTournament) -> tuple[Registered, ...]:
        """Entrants waiting for a federation ID (none in a game without temporary IDs)."""
        return () if self.temporary_ids is None else self.temporary_ids.entrants(d)

    def explain(
        self, d: FoldedTournament, number: int, asked: Sequence[tuple[int, int]]
    ) -> ExplainView:
        """Each pair's cost by criterion in a published round.

        Raises:
            NotOffered: the game does not pair by costs.
        """
        return self._offered(self.pairing_costs, N_("pairing costs")).explain(d, number, asked)

    def pairing_report(self, d: FoldedTournament, number: int) -> PairingReport:
        """A published round's pairing report.

        Raises:
            NotOffered: the game does not pair by costs.
        """
        return self._offered(self.pairing_costs, N_("pairing costs")).report(d, number)

    def shown_team_round(self, d: FoldedTournament, number: int) -> ShownTable | None:
        """The team matches of round `number`, None without teams."""
        return None if self.teams is None else self.teams.shown_round(d, number)

    def shown_team_standings(self, d: FoldedTournament) -> ShownTable | None:
        """The team standings, None without teams."""
        return None if self.teams is None else self.teams.shown_standings(d)


FOLDER = "ratinglist.tournament.games"
"""The package whose folders are the games (a folder's name is its game's name)."""


_registered: dict[str, Game] = {}
"""Games added in process (`register_game`), beside the folders."""


@cache
def _load(name: str) -> Game | None:
    """The game of folder `name` (its ``game`` module's ``GAME``), None for no such folder.
    Only that game's modules are imported: pairing a Go round never loads Othello's."""
    module = optional_module(f"{FOLDER}.{name}.game")
    if module is None:
        return None
    game: Game = module.GAME
    return game


def _find(name: str) -> Game | None:
    return _registered.get(name) or _load(name)


@cache
def _folders(path: tuple[str, ...]) -> tuple[str, ...]:
    """The game folders on the package's `path` (listed again only when it changes)."""
    return subpackages(path)


def games() -> dict[str, Game]:
    """Every game, by name: each folder of `tournament.games` with a ``game`` module, then
    the games registered in process (`register_game`)."""
    found: dict[str, Game] = {}
    for name in _folders(tuple(_folder.__path__)):
        game = _load(name)
        if game is not None:
            found[game.name] = game
    found.update(_registered)
    return found


def register_game(game: Game) -> None:
    """Add `game` for this process (a game living outside `tournament.games`, such as the
    tests' own); its events join the codec's kinds.

    Raises:
        TournamentInputError: a name that is not an identifier, or that of a game in a folder.
    """
    if not game.name.isidentifier():
        raise TournamentInputError(
            N_("expected a game name as an identifier, got %(name)r"), name=game.name
        )
    if _load(game.name) is not None:
        raise TournamentInputError(
            N_("expected a new game name, got %(name)r (a folder)"), name=game.name
        )
    _registered[game.name] = game


def unregister_game(name: str) -> None:
    """Remove a game added by `register_game` (nothing when there is none)."""
    _registered.pop(name, None)


@cache
def _event_types_of(key: tuple[tuple[str, ...], tuple[str, ...]]) -> dict[str, type[Event]]:
    """The kinds of the games listed under `key` (the folders' path, the registered names)."""
    found: dict[str, type[Event]] = {}
    owners: dict[str, str] = {}
    for owner, classes in (
        ("the engine", ENGINE_EVENTS),
        *((name, _folder_events(name)) for name in _folders(key[0])),
        *((game.name, game.events) for game in _registered.values()),
    ):
        for cls in classes:
            if cls.kind in found and found[cls.kind] is not cls:
                raise TournamentInputError(
                    N_(
                        "expected one event class per kind, got %(kind)r in %(owners)s and in "
                        "%(owner)s"
                    ),
                    kind=cls.kind,
                    owners=owners[cls.kind],
                    owner=owner,
                )
            found[cls.kind] = cls
            owners[cls.kind] = owner
    return found


def _folder_events(name: str) -> tuple[type[Event], ...]:
    """The event classes of the game in folder `name`: its ``events`` module's ``EVENTS``
    (the same as its `Game.events`), read without importing the rest of the game, so that
    reading a Go log loads no Othello rules; a folder without that module, its game's."""
    module = optional_module(f"{FOLDER}.{name}.events")
    if module is None:
        game = _load(name)
        return () if game is None else game.events
    classes: tuple[type[Event], ...] = module.EVENTS
    return classes


def _event_types() -> dict[str, type[Event]]:
    return _event_types_of((tuple(_folder.__path__), tuple(_registered)))


def event_types() -> dict[str, type[Event]]:
    """Every stored event kind and its class: the engine's and every game's."""
    return dict(_event_types())


def event_class(kind: str) -> type[Event] | None:
    """The event class stored as `kind`, None for an unknown kind."""
    return _event_types().get(kind)


def game_named(name: str) -> Game:
    """The game called `name`.

    Raises:
        TournamentInputError: no such game.
    """
    key = name.strip().lower()
    found = _find(key) if key.isidentifier() else None
    if found is None:
        raise TournamentInputError(
            N_("expected a game among %(games)s, got %(name)r"), games=", ".join(games()), name=name
        )
    return found


def game_of(d: FoldedTournament) -> Game:
    """The game of a folded tournament."""
    return game_named(d.settings.game)


def described(d: FoldedTournament) -> str:
    """The tournament in words for messages: ``'Paris Open', a Go tournament``."""
    key = d.settings.game
    found = _find(key) if key.isidentifier() else None
    label = key if found is None else found.label
    article = "an" if label[:1].upper() in "AEIOU" else "a"
    return f"{d.settings.name!r}, {article} {label} tournament"
