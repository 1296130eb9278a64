"""Writers of an SQLite file queue on its lock file (`store.write_lock`), across processes."""

from __future__ import annotations

import fcntl
import os
import threading
from pathlib import Path

from sqlalchemy import text

from ratinglist.store import open_store
from ratinglist.store.write_lock import SUFFIX


def test_a_writer_waits_for_the_holder_of_the_lock_file(tmp_path: Path) -> None:
    db = tmp_path / "w.db"
    with open_store(f"sqlite:///{db}") as store:
        lock_file = db.with_name(db.name + SUFFIX)
        fd = os.open(lock_file, os.O_RDWR | os.O_CREAT)  # another open file: as another process
        fcntl.flock(fd, fcntl.LOCK_EX)
        done = threading.Event()

        def write() -> None:
            with store.begin() as conn:
                conn.execute(text("CREATE TABLE probe (x INTEGER)"))
            done.set()

        writer = threading.Thread(target=write)
        writer.start()
        try:
            assert not done.wait(0.3), "the write did not wait for the lock file"
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)
        assert done.wait(30)
        writer.join()


def test_a_write_inside_a_write_of_the_same_thread_does_not_wait_for_itself(
    tmp_path: Path,
) -> None:
    with open_store(f"sqlite:///{tmp_path / 'n.db'}") as store:
        assert store.write_lock is not None
        with store.write_lock.held(), store.write_lock.held():
            pass
        with store.begin() as conn:
            conn.execute(text("CREATE TABLE probe (x INTEGER)"))


def test_in_memory_databases_have_no_lock_file() -> None:
    with open_store("sqlite://") as store:
        assert store.write_lock is None


def test_two_stores_of_one_file_share_its_lock(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    with open_store(f"sqlite:///{db}") as outer:
        with open_store(f"sqlite:///{db}") as inner:
            assert inner.write_lock is outer.write_lock is not None
            # a second store's write inside the first one's held lock does not wait for
            # itself (it would for ever with two lock files of one process)
            with outer.write_lock.held(), inner.begin() as conn:
                conn.execute(text("CREATE TABLE probe (x INTEGER)"))
        assert outer.write_lock is not None and outer.write_lock._fd is not None
        with outer.begin() as conn:  # closing the inner store left the lock usable
            conn.execute(text("INSERT INTO probe VALUES (1)"))
    with open_store(f"sqlite:///{db}") as again:
        assert again.write_lock is not None and again.write_lock is not outer.write_lock
