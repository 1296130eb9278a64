"""`ratinglist.processes.running`: a process that lives is running; one that has ended is not,
reaped or not (a zombie has ended)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from ratinglist.processes import running
from tests.waiting import wait_for


def test_this_process_is_running() -> None:
    assert running(os.getpid())


def test_an_ended_child_is_not_running_before_or_after_it_is_reaped() -> None:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    stat = Path(f"/proc/{child.pid}/stat")
    # ended, not yet reaped: a zombie (Linux shows it as state Z)
    wait_for(lambda: stat.read_text().rsplit(")", 1)[1].split()[0] == "Z", "the child to end")
    assert not running(child.pid)
    child.wait()
    assert not running(child.pid)
