"""A bound on the work one anonymous request may cost: answered 503 instead of running on.

Python threads cannot be stopped, so the bound takes two forms:

- `run_in_child` (``/check``): the work runs in a process forked for it and is killed when
  the budget is spent (its CPU time is capped by the kernel too, and it dies with its
  worker). For work whose cost the client chooses by what it sends.
- `run_within` (``/players/{id}/why``, ``/search`` and their API twins): the work runs on a
  small pool of this process's threads, so that it shares the process's caches; the request
  is answered 503 when the budget is spent, and the work still running finishes in the
  background (its result lands in the caches, so asking again succeeds). For work bounded
  by the stored data, not by the request; the pool bounds how many run at once.

The budget is a setting: ``serve --work-budget SECONDS`` or ``$RATINGLIST_WORK_BUDGET``
(default `service.serving.DEFAULT_BUDGET_S`).
"""

from __future__ import annotations

import contextlib
import logging
import math
import multiprocessing
import signal
import sys
import threading
import warnings
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from multiprocessing.connection import Connection
from typing import Any, ParamSpec, TypeVar

from starlette.requests import Request

from ratinglist.errors import N_, RatinglistError
from ratinglist.service.serving import DEFAULT_BUDGET_S

CHILDREN_AT_ONCE = 2
"""Forked children (`run_in_child`) running at once in one worker; a request beyond waits."""
THREADS = 2
"""Threads of `run_within`'s pool in one worker."""

# Python 3.12+ warns of fork() in a process with threads: the child here only runs `fn` (no
# lock of another thread is taken: no database, no logging but on a bug) and exits.
warnings.filterwarnings(
    "ignore", message=r".*use of fork\(\) may lead to deadlocks", category=DeprecationWarning
)

P = ParamSpec("P")
T = TypeVar("T")
log = logging.getLogger("ratinglist.web")


class OverBudget(RatinglistError):
    """Anonymous work that did not finish within the server's budget (answered 503)."""


def _over(what: str, budget_s: float) -> OverBudget:
    return OverBudget(
        N_(
            "expected %(what)s to finish within %(budget_s)g s, the server's bound "
            "for one request, got more: the server stopped it. Try a smaller file "
            "or later"
        ),
        what=what,
        budget_s=budget_s,
    )


_children = threading.BoundedSemaphore(CHILDREN_AT_ONCE)


def run_in_child(
    what: str, budget_s: float, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs
) -> T:
    """``fn(*args, **kwargs)`` in a forked process, killed when `budget_s` seconds are spent
    (waiting for a free child slot included). Its value and our errors come back pickled.
    Blocking: call it from a thread (`starlette.concurrency.run_in_threadpool`).

    Raises:
        OverBudget: the budget was spent, or the child died without an answer.
        RatinglistError: what `fn` raised.
    """
    import time

    start = time.monotonic()
    if not _children.acquire(timeout=budget_s):
        raise _over(what, budget_s)
    try:
        left = max(0.0, budget_s - (time.monotonic() - start))
        context = multiprocessing.get_context("fork")
        reader, writer = context.Pipe(duplex=False)
        child = context.Process(
            target=_child, args=(writer, budget_s, fn, args, kwargs), daemon=True
        )
        child.start()
        writer.close()
        try:
            if not reader.poll(left):
                raise _over(what, budget_s)
            try:
                ok, value = reader.recv()
            except (EOFError, OSError):
                raise _over(what, budget_s) from None
        finally:
            if child.is_alive():
                child.kill()
            child.join()
            reader.close()
    finally:
        _children.release()
    if not ok:
        raise value
    result: T = value
    return result


def _child(
    writer: Connection,
    budget_s: float,
    fn: Callable[..., Any],
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
) -> None:
    """In the forked process: default signal handling (the worker's handlers would keep it
    alive), a CPU limit, death with the worker; then `fn`, its answer written to `writer`."""
    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, signal.SIG_DFL)
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        seconds = math.ceil(budget_s) + 1
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 1))
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            pr_set_pdeathsig = 1
            ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL)
    try:
        answer: tuple[bool, object] = (True, fn(*args, **kwargs))
    except RatinglistError as exc:
        answer = (False, exc)
    except Exception:  # a bug: logged here, the request answers that the work stopped
        log.exception("bounded work %r failed", getattr(fn, "__name__", fn))
        writer.close()
        return
    try:
        writer.send(answer)
    except Exception:  # an answer that does not pickle is a bug too
        log.exception("bounded work %r: its answer could not be sent", fn)
    writer.close()


_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _the_pool() -> ThreadPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(THREADS, thread_name_prefix="ratinglist-bounded")
        return _pool


def run_within(
    what: str, budget_s: float, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs
) -> T:
    """``fn(*args, **kwargs)`` on this process's bounded pool, waited for at most `budget_s`
    seconds (queueing included). Blocking: call it from a thread.

    Raises:
        OverBudget: the budget was spent (the work, if started, finishes in the background).
        Exception: what `fn` raised.
    """
    future: Future[T] = _the_pool().submit(fn, *args, **kwargs)
    try:
        return future.result(timeout=budget_s)
    except FutureTimeout:
        future.cancel()  # not started yet: it never will
        raise _over(what, budget_s) from None


def budget_of(request: Request) -> float:
    """The budget of the application serving `request` (`create_app`'s ``work_budget_s``)."""
    value: float = getattr(request.app.state, "work_budget_s", DEFAULT_BUDGET_S)
    return value
