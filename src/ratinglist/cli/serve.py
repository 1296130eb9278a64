"""`ratinglist serve`: the public website and JSON API over a database (uvicorn)."""

from __future__ import annotations

import contextlib
import gc
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ratinglist.cli.common import DbOption, database_url, user_errors
from ratinglist.cli.workers import STARTUP_FAILED, preload, run_workers
from ratinglist.errors import InputError, StoreError
from ratinglist.processes import running
from ratinglist.service.serving import (
    ADDRESSES_ENV,
    ALLOWED_HOSTS_ENV,
    DEFAULT_BUDGET_S,
    SITE_URL_ENV,
    parse_budget,
    parse_hosts,
    parse_site_url,
)
from ratinglist.service.serving import BUDGET_ENV as WORK_BUDGET_ENV

APP = "ratinglist.web.app:create_app_from_env"
"""The application factory each worker calls."""
PRELOAD = "ratinglist.web.app:site_routes"
"""What the parent imports and calls before it forks the workers (`cli.workers.preload`):
the application's modules and its routes, made once for every worker."""
SECURE_COOKIES_ENV = "RATINGLIST_SECURE_COOKIES"
ACCESS_LOG_ENV = "RATINGLIST_ACCESS_LOG"
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
"""prometheus_client's multiprocess mode: each worker counts in files in this folder."""

if TYPE_CHECKING:
    import uvicorn

PRERENDER_EVERY_S = 30
"""Seconds between two rounds of the page renderer (each one cheap when nothing changed)."""

PRERENDER_NICE = 10
"""How much the page renderer's priority is lowered (requests go first)."""

GRACEFUL_STOP_S = 4
"""On SIGTERM, how long a worker lets the requests in flight finish before it stops (the
parent kills a worker still running after `cli.workers.STOP_WAIT_S`)."""
RENDERER_STOP_S = 2.0
"""How long the page renderer is given to stop after the workers before it is killed (all
in all `serve` ends within 10 s of SIGTERM)."""
READY_POLL_S = 0.05
"""How often the parent asks its workers' ``/readyz`` before it starts the page renderer."""
READY_WAIT_S = 120.0
"""How long the parent waits for a worker to answer ``/readyz`` before it starts the page
renderer anyway."""


def default_workers() -> int:
    """One worker process per CPU core."""
    return os.cpu_count() or 1


