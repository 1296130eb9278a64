"""Importing .ELO files and folders into the store, one atomic transaction per file.

Per file (rules in docs/decisions.md, "Archive import"; the file's name is its key):
- same name and same sha256 as the latest stored version: ``unchanged``, nothing written;
- no header date or unreadable: ``rejected``, the version and its diagnostics are stored,
  no tournament;
- otherwise the file becomes the current version of its name and its tournament is created
  (``imported``) or replaced (``replaced``); temporary IDs get the lowest unused ID of the
  host country's range; unknown players of ``%_%`` lines join the registry;
- a tournament whose rated games duplicate another one's (`duplicates`) is stored with
  `duplicate_of` set (``duplicate``) and stays out of ratings unless `include_duplicates`;
- every version written records the day the federation received it (`ReceivedDay`).
"""

from __future__ import annotations

import datetime as dt
import enum
import hashlib
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import select, update
from sqlalchemy.engine import Connection

from ratinglist.archive.duplicates import games_fingerprint
from ratinglist.errors import StoreError
from ratinglist.store.bulk import savepoint
from ratinglist.store.database import Store, translate_errors
from ratinglist.store.parsed import ParsedFile, file_sha256, pack, parse_bytes, parse_for_import
from ratinglist.store.schema import source_files
from ratinglist.store.writer import ArchiveState, FileWrite, write_file, write_rejected


class ReceivedDay(enum.Enum):
    """The day an import records as the day the federation received each file.

    ``IMPORT_DAY``: the UTC day of the import (a file received now). ``FILE_DATE``: the
    file's last day (its end date, else its start date), for an archive of files received
    long ago whose arrival days are unknown.
    """

    IMPORT_DAY = "import-day"
    FILE_DATE = "file-date"


Received = ReceivedDay | dt.date
"""A received-day rule, or the day itself (an intake item: the day it was submitted)."""


def received_day(parsed: ParsedFile, received: Received, now: dt.datetime) -> dt.date:
    """The received day `received` gives the file `parsed` imported at `now`."""
    if isinstance(received, dt.date):
        return received
    if received is ReceivedDay.FILE_DATE and parsed.start is not None:
        return parsed.end or parsed.start
    return now.astimezone(dt.UTC).date()


class FileStatus(enum.Enum):
    """What an import did with one file."""

    IMPORTED = "imported"
    REPLACED = "replaced"
    UNCHANGED = "unchanged"
    DUPLICATE = "duplicate"
    REJECTED = "rejected"


@dataclass(frozen=True, slots=True)
class FileResult:
    """The outcome for one file; `first_error` is the first error diagnostic, formatted."""

    path: str
    name: str
    status: FileStatus
    games: int = 0
    warnings: int = 0
    errors: int = 0
    first_error: str | None = None
    duplicate_of: str | None = None


SUMMARY_KEYS = (
    "files",
    "imported",
    "unchanged",
    "duplicate",
    "rejected",
    "games",
    "warnings",
    "errors",
)


@dataclass(frozen=True, slots=True)
class ImportSummary:
    """Totals of one import run; `imported` counts new and replaced tournaments."""

    results: tuple[FileResult, ...]

    def _count(self, *statuses: FileStatus) -> int:
        return sum(1 for r in self.results if r.status in statuses)

    @property
    def files(self) -> int:
        """Files seen."""
        return len(self.results)

    @property
    def imported(self) -> int:
        """New or replaced tournaments (not duplicates)."""
        return self._count(FileStatus.IMPORTED, FileStatus.REPLACED)

    @property
    def replaced(self) -> int:
        """Tournaments replaced by a changed file (included in `imported`)."""
        return self._count(FileStatus.REPLACED)

    @property
    def unchanged(self) -> int:
        """Files already stored with the same content."""
        return self._count(FileStatus.UNCHANGED)

    @property
    def duplicate(self) -> int:
        """Files stored but flagged as a duplicate of another tournament."""
        return self._count(FileStatus.DUPLICATE)

    @property
    def rejected(self) -> int:
        """Files that could not be used at all."""
        return self._count(FileStatus.REJECTED)

    @property
    def games(self) -> int:
        """Games stored by this run (duplicates included)."""
        return sum(r.games for r in self.results)

    @property
    def warnings(self) -> int:
        """Warning diagnostics of the files read in this run."""
        return sum(r.warnings for r in self.results)

    @property
    def errors(self) -> int:
        """Error diagnostics of the files read in this run."""
        return sum(r.errors for r in self.results)

    def to_dict(self) -> dict[str, int]:
        """Exactly the keys of `SUMMARY_KEYS`, all integers (the ``--json`` output)."""
        return {key: int(getattr(self, key)) for key in SUMMARY_KEYS}


