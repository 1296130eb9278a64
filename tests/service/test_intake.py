"""The results intake: upload bounds, the queue, ID fixes, accept (one import) and reject."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from sqlalchemy import Table, func, select

from ratinglist.errors import ConflictError, IntakeError, NotFoundError, StoreError
from ratinglist.formats.elo import read_elo
from ratinglist.service.actor import Actor, ActorKind
from ratinglist.service.archive import import_archive
from ratinglist.service.databases import open_database
from ratinglist.service.intake import accept, fix_id, queue, reject, show, upload
from ratinglist.store.rating_games import results_files
from ratinglist.store.schema import games, intake_items, source_files, tournaments
from tests.conftest import handle
from tests.service.conftest import UTRECHT, ClearFile

OFFICER = Actor(ActorKind.WEB, "officer")
FEDERATION = Actor(ActorKind.WEB, "nl-federation")

# A second Dutch tournament: Luc Martel's ID mistyped (50030 for 50003), Bram Vos spelt
# "VOSS", and a new player with a temporary ID.
LEIDEN = """\
%%Tournament: Leiden Open 2023
%%Country: Netherlands
%%Date: 11/02/2023
%%Sender: Jan Tester

%_% 120005, VOSS, Bram, NLD, 2, 100
%_% 50030, MARTEL, Luc, FRA, 1, 70
%_% +NEW1, DE VRIES, Anna, NLD, 0, 40

