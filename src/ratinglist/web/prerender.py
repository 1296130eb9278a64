"""Make the site's player and tournament pages in advance, for every server process.

``python -m ratinglist.web.prerender --db URL [--watch SECONDS] [--nice N]``

With ``--watch`` it runs a round every SECONDS and ends when the process that started it
does (checked every second and between batches).

`ratinglist serve` starts this beside its workers (lowered priority, ``--watch``): it asks the
service which pages are missing at the current data version (`service.site_pages.page_plan`:
the latest list's rated players, listed ones first, and every tournament), renders each one
through the application itself (the same routes, templates and headers as a request), and
stores them gzip-compressed in batches; the servers' response cache then answers them with
one indexed read. After an import or a publication the data version changes, the stored
pages stop being served at once (a page not made yet is made on demand by the worker that
is asked for it), and the next round makes them again: after an import of new results files
only the home page, the new tournaments' pages and their players' pages
(`service.site_pages.carry_over` keeps the others), after anything else every page. Pages of
a version that changed while they were being made are not stored; pages another host's
renderer stored meanwhile are not made again.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import itertools
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from starlette.types import ASGIApp, Message

from ratinglist.errors import RatinglistError
from ratinglist.service.site import Site
from ratinglist.service.site_pages import (
    StoredPage,
    carry_over,
    page_plan,
    save_site_pages,
    still_missing,
)
from ratinglist.web.app import create_app, site_of

BATCH = 100
"""Pages stored per write transaction."""

DROPPED_HEADERS = frozenset({"content-length", "content-encoding", "etag", "vary"})
"""Headers the response cache sets itself when it serves a stored page."""


@dataclass(frozen=True, slots=True)
class RenderRun:
    """What one round did: the version, pages made, pages found made, seconds taken."""

    version: str
    made: int
    found: int
    seconds: float


async def _render(app: ASGIApp, key: str) -> StoredPage | None:
    """The page at `key` as the app answers a GET, gzip-compressed (None unless 200)."""
    path, _, query = key.partition("?")
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": query.encode(),
        "headers": [(b"host", b"prerender")],
        "client": ("127.0.0.1", 0),
        "server": ("prerender", 80),
    }
    messages: list[Message] = []

    async def receive() -> Message:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Message) -> None:
        messages.append(message)

    await app(scope, receive, send)
    if not messages or messages[0].get("status") != 200:
        return None
    body = b"".join(m.get("body", b"") for m in messages[1:])
    headers = tuple(
        (k.decode("latin-1"), v.decode("latin-1"))
        for k, v in messages[0].get("headers", [])
        if k.decode("latin-1").lower() not in DROPPED_HEADERS
    )
    return StoredPage(key, headers, gzip.compress(body, compresslevel=6, mtime=0))


def render_missing(
    url: str,
    *,
    limit: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    stop: Callable[[], bool] = lambda: False,
) -> RenderRun:
    """Make and store the pages missing at the current data version (at most `limit`;
    between two batches, `stop` returning True ends the round).

    Raises:
        StoreError: the database cannot be opened, read or written.
    """
    start = time.perf_counter()
    app = create_app(url, cache_bytes=0)
    site = site_of(app)
    carry_over(site)
    plan = page_plan(site)
    keys = plan.missing[:limit] if limit is not None else plan.missing
    made = asyncio.run(_render_all(app, site, plan.version, keys, progress, stop))
    return RenderRun(plan.version, made, plan.stored, time.perf_counter() - start)


async def _render_all(
    app: ASGIApp,
    site: Site,
    version: str,
    keys: Sequence[str],
    progress: Callable[[int, int], None] | None,
    stop: Callable[[], bool],
) -> int:
    made = 0
    # the first page (the home page) is stored alone, at once: the most asked for
    bounds = [0, *range(1, len(keys), BATCH), len(keys)] if keys else []
    for first, end in itertools.pairwise(bounds):
        if stop():
            break
        batch = still_missing(site, version, keys[first:end])
        pages = [p for k in batch if (p := await _render(app, k))]
        stored = save_site_pages(site, version, pages)
        if pages and stored == 0:  # the data changed: these pages are stale already
            break
        made += stored
        if progress is not None:
            progress(end, len(keys))
    return made


def main(argv: Sequence[str] | None = None) -> None:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(
        prog="python -m ratinglist.web.prerender", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--db", required=True, help="the database URL")
    parser.add_argument(
        "--watch", type=float, default=0.0, help="seconds between rounds (0: one round)"
    )
    parser.add_argument("--nice", type=int, default=0, help="lower the priority by N")
    args = parser.parse_args(argv)
    if args.nice:
        os.nice(args.nice)
    parent = os.getppid()

    def orphaned() -> bool:
        return args.watch > 0 and os.getppid() != parent

    while True:
        try:
            run = render_missing(args.db, stop=orphaned)
        except RatinglistError as exc:
            print(f"site pages: {exc}", file=sys.stderr)
        else:
            if run.made:
                print(
                    f"site pages: {run.made} made, {run.found} already made "
                    f"({run.seconds:.1f} s, version {run.version})",
                    file=sys.stderr,
                )
        if args.watch <= 0:
            return
        deadline = time.monotonic() + args.watch
        while time.monotonic() < deadline:
            if orphaned():
                return
            time.sleep(min(1.0, args.watch))


if __name__ == "__main__":
    main()