PARALLEL_MIN_FILES = 200
"""Below this many files to parse, parsing stays in this process."""

PARSE_CHUNK = 32
"""Files per task sent to a parsing process."""

COMMIT_EVERY = 500
"""Files per enclosing transaction (each file is still atomic through its SAVEPOINT)."""

Progress = Callable[[FileResult, int, int], None]
"""Called after each file with its result, the number of files done and the total."""


class ImportPathError(StoreError):
    """A path given to import is neither a file nor a folder."""


def collect_elo_files(paths: Iterable[str | Path]) -> list[Path]:
    """Files named on the command line, plus ``*.ELO`` (any case) under folders, recursively.

    Folder contents are sorted by path (the archive's names start with the date).

    Raises:
        ImportPathError: a path does not exist.
    """
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(
                sorted(p for p in path.rglob("*") if p.suffix.lower() == ".elo" and p.is_file())
            )
        elif path.is_file():
            found.append(path)
        else:
            raise ImportPathError(f"expected a .ELO file or a folder, got '{raw}' (not found)")
    return found


def _rated_pairs(parsed: ParsedFile, id_map: dict[str, int]) -> list[tuple[int, int, str]]:
    rated = [g for g in parsed.games if g[8] is None]  # g[8]: the excluded code
    tokens = {g[0] for g in rated}
    tokens.update([g[1] for g in rated])
    ids = {  # once per token: a mapped temporary ID, else a number, else None
        t: id_map[t] if t in id_map else int(t) if t.isdigit() and t.isascii() else None
        for t in tokens
    }
    return [
        (a, b, g[2]) for g in rated if (a := ids[g[0]]) is not None and (b := ids[g[1]]) is not None
    ]


def _write_one(
    conn: Connection,
    archive: ArchiveState,
    parsed: ParsedFile,
    include_duplicates: bool,
    now: dt.datetime,
    received: Received = ReceivedDay.IMPORT_DAY,
) -> FileResult:
    """Write one parsed file inside a SAVEPOINT on `conn` with its received day; update the
    cache after."""
    latest = archive.latest.get(parsed.name)
    if latest is not None and latest.sha256 == parsed.sha256:
        return FileResult(path=parsed.path, name=parsed.name, status=FileStatus.UNCHANGED)
    if parsed.start is None:
        with savepoint(conn):
            written = write_rejected(conn, archive, parsed, now=now)
        archive.remember(written)
        first_error = parsed.first_error or f"{parsed.name}: no tournament date in the header"
        return FileResult(
            path=parsed.path,
            name=parsed.name,
            status=FileStatus.REJECTED,
            warnings=parsed.warnings,
            errors=parsed.errors,
            first_error=first_error,
        )
    id_map = archive.temporary_ids(parsed)
    pairs = _rated_pairs(parsed, id_map)
    fingerprint = games_fingerprint(pairs)
    original = archive.find_original(fingerprint, parsed.start, parsed.name) if pairs else None
    write = FileWrite(
        parsed=parsed,
        id_map=id_map,
        games_hash=fingerprint,
        duplicate_of=None if original is None else original.tournament_id,
        include_duplicate=include_duplicates and original is not None,
        received_on=received_day(parsed, received, now),
    )
    with savepoint(conn):
        written = write_file(conn, archive, write, now=now)
    archive.remember(written)
    if original is not None:
        status = FileStatus.DUPLICATE
    elif written.replaced:
        status = FileStatus.REPLACED
    else:
        status = FileStatus.IMPORTED
    return FileResult(
        path=parsed.path,
        name=parsed.name,
        status=status,
        games=len(parsed.games),
        warnings=parsed.warnings,
        errors=parsed.errors,
        first_error=parsed.first_error,
        duplicate_of=None if original is None else original.file_name,
    )


def _parsed_in_order(paths: list[str], workers: int) -> Iterator[ParsedFile]:
    """`parse_for_import` over `paths`, in order; in `workers` processes when > 0."""
    if workers <= 0 or len(paths) < 2:
        yield from map(parse_for_import, paths)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(parse_for_import, paths, chunksize=PARSE_CHUNK)


def default_workers(files: int) -> int:
    """Parsing processes for `files` files: one when it pays off and a second core exists."""
    return 1 if files >= PARALLEL_MIN_FILES and (os.cpu_count() or 1) > 1 else 0


