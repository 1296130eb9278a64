"""The demo use case: build a database from the bundled synthetic archive and rate it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ratinglist.errors import ConflictError, NotFoundError, StoreError
from ratinglist.service.actor import SYSTEM, Actor
from ratinglist.service.archive import Progress, import_archive
from ratinglist.service.databases import forget_database, open_database
from ratinglist.service.player_lists import import_players_list
from ratinglist.service.rating_lists import ComputedList, compute_list
from ratinglist.store import ImportSummary, list_tournaments

DEMO_ARCHIVE = Path("examples") / "demo_archive"


def find_demo_archive(start: Path | None = None) -> Path:
    """The bundled ``examples/demo_archive`` folder of the source tree.

    Looked up from the installed (editable) package upwards, then from `start` (default: the
    working directory) upwards.

    Raises:
        NotFoundError: no such folder was found.
    """
    here = Path(__file__).resolve()
    base = (start or Path.cwd()).resolve()
    for folder in (*here.parents, *base.parents, base):
        candidate = folder / DEMO_ARCHIVE
        if candidate.is_dir():
            return candidate
    raise NotFoundError(
        f"expected the demo archive {DEMO_ARCHIVE}/ in the source tree, found none above "
        f"'{here.parent}' or '{base}' (run `make demo-data`)"
    )


def _remove_database(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        target = path.with_name(path.name + suffix)
        try:
            target.unlink(missing_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot delete '{target}': {exc.strerror or exc}") from exc


@dataclass(frozen=True, slots=True)
class DemoDatabase:
    """The demo database built: its import summary and its rating list."""

    path: Path
    summary: ImportSummary
    rated: ComputedList


def build_demo(
    path: Path,
    *,
    force: bool = False,
    archive: Path | None = None,
    actor: Actor = SYSTEM,
    progress: Progress | None = None,
) -> DemoDatabase:
    """Create the demo database at `path`: the demo players list, the archive, and the
    rating list as of the last demo tournament.

    Raises:
        ConflictError: `path` exists and `force` is not given (nothing is touched).
        NotFoundError: no demo archive.
    """
    folder = archive or find_demo_archive()
    if path.exists() and not force:
        raise ConflictError(
            f"expected a new file for the demo database, got existing '{path}' (add --force "
            f"to replace it)"
        )
    url = f"sqlite:///{path}"
    forget_database(url)
    _remove_database(path)
    players = folder / "players.txt"
    open_database(url, create=True)
    if players.is_file():
        import_players_list(url, players, actor=actor, apply=True)
    summary = import_archive(url, [folder], progress=progress)
    with open_database(url).connect() as conn:
        rows = list_tournaments(conn)
    if not rows:
        raise NotFoundError(f"expected tournaments in the demo archive '{folder}', got none")
    rated = compute_list(url, max(r.start_date for r in rows), actor=actor, label="demo")
    return DemoDatabase(path, summary, rated)
