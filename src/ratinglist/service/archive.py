"""Archive use cases: import results files, check them, list imported tournaments, keep one
out of ratings or put it back.

A missing database file is created only by `import_archive`; the other use cases refuse it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ratinglist.archive.duplicates import near_duplicates
from ratinglist.errors import InputError
from ratinglist.formats.diagnostics import Diagnostic, Severity, has_errors
from ratinglist.formats.elo import read_elo
from ratinglist.formats.elo_totals import totals_notes
from ratinglist.formats.playerlist import read_players_list
from ratinglist.model.text import format_count
from ratinglist.rating.membership import files_not_in_list, newcomers_by_file
from ratinglist.service.player_lists import check_is_players_list
from ratinglist.store import (
    FileResult,
    FileStatus,
    ImportSummary,
    Store,
    TournamentRow,
    collect_elo_files,
    import_paths,
    list_tournaments,
    received_by_lag,
    set_excluded_from_ratings,
    set_received_dates,
)
from ratinglist.store.importer import ReceivedDay
from ratinglist.store.near_duplicates import flag_copies, unflagged_file_games
from ratinglist.store.rating_games import load_tournament_games, results_files

__all__ = [
    "CheckedFiles",
    "FileNotInList",
    "FileResult",
    "FileStatus",
    "ImportSummary",
    "ReceivedDay",
    "Severity",
    "TournamentListing",
    "TournamentRow",
    "check_files",
    "exclude_tournament",
    "files_not_in_published_list",
    "import_archive",
    "include_tournament",
    "set_received",
    "tournament_status",
    "tournaments",
]

Progress = Callable[[FileResult, int, int], None]


MAX_FILE_SIZE = 256 * 1024
"""Bytes a results file may have before `import_archive` wants ``force``: the largest file of
the real archive (1977-2026) has 28 KB; a file ten times that is more likely a generated or
corrupted one (a game line repeated 400,000 times) than a tournament."""


def import_archive(
    db: Store,
    paths: Sequence[Path],
    *,
    include_duplicates: bool = False,
    progress: Progress | None = None,
    max_size: int = MAX_FILE_SIZE,
    force: bool = False,
    received: ReceivedDay = ReceivedDay.FILE_DATE,
) -> ImportSummary:
    """Import results files and folders (idempotent: unchanged files are skipped); the
    database is created when missing. `progress` is called after each file. A file over
    `max_size` bytes is refused (nothing imported) unless `force`. Each file written records
    the day the federation received it: by default its last day (an archive of files
    received long ago), or the import day (`ReceivedDay.IMPORT_DAY`: files received now).

    Raises:
        ImportPathError: a path does not exist.
        InputError: a file over `max_size` and no `force`.
        StoreError: the database cannot be written.
    """
    if not force:
        refuse_oversized(paths, max_size)
    return import_paths(
        db, paths, include_duplicates=include_duplicates, progress=progress, received=received
    )


def refuse_oversized(paths: Sequence[Path], max_size: int = MAX_FILE_SIZE) -> None:
    """Refuse results files over `max_size` bytes (`import_archive` without ``force``; a
    command checks first, before it opens or creates the database).

    Raises:
        ImportPathError: a path does not exist.
        InputError: a file over `max_size`.
    """
    for path in collect_elo_files(paths):
        size = path.stat().st_size
        if size > max_size:
            raise InputError(
                f"{path}: expected a results file of at most {format_count(max_size)} "
                f"bytes, got {format_count(size)} (add --force to import it anyway); "
                f"nothing imported"
            )


@dataclass(frozen=True, slots=True)
class CheckedFiles:
    """Results files read without storing: how many, their games, every diagnostic."""

    files: int
    games: int
    diagnostics: tuple[Diagnostic, ...]

    @property
    def has_errors(self) -> bool:
        """True when a diagnostic is an error."""
        return has_errors(self.diagnostics)

    def count(self, severity: Severity) -> int:
        """How many diagnostics have this severity."""
        return sum(1 for d in self.diagnostics if d.severity is severity)


def check_files(paths: Sequence[Path]) -> CheckedFiles:
    """Read results files, and the ``*.ELO`` files under folders, as `import` finds them;
    besides the reader's diagnostics, declared scores the games cannot give are noted (N303).

    Raises:
        ImportPathError: a path does not exist.
        FormatError: a file cannot be read.
    """
    results = [read_elo(path) for path in collect_elo_files(paths)]
    found = []
    for r in results:
        notes = totals_notes(r.players, r.games, r.source)
        found.extend(sorted((*r.diagnostics, *notes), key=lambda d: (d.line, d.column)))
    return CheckedFiles(len(results), sum(len(r.games) for r in results), tuple(found))


def tournament_status(row: TournamentRow) -> str:
    """``rated``, ``excluded`` (by the rating officer) or ``duplicate`` (not included)."""
    if row.excluded_from_ratings:
        return "excluded"
    return "rated" if row.rated else "duplicate"


@dataclass(frozen=True, slots=True)
class TournamentListing:
    """Imported tournaments (newest last): how many the filter selects and the last ones."""

    selected: int
    rows: tuple[TournamentRow, ...]


def tournaments(db: Store, *, not_rated: bool = False, limit: int | None = 50) -> TournamentListing:
    """Imported tournaments by start date, only the ones not rated with `not_rated`, the
    newest `limit` (all when None).

    Raises:
        NotFoundError: no such database file.
    """
    with db.connect() as conn:
        rows = [r for r in list_tournaments(conn) if not (not_rated and r.rated)]
    shown = rows if limit is None else rows[-limit:] if limit else []
    return TournamentListing(len(rows), tuple(shown))


def exclude_tournament(db: Store, file_name: str, reason: str) -> None:
    """Keep a tournament out of every rating list computed from now on (the reason is kept).

    Raises:
        StoreError: no tournament has this file name.
    """
    with db.begin() as conn:
        set_excluded_from_ratings(conn, file_name, reason)


def include_tournament(db: Store, file_name: str) -> None:
    """Put an excluded tournament back into the ratings.

    Raises:
        StoreError: no tournament has this file name.
    """
    with db.begin() as conn:
        set_excluded_from_ratings(conn, file_name, None)


def set_received(
    db: Store,
    file_names: Sequence[str] = (),
    *,
    day: dt.date | None = None,
    lags: Mapping[str, int] | None = None,
    default_lag: int | None = None,
    since: dt.date | None = None,
    until: dt.date | None = None,
) -> int:
    """Set the day the federation received results files (the wof profile rates the files
    received by the list date); return how many files were set.

    With `file_names`: those files get `day` (None: back to their import day). With `lags`
    or `default_lag`: every stored file (started within `since`..`until`) gets its last day
    plus its country's lag in months (`lags` keyed by the ``%%Country`` text; other
    countries `default_lag`, or left as they are when None).

    Raises:
        InputError: both or neither of file names and lags.
        StoreError: a file name that is not stored (nothing changed).
    """
    bulk = lags is not None or default_lag is not None
    if bulk == bool(file_names):
        raise InputError(
            "expected file names with --date or --clear, or --lag/--default-lag for every file"
        )
    if bulk:
        days: dict[str, dt.date | None] = dict(
            received_by_lag(db, lags or {}, default_lag, started_from=since, started_until=until)
        )
    else:
        days = dict.fromkeys(file_names, day)
    return set_received_dates(db, days)


@dataclass(frozen=True, slots=True)
class NearDuplicateFound:
    """A copy found by the near-duplicate rule: its file, the original's, the games they
    share, the copy's games and the share of the smaller file."""

    copy: str
    copy_start: dt.date
    copy_games: int
    original: str
    original_games: int
    shared: int
    share: float


