"""Helpers shared by CLI commands: database option, actor, error handling, consoles.

Only typer, rich and the standard library at module level: commands import the service
inside their function so `ratinglist version` starts fast.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.table import Table

from ratinglist.errors import RatinglistError

_T = TypeVar("_T")

if TYPE_CHECKING:
    from ratinglist.service.actor import Actor
    from ratinglist.service.databases import Store

console = Console()
err_console = Console(stderr=True)

DEFAULT_DB = "ratinglist.db"


def database_url(db: str | None) -> str:
    """The database to use: `--db`, else ``RATINGLIST_DB``, else ``ratinglist.db`` here.

    A plain path becomes an SQLite URL; anything with ``://`` is used as is.
    """
    value = db or os.environ.get("RATINGLIST_DB") or DEFAULT_DB
    return value if "://" in value else f"sqlite:///{value}"


def open_db(db: str | None, *, create: bool = False) -> Store:
    """The handle of this invocation's database (`--db`, as `database_url` reads it), opened
    once at the start of a command and passed to every use case it calls.

    Raises:
        NotFoundError: the SQLite file does not exist and the command does not `create`.
        StoreError: the database cannot be opened or migrated.
    """
    from ratinglist.service.databases import open_database

    return open_database(database_url(db), create=create)


def open_tournament(db: str | None, tournament: str | None) -> tuple[Store, int]:
    """The handle of this invocation's database and the number of the tournament that
    `--tournament` names (a name, a number, or none: the most recent), resolved once here:
    every tournament use case takes the number."""
    from ratinglist.service.tournaments.log import find_tournament

    handle = open_db(db)
    return handle, find_tournament(handle, tournament)


def cli_actor() -> Actor:
    """The person at this terminal, as every write records them."""
    from ratinglist.service.actor import Actor

    return Actor.cli_user()


DbOption = typer.Option(
    None, "--db", help="Database path or URL (default: $RATINGLIST_DB or ./ratinglist.db)."
)
ConfirmOption = Annotated[
    bool,
    typer.Option(
        "--confirm",
        help="Pair them even if they already played each other or are a forbidden pair "
        "(else asked first).",
    ),
]


def warn(message: str) -> None:
    """A warning line on stderr (``warning: ...``)."""
    err_console.print(
        f"[yellow]warning:[/yellow] {message}", highlight=False, markup=True, soft_wrap=True
    )


def show_error(exc: RatinglistError) -> None:
    """Our error as the one line on stderr every command prints (``error: ...``)."""
    err_console.print(f"[red]error:[/red] {exc}", highlight=False, markup=True, soft_wrap=True)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn our errors into a one-line message on stderr and exit code 1."""
    try:
        yield
    except RatinglistError as exc:
        show_error(exc)
        raise typer.Exit(1) from exc


def check_writable(path: Path) -> None:
    """Refuse an output file that cannot be written (a folder, or in no folder) before the
    command does anything else: a list stored, then its CSV refused, is half a command.

    Raises:
        InputError: `path` is a folder or its folder does not exist.
    """
    from ratinglist.errors import N_, InputError, Phrase

    if path.is_dir() or not path.parent.is_dir():
        why = Phrase(N_("a folder")) if path.is_dir() else Phrase(N_("no such folder"))
        raise InputError(
            N_("expected a file that can be written at '%(path)s', got %(why)s"),
            path=str(path),
            why=why,
        )


def write_file(path: Path, data: bytes) -> None:
    """Write `data` to the file `path` a command was told to write.

    Raises:
        InputError: the file cannot be written (no such folder, a folder, no permission).
    """
    from ratinglist.errors import N_, InputError

    try:
        path.write_bytes(data)
    except OSError as exc:
        raise InputError(
            N_("expected a file that can be written at '%(path)s', got %(why)s"),
            path=str(path),
            why=exc.strerror or str(exc),
        ) from exc


def asked_first(call: Callable[[bool], _T], confirm: bool) -> _T:
    """`call(confirmed)` for an action the director must confirm (`NeedsConfirmation`:
    a hand pairing that repeats a game or breaks a forbidden pair): with `confirm` it runs
    confirmed; else the concerns are asked on a terminal, and refused with the way to
    confirm when there is none to ask."""
    from ratinglist.errors import NeedsConfirmation

    try:
        return call(confirm)
    except NeedsConfirmation as exc:
        if not (os.isatty(0) and os.isatty(1)):
            raise NeedsConfirmation(f"{exc} (--confirm to do it anyway)", exc.concerns) from exc
        for line in exc.concerns:
            err_console.print(f"[yellow]warning:[/yellow] {line}", highlight=False)
        if not typer.confirm("Pair them anyway?", default=False):
            raise NeedsConfirmation(f"{exc} (not confirmed)", exc.concerns) from exc
        return call(True)


def print_figures(
    figures: Mapping[str, Any], keys: Sequence[str], title: str, *, as_json: bool
) -> None:
    """`figures` as one JSON object (`as_json`), else a what/value table of its `keys`
    (whole numbers with thousands separators, the others with two decimals)."""
    if as_json:
        typer.echo(json.dumps(figures))
        return
    table = Table(title=title)
    table.add_column("what")
    table.add_column("value", justify="right")
    for key in keys:
        value = figures[key]
        table.add_row(key, f"{value:,}" if isinstance(value, int) else f"{value:.2f}")
    console.print(table)
