"""Snapshots of folded tournaments (`store.tournament_snapshots`, used by `loaded`): a fold
started from a snapshot equals the fold of the whole log, after new events, after an undo,
and a snapshot of other code, an unreadable one or one that would run code is never used.

The logs are the old-log fixtures of `tests/tournament/logs/` (an Othello Swiss tournament,
a Go McMahon one, a Go team one); the expected state is always `fold` of the whole log.
"""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path

import pytest
from sqlalchemy import update

import ratinglist.service.tournaments.log as log
from ratinglist.store import Store
from ratinglist.store.schema import tournament_snapshots
from ratinglist.store.tournament_events import create_tournament, last_seq, log_writer
from ratinglist.store.tournament_snapshots import decode, read_snapshot, stored_seq
from ratinglist.tournament.codec import from_json
from ratinglist.tournament.events import Created, Event, Undone
from ratinglist.tournament.fold import FoldedTournament, fold

LOGS = Path(__file__).parents[1] / "tournament" / "logs"
FIXTURES = ("othello-swiss", "go-mcmahon", "go-teams")


def _events(name: str) -> list[Event]:
    rows = json.loads((LOGS / f"{name}.events.json").read_text(encoding="utf-8"))["events"]
    return [from_json(r["kind"], r["payload"]) for r in rows]


def _store(store: Store, events: list[Event]) -> int:
    first = events[0]
    assert isinstance(first, Created)
    tid = create_tournament(store, first)
    _append(store, tid, events[1:])
    return tid


def _append(store: Store, tid: int, events: list[Event]) -> None:
    with log_writer(store, tid, last_seq(store, tid), actor="system:test") as writer:
        for event in events:
            writer.append(event)


def _fresh_load(store: Store, tid: int) -> FoldedTournament:
    """`loaded` as a new process runs it (no fold kept in memory)."""
    log._folds(store).kept.clear()
    return log.loaded(store, tid).folded


def _no_full_fold(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make a fold of the whole log fail: a load that succeeds started from the snapshot."""

    def refuse(events: object) -> FoldedTournament:
        raise AssertionError("the whole log was folded again")

    monkeypatch.setattr(log, "fold", refuse)


@pytest.fixture(autouse=True)
def _small_snapshots(monkeypatch: pytest.MonkeyPatch, store: Store) -> None:
    monkeypatch.setattr(log, "SNAPSHOT_AFTER", 5)
    log._folds(store).kept.clear()


@pytest.mark.parametrize("name", FIXTURES)
def test_a_snapshot_equals_the_fold_and_is_used(
    store: Store, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    events = _events(name)
    tid = _store(store, events)
    expected = fold(events)
    assert _fresh_load(store, tid) == expected
    with store.connect() as conn:
        assert stored_seq(conn, tid) == len(events)
        found = read_snapshot(conn, tid, FoldedTournament, len(events))
    assert found is not None and found == (len(events), expected)
    _no_full_fold(monkeypatch)
    assert _fresh_load(store, tid) == expected


@pytest.mark.parametrize("name", FIXTURES)
def test_new_events_are_applied_on_the_snapshot(
    store: Store, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    events = _events(name)
    cut = 1 + max(i for i, e in enumerate(events) if isinstance(e, Undone))  # no undo after
    assert len(events) - cut >= 5
    tid = _store(store, events[:cut])
    assert _fresh_load(store, tid) == fold(events[:cut])
    _append(store, tid, events[cut:])
    expected = fold(events)
    with monkeypatch.context() as patched:
        _no_full_fold(patched)
        assert _fresh_load(store, tid) == expected
    with store.connect() as conn:
        assert stored_seq(conn, tid) == len(events)  # 5 new events or more: a new snapshot


@pytest.mark.parametrize("name", FIXTURES)
def test_an_undo_after_the_snapshot_folds_the_whole_log(store: Store, name: str) -> None:
    events = _events(name)
    tid = _store(store, events)
    assert _fresh_load(store, tid) == fold(events)
    _append(store, tid, [Undone()])
    expected = fold([*events, Undone()])
    assert expected != fold(events)
    assert _fresh_load(store, tid) == expected


def test_a_snapshot_of_other_code_or_unreadable_is_ignored(store: Store) -> None:
    events = _events("othello-swiss")
    tid = _store(store, events)
    _fresh_load(store, tid)
    wrong = fold(events[: len(events) // 2])  # a state that is not the log's
    s = tournament_snapshots.c
    cases = [
        {"code": "0:another-code", "state": pickle.dumps(wrong)},
        {"state": b"not a pickle"},
        {"state": pickle.dumps({"not": "a tournament"})},
    ]
    for values in cases:
        with store.begin() as conn:
            conn.execute(
                update(tournament_snapshots).where(s.tournament_id == tid).values(**values)
            )
        assert _fresh_load(store, tid) == fold(events), values


class _RemoveFile:
    """Unpickled by the plain unpickler, this would delete the file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.remove, (str(self.path),))


def test_a_snapshot_never_runs_code(tmp_path: Path) -> None:
    victim = tmp_path / "keep.txt"
    victim.write_text("kept", encoding="utf-8")
    data = pickle.dumps(_RemoveFile(victim))
    assert decode(data, FoldedTournament) is None
    assert victim.read_text(encoding="utf-8") == "kept"
