"""Snapshots of folded tournaments: the state after event `seq` of a log, kept in the database.

A command that folds a long log (EGC 2011: 3,255 events) starts from the newest snapshot
and applies only the events after it. A snapshot is used only when it certainly equals the
fold of its events:

- its `code` must equal `code_key()`: the snapshot format, the versions of Python and of
  the package, and a digest of the source of every module below the service layer (the
  fold, its events and models). A snapshot written by other code (an upgrade, an older
  checkout, a change to a fold rule) is ignored and the log is folded again;
- events are only ever appended (never changed or deleted), so events 1..seq are the ones
  folded; the caller refolds when an undo follows the snapshot (an undo may cancel an
  action folded into it);
- the bytes are a pickle, read by an unpickler that builds only the project's own classes
  and a few plain standard types (a database handed over by someone else runs no code); a
  snapshot that does not read back is ignored.

One row per tournament; a newer snapshot replaces an older one, never the reverse.
"""

from __future__ import annotations

import hashlib
import io
import pickle
import sys
from functools import cache
from pathlib import Path
from typing import TypeVar

from sqlalchemy import delete, insert, select
from sqlalchemy.engine import Connection

import ratinglist
from ratinglist.store.database import Store
from ratinglist.store.schema import tournament_snapshots

T = TypeVar("T")

FORMAT = 1
"""The snapshot format (the pickle's protocol and the unpickler's rules); raise it when
they change."""

SOURCES_SKIPPED = ("cli", "web", "service")
"""Packages above the fold (they cannot change what it gives): left out of the code key."""

_PLAIN = {
    "builtins": frozenset({"set", "frozenset", "bytearray", "complex", "range", "slice"}),
    "collections": frozenset({"OrderedDict", "deque"}),
    "datetime": frozenset({"date", "datetime", "time", "timedelta", "timezone"}),
    "decimal": frozenset({"Decimal"}),
    "fractions": frozenset({"Fraction"}),
}
"""Standard classes a snapshot may hold besides the project's own."""


@cache
def code_key() -> str:
    """The snapshot format, the Python version, the package's version and a digest of its
    source below the service layer (computed once per process)."""
    root = Path(ratinglist.__file__).parent
    digest = hashlib.sha256(f"{FORMAT} {sys.version_info[:2]} {ratinglist.__version__}".encode())
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        if relative.parts[0] in SOURCES_SKIPPED:
            continue
        digest.update(relative.as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return f"{FORMAT}:{digest.hexdigest()}"


class _Unpickler(pickle.Unpickler):
    """Builds only classes of the `ratinglist` package and the plain standard ones."""

    def find_class(self, module: str, name: str) -> type:
        if module.startswith("ratinglist.") or name in _PLAIN.get(module, ()):
            found = super().find_class(module, name)
            if isinstance(found, type):
                return found
        raise pickle.UnpicklingError(f"expected a project class, got {module}.{name}")


def encode(state: object) -> bytes:
    """The bytes of a snapshot of `state`."""
    return pickle.dumps(state, protocol=5)


def decode(data: bytes, kind: type[T]) -> T | None:
    """The state in `data` when it reads back as a `kind`, else None."""
    try:
        state = _Unpickler(io.BytesIO(data)).load()
    except Exception:  # whatever makes a snapshot unreadable: it is ignored, the log refolded
        return None
    return state if isinstance(state, kind) else None


def read_snapshot(
    conn: Connection, tournament_id: int, kind: type[T], upto: int
) -> tuple[int, T] | None:
    """The newest usable snapshot of the tournament at an event <= `upto`: (seq, state), or
    None (none stored, another code's, or unreadable)."""
    s = tournament_snapshots.c
    row = conn.execute(
        select(s.seq, s.code, s.state).where(s.tournament_id == tournament_id)
    ).first()
    if row is None or row.code != code_key() or not 1 <= row.seq <= upto:
        return None
    state = decode(row.state, kind)
    return None if state is None else (int(row.seq), state)


def stored_seq(conn: Connection, tournament_id: int) -> int | None:
    """The event number of the tournament's stored snapshot of this code, if any."""
    s = tournament_snapshots.c
    row = conn.execute(select(s.seq, s.code).where(s.tournament_id == tournament_id)).first()
    return None if row is None or row.code != code_key() else int(row.seq)


def write_snapshot(store: Store, tournament_id: int, seq: int, state: object) -> bool:
    """Keep `state` as the tournament's snapshot after event `seq`, in its own write
    transaction, unless a snapshot of this code at `seq` or later is stored; True when
    written."""
    data = encode(state)
    s = tournament_snapshots.c
    with store.begin() as conn:
        kept = stored_seq(conn, tournament_id)
        if kept is not None and kept >= seq:
            return False
        conn.execute(delete(tournament_snapshots).where(s.tournament_id == tournament_id))
        conn.execute(
            insert(tournament_snapshots).values(
                tournament_id=tournament_id, seq=seq, code=code_key(), state=data
            )
        )
    return True
