"""`ratinglist backup`, `ratinglist restore` and `ratinglist db upgrade|status`: keeping a
served database safe and its schema current (docs/deploy.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ratinglist.cli.common import DbOption, database_url, user_errors

app = typer.Typer(
    help="The database's schema: status, upgrade (run after installing a new release).",
    no_args_is_help=True,
)


def _size(n: int) -> str:
    return f"{n / 1_048_576:.1f} MiB" if n >= 1_048_576 else f"{n:,} bytes"


def backup(
    dest: Annotated[Path, typer.Argument(help="The backup file to write (must not exist).")],
    db: str | None = DbOption,
) -> None:
    """Write a consistent backup of the database to DEST while the server goes on writing.

    DEST is one file: the data (an SQLite database at the schema revision of the source) and a
    manifest (revision, row counts per table, checksum). Works on SQLite files and PostgreSQL.

    Example: ratinglist backup /var/backups/ratinglist/2026-11-26.rlbackup --db ratinglist.db
    """
    with user_errors():
        from ratinglist.service.databases import check_database
        from ratinglist.service.operations import backup as take

        url = database_url(db)
        check_database(url)
        manifest = take(url, dest)
    typer.echo(
        f"backed up {url} to {dest}: schema {manifest.revision}, {manifest.rows:,} rows in "
        f"{len(manifest.counts)} tables, {_size(dest.stat().st_size)}, "
        f"sha256 {manifest.sha256[:16]}"
    )


def restore(
    src: Annotated[Path, typer.Argument(help="A backup file written by `ratinglist backup`.")],
    db: str | None = DbOption,
    check: Annotated[
        bool, typer.Option("--check", help="Only check the backup file; restore nothing.")
    ] = False,
) -> None:
    """Restore the backup SRC into a new database, then bring it to this release's schema.

    The database must be new: an SQLite file that does not exist yet, or an empty PostgreSQL
    database. Everything is checked first (the archive, the manifest, the checksum, the row
    counts, a schema no newer than this release); a refused or failed restore writes nothing.

    Example: ratinglist restore 2026-11-26.rlbackup --db restored.db
    """
    with user_errors():
        from ratinglist.service.databases import check_database
        from ratinglist.service.operations import check_backup
        from ratinglist.service.operations import restore as put_back

        if check:
            manifest = check_backup(src)
            typer.echo(
                f"{src} is sound: schema {manifest.revision}, {manifest.rows:,} rows in "
                f"{len(manifest.counts)} tables, taken {manifest.created_at} "
                f"from {manifest.source}"
            )
            return
        url = database_url(db)
        check_database(url, create=True)
        manifest = put_back(src, url)
    typer.echo(
        f"restored {src} (schema {manifest.revision}, taken {manifest.created_at}, "
        f"{manifest.rows:,} rows) into {url}"
    )


@app.command("status")
def status(db: str | None = DbOption) -> None:
    """Print the database's schema revision and this release's; exit 1 unless they match.

    Example: ratinglist db status --db ratinglist.db
    """
    with user_errors():
        from ratinglist.service.databases import check_database
        from ratinglist.service.operations import schema_of

        check_database(database_url(db))
        state = schema_of(database_url(db))
    typer.echo(f"database schema {state.current or 'none'}, this release {state.head}")
    if not state.is_current:
        raise typer.Exit(1)


@app.command("upgrade")
def upgrade(db: str | None = DbOption) -> None:
    """Run the schema migrations this release brings, under the database's write lock.

    Run it after installing a new release and before starting `ratinglist serve` (which
    refuses an older database unless given --upgrade). Safe to run twice, or from two hosts.

    Example: ratinglist db upgrade --db postgresql://ratinglist@/ratinglist
    """
    with user_errors():
        from ratinglist.service.databases import check_database
        from ratinglist.service.operations import upgrade as run

        check_database(database_url(db))
        before, after = run(database_url(db))
    if before.current == after.current:
        typer.echo(f"already at schema {after.current}")
    else:
        typer.echo(f"upgraded the schema from {before.current or 'none'} to {after.current}")
