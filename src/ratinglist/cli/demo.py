"""`ratinglist demo`: rebuild the demo database from the bundled synthetic archive."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ratinglist.cli.common import user_errors
from ratinglist.cli.importing import print_summary, run_import
from ratinglist.cli.rating import list_command
from ratinglist.errors import StoreError
from ratinglist.formats.playerlist import read_players_list
from ratinglist.store import (
    ComputedList,
    ImportSummary,
    compute_rating_list,
    import_players_list,
    list_tournaments,
    open_store,
)

DEMO_TOP = 10
"""How many players of the demo rating list `ratinglist demo` prints."""

DEMO_ARCHIVE = Path("examples") / "demo_archive"
DEFAULT_DEMO_DB = "demo.db"


def find_demo_archive(start: Path | None = None) -> Path:
    """The bundled ``examples/demo_archive`` folder of the source tree.

    Looked up from the installed (editable) package upwards, then from `start` (default: the
    working directory) upwards.

    Raises:
        StoreError: no such folder was found.
    """
    here = Path(__file__).resolve()
    bases = [*here.parents, *(start or Path.cwd()).resolve().parents, (start or Path.cwd())]
    for base in bases:
        candidate = base / DEMO_ARCHIVE
        if candidate.is_dir():
            return candidate
    raise StoreError(
        f"expected the demo archive {DEMO_ARCHIVE}/ in the source tree, found none above "
        f"'{here.parent}' or '{(start or Path.cwd()).resolve()}' (run `make demo-data`)"
    )


def _remove_database(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        target = path.with_name(path.name + suffix)
        try:
            target.unlink(missing_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot delete '{target}': {exc.strerror or exc}") from exc


def build_demo(
    db: Path, archive: Path | None = None, *, show_progress: bool = False
) -> ImportSummary:
    """Delete `db`, create it afresh, load the demo players list and import the archive."""
    folder = archive or find_demo_archive()
    _remove_database(db)
    store = open_store(f"sqlite:///{db}")
    try:
        players = folder / "players.txt"
        if players.is_file():
            import_players_list(store, read_players_list(players))
        return run_import(store, [folder], include_duplicates=False, show_progress=show_progress)
    finally:
        store.close()


def rate_demo(db: Path) -> ComputedList:
    """Compute and store the rating list of the demo database as of its last tournament.

    Raises:
        StoreError: the database holds no tournament.
    """
    store = open_store(f"sqlite:///{db}")
    try:
        rows = list_tournaments(store)
        if not rows:
            raise StoreError(f"expected tournaments in the demo database '{db}', got none")
        return compute_rating_list(store, max(r.start_date for r in rows), label="demo")
    finally:
        store.close()


def demo(
    db: Annotated[Path, typer.Option("--db", help="SQLite file to (re)create.")] = Path(
        DEFAULT_DEMO_DB
    ),
) -> None:
    """Recreate the demo database from the bundled synthetic archive and show the import.

    Deletes the database file first. The archive is examples/demo_archive/ (see
    `make demo-data`). Then computes and stores the rating list as of the last demo
    tournament and prints its top.

    Example: ratinglist demo --db demo.db
    """
    with user_errors():
        summary = build_demo(db, show_progress=True)
        print_summary(summary, title=f"Demo database {db}")
        done = rate_demo(db)
        list_command(limit=DEMO_TOP, db=str(db))
    typer.echo(
        f"rating list {done.info.id} as of {done.info.as_of.isoformat()}: "
        f"{done.info.rated:,} rated, {done.info.listed:,} listed, "
        f"{done.info.official:,} official ({done.seconds:.2f} s)"
    )
    typer.echo(f"demo database ready: {db}")
