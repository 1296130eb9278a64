"""The worker processes of `ratinglist serve`, forked from the parent.

uvicorn's own supervisor starts each worker with ``spawn``: a new interpreter that imports
the whole application again. Here the parent binds the socket, imports the application and
makes its routes once (`preload`), then forks the workers (POSIX ``fork``): they share the
imported modules and routes (copy-on-write), so a worker, first or forked again later,
answers within milliseconds instead of each importing the application on a core of its own
(issue 38). Each worker makes its own app (engine, caches) and serves the shared
socket. The parent waits: a worker that dies is forked again (at most `RESTARTS` times a
minute), one that could not make the app at all (`STARTUP_FAILED`) stops them all, SIGINT or
SIGTERM stops every worker and then the parent: a worker still running `STOP_WAIT_S` after
the signal (a request that does not finish, a thread holding the interpreter) is killed, so
the parent ends within seconds whatever its workers do.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import os
import signal
import socket
import time
from collections.abc import Callable, Sequence
from types import FrameType

STARTUP_FAILED = 3
"""The exit code of a worker (and of `serve`) whose application could not be made."""
RESTARTS = 5
"""Worker restarts allowed within a minute before the parent gives up."""
STOP_WAIT_S = 6.0
"""How long the parent waits for its workers to finish their requests when stopping, before
it kills them (issue 31: `serve` ends within 10 s of SIGTERM)."""


class _Stopping(Exception):
    """Raised by the signal handler to leave the parent's wait for its workers."""


def preload(names: Sequence[str]) -> None:
    """Import each of `names` in this (the parent) process, so that the workers forked
    afterwards share it: a module (``package.module``), or a function called once
    (``package.module:function``, e.g. one making the application's routes).

    Python's garbage collector is off meanwhile (the application's modules make objects
    that live as long as the process; collecting them again and again took a fifth of the
    import, issue 38), and every object made so far is then frozen out of later collections
    (`gc.freeze`, as prefork servers do), so that a collection in a worker does not write to
    the memory it shares with the parent.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        for name in names:
            module, _, function = name.partition(":")
            imported = importlib.import_module(module)
            if function:
                getattr(imported, function)()
    finally:
        gc.freeze()
        if enabled:
            gc.enable()


def run_workers(
    count: int,
    sock: socket.socket,
    serve: Callable[[socket.socket], int],
    *,
    on_started: Callable[[], None] = lambda: None,
) -> int:
    """Fork `count` workers, each running ``serve(sock)`` (its exit code); wait for them;
    restart a worker that dies; stop them all on SIGINT or SIGTERM, or when one exits with
    `STARTUP_FAILED`. `on_started` runs in the parent once every worker is forked. The exit
    code: 0, or `STARTUP_FAILED`, or 1 when workers died too often."""
    children: set[int] = set()
    stopping = False
    code = 0

    def fork_one() -> None:
        pid = os.fork()
        if pid == 0:
            status = 1
            try:
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                status = serve(sock)
            except BaseException:  # the exit code tells the parent; uvicorn logged it
                status = 1
            finally:
                os._exit(status)
        children.add(pid)

    def stop(signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True
        for pid in children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)

    def on_signal(signum: int, frame: FrameType | None) -> None:
        first = not stopping
        stop(signum, frame)
        if first:  # out of os.wait(), which would wait for ever for a stuck worker
            raise _Stopping

    previous = {s: signal.signal(s, on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        for _ in range(count):
            fork_one()
        on_started()
        restarts: list[float] = []
        while children and not stopping:
            try:
                pid, status = os.wait()
            except ChildProcessError:
                break
            except InterruptedError:
                continue
            if pid not in children:
                continue
            children.discard(pid)
            if stopping:
                continue
            if os.WIFEXITED(status) and os.WEXITSTATUS(status) == STARTUP_FAILED:
                code = STARTUP_FAILED
                stop(signal.SIGTERM, None)
                continue
            now = time.monotonic()
            restarts = [t for t in restarts if now - t < 60] + [now]
            if len(restarts) > RESTARTS:
                code = 1
                stop(signal.SIGTERM, None)
                continue
            fork_one()
    except _Stopping:
        pass
    finally:
        _reap(children)
        for s, handler in previous.items():
            signal.signal(s, handler)
    return code


def _reap(children: set[int]) -> None:
    """Wait (at most `STOP_WAIT_S`) for the workers still running, then kill them."""
    deadline = time.monotonic() + STOP_WAIT_S
    while children and time.monotonic() < deadline:
        for pid in list(children):
            with contextlib.suppress(ChildProcessError):
                done, _ = os.waitpid(pid, os.WNOHANG)
                if done == 0:
                    continue
            children.discard(pid)
        time.sleep(0.05)
    for pid in children:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)
