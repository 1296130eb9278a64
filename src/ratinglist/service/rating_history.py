"""Use case: compute and store a rating history (`ratinglist rate --history`).

One list per month end (or every quarter or year) from a first to a last month, each the
list `ratinglist rate --as-of` would compute for that day, warm-started from the previous
month (`rating.history`). A month is skipped when a stored list of that day already has the
same inputs digest: the parameters, the sender exclusion and the rated games up to the day
(so importing a late file recomputes exactly the months from its date on).
"""

from __future__ import annotations

import datetime as dt
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from ratinglist.errors import NotFoundError
from ratinglist.rating import EuropeanParams, GameArrays, RatingList
from ratinglist.rating.history import fingerprints, inputs_key, month_ends, rate_history
from ratinglist.service.actor import SYSTEM, Actor
from ratinglist.service.publishing import PublicationChange, publish_list
from ratinglist.service.rating_lists import registry_homes
from ratinglist.store import Store, load_rating_games
from ratinglist.store.rating_history import ListRecord, save_list_records, stored_inputs

BATCH_ENTRIES = 200_000
"""Stored entries per transaction: large enough for bulk inserts, small enough to keep
finished months when a long run is interrupted."""


class Every(StrEnum):
    """How far apart the lists of a history are."""

    MONTH = "month"
    QUARTER = "quarter"
    YEAR = "year"

    @property
    def months(self) -> int:
        """The step in calendar months."""
        return {Every.MONTH: 1, Every.QUARTER: 3, Every.YEAR: 12}[self]


class MonthStatus(StrEnum):
    """What happened to one date of a history."""

    COMPUTED = "computed"
    UNCHANGED = "unchanged"
    NOT_RATABLE = "not ratable"


@dataclass(frozen=True, slots=True)
class HistoryRequest:
    """What to compute: the month of `first` to the month of `last` (None: of the first and
    the last rated game), every `every`, with `params` (a rating profile may supply others),
    files whose ``%%Sender:`` matches `exclude_sender` left out, lists stored with `label`."""

    first: dt.date | None = None
    last: dt.date | None = None
    every: Every = Every.MONTH
    params: EuropeanParams = field(default_factory=EuropeanParams)
    exclude_sender: str | None = None
    label: str | None = "history"

    def dates(self, games: GameArrays) -> tuple[dt.date, ...]:
        """The list dates (the last day of each chosen month), open ends taken from `games`.

        Raises:
            NotFoundError: an open end and no games.
            RatingError: the last month is before the first.
        """
        if (self.first is None or self.last is None) and len(games) == 0:
            raise NotFoundError(
                "expected rated games to find the first or last month, got none "
                "(give --from and --to)"
            )
        first = self.first or dt.date.fromordinal(int(games.day.min()))
        last = self.last or dt.date.fromordinal(int(games.day.max()))
        return month_ends(first, last, self.every.months)


@dataclass(frozen=True, slots=True)
class HistoryMonth:
    """One date of a history: its status, and for a computed list its id and counts."""

    as_of: dt.date
    status: MonthStatus
    game_count: int
    list_id: int | None = None
    rated: int = 0
    listed: int = 0
    iterations: int = 0


@dataclass(frozen=True, slots=True)
class HistoryProgress:
    """Progress after each date: how many of `total` dates are done, the latest one."""

    done: int
    total: int
    month: HistoryMonth


@dataclass(frozen=True, slots=True)
class HistoryResult:
    """Every date of the history in order, and the wall time in seconds."""

    months: tuple[HistoryMonth, ...]
    seconds: float

    def count(self, status: MonthStatus) -> int:
        """How many dates ended with `status`."""
        return sum(1 for m in self.months if m.status is status)


def _record(
    ratings: RatingList,
    request: HistoryRequest,
    inputs: str,
    actor: Actor,
    game_count: int,
    homes: dict[int, tuple[str, str | None]],
) -> ListRecord:
    players = ratings.players.tolist()
    where = [homes.get(pid, (None, None)) for pid in players]
    return ListRecord(
        as_of=ratings.as_of,
        label=request.label,
        parameters=json.dumps(ratings.params.to_dict(), sort_keys=True),
        exclude_sender=request.exclude_sender,
        inputs=inputs,
        computed_by=actor.label,
        game_count=game_count,
        unrated=len(ratings.unrated),
        iterations=ratings.iterations,
        max_residual=float(ratings.max_residual),
        players=players,
        ratings=ratings.ratings.tolist(),
        margins=ratings.margins.tolist(),
        official=ratings.official.tolist(),
        listed=ratings.listed.tolist(),
        games=ratings.games.tolist(),
        last_played=[dt.date.fromordinal(d) for d in ratings.last_day.tolist()],
        countries=[country for country, _ in where],
        continents=[continent for _, continent in where],
    )


