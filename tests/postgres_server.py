"""A throwaway PostgreSQL server for the tests and benchmarks (Debian's `postgresql` package).

`PostgresServer.start()` runs ``initdb`` into a fresh temporary folder and starts
``postgres`` listening only on a Unix socket in that folder (no TCP port, so parallel runs
never collide); `stop()` stops it and deletes the folder. As root, Debian's binaries refuse
to run, so they run as the ``postgres`` system user (``runuser``), which the package creates.
The binaries are found in ``$RATINGLIST_PG_BINDIR``, else the newest
``/usr/lib/postgresql/*/bin``, else on ``PATH``. See docs/decisions.md, "Issue 10".
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

BINDIR_ENV = "RATINGLIST_PG_BINDIR"
PORT = 5432
"""Only names the socket file (``.s.PGSQL.5432``); the server listens on no TCP port."""


class PostgresUnavailable(RuntimeError):
    """PostgreSQL's server binaries are missing or the server would not start."""


def find_bindir() -> Path:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``."""
    env = os.environ.get(BINDIR_ENV)
    candidates = [Path(env)] if env else []
    debian = sorted(
        Path("/usr/lib/postgresql").glob("*/bin"),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
    )
    candidates += list(reversed(debian))
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    raise PostgresUnavailable(
        f"expected PostgreSQL's initdb and pg_ctl (Debian package `postgresql`, or "
        f"${BINDIR_ENV}), found none in {[str(c) for c in candidates]}"
    )


def _run_as() -> str | None:
    """The system user to run the server as: None (ourselves) unless we are root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise PostgresUnavailable("running as root and found no `postgres` or `nobody` user")


@dataclass
class PostgresServer:
    """One running server; `url(name)` is the SQLAlchemy URL of its database `name`."""

    folder: Path
    bindir: Path
    user: str | None
    started_s: float = 0.0

    @classmethod
    def start(cls, *, timeout_s: float = 60.0) -> PostgresServer:
        """initdb into a new temporary folder and start the server (raises when it cannot)."""
        bindir = find_bindir()
        user = _run_as()
        began = time.perf_counter()
        folder = Path(tempfile.mkdtemp(prefix="ratinglist-pg-"))
        server = cls(folder=folder, bindir=bindir, user=user)
        try:
            if user is not None:
                entry = pwd.getpwnam(user)
                os.chown(folder, entry.pw_uid, entry.pw_gid)
            server._run(
                "initdb",
                "-D",
                str(folder / "data"),
                "-A",
                "trust",
                "-U",
                "postgres",
                "-E",
                "UTF8",
                "--locale=C.UTF-8",
                "--no-sync",
                timeout_s=timeout_s,
            )
            # fsync and full-page writes off, minimal WAL: a throwaway server need not
            # survive a power cut (the harness's SIGKILL hits our app server, not PostgreSQL).
            options = (
                f"-k {folder} -h '' -p {PORT} -F -c max_connections=200 -c wal_level=minimal "
                "-c max_wal_senders=0 -c full_page_writes=off -c synchronous_commit=off"
            )
            server._run(
                "pg_ctl",
                "-D",
                str(folder / "data"),
                "-o",
                options,
                "-l",
                str(folder / "server.log"),
                "-w",
                "-t",
                str(int(timeout_s)),
                "start",
                timeout_s=timeout_s + 5,
            )
        except BaseException:
            server.stop()
            raise
        server.started_s = time.perf_counter() - began
        return server

    def _run(self, program: str, *args: str, timeout_s: float) -> None:
        command = [str(self.bindir / program), *args]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        try:
            done = subprocess.run(
                command, capture_output=True, text=True, timeout=timeout_s, check=False
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise PostgresUnavailable(f"could not run {program}: {exc}") from exc
        if done.returncode != 0:
            log = self.folder / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise PostgresUnavailable(
                f"{program} failed with exit code {done.returncode}: "
                f"{done.stderr.strip() or done.stdout.strip()} {tail}"
            )

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL of `database` on this server (over the Unix socket)."""
        return f"postgresql://postgres@/{database}?host={self.folder}&port={PORT}"

    def execute(self, *statements: str, database: str = "postgres") -> None:
        """Run statements in autocommit (CREATE/DROP DATABASE cannot run in a transaction)."""
        import psycopg

        with psycopg.connect(
            host=str(self.folder), port=PORT, user="postgres", dbname=database, autocommit=True
        ) as conn:
            for statement in statements:
                conn.execute(statement.encode())

    def stop(self) -> None:
        """Stop the server (immediately: its data is thrown away) and delete its folder."""
        if (self.folder / "data" / "postmaster.pid").exists():
            with contextlib.suppress(PostgresUnavailable):
                self._run(
                    "pg_ctl",
                    "-D",
                    str(self.folder / "data"),
                    "-m",
                    "immediate",
                    "stop",
                    timeout_s=30,
                )
        shutil.rmtree(self.folder, ignore_errors=True)
