"""Use cases of the tournament server that the terminal does not need: the overview of a
tournament for its pages, the running tournaments, the log's newest event number (what a
live page waits on), the results file as text, and inviting an assistant director.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ratinglist.errors import N_, NotFoundError
from ratinglist.model.account import Grant, Role
from ratinglist.model.directed import (
    EntrantLine,
    FinalsView,
    GameFacts,
    RoundView,
    ShownTable,
)
from ratinglist.service.actor import Actor
from ratinglist.service.tournaments.games import game_module
from ratinglist.service.tournaments.log import loaded
from ratinglist.store import Store
from ratinglist.store.tournament_events import RUNNING, SUBMITTED, last_seq, list_directed
from ratinglist.tournament.game import Game, game_of, games

if TYPE_CHECKING:
    from ratinglist.service.tournaments.views import Download


@dataclass(frozen=True, slots=True)
class Overview:
    """What a tournament's pages show at the top, and the log's event number `seq`;
    `system_label` is the system in the game's words (``Swiss, 7 rounds``), `public` whether
    its director shows it on the public live pages."""

    id: int
    name: str
    country: str
    start: str
    status: str
    system: str
    rounds: int
    paired: int
    with_results: int
    entrants: int
    games_due: int
    results_in: int
    finals: bool
    closed: bool
    seq: int
    game: str = "othello"
    system_label: str = ""
    public: bool = False
    planned: int = 0
    may_pair: bool = False
    end: str | None = None

    @property
    def days(self) -> str:
        """The first and last day as pages show them: ``2026-03-14 – 2026-03-15``, or the
        one day of a one-day tournament."""
        if self.end is None or self.end == self.start:
            return self.start
        return f"{self.start} – {self.end}"


def overview(db: Store, tournament: int) -> Overview:
    """The overview of directed tournament number `tournament`.

    Raises:
        NotFoundError: no such tournament.
    """
    base = loaded(db, tournament)
    d = base.folded
    s = d.settings
    game = game_of(d)
    count = game.count(d)
    planned = game.rounds_planned(d)
    finals = game.finals_view(d, False) is not None
    return Overview(
        id=base.info.id,
        name=s.name,
        country=s.country,
        start=s.start,
        status=base.info.status,
        system=s.system or f"{s.preset} table by player count",
        # a Go tournament's number of rounds may grow (`GoRoundsSet`)
        rounds=getattr(d.play, "number_of_rounds", s.rounds),
        paired=d.paired,
        with_results=game.rounds_with_results(d),
        entrants=count.entrants,
        games_due=count.games_due,
        results_in=count.results_in,
        finals=finals,
        closed=d.closed,
        seq=base.seq,
        game=game.name,
        system_label=game.system_label(d),
        public=d.public,
        planned=planned,
        may_pair=not d.closed and not finals and d.paired < planned,
        end=s.end,
    )


def running(db: Store, *, shown_only: bool = False) -> tuple[Overview, ...]:
    """The overviews of the tournaments still running (not submitted), newest first; with
    `shown_only`, only those their directors show on the public live pages."""
    found = [i.id for i in list_directed(db) if i.status == RUNNING]
    views = (overview(db, tid) for tid in found)
    return tuple(o for o in views if o.public or not shown_only)


def finished(db: Store, *, shown_only: bool = False) -> tuple[Overview, ...]:
    """The overviews of the tournaments directed here and submitted (their results final),
    newest first: what the public pages list as finished tournaments, whatever the game;
    with `shown_only`, only those their directors show on the public live pages."""
    found = [i.id for i in list_directed(db) if i.status == SUBMITTED]
    views = (overview(db, tid) for tid in found)
    return tuple(o for o in views if o.public or not shown_only)


@dataclass(frozen=True, slots=True)
class PublicFile:
    """A file of a finished tournament anyone may download: its kind (the download's
    address), label and file name."""

    kind: str
    label: str
    file_name: str


def public_files(db: Store, tournament: int) -> tuple[PublicFile, ...]:
    """The files of a submitted tournament offered to anyone (its game's exports, one file
    each); none while it runs (the results are not final)."""
    base = loaded(db, tournament)
    if base.info.status != SUBMITTED:
        return ()
    files = game_of(base.folded).exports(base.folded)
    return tuple(PublicFile(f.kind, f.label, f.file_name) for f in files if f.group == f.kind)


def public_download(db: Store, tournament: int, kind: str) -> Download:
    """The exported file of `kind` of a submitted tournament.

    Raises:
        NotFoundError: no such tournament, not submitted yet, or no such file.
    """
    from ratinglist.service.tournaments.views import download

    offered = public_files(db, tournament)
    if not offered:
        raise NotFoundError(
            N_("expected a submitted tournament, got tournament %(tournament)s"),
            tournament=tournament,
        )
    if kind not in {f.kind for f in offered}:
        known = ", ".join(f.kind for f in offered)
        raise NotFoundError(
            N_("expected a file among %(known)s, got %(kind)r"), known=known, kind=kind
        )
    return download(db, tournament, kind)


def log_seq(db: Store, tournament: int) -> int:
    """The number of the newest event of a tournament's log (0: no such tournament): what a
    live page polls to know whether anything changed, in any worker process."""
    return last_seq(db, tournament)


@dataclass(frozen=True, slots=True)
class LiveView:
    """What a live page shows: the overview, the current round, the finals, the standings
    (the game's own value: Othello's `StandingsView`, Go's `GoStandingsView`...), and the
    round and standings as the tournament's game shows them (`shown_round`: None before
    the first pairing); `files`: the downloads of a submitted tournament; `team_round` and
    `team_standings`: the team matches and standings of a team tournament (else None)."""

    overview: Overview
    round: RoundView | None
    finals: FinalsView | None
    standings: Any
    """The game's own standings (a `Standings`; Any, so the JSON API carries each game's
    own columns)."""
    shown_round: ShownTable | None
    shown_standings: ShownTable
    progress: str
    files: tuple[PublicFile, ...]
    team_round: ShownTable | None
    team_standings: ShownTable | None
    game: GameFacts | None = None
    entrants: tuple[EntrantLine, ...] = ()
    exports: tuple[tuple[str, str], ...] = ()


def facts_of(game: Game) -> GameFacts:
    """What the pages need to know of `game` to draw its forms."""
    return GameFacts(
        name=game.name,
        label=game.label,
        uses_registry=game.uses_registry,
        registration_help=game.registration_help,
        result_help=game.result_help,
        result_choices=game.result_choices,
        specials=game.specials,
        systems=game.systems,
        main_export=game.main_export,
        classes=game.classes,
        has_finals=game.has_finals,
        submit_label=game.submit_label,
        submit_confirm=game.submit_confirm,
        settings_fields=game.settings_fields,
        has_forecast=game.has_forecast,
        seat_edits=game.seat_edits,
        edit_page=game.edit_page,
        has_setup=game_module(game.name, "setup") is not None,
        export_options=game.export_options,
    )


def overview_facts(db: Store, tournament: int) -> GameFacts:
    """The facts of tournament number `tournament`'s game."""
    return facts_of(game_of(loaded(db, tournament).folded))