def import_file(
    store: Store,
    path: str | Path,
    *,
    include_duplicates: bool = False,
    now: dt.datetime | None = None,
) -> FileResult:
    """Import one file in its own transaction (see `import_paths`)."""
    summary = import_paths(store, [path], include_duplicates=include_duplicates, now=now)
    return summary.results[0]


def import_text_on(
    conn: Connection,
    store: Store,
    name: str,
    data: bytes,
    *,
    now: dt.datetime | None = None,
    received: Received = ReceivedDay.IMPORT_DAY,
) -> FileResult:
    """Import one results file given as bytes, inside the caller's transaction on `conn`.

    No file is written: `name` is the file name the archive records. The caller commits
    (or rolls back) this import together with its own writes. `received`: the day the
    federation received it (default the import day).
    """
    archive = ArchiveState.load(store)
    parsed = parse_bytes(data, name)
    moment = now or dt.datetime.now(dt.UTC)
    return _write_one(conn, archive, parsed, False, moment, received)


def import_paths(
    store: Store,
    paths: Iterable[str | Path],
    *,
    include_duplicates: bool = False,
    progress: Progress | None = None,
    now: dt.datetime | None = None,
    commit_every: int = COMMIT_EVERY,
    workers: int | None = None,
    received: Received = ReceivedDay.IMPORT_DAY,
) -> ImportSummary:
    """Import every file of `paths` (files and folders), in path order; each file is atomic.

    Files whose name and sha256 match the latest stored version are ``unchanged`` and not
    parsed (their bytes are stored when that version has none yet). The others are parsed
    (in `workers` separate processes; None = `default_workers`) while this process writes
    them, each inside its own SAVEPOINT; the enclosing transaction
    is committed every `commit_every` files and at the end. A failing file therefore leaves
    the database as it was before that file, and the files before it stay imported.
    `progress` is called after each file. Each file written records `received` as the day
    the federation received it (default the import day).

    Raises:
        ImportPathError: a path does not exist (nothing is imported).
        StoreError: the database failed on a file (that file is rolled back, the files
            before it are committed).
    """
    files = collect_elo_files(paths)
    archive = ArchiveState.load(store)
    moment = now or dt.datetime.now(dt.UTC)
    unchanged = [_is_unchanged(archive, path) for path in files]
    to_parse = [str(path) for path, same in zip(files, unchanged, strict=True) if not same]
    parsed = _parsed_in_order(
        to_parse, default_workers(len(to_parse)) if workers is None else workers
    )
    results: list[FileResult] = []
    with translate_errors("write to the database"), store.engine.connect() as conn:
        outer = conn.begin()
        try:
            missing = _without_bytes(conn) if any(unchanged) else {}
            for done, (path, same) in enumerate(zip(files, unchanged, strict=True), start=1):
                if same:
                    if path.name in missing:
                        _store_bytes(conn, missing[path.name], path)
                    result = FileResult(path=str(path), name=path.name, status=FileStatus.UNCHANGED)
                else:
                    result = _write_one(
                        conn, archive, next(parsed), include_duplicates, moment, received
                    )
                results.append(result)
                if done % commit_every == 0:
                    outer.commit()
                    outer = conn.begin()
                if progress is not None:
                    progress(result, done, len(files))
        finally:
            if outer.is_active:
                outer.commit()
            close = getattr(parsed, "close", None)
            if close is not None:
                close()
    return ImportSummary(results=tuple(results))


def _without_bytes(conn: Connection) -> dict[str, tuple[int, str]]:
    """Name -> (id, sha256) of the latest versions whose bytes were never stored (imported
    before migration 0015 and not found by it)."""
    s = source_files.c
    query = select(s.name, s.id, s.sha256).where(s.content.is_(None)).order_by(s.version)
    return {str(name): (int(i), str(sha)) for name, i, sha in conn.execute(query)}


def _store_bytes(conn: Connection, version: tuple[int, str], path: Path) -> None:
    """Store the bytes of an unchanged file for its version when they still match."""
    try:
        data = path.read_bytes()
    except OSError:
        return
    if hashlib.sha256(data).hexdigest() == version[1]:
        conn.execute(
            update(source_files).where(source_files.c.id == version[0]), {"content": pack(data)}
        )


def _is_unchanged(archive: ArchiveState, path: Path) -> bool:
    """True when `path` has the bytes of the latest stored version of its name (a file whose
    name is not stored is neither read nor hashed here: it is parsed anyway)."""
    latest = archive.latest.get(path.name)
    found = None if latest is None else file_sha256(path)
    return found is not None and latest is not None and latest.sha256 == found[0]
