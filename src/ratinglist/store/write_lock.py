"""The queue of an SQLite file's writers: a lock that wakes the next writer at once.

SQLite lets one writer in at a time; the others wait in its busy handler, which sleeps and
retries (1, 2, 5, 10 ... up to 100 ms between tries): a writer that just missed the lock may
sleep far longer than the transaction it waits for, and twenty waiting writers make a tail
of hundreds of milliseconds (issue 10's load harness). `WriteLock` queues the writers of one
database file before ``BEGIN IMMEDIATE``: a thread lock within the process, then an
exclusive ``flock`` on a file beside the database (``NAME-writelock``) across processes (the
kernel wakes a waiter as soon as the holder lets go, and releases the lock of a process that
dies, even by SIGKILL). SQLite's own locking still guards the data: a writer that does not
use the lock (another program) is waited for by the busy handler as before. Where ``flock``
is missing (Windows) or the lock file cannot be made (a read-only folder), only the thread
lock is used.

The stores of one file in one process share one `WriteLock` (`shared_write_lock`): a lock
file opened twice would be two locks, and a thread writing through a second store inside a
write of the first would wait for itself for ever. Shared, the inner write goes on to SQLite,
whose busy handler answers it as before.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Linux or macOS
    fcntl = None  # type: ignore[assignment]

SUFFIX = "-writelock"
"""The lock file is the database file's name with this suffix (as SQLite's ``-wal``)."""


class WriteLock:
    """Writers of one SQLite file, queued (see the module's text)."""

    def __init__(self, database: Path) -> None:
        self.path = database.with_name(database.name + SUFFIX)
        self._thread = threading.RLock()
        self._depth = 0
        self._fd: int | None = None
        self._pid = 0
        self._users = 0

    def _file(self) -> int | None:
        """The lock file, opened once per process (a forked child must not share the
        parent's open file: ``flock`` locks belong to the open file, not the process)."""
        if fcntl is None:
            return None
        if self._fd is not None and self._pid == os.getpid():
            return self._fd
        try:
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            self._fd = None
            return None
        self._pid = os.getpid()
        return self._fd

    @contextmanager
    def held(self) -> Iterator[None]:
        """Hold the lock for the block: one writer of the file at a time. A block inside
        another of the same thread goes on (the outer one holds the file lock)."""
        with self._thread:
            fd = self._file() if self._depth == 0 else None
            if fd is not None and fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if fd is not None and fcntl is not None:
                    fcntl.flock(fd, fcntl.LOCK_UN)

    def close(self) -> None:
        """Close the lock file (the store is closed)."""
        with self._thread:
            if self._fd is not None and self._pid == os.getpid():
                os.close(self._fd)
            self._fd = None


_SHARED: dict[Path, WriteLock] = {}
_SHARED_GUARD = threading.Lock()


def shared_write_lock(database: Path) -> WriteLock:
    """The process's `WriteLock` of the SQLite file `database`, shared by every store of the
    file; give it back with `release_write_lock` when the store closes."""
    key = database.resolve()
    with _SHARED_GUARD:
        lock = _SHARED.get(key)
        if lock is None:
            lock = _SHARED[key] = WriteLock(key)
        lock._users += 1
        return lock


def release_write_lock(lock: WriteLock) -> None:
    """One store of the file is done with `lock`; the last one closes the lock file."""
    with _SHARED_GUARD:
        lock._users -= 1
        if lock._users > 0:
            return
        key = lock.path.with_name(lock.path.name.removesuffix(SUFFIX))
        if _SHARED.get(key) is lock:
            del _SHARED[key]
    lock.close()