def game_choices() -> tuple[GameFacts, ...]:
    """Every game a tournament can be created for (the new-tournament form)."""
    return tuple(facts_of(g) for g in games().values())


def live_view(
    db: Store, tournament: int, number: int | None = None, *, with_standings: bool = True
) -> LiveView:
    """The live view of a tournament (round `number`, default the last paired): also what
    the director's page draws its forms from (the game's facts, entrants, export files).
    Without `with_standings` the standings are not computed (a page that does not show
    them: `standings` None, `shown_standings` and `team_standings` without rows); a
    congress's standings are most of the view's time."""
    from ratinglist.service.tournaments.actions import finals_games
    from ratinglist.service.tournaments.views import show_round, standings

    folded = loaded(db, tournament).folded
    game = game_of(folded)
    top = overview(db, tournament)
    key = tournament
    shown = None
    if top.paired:
        shown = show_round(db, key, top.paired if number is None else number)
    finals = finals_games(db, key) if top.finals else None
    table = standings(db, key) if with_standings else None
    files = tuple((f.kind, f.label) for f in game.exports(folded))
    return LiveView(
        top,
        shown,
        finals,
        table,
        None if shown is None else game.shown_round(shown),
        ShownTable((), ()) if table is None else game.shown_standings(table),
        game.progress(folded)[1],
        public_files(db, tournament),
        None if shown is None else game.shown_team_round(folded, shown.number),
        game.shown_team_standings(folded) if with_standings else None,
        facts_of(game),
        game.entrants(folded),
        files,
    )


def invite_assistant(db: Store, tournament: int, user: str, actor: Actor) -> Grant:
    """Let an existing user enter results of the tournament (the ``assistant`` role)."""
    from ratinglist.store.accounts import add_grant

    given = Grant(Role.ASSISTANT, str(tournament))
    loaded(db, tournament)
    with db.begin() as conn:
        add_grant(conn, user, given, dt.datetime.now(dt.UTC), actor.label)
    return given


def system_names() -> tuple[str, ...]:
    """The pairing systems a director may choose instead of the EOC table by player count."""
    from ratinglist.pairing.systems import System

    return tuple(s.value for s in System)
