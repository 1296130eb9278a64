"""Reading and writing a directed tournament's log: the shared core of the tournament services.

`loaded(store, name_or_id)` folds the stored log; `write(...)` appends actions in one write
transaction, based on the sequence number the caller saw: when others appended meanwhile,
the actions are rebased on the newer log if they touch nothing that changed
(`tournament.concurrency.rebase`), else `ConflictError` is raised and nothing is written.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ratinglist.errors import N_, ConflictError, TournamentError
from ratinglist.model import PlayerId
from ratinglist.service.actor import Actor
from ratinglist.store import Store
from ratinglist.store.tournament_events import (
    LogWriter,
    TournamentInfo,
    directed_by_id,
    find_directed,
    load_events,
    log_writer,
)
from ratinglist.tournament.concurrency import rebase, require_no_clash
from ratinglist.tournament.events import Event, Undone
from ratinglist.tournament.fold import apply, fold
from ratinglist.tournament.folded import FoldedTournament
from ratinglist.tournament.game import game_of

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection


@dataclass(frozen=True, slots=True)
class Loaded:
    """A tournament as read: its row, its log, the fold, and the log's sequence number."""

    info: TournamentInfo
    events: tuple[Event, ...]
    folded: FoldedTournament

    @property
    def seq(self) -> int:
        """The sequence number of the newest event (the log has events 1..seq)."""
        return len(self.events)


FOLDS_KEPT = 32
"""Folded tournaments kept per database handle (a server answers many requests on few
tournaments)."""
FOLDS_KEY = "tournament.folds"


@dataclass
class _Folds:
    """The last folds of a handle's tournaments, newest last (`Store.attached`)."""

    kept: OrderedDict[int, Loaded]
    lock: threading.Lock


def _folds(store: Store) -> _Folds:
    return store.attached(FOLDS_KEY, lambda: _Folds(OrderedDict(), threading.Lock()))


def find_tournament(db: Store, name_or_id: str | None) -> int:
    """The number of the tournament named or numbered `name_or_id` (None: the most recent):
    what a command line types, resolved once at the edge; every use case takes the number.

    Raises:
        NotFoundError: no tournament matches.
        TournamentError: the name is ambiguous.
    """
    return find_directed(db, name_or_id).id


_ONE_READ: ContextVar[dict[tuple[int, int], Loaded] | None] = ContextVar(
    "tournament_one_read", default=None
)
"""The tournaments loaded inside `one_read`, by (handle, number)."""


@contextmanager
def one_read() -> Iterator[None]:
    """Inside this block, each tournament is loaded once: every `loaded` of it without a
    `conn` gives the first load's value (the one snapshot a page is drawn from, issue 33)."""
    token = _ONE_READ.set({})
    try:
        yield
    finally:
        _ONE_READ.reset(token)


def loaded(store: Store, tournament: int, conn: Connection | None = None) -> Loaded:
    """Directed tournament number `tournament`, folded; read on `conn` when given (a write
    transaction: the fold is then the log's head); inside `one_read`, read once.

    The last fold of each tournament is kept: when the log only grew since (no undo among
    the new events), only the new events are read and applied, which gives the same state
    as folding the whole log (`fold` is `apply` over the actions in force). Otherwise the
    fold starts from the tournament's stored snapshot when one is usable (`_folded`).
    """
    read = _ONE_READ.get() if conn is None else None
    if read is None:
        return _loaded(store, tournament, conn)
    key = (id(store), tournament)
    if key not in read:
        read[key] = _loaded(store, tournament, None)
    return read[key]


def _loaded(store: Store, tournament: int, conn: Connection | None) -> Loaded:
    """`loaded` without `one_read`: the row read, the fold kept or made."""
    info = directed_by_id(store, tournament, conn)
    folds = _folds(store)
    key = info.id
    with folds.lock:
        kept = folds.kept.get(key)
    if kept is not None and kept.seq <= info.events:
        base = kept
        if base.seq == info.events:
            return _keep(key, store, Loaded(info, base.events, base.folded))
        newer = load_events(store, info.id, after=base.seq, conn=conn)
        if not any(isinstance(e, Undone) for e in newer):
            folded = base.folded
            for e in newer:
                folded = apply(folded, e)
            return _keep(key, store, Loaded(info, base.events + newer, folded))
    events = load_events(store, info.id, conn=conn)
    return _keep(key, store, Loaded(info, events, _folded(store, info.id, events, conn)))


SNAPSHOT_AFTER = 100
"""Events folded beyond the stored snapshot (or without one) that make `loaded` store a
new snapshot of the log's head."""


