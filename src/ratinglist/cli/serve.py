"""`ratinglist serve`: the public website and JSON API over a database (uvicorn)."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Annotated

import typer

from ratinglist.cli.common import DbOption, database_url, user_errors

PRERENDER_EVERY_S = 30
"""Seconds between two rounds of the page renderer (each one cheap when nothing changed)."""

PRERENDER_NICE = 10
"""How much the page renderer's priority is lowered (requests go first)."""


def default_workers() -> int:
    """One worker process per CPU core."""
    return os.cpu_count() or 1


def serve(
    db: str | None = DbOption,
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="TCP port.")] = 8000,
    workers: Annotated[
        int | None,
        typer.Option("--workers", min=1, max=64, help="Worker processes (default: CPU cores)."),
    ] = None,
    prerender: Annotated[
        bool,
        typer.Option(
            "--prerender/--no-prerender",
            help="Make player and tournament pages in advance, in a background process.",
        ),
    ] = True,
) -> None:
    """Serve the rating list website and the JSON API (/api/docs) until interrupted.

    Shows published lists only. Opens (and migrates) the database once before starting.
    Beside the workers, a background process at lower priority makes the player and
    tournament pages in advance and stores them in the database (again after each import or
    publication), so that a page seen for the first time costs one read.

    Example: ratinglist serve --db ratinglist.db --port 8000
    """
    with user_errors():
        import uvicorn

        from ratinglist.service.site import open_site

        url = database_url(db)
        open_site(url).close()
    os.environ["RATINGLIST_DB"] = url
    count = workers or default_workers()
    typer.echo(f"serving {url} on http://{host}:{port}/ ({count} worker(s)); Ctrl-C stops")
    renderer = _start_renderer(url) if prerender else None
    try:
        uvicorn.run(
            "ratinglist.web.app:create_app_from_env",
            factory=True,
            host=host,
            port=port,
            workers=count,
            log_level="warning",
            access_log=False,
        )
    finally:
        if renderer is not None:
            renderer.terminate()
            renderer.wait()


def _start_renderer(url: str) -> subprocess.Popen[bytes]:
    """The page renderer (`ratinglist.web.prerender`) in its own process.

    uvicorn ends `serve` by raising the signal that stopped it again, so no ``finally`` runs:
    on Linux the kernel sends the renderer SIGTERM when `serve` ends (``PR_SET_PDEATHSIG``);
    elsewhere the renderer notices within a second that its parent is gone.
    """
    command = [sys.executable, "-m", "ratinglist.web.prerender", "--db", url]
    command += ["--watch", str(PRERENDER_EVERY_S), "--nice", str(PRERENDER_NICE)]
    on_linux = sys.platform.startswith("linux")
    return subprocess.Popen(command, preexec_fn=_die_with_parent if on_linux else None)


def _die_with_parent() -> None:
    """In the child, before exec: SIGTERM when the parent ends (Linux ``prctl``)."""
    import ctypes
    import signal

    pr_set_pdeathsig = 1
    ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)
