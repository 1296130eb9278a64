"""What a tournament page shows, read from one load of the tournament (issue 33).

A page used to call five to eight use cases, each loading (and folding) the tournament
again. Each function here is one read for one page: its parts are the same use cases the
API and the CLI call, run inside `log.one_read`, so they all read one snapshot of the log
(the page can no longer mix two states when another device writes meanwhile) and the
tournament is loaded once per page.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from ratinglist.errors import N_, RatinglistError, TournamentInputError
from ratinglist.model.directed import (
    GameFacts,
    Person,
    RoundView,
    ShownTable,
    Standings,
    Undid,
)
from ratinglist.model.forecast import Forecast
from ratinglist.service.tournaments.actions import EntrantRatings, entrant_ratings, undo_preview
from ratinglist.service.tournaments.forecast import live_forecast
from ratinglist.service.tournaments.lifecycle import Lifecycle, lifecycle, require_shown
from ratinglist.service.tournaments.log import one_read
from ratinglist.service.tournaments.paging import PAGE_ROWS, Paged, Row, RowFilter, page_rows
from ratinglist.service.tournaments.rounds import (
    PairingPreview,
    RoundSetup,
    preview_pairing,
    round_setup,
)
from ratinglist.service.tournaments.server import LiveView, live_view, overview_facts
from ratinglist.service.tournaments.views import show_round, shown_standings
from ratinglist.store import Store

ENTRANT_ROWS = 100
"""Entrants the director's page lists at a time (in name order)."""
STANDING_ROWS = 100
"""Standings rows the director's standings page draws at a time (a congress has 760)."""
EVERY_ENTRANT = RowFilter()
"""Every row, a page at a time (no query, due or not)."""


@dataclass(frozen=True, slots=True)
class DirectorPage:
    """The director's page of a tournament: the live view (round, standings, the game's
    facts, entrants, files), the entrants' ratings, the action an undo would cancel (None
    for an assistant, a closed tournament or nothing to undo) and the lifecycle.

    The live view holds only the round's tables and the entrants the page draws (`tables`
    and `entrants` say which of how many: `tables` is None before the first pairing)."""

    live: LiveView
    ratings: EntrantRatings
    pending: Undid | None
    life: Lifecycle
    tables: Paged | None = None
    entrants: Paged | None = None


def due_by_default(tables: int) -> bool:
    """Whether the director's page lists only the tables whose result is due when nothing
    is asked: when the round has more tables than a page draws."""
    return tables > PAGE_ROWS


def _surname(name: str) -> str:
    return name.split(",")[0].strip()


def cut_round(
    view: RoundView, shown: ShownTable, chosen: RowFilter
) -> tuple[RoundView, ShownTable, Paged]:
    """The round `view` and its `shown` table cut to the tables `chosen` finds (a page)."""
    lines = view.tables
    rows = [Row(t.table, f"{t.black.name} {t.white.name}", not t.result) for t in lines]
    paged = page_rows(rows, chosen)
    keep = paged.indices
    return (
        replace(view, tables=tuple(lines[i] for i in keep)),
        replace(shown, rows=tuple(shown.rows[i] for i in keep)),
        paged,
    )


def _drawn(
    live: LiveView, tables: RowFilter, entrants: RowFilter
) -> tuple[LiveView, Paged | None, Paged]:
    """`live` cut to the tables and entrants the page draws, and what was drawn of each."""
    shown_tables = None
    if live.round is not None and live.shown_round is not None:
        view, shown, shown_tables = cut_round(live.round, live.shown_round, tables)
        live = replace(live, round=view, shown_round=shown)
    ordered = sorted(live.entrants, key=lambda e: e.player.name)
    rows = [Row(int(e.player.id), e.player.name, label=_surname(e.player.name)) for e in ordered]
    found = page_rows(rows, entrants, ENTRANT_ROWS)
    live = replace(live, entrants=tuple(ordered[i] for i in found.indices))
    return live, shown_tables, found


def director_page(
    db: Store,
    tournament: int,
    *,
    director: bool,
    tables: RowFilter | None = None,
    entrants: RowFilter = EVERY_ENTRANT,
) -> DirectorPage:
    """The director's page of tournament number `tournament` (`director`: the user may
    direct it, so the pending undo is read), drawing the round's tables `tables` finds
    (default: every table, or only those due in a round longer than a page) and the
    entrants `entrants` finds, a page of each."""
    with one_read():
        live = live_view(db, tournament, with_standings=False)
        pending = None
        if director and not live.overview.closed:
            try:
                pending = undo_preview(db, tournament)
            except RatinglistError:
                pending = None  # nothing to undo
        if tables is None:
            count = len(live.round.tables) if live.round is not None else 0
            tables = RowFilter(due_only=due_by_default(count))
        drawn, shown_tables, shown_entrants = _drawn(live, tables, entrants)
        return DirectorPage(
            drawn,
            entrant_ratings(db, tournament),
            pending,
            lifecycle(db, tournament),
            shown_tables,
            shown_entrants,
        )


