"""Importing .ELO files and folders into the store, one atomic transaction per file.

Per file (rules in docs/decisions.md, "Archive import"):
- same name and same sha256 as the latest stored version: ``unchanged``, nothing written;
- no header date or unreadable: ``rejected``, the version and its diagnostics are stored,
  no tournament;
- otherwise the file becomes the current version of its name and its tournament is created
  (``imported``) or replaced (``replaced``); temporary IDs get the lowest unused ID of the
  host country's range; unknown players of ``%_%`` lines join the registry;
- a tournament whose rated games duplicate another one's (`duplicates`) is stored with
  `duplicate_of` set (``duplicate``) and stays out of ratings unless `include_duplicates`.
"""

from __future__ import annotations

import datetime as dt
import enum
import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import Connection

from ratinglist.errors import ResultsFileError, StoreError
from ratinglist.formats.diagnostics import Diagnostic, Severity
from ratinglist.formats.elo import read_elo
from ratinglist.formats.results_file import ResultsFile
from ratinglist.store.bulk import savepoint
from ratinglist.store.database import Store, translate_errors
from ratinglist.store.duplicates import games_fingerprint
from ratinglist.store.writer import ArchiveState, FileWrite, write_file, write_rejected


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


def _unreadable(name: str, exc: Exception) -> Diagnostic:
    return Diagnostic(
        code="S001",
        severity=Severity.ERROR,
        message=f"expected a readable file, got: {exc}",
        source=name,
        line=1,
    )


def _numeric(token: str) -> int | None:
    return int(token) if token.isdigit() and token.isascii() else None


def _rated_pairs(results: ResultsFile, id_map: dict[str, int]) -> list[tuple[int, int, str]]:
    pairs = []
    for g in results.games:
        if g.excluded is not None:
            continue
        a = id_map[g.first] if g.first in id_map else _numeric(g.first)
        b = id_map[g.second] if g.second in id_map else _numeric(g.second)
        if a is not None and b is not None:
            pairs.append((a, b, g.outcome.value))
    return pairs


def _counts(diagnostics: Sequence[Diagnostic]) -> tuple[int, int, str | None]:
    warnings = sum(1 for d in diagnostics if d.severity is Severity.WARNING)
    errors = [d for d in diagnostics if d.severity is Severity.ERROR]
    return warnings, len(errors), errors[0].format() if errors else None


def _import_one(
    conn: Connection,
    archive: ArchiveState,
    path: Path,
    include_duplicates: bool,
    now: dt.datetime,
) -> FileResult:
    """Read one file and write it inside a SAVEPOINT on `conn`; update the cache after."""
    name = path.name
    try:
        data = path.read_bytes()
    except OSError as exc:
        data, results = b"", None
        problems: tuple[Diagnostic, ...] = (_unreadable(name, exc),)
    else:
        sha = hashlib.sha256(data).hexdigest()
        latest = archive.latest.get(name)
        if latest is not None and latest.sha256 == sha:
            return FileResult(path=str(path), name=name, status=FileStatus.UNCHANGED)
        try:
            results = read_elo(path, source=name)
        except ResultsFileError as exc:
            results, problems = None, (_unreadable(name, exc),)
    sha = hashlib.sha256(data).hexdigest()
    if results is None or results.header.dates is None:
        if results is not None:
            problems = results.diagnostics
        latest = archive.latest.get(name)
        if latest is not None and latest.sha256 == sha:
            return FileResult(path=str(path), name=name, status=FileStatus.UNCHANGED)
        with savepoint(conn):
            written = write_rejected(
                conn,
                archive,
                path=str(path),
                name=name,
                sha=sha,
                size=len(data),
                encoding="unknown" if results is None else results.encoding,
                items=problems,
                now=now,
            )
        archive.remember(written)
        warnings, errors, first_error = _counts(problems)
        return FileResult(
            path=str(path),
            name=name,
            status=FileStatus.REJECTED,
            warnings=warnings,
            errors=errors,
            first_error=first_error or f"{name}:1:1: error: no tournament date in the header",
        )
    dates = results.header.dates
    id_map = archive.temporary_ids(results, results.header.country or "")
    pairs = _rated_pairs(results, id_map)
    fingerprint = games_fingerprint(pairs)
    original = archive.find_original(fingerprint, dates.start, name) if pairs else None
    write = FileWrite(
        path=str(path),
        name=name,
        sha256=sha,
        size=len(data),
        results=results,
        id_map=id_map,
        games_hash=fingerprint,
        rated_games=len(pairs),
        duplicate_of=None if original is None else original.tournament_id,
        include_duplicate=include_duplicates and original is not None,
    )
    with savepoint(conn):
        written = write_file(conn, archive, write, now=now)
    archive.remember(written)
    warnings, errors, first_error = _counts(results.diagnostics)
    if original is not None:
        status = FileStatus.DUPLICATE
    elif written.replaced:
        status = FileStatus.REPLACED
    else:
        status = FileStatus.IMPORTED
    return FileResult(
        path=str(path),
        name=name,
        status=status,
        games=len(results.games),
        warnings=warnings,
        errors=errors,
        first_error=first_error,
        duplicate_of=None if original is None else original.file_name,
    )


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


def import_paths(
    store: Store,
    paths: Iterable[str | Path],
    *,
    include_duplicates: bool = False,
    progress: Progress | None = None,
    now: dt.datetime | None = None,
    commit_every: int = COMMIT_EVERY,
) -> ImportSummary:
    """Import every file of `paths` (files and folders); each file is atomic.

    Each file is written inside its own SAVEPOINT; the enclosing transaction is committed
    every `commit_every` files and at the end, so a failing file leaves the database as it
    was before that file while the files before it stay imported. `progress` is called
    after each file.

    Raises:
        ImportPathError: a path does not exist (nothing is imported).
        StoreError: the database failed on a file (that file is rolled back, the files
            before it are committed).
    """
    files = collect_elo_files(paths)
    archive = ArchiveState.load(store)
    moment = now or dt.datetime.now(dt.UTC)
    results: list[FileResult] = []
    with translate_errors("write to the database"), store.engine.connect() as conn:
        outer = conn.begin()
        try:
            for done, path in enumerate(files, start=1):
                results.append(_import_one(conn, archive, path, include_duplicates, moment))
                if done % commit_every == 0:
                    outer.commit()
                    outer = conn.begin()
                if progress is not None:
                    progress(results[-1], done, len(files))
        finally:
            if outer.is_active:
                outer.commit()
    return ImportSummary(results=tuple(results))
