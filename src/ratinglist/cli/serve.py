"""`ratinglist serve`: the public website and JSON API over a database (uvicorn)."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from ratinglist.cli.common import DbOption, database_url, user_errors


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
) -> None:
    """Serve the rating list website and the JSON API (/api/docs) until interrupted.

    Shows published lists only. Opens (and migrates) the database once before starting.

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
    uvicorn.run(
        "ratinglist.web.app:create_app_from_env",
        factory=True,
        host=host,
        port=port,
        workers=count,
        log_level="warning",
        access_log=False,
    )