%Round 1
120005 (40)>(24) 50030 B
%Round 2
120005 (33)>(31) NEW1 B
50030 (36)>(28) NEW1 W
"""


@pytest.fixture()
def archive(db: str, elo_file: ClearFile) -> str:
    """A database holding the Utrecht file (registers 120005, 120007, 50003, 120000)."""
    import_archive(handle(db, create=True), [elo_file("20230114_UTRECHT.ELO", UTRECHT)])
    return db


def _count(db: str, table: Table) -> int:
    with open_database(db).connect() as conn:
        return int(conn.execute(select(func.count()).select_from(table)).scalar_one())


def _stored_ids(db: str, file_name: str) -> list[tuple[int, int]]:
    query = (
        select(games.c.first_id, games.c.second_id)
        .join(tournaments, tournaments.c.id == games.c.tournament_id)
        .where(tournaments.c.file_name == file_name)
        .order_by(games.c.seq)
    )
    with open_database(db).connect() as conn:
        return [(int(a), int(b)) for a, b in conn.execute(query)]


def test_upload_queues_the_file_with_the_readers_diagnostics(archive: str, tmp_path: Path) -> None:
    data = LEIDEN.encode("ascii")
    item = upload(handle(archive), "20230211_LEIDEN.ELO", data, FEDERATION)
    assert (item.status, item.origin, item.country) == ("queued", "upload", "NLD")
    assert item.submitted_by == "web:nl-federation"
    path = tmp_path / "20230211_LEIDEN.ELO"
    path.write_bytes(data)
    expected = read_elo(path, source="20230211_LEIDEN.ELO").diagnostics
    view = show(handle(archive), item.id)
    assert view.submitted_diagnostics == expected
    assert view.diagnostics == expected
    assert item.errors == sum(d.severity.value == "error" for d in expected)
    assert item.warnings == sum(d.severity.value == "warning" for d in expected)
    problems = {(p.token, p.problem) for p in view.players}
    assert problems == {("120005", "name"), ("50030", "unknown"), ("NEW1", "new")}
    vos = next(p for p in view.players if p.token == "120005")
    assert vos.registered is not None and vos.registered.surname == "VOS"
    assert [i.id for i in queue(handle(archive), status="queued", country="Netherlands")] == [
        item.id
    ]
    assert queue(handle(archive), status="accepted") == ()
    assert queue(handle(archive), country="FRA") == ()
    assert _stored_ids(archive, "20230211_LEIDEN.ELO") == []


def test_uploads_over_the_bounds_are_refused_and_nothing_stored(archive: str) -> None:
    data = LEIDEN.encode("ascii")
    with pytest.raises(IntakeError, match=r"expected a file of at most 100 bytes, got '.*'"):
        upload(handle(archive), "20230211_LEIDEN.ELO", data, FEDERATION, max_bytes=100)
    lines = LEIDEN.count("\n")
    with pytest.raises(
        IntakeError, match=f"expected a file of at most 10 lines, got '.*' with {lines} lines"
    ):
        upload(handle(archive), "20230211_LEIDEN.ELO", data, FEDERATION, max_lines=10)
    assert _count(archive, intake_items) == 0
    upload(
        handle(archive),
        "20230211_LEIDEN.ELO",
        data,
        FEDERATION,
        max_bytes=len(data),
        max_lines=lines,
    )
    assert _count(archive, intake_items) == 1


def test_a_file_that_is_not_a_results_file_is_refused_with_its_diagnostics(archive: str) -> None:
    with pytest.raises(IntakeError) as refused:
        upload(
            handle(archive),
            "notes.txt",
            b"Dear rating officer,\nhere are our results.\n",
            FEDERATION,
        )
    message = str(refused.value)
    assert message.startswith("expected a WOF results file (.ELO) with game lines, got 'notes.txt'")
    assert "notes.txt:1:1: error[E001]: expected a header line '%%Tournament:'" in message
    assert _count(archive, intake_items) == 0


@pytest.mark.both_backends
def test_accept_imports_exactly_once(archive: str) -> None:
    item = upload(handle(archive), "20230211_LEIDEN.ELO", LEIDEN.encode("ascii"), FEDERATION)
    files_before = _count(archive, source_files)
    done = accept(handle(archive), item.id, OFFICER)
    assert (done.status, done.decided_by, done.import_status) == (
        "accepted",
        "web:officer",
        "imported",
    )
    assert done.tournament_id is not None
    assert len(_stored_ids(archive, "20230211_LEIDEN.ELO")) == 3
    with pytest.raises(ConflictError, match=f"expected a queued item, got item {item.id} accepted"):
        accept(handle(archive), item.id, OFFICER)
    with pytest.raises(ConflictError):
        reject(handle(archive), item.id, "too late", OFFICER)
    assert len(_stored_ids(archive, "20230211_LEIDEN.ELO")) == 3
    assert _count(archive, source_files) == files_before + 1


@pytest.mark.both_backends
def test_a_failure_during_accept_leaves_the_item_queued_and_nothing_imported(
    archive: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    item = upload(handle(archive), "20230211_LEIDEN.ELO", LEIDEN.encode("ascii"), FEDERATION)
    files_before = _count(archive, source_files)
    games_before = _count(archive, games)

    def broken(*_args: object, **_kwargs: object) -> None:
        raise StoreError("could not write to the database: disk I/O error")

    monkeypatch.setattr("ratinglist.store.importer.write_file", broken)
    with pytest.raises(StoreError, match="disk I/O error"):
        accept(handle(archive), item.id, OFFICER)
    assert [i.status for i in queue(handle(archive))] == ["queued"]
    assert (_count(archive, source_files), _count(archive, games)) == (files_before, games_before)
    monkeypatch.undo()
    assert accept(handle(archive), item.id, OFFICER).status == "accepted"


def test_a_file_without_a_date_is_queued_but_cannot_be_accepted(archive: str) -> None:
    undated = LEIDEN.replace("%%Date: 11/02/2023", "%%Date: sometime in February")
    item = upload(handle(archive), "20230211_LEIDEN.ELO", undated.encode("ascii"), FEDERATION)
    assert item.errors >= 1
    with pytest.raises(IntakeError, match=r"expected an importable file, got .*error\[E002\]"):
        accept(handle(archive), item.id, OFFICER)
    assert [i.status for i in queue(handle(archive))] == ["queued"]
    assert _stored_ids(archive, "20230211_LEIDEN.ELO") == []


def test_reject_keeps_the_message_for_the_submitter(archive: str) -> None:
    item = upload(handle(archive), "20230211_LEIDEN.ELO", LEIDEN.encode("ascii"), FEDERATION)
    with pytest.raises(IntakeError, match="expected a message"):
        reject(handle(archive), item.id, "  ", OFFICER)
    done = reject(handle(archive), item.id, "round 3 is missing: send the whole file", OFFICER)
    assert (done.status, done.message, done.decided_by) == (
        "rejected",
        "round 3 is missing: send the whole file",
        "web:officer",
    )
    assert show(handle(archive), item.id).item.message == "round 3 is missing: send the whole file"
    with pytest.raises(ConflictError, match="rejected"):
        accept(handle(archive), item.id, OFFICER)
    assert _stored_ids(archive, "20230211_LEIDEN.ELO") == []


def test_fixing_ids_changes_what_is_imported(archive: str) -> None:
    item = upload(handle(archive), "20230211_LEIDEN.ELO", LEIDEN.encode("ascii"), FEDERATION)
    fixed = fix_id(handle(archive), item.id, "50030", 50003, OFFICER)
    assert (fixed.old, fixed.new, fixed.replaced, fixed.added) == ("50030", 50003, 3, None)
    # NLD's range is 120000-129999; Utrecht used 120000 (its NEW1), 120005 and 120007.
    added = fix_id(handle(archive), item.id, "NEW1", None, OFFICER)
    assert added.new == 120001 and added.replaced == 3
    assert added.added is not None
    assert (added.added.surname, added.added.firstname) == ("DE VRIES", "Anna")
    view = show(handle(archive), item.id)
    assert view.fixes == (("50030", 50003), ("NEW1", 120001))
    assert {(p.token, p.problem) for p in view.players} == {("120005", "name")}
    assert "50030" not in view.text and "%_% +120001, DE VRIES, Anna" in view.text
    assert show(handle(archive), item.id).submitted_diagnostics == view.submitted_diagnostics
    accept(handle(archive), item.id, OFFICER)
    assert _stored_ids(archive, "20230211_LEIDEN.ELO") == [
        (120005, 50003),
        (120005, 120001),
        (50003, 120001),
    ]


def test_fix_id_refusals(archive: str) -> None:
    item = upload(handle(archive), "20230211_LEIDEN.ELO", LEIDEN.encode("ascii"), FEDERATION)
    with pytest.raises(
        IntakeError, match=re.escape("expected the ID of a player in '20230211_LEIDEN.ELO'")
    ):
        fix_id(handle(archive), item.id, "4012", 50003, OFFICER)
    with pytest.raises(NotFoundError, match="expected a registered player ID, got 777"):
        fix_id(handle(archive), item.id, "50030", 777, OFFICER)
    with pytest.raises(IntakeError, match="does not use yet, got 120005"):
        fix_id(handle(archive), item.id, "50030", 120005, OFFICER)
    with pytest.raises(NotFoundError, match="expected the number of a queue item, got 99"):
        fix_id(handle(archive), 99, "50030", 50003, OFFICER)
    assert show(handle(archive), item.id).fixes == ()


def test_queue_refuses_an_unknown_status(archive: str) -> None:
    with pytest.raises(IntakeError, match="expected a status among queued, accepted, rejected"):
        queue(handle(archive), status="pending")


@pytest.mark.realdata
def test_a_real_file_goes_through_the_queue(wof_results: Path, db: str) -> None:
    path = wof_results / "2019" / "20190105_92_Dutch_open.ELO"
    open_database(db, create=True)
    item = upload(handle(db), path.name, path.read_bytes(), FEDERATION)
    expected = read_elo(path, source=path.name)
    assert show(handle(db), item.id).diagnostics == expected.diagnostics
    assert item.country == "NLD"
    accept(handle(db), item.id, OFFICER)
    query = (
        select(func.count())
        .select_from(games)
        .join(tournaments, tournaments.c.id == games.c.tournament_id)
        .where(tournaments.c.file_name == path.name)
    )
    with open_database(db).connect() as conn:
        assert conn.execute(query).scalar_one() == len(expected.games) > 0


def test_an_accepted_file_is_received_on_the_day_it_was_submitted(archive: str) -> None:
    submitted = dt.datetime(2026, 2, 27, 23, 50, tzinfo=dt.UTC)
    item = upload(
        handle(archive), "20230211_LEIDEN.ELO", LEIDEN.encode("ascii"), FEDERATION, now=submitted
    )
    accept(handle(archive), item.id, OFFICER, now=submitted + dt.timedelta(days=5))
    received = {f.file_name: f.received for f in results_files(open_database(archive))}
    assert received["20230211_LEIDEN.ELO"] == dt.date(2026, 2, 27)