def serve(
    db: str | None = DbOption,
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=0, max=65535, help="TCP port (0: a free one).")
    ] = 8000,
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
    upgrade: Annotated[
        bool,
        typer.Option(
            "--upgrade",
            help="Migrate an older database first (as `ratinglist db upgrade`) instead of "
            "refusing it.",
        ),
    ] = False,
    proxy_headers: Annotated[
        bool,
        typer.Option(
            "--proxy-headers",
            help="Behind a reverse proxy: take the client address and scheme from "
            "X-Forwarded-For / X-Forwarded-Proto, from --forwarded-allow-ips only.",
        ),
    ] = False,
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            "--forwarded-allow-ips",
            help="Comma-separated proxy addresses (or networks) trusted with --proxy-headers.",
        ),
    ] = "127.0.0.1",
    secure_cookies: Annotated[
        bool,
        typer.Option(
            "--secure-cookies",
            help="Mark every cookie Secure (the site is reached over HTTPS through a proxy).",
        ),
    ] = False,
    access_log: Annotated[
        bool,
        typer.Option(
            "--access-log/--no-access-log",
            help="One JSON line per request on standard error, with its request id.",
        ),
    ] = True,
    smtp: Annotated[
        str | None,
        typer.Option(
            "--smtp",
            help="SMTP server for e-mail (password reset, intake decisions), e.g. "
            "smtp+starttls://user:password@mail.example.org:587?from=ratings@example.org.",
        ),
    ] = None,
    site_url: Annotated[
        str | None,
        typer.Option(
            "--site-url",
            envvar=SITE_URL_ENV,
            help="The site's public address, e.g. https://ratings.example.org: every mailed "
            "link is built on it and its host is allowed (default: the address served on).",
        ),
    ] = None,
    allowed_hosts: Annotated[
        str | None,
        typer.Option(
            "--allowed-hosts",
            envvar=ALLOWED_HOSTS_ENV,
            help="Comma-separated hosts a request may name besides the site URL's (default: "
            "localhost, 127.0.0.1, ::1; '*': any). Others are refused (400).",
        ),
    ] = None,
    work_budget: Annotated[
        str | None,
        typer.Option(
            "--work-budget",
            envvar=WORK_BUDGET_ENV,
            help="Seconds one anonymous request may work (checking a file, explaining a "
            "rating change, searching) before it is stopped and answered 503 (default: 10).",
        ),
    ] = None,
) -> None:
    """Serve the rating list website and the JSON API (/api/docs) until interrupted.

    Shows published lists only. A database of an older schema is refused (run `ratinglist db
    upgrade`, or give --upgrade); one of a newer release is refused. The address is printed
    once the port is bound (--port 0: a free port). /healthz, /readyz and /metrics are for
    monitoring; docs/deploy.md shows a TLS proxy in front, a systemd unit and backups.
    The parent imports the application once and then forks the workers, which share it
    (they answer within 2 s of start; a worker that dies is forked again ready-made). Beside
    them, a background process at lower priority makes the home, player and tournament pages
    in advance and stores them in the database (again after each import or publication), so
    that a page seen for the first time costs one read; a page not made yet is made on
    demand. Several hosts may serve one PostgreSQL database: sessions, live pages and the
    pages made in advance are shared through it. Mailed links point at --site-url, and a
    request naming another host than the site's (or --allowed-hosts) is refused. SIGTERM
    stops every worker within 10 seconds, whatever it is doing.

    Example: ratinglist serve --db ratinglist.db --port 8000
    """
    # Issue 38: no garbage collection until the workers' modules are loaded (a sixth of the
    # parent's start went to collecting the objects they make, which live to the end).
    with _collector_paused():
        with user_errors():
            import uvicorn

            from ratinglist.service.databases import probe_database

            url = database_url(db)
            site = parse_site_url(site_url) if site_url else None
            hosts = parse_hosts(allowed_hosts or "")
            budget = parse_budget(work_budget) if work_budget else DEFAULT_BUDGET_S
            if smtp and site is None and not _is_loopback(host):
                raise InputError(
                    f"expected --site-url (the address mailed links point at) with --smtp when "
                    f"serving on {host}, got none"
                )
            _require_current_schema(url, upgrade=upgrade)
            if smtp:
                from ratinglist.service.mail import mail_settings

                mail_settings(smtp)
                os.environ["RATINGLIST_SMTP"] = smtp
            # Opened and closed here: each forked worker makes its own handle (`create_app`).
            probe_database(url)
            sock = _bind(host, port)
        bound = sock.getsockname()
        shown = f"[{bound[0]}]" if ":" in bound[0] else bound[0]
        os.environ["RATINGLIST_DB"] = url
        os.environ[SITE_URL_ENV] = site or f"http://{shown}:{bound[1]}"
        os.environ[ALLOWED_HOSTS_ENV] = ",".join(hosts)
        # No site URL (a TD's laptop at a venue): players' phones name it by its IP address.
        os.environ[ADDRESSES_ENV] = "0" if site else "1"
        os.environ[WORK_BUDGET_ENV] = str(budget)
        os.environ[SECURE_COOKIES_ENV] = "1" if secure_cookies else "0"
        os.environ[ACCESS_LOG_ENV] = "1" if access_log else "0"
        metrics_dir = _metrics_dir()
        os.environ[MULTIPROC_ENV] = metrics_dir
        count = workers or default_workers()
        config = uvicorn.Config(
            APP,
            factory=True,
            host=host,
            port=port,
            log_level="warning",
            access_log=False,
            proxy_headers=proxy_headers,
            forwarded_allow_ips=forwarded_allow_ips,
            timeout_graceful_shutdown=GRACEFUL_STOP_S,
        )
        typer.echo(f"serving {url} on http://{shown}:{bound[1]}/ ({count} worker(s)); Ctrl-C stops")
        # Issue 38: the application is imported and its routes made once, here, not by each
        # worker on its own core (uvicorn's protocols too): the workers forked next share them
        # and answer at once.
        preload([PRELOAD, *_protocol_modules(config)])
    renderer: list[subprocess.Popen[bytes]] = []
    stopped = threading.Event()
    lock = threading.Lock()

    def after_ready() -> None:
        # The page renderer starts once a worker answers (issue 38: its own start, a whole
        # application imported, would otherwise take the cores the workers start on).
        with lock:
            if prerender and not stopped.is_set():
                renderer.append(_start_renderer(url))

    def after_start() -> None:
        _when_ready(f"http://{_local_address(bound[0])}:{bound[1]}/readyz", after_ready, stopped)

    try:
        code = run_workers(
            count,
            sock,
            lambda s: _serve_one(config, s),
            on_started=after_start,
        )
    finally:
        with lock:
            stopped.set()
        sock.close()
        for process in renderer:
            process.terminate()
            try:
                process.wait(timeout=RENDERER_STOP_S)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(metrics_dir, ignore_errors=True)
    if code:
        raise typer.Exit(code)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's garbage collector off inside the block, on again after it (when it was)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _protocol_modules(config: uvicorn.Config) -> list[str]:
    """The modules of the HTTP, WebSocket and lifespan protocols uvicorn chooses for
    `config` (each worker would import them when it starts)."""
    from uvicorn.config import HTTP_PROTOCOLS, LIFESPAN, WS_PROTOCOLS

    chosen = [
        HTTP_PROTOCOLS.get(config.http) if isinstance(config.http, str) else None,
        WS_PROTOCOLS.get(config.ws) if isinstance(config.ws, str) else None,
        LIFESPAN.get(config.lifespan),
    ]
    return [name.partition(":")[0] for name in chosen if name]


