"""Old logs stay readable (issue 20, item 2): the event logs an earlier `main` stored, replayed
by today's code, show the same tournament.

Each fixture of `tests/tournament/logs/` (see its README.md) holds the stored event rows of a
tournament and what the CLI of the `main` that wrote them showed: every round (`tournament
show`), the standings (`tournament standings --json`), the exported files, the team standings.
The rows go into a fresh database as they were stored (the same kind and payload text), and
the same CLI commands (`logs/observed.py`) must show the same. The expected values come from
the release that wrote the log, never from the code under test.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert, update

from ratinglist.store import open_store
from ratinglist.store.schema import tournament_events
from ratinglist.store.tournament_events import (
    RUNNING,
    SUBMITTED,
    create_tournament,
    set_status,
)
from ratinglist.tournament.codec import from_json
from ratinglist.tournament.events import Created
from tests.tournament.logs.observed import observe

LOGS = Path(__file__).parent / "logs"
STORED_AT = dt.datetime(2026, 5, 1, 9, 0, tzinfo=dt.UTC)
"""The time stamp of the replayed rows (the fixtures do not keep it: no view shows it)."""
FIXTURES = sorted(p.name.removesuffix(".events.json") for p in LOGS.glob("*.events.json"))


def _load(name: str, part: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((LOGS / f"{name}.{part}.json").read_text(encoding="utf-8"))
    return data


def _store_log(db: Path, rows: list[dict[str, Any]]) -> int:
    """Store the rows in a fresh database as they were stored; the tournament's id.

    The tournament's row is made from its `created` event (as `create_tournament` makes it);
    every event row, the first included, then holds the stored payload text unchanged.
    """
    first, *rest = rows
    created = from_json(first["kind"], first["payload"])
    assert isinstance(created, Created)
    with open_store(f"sqlite:///{db}") as store:
        tid = create_tournament(store, created, actor=first["actor"])
        e = tournament_events.c
        with store.begin() as conn:
            conn.execute(
                update(tournament_events)
                .where(e.tournament_id == tid, e.seq == 1)
                .values(payload=first["payload"])
            )
            for row in rest:
                conn.execute(
                    insert(tournament_events).values(
                        tournament_id=tid,
                        seq=row["seq"],
                        kind=row["kind"],
                        payload=row["payload"],
                        actor=row["actor"],
                        created_at=STORED_AT,
                    )
                )
        closing = [r["kind"] for r in rows if r["kind"] in ("submitted", "reopened")]
        set_status(store, tid, SUBMITTED if closing[-1:] == ["submitted"] else RUNNING)
    return tid


def test_every_fixture_is_here() -> None:
    """The logs of 471807d stay (logs of a newer `main` are added beside them)."""
    assert {"go-mcmahon", "go-teams", "othello-swiss"} <= set(FIXTURES)
    for name in FIXTURES:
        assert (LOGS / f"{name}.expected.json").is_file()
        assert (LOGS / f"{name}.events.json").stat().st_size <= 200_000


@pytest.mark.parametrize("name", FIXTURES)
def test_every_stored_event_decodes(name: str) -> None:
    """Each stored row decodes to the event kind it was stored as."""
    rows = _load(name, "events")["events"]
    assert [r["seq"] for r in rows] == list(range(1, len(rows) + 1))
    for row in rows:
        assert from_json(row["kind"], row["payload"]).kind == row["kind"]


@pytest.mark.parametrize("name", FIXTURES)
def test_an_old_log_shows_the_same_tournament(name: str, tmp_path: Path) -> None:
    log = _load(name, "events")
    expected = _load(name, "expected")
    db = tmp_path / "replay.db"
    tid = _store_log(db, log["events"])
    seen = observe(db, str(tid), log["rounds"], log["kind"], tmp_path / "seen")
    assert list(seen) == list(expected)
    for k, shown in expected["rounds"].items():
        assert seen["rounds"][k] == shown, f"round {k} of {name} shows otherwise"
    assert seen["standings"] == expected["standings"], f"the standings of {name} differ"
    for kind, lines in expected["export"].items():
        assert seen["export"][kind] == lines, f"the {kind} export of {name} differs"
    assert seen.get("team_standings") == expected.get("team_standings")