@dataclass(frozen=True, slots=True)
class RoundPage:
    """A stored round on the director's round page as its game shows it (`shown`), with
    the tournament's live view; `round` and `shown` hold the tables the page draws
    (`tables` says which of how many), `movable` the players of every game without a
    result."""

    live: LiveView
    round: RoundView
    shown: ShownTable
    tables: Paged | None = None
    movable: tuple[Person, ...] = ()


def round_page(
    db: Store, tournament: int, number: int, tables: RowFilter = EVERY_ENTRANT
) -> RoundPage:
    """Round `number` of tournament number `tournament` and its live view, drawing the
    tables `tables` finds (default: every table, a page at a time).

    Raises:
        TournamentError: no such round paired.
    """
    with one_read():
        view = show_round(db, tournament, number)
        live = live_view(db, tournament, number, with_standings=False)
        if live.shown_round is None:
            raise TournamentInputError(
                N_("expected a paired round, got round %(number)s"), number=number
            )
        movable = tuple(p for t in view.tables if not t.result for p in (t.black, t.white))
        cut, shown, paged = cut_round(view, live.shown_round, tables)
        return RoundPage(live, cut, shown, paged, movable)


@dataclass(frozen=True, slots=True)
class StandingsPage:
    """The standings (of one class if chosen), as the game shows them (`shown`: the rows the
    page draws, `rows` which of how many), and the game."""

    standings: Standings
    shown: ShownTable
    game: GameFacts
    rows: Paged | None = None


def _place(text: str, row: int) -> int:
    """The place a standings cell shows (``12``, ``12=``), else the row's number."""
    digits = re.match(r"\d+", text.strip())
    return int(digits.group()) if digits else row


def cut_standings(shown: ShownTable, chosen: RowFilter) -> tuple[ShownTable, Paged]:
    """The standings `shown` cut to the rows `chosen` finds (by place or name), a page of
    `STANDING_ROWS`; every row when the table has no ``#`` and ``Player`` columns."""
    labels = [c.label for c in shown.columns]
    if "#" not in labels or "Player" not in labels:
        rows = [Row(k, "") for k in range(1, len(shown.rows) + 1)]
        return shown, page_rows(rows, RowFilter(), max(len(rows), 1))
    place, name = labels.index("#"), labels.index("Player")
    rows = [
        Row(_place(r.cells[place].text, k), r.cells[name].text, label=r.cells[place].text)
        for k, r in enumerate(shown.rows, start=1)
    ]
    paged = page_rows(rows, chosen, STANDING_ROWS)
    return replace(shown, rows=tuple(shown.rows[i] for i in paged.indices)), paged


def standings_page(
    db: Store, tournament: int, class_name: str | None, rows: RowFilter = EVERY_ENTRANT
) -> StandingsPage:
    """The standings page of tournament number `tournament`: the rows `rows` finds, a page
    of `STANDING_ROWS` (a query is a place or part of a name)."""
    with one_read():
        view, shown = shown_standings(db, tournament, class_name)
        cut, paged = cut_standings(shown, rows)
        return StandingsPage(view, cut, overview_facts(db, tournament), paged)


@dataclass(frozen=True, slots=True)
class LivePage:
    """A public live page: the live view and the forecast (None when the game has none)."""

    live: LiveView
    forecast: Forecast | None


def live_page(
    db: Store,
    tournament: int,
    number: int | None = None,
    *,
    shown_only: bool,
    with_forecast: bool = True,
) -> LivePage:
    """The live page of tournament number `tournament` at round `number` (default the last
    paired); with `shown_only`, refused unless its director shows it on ``/live``.

    Raises:
        NotFoundError: no such tournament, or not shown while `shown_only`.
    """
    with one_read():
        if shown_only:
            require_shown(db, tournament)
        live = live_view(db, tournament, number)
        return LivePage(live, live_forecast(db, tournament) if with_forecast else None)


@dataclass(frozen=True, slots=True)
class SetupPage:
    """The set-up page (absences, pairs, flags) and the tournament's game."""

    setup: RoundSetup
    game: GameFacts


GameCheck = Callable[[GameFacts], None]
"""What a page asks of the tournament's game before reading the rest (raises to refuse)."""


def setup_page(db: Store, tournament: int, check: GameCheck | None = None) -> SetupPage:
    """The set-up page of tournament number `tournament` (absences, pairs, flags), once
    its game passed `check`."""
    with one_read():
        game = overview_facts(db, tournament)
        if check is not None:
            check(game)
        return SetupPage(round_setup(db, tournament), game)


@dataclass(frozen=True, slots=True)
class PreviewPage:
    """The next round's pairing computed but not stored, and the tournament's game."""

    preview: PairingPreview
    game: GameFacts


def preview_page(db: Store, tournament: int, check: GameCheck | None = None) -> PreviewPage:
    """The preview page of tournament number `tournament`'s next round, once its game
    passed `check`.

    Raises:
        TournamentError: no round can be paired now.
    """
    with one_read():
        game = overview_facts(db, tournament)
        if check is not None:
            check(game)
        return PreviewPage(preview_pairing(db, tournament), game)