def _serve_one(config: uvicorn.Config, sock: socket.socket) -> int:
    """One worker: serve on `sock` until stopped; `STARTUP_FAILED` when the app could not be
    made (uvicorn logged why)."""
    import uvicorn

    server = uvicorn.Server(config)
    server.run(sockets=[sock])
    return 0 if server.started else STARTUP_FAILED


def _local_address(bound: str) -> str:
    """The address this machine reaches a socket bound to `bound` on (a wildcard: loopback)."""
    if bound in ("0.0.0.0", ""):
        return "127.0.0.1"
    if bound == "::":
        return "[::1]"
    return f"[{bound}]" if ":" in bound else bound


def _when_ready(
    ready_url: str, then: Callable[[], None], stopped: threading.Event
) -> threading.Thread:
    """Call `then` in a background thread (returned, started) once `ready_url` answers 200
    (or after `READY_WAIT_S`), unless `stopped` is set first; the thread then lives until
    `stopped` is set (on Linux a child started by `then` is sent SIGTERM when the thread that
    started it ends, ``PR_SET_PDEATHSIG``)."""

    def wait() -> None:
        deadline = time.monotonic() + READY_WAIT_S
        while not stopped.is_set() and time.monotonic() < deadline:
            if _answers_ok(ready_url):
                break
            stopped.wait(READY_POLL_S)
        if not stopped.is_set():
            then()
        stopped.wait()

    thread = threading.Thread(target=wait, name="renderer-after-ready", daemon=True)
    thread.start()
    return thread


def _answers_ok(url: str) -> bool:
    """True when a GET of `url` answers 200 within a second."""
    try:
        with urllib.request.urlopen(url, timeout=1.0) as answer:
            return int(answer.status) == 200
    except (urllib.error.URLError, OSError, ValueError):
        return False


def _is_loopback(host: str) -> bool:
    """True for an address only this machine reaches (127.0.0.0/8, ::1, localhost)."""
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _metrics_dir() -> str:
    """A new folder for the workers' metrics files; those of servers no longer running
    (stopped by a signal uvicorn raises again, so no ``finally`` ran) are deleted."""
    prefix = "ratinglist-metrics-"
    for old in Path(tempfile.gettempdir()).glob(f"{prefix}*-*"):
        pid = old.name.removeprefix(prefix).split("-", 1)[0]
        if pid.isdigit() and not running(int(pid)):
            shutil.rmtree(old, ignore_errors=True)
    return tempfile.mkdtemp(prefix=f"{prefix}{os.getpid()}-")
    return True


def _require_current_schema(url: str, *, upgrade: bool) -> None:
    """Refuse a database whose schema is not this release's, or migrate it when told to.

    Raises:
        StoreError: the schema is older (without `upgrade`), newer, or missing.
    """
    from ratinglist.service.schema import schema_of

    state = schema_of(url)
    if state.is_current:
        return
    if state.is_newer:
        raise StoreError(
            f"the database is at schema {state.current}, newer than this release's "
            f"{state.head}: run the release that upgraded it (or a newer one)"
        )
    if not upgrade:
        raise StoreError(
            f"the database is at schema {state.current or 'none'}, older than this "
            f"release's {state.head}: back it up (`ratinglist backup`), then run "
            f"`ratinglist db upgrade --db {url}` (or start with `serve --upgrade`)"
        )
    from ratinglist.service.operations import upgrade as run_upgrade

    before, after = run_upgrade(url)
    typer.echo(f"upgraded the schema from {before.current or 'none'} to {after.current}")


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on `host`:`port` (0: any free port), inheritable by the workers.

    Raises:
        InputError: the address cannot be bound (in use, not an address of this machine).
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        raise InputError(f"could not listen on {host}:{port}: {exc.strerror or exc}") from exc
    sock.set_inheritable(True)
    return sock


def _start_renderer(url: str) -> subprocess.Popen[bytes]:
    """The page renderer (`ratinglist.web.prerender`) in its own process.

    `serve` stops it when its workers have stopped; should `serve` itself be killed, on Linux
    the kernel sends the renderer SIGTERM (``PR_SET_PDEATHSIG``); elsewhere the renderer
    notices within a second that its parent is gone.
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
