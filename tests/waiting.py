"""Waiting for a signal, not for a fixed time: a slow machine makes a test slower, not red.

A test waits for what it needs (a readiness line, a port accepting, a page element, a mail in
the inbox) and gives up only after `HANG_S`, a bound that only a hang reaches. A wait also
stops at once when the process it waits for has died, with that process's exit code.
"""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Callable
from typing import TypeVar

HANG_S = 600.0
"""The longest any wait lasts: ten minutes, reached only when something hangs."""
HANG_MS = HANG_S * 1000
"""`HANG_S` in milliseconds (Playwright's unit)."""
POLL_S = 0.05
"""How often a condition is asked again."""

T = TypeVar("T")


def wait_for(
    condition: Callable[[], T | None],
    what: str,
    *,
    process: subprocess.Popen[bytes] | subprocess.Popen[str] | None = None,
    within_s: float = HANG_S,
) -> T:
    """The first true value of `condition()`, asked every `POLL_S`; fails naming `what` when
    `process` has exited or after `within_s` (a hang)."""
    deadline = time.monotonic() + within_s
    while True:
        found = condition()
        if found:
            return found
        if process is not None and process.poll() is not None:
            raise AssertionError(f"expected {what}, but the process exited ({process.returncode})")
        if time.monotonic() > deadline:
            raise AssertionError(f"expected {what} within {within_s:.0f} s (a hang?)")
        time.sleep(POLL_S)


def port_accepts(host: str, port: int) -> bool:
    """Whether a TCP connection to (`host`, `port`) is accepted now."""
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False