def near_duplicate_files(db: Store, *, apply: bool = False) -> tuple[NearDuplicateFound, ...]:
    """The files that repeat another file with a few games changed (the rule of
    `archive.duplicates.near_duplicates`); with `apply` each copy is flagged as a duplicate
    of its original in the same transaction, so lists and evaluations leave it out as they
    leave out every flagged duplicate.

    Raises:
        StoreError: the database could not be read or written.
    """
    with db.begin() as conn:
        found = near_duplicates(unflagged_file_games(conn))
        if apply:
            flag_copies(conn, ((d.copy.tournament_id, d.original.tournament_id) for d in found))
    return tuple(
        NearDuplicateFound(
            copy=d.copy.file_name,
            copy_start=d.copy.start_date,
            copy_games=len(d.copy.games),
            original=d.original.file_name,
            original_games=len(d.original.games),
            shared=d.shared,
            share=d.share,
        )
        for d in found
    )


@dataclass(frozen=True, slots=True)
class FileNotInList:
    """A file a published list was computed without (`rating.membership`): its name, first
    day, how many newcomers it brought (none in the list), the received day stored before,
    and the day set (the day after the list's; None when it was already later or not
    applied)."""

    file_name: str
    start: dt.date
    newcomers: int
    received: dt.date
    set_to: dt.date | None


def files_not_in_published_list(
    db: Store,
    players_list: Path,
    as_of: dt.date,
    *,
    min_newcomers: int = 1,
    in_order: bool = False,
    apply: bool = False,
) -> tuple[FileNotInList, ...]:
    """The stored files that the published players list at `players_list`, computed as of
    `as_of`, shows were not yet received: started by then, with at least `min_newcomers`
    newcomers and none of them in the list (with `in_order` also the later files of such a
    file's country, unless a later one is shown received; `rating.membership`). With
    `apply` each such file received by `as_of` gets the next day as its received day (one
    transaction), so the wof profile leaves it out of a list of that date and rates it in
    later ones.

    Raises:
        PlayersListError: unreadable, or not a players list.
        RatingError: `min_newcomers` below 1.
        StoreError: the database could not be read or written.
    """
    listed = read_players_list(players_list)
    check_is_players_list(listed)
    known = {int(p.id) for p in listed.players()}
    after = as_of + dt.timedelta(days=1)
    with db.begin() as conn:
        files = results_files(conn)
        start = {f.tournament: f.start for f in files}
        loaded = load_tournament_games(conn, {t: day.toordinal() for t, day in start.items()})
        newcomers = newcomers_by_file(
            zip(loaded.first, loaded.second, loaded.tournament, strict=True), start
        )
        found = files_not_in_list(
            files, newcomers, known, as_of, min_newcomers=min_newcomers, in_order=in_order
        )
        late = {n.file.file_name: after for n in found if n.file.received <= as_of}
        if apply and late:
            set_received_dates(conn, late)
    return tuple(
        FileNotInList(
            file_name=n.file.file_name,
            start=n.file.start,
            newcomers=n.newcomers,
            received=n.file.received,
            set_to=late.get(n.file.file_name) if apply else None,
        )
        for n in found
    )