def _folded(
    store: Store, tournament_id: int, events: tuple[Event, ...], conn: Connection | None
) -> FoldedTournament:
    """`fold(events)`, started from the tournament's stored snapshot when it is of this code
    and no undo follows it (an undo may cancel an action folded into the snapshot); the
    events after it are applied, which gives the same state (`fold` is `apply` over the
    actions in force). When `SNAPSHOT_AFTER` events or more were folded, the head is kept
    as the new snapshot, in its own transaction (not inside the caller's `conn`), and only
    if it can be written: a snapshot only saves time, a read never fails for want of one.
    """
    from contextlib import suppress

    from ratinglist.errors import RatinglistError
    from ratinglist.service.databases import reading
    from ratinglist.store.tournament_snapshots import read_snapshot, write_snapshot

    with reading(store if conn is None else conn) as source:
        found = read_snapshot(source, tournament_id, FoldedTournament, len(events))
    if found is not None and not any(isinstance(e, Undone) for e in events[found[0] :]):
        start, folded = found
        for e in events[start:]:
            folded = apply(folded, e)
    else:
        start, folded = 0, fold(events)
    if conn is None and len(events) - start >= SNAPSHOT_AFTER:
        with suppress(RatinglistError):
            write_snapshot(store, tournament_id, len(events), folded)
    return folded


def _keep(key: int, store: Store, found: Loaded) -> Loaded:
    folds = _folds(store)
    with folds.lock:
        folds.kept[key] = found
        folds.kept.move_to_end(key)
        while len(folds.kept) > FOLDS_KEPT:
            folds.kept.popitem(last=False)
    return found


def name_in(d: FoldedTournament) -> Callable[[PlayerId], str]:
    """A player's name in messages: "SURNAME, First" of an entrant (a Go player's number and
    name), else the ID."""
    game = game_of(d)
    return lambda pid: game.name_of(d, pid)


def check(folded: FoldedTournament, actions: Sequence[Event]) -> FoldedTournament:
    """The state after `actions` (raises `TournamentError` on the first not allowed)."""
    for action in actions:
        folded = apply(folded, action)
    return folded


def after(writer: LogWriter, base: Loaded, actions: Sequence[Event]) -> FoldedTournament:
    """The state after `actions` appended on top of the log the writer found.

    Raises:
        ConflictError: newer events conflict with the actions (see `rebase`).
        TournamentError: an action is not allowed.
    """
    if any(isinstance(a, Undone) for a in actions):
        if writer.newer:
            raise ConflictError(
                N_(
                    "expected the log at event %(based_on)s, got %(last)s: undo cancels the"
                    " latest action, which changed meanwhile; nothing written"
                ),
                based_on=writer.based_on,
                last=writer.last,
            )
        return fold((*base.events, *actions))
    if writer.newer:
        return rebase(base.folded, actions, writer.newer, writer.based_on, name_in(base.folded))
    return check(base.folded, actions)


def write(
    store: Store,
    base: Loaded,
    actions: Sequence[Event],
    actor: Actor,
    based_on: int | None = None,
    conn: Connection | None = None,
) -> FoldedTournament:
    """Append `actions` in one transaction (the caller's `conn` when given, in which
    `base` was loaded); the state after them.

    `based_on` is the sequence number the caller's decision rests on (default: the one
    `base` was loaded at).
    """
    seq = base.seq if based_on is None else based_on
    start = base
    if seq != base.seq:
        if any(isinstance(a, Undone) for a in actions) or not 1 <= seq <= base.seq:
            start = as_of(base, seq)
        else:
            # the events since `seq` are known: refuse a clash with them, then go on from
            # the newest fold (the same state as rebasing the prefix's fold, without a refold)
            require_no_clash(actions, base.events[seq:], seq, name_in(base.folded))
    head = None if conn is None else base.seq  # `base` was read in `conn`'s transaction
    with log_writer(
        store, base.info.id, start.seq, actor=actor.label, conn=conn, last=head
    ) as writer:
        try:
            state = after(writer, start, actions)
        except TournamentError as exc:
            if start.seq == seq:
                raise
            raise ConflictError(
                N_("expected the action to apply after the newer events, got: %(exc)s"), exc=exc
            ) from exc
        for action in actions:
            writer.append(action)
    return state


def as_of(base: Loaded, seq: int) -> Loaded:
    """`base` as it was at event `seq` (a caller stating an older sequence number)."""
    if not 1 <= seq <= base.seq:
        raise ConflictError(
            N_("expected a sequence number between 1 and %(seq)s, got %(seq_2)s"),
            seq=base.seq,
            seq_2=seq,
        )
    events = base.events[:seq]
    return Loaded(base.info, events, fold(events))
