"""Facts about this machine's processes that any layer may ask (like `errors`, no imports of
ours): whether a process is still running."""

from __future__ import annotations

import os


def running(pid: int) -> bool:
    """Whether process `pid` exists and has not ended (a zombie has ended)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True