class _Writer:
    """Collects computed lists and stores them in batches of about `BATCH_ENTRIES` entries."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._pending: list[tuple[int, ListRecord]] = []
        self._entries = 0
        self.ids: dict[int, int] = {}

    def add(self, position: int, record: ListRecord) -> None:
        self._pending.append((position, record))
        self._entries += len(record.players)
        if self._entries >= BATCH_ENTRIES:
            self.flush()

    def flush(self) -> None:
        if not self._pending:
            return
        ids = save_list_records(self._store, [r for _, r in self._pending])
        self.ids.update(zip((p for p, _ in self._pending), ids, strict=True))
        self._pending, self._entries = [], 0


def compute_history(
    db: Store,
    request: HistoryRequest,
    actor: Actor,
    *,
    progress: Callable[[HistoryProgress], None] | None = None,
) -> HistoryResult:
    """Compute and store every list of `request` whose inputs changed; report each date.

    The games are loaded once; lists are written in batches (a batch is one transaction).

    Raises:
        StoreError: the database could not be read or written, or the sender pattern is not
            a regular expression.
        RatingError: bad dates or parameters, or a fit failed.
    """
    started = time.perf_counter()
    end = None if request.last is None else month_ends(request.last, request.last)[0]
    loaded = load_rating_games(db, as_of=end, exclude_sender=request.exclude_sender)
    games = GameArrays.from_half_points(loaded.first, loaded.second, loaded.score, loaded.day)
    dates = request.dates(games)
    keys = [
        inputs_key(request.params, request.exclude_sender, digest)
        for digest in fingerprints(games, dates)
    ]
    existing = stored_inputs(db, dates[0], dates[-1])
    wanted = [(day, key) not in existing for day, key in zip(dates, keys, strict=True)]
    homes = registry_homes(db)
    writer = _Writer(db)
    months: list[HistoryMonth] = []
    for k, result in enumerate(rate_history(games, request.params, dates, wanted=wanted)):
        if not wanted[k]:
            month = HistoryMonth(result.as_of, MonthStatus.UNCHANGED, result.game_count)
        elif result.ratings is None:
            month = HistoryMonth(result.as_of, MonthStatus.NOT_RATABLE, result.game_count)
        else:
            ratings = result.ratings
            writer.add(k, _record(ratings, request, keys[k], actor, result.game_count, homes))
            month = HistoryMonth(
                result.as_of,
                MonthStatus.COMPUTED,
                result.game_count,
                rated=len(ratings),
                listed=int(ratings.listed.sum()),
                iterations=ratings.iterations,
            )
        months.append(month)
        if progress is not None:
            progress(HistoryProgress(k + 1, len(dates), month))
    writer.flush()
    stored = tuple(
        HistoryMonth(
            m.as_of, m.status, m.game_count, writer.ids.get(k), m.rated, m.listed, m.iterations
        )
        for k, m in enumerate(months)
    )
    return HistoryResult(stored, time.perf_counter() - started)


@dataclass(frozen=True, slots=True)
class ArchiveHistory:
    """The monthly history of a whole archive and the list published at its end."""

    history: HistoryResult
    published: PublicationChange


def build_demo_history(
    db: Store, actor: Actor = SYSTEM, *, params: EuropeanParams | None = None
) -> ArchiveHistory:
    """Compute the monthly history of every stored rated game, from the month of the first
    tournament to the month of the last, and publish the last list (`make run` calls this
    on the demo database; any archive works).

    Months already stored with the same inputs are kept, so calling it again is cheap.

    Raises:
        NotFoundError: the database holds no rated game, or nobody can be rated in the last
            month.
        StoreError: the database could not be read or written.
    """
    request = HistoryRequest(params=params or EuropeanParams())
    history = compute_history(db, request, actor)
    last = history.months[-1]
    if last.status is MonthStatus.NOT_RATABLE:
        raise NotFoundError(
            f"expected a ratable group of players as of {last.as_of.isoformat()}, got none"
        )
    published = publish_list(db, last.as_of.isoformat(), actor)
    return ArchiveHistory(history, published)
