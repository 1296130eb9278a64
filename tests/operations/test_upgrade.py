"""`ratinglist db upgrade` and `serve` on an older database (issue 24, item 3).

`fixtures/release_0014.db` is a database written by the previous release (schema 0014), made
with that release's commands: `ratinglist import` of two demo files (Bristol and Ulm Open
2023), `users add admin` and `users grant admin admin`, `rate --as-of 2023-12-31` and
`publish 2023-12-31`, then VACUUM. Upgrading it must keep every row and leave a database this
release serves.
"""

from __future__ import annotations

import shutil
import sqlite3
import threading
from pathlib import Path

from sqlalchemy import text
from typer.testing import CliRunner

from ratinglist.cli.app import app
from ratinglist.store.database import head_revision, make_engine, migrate, schema_state
from tests.operations.conftest import NewDatabase

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "release_0014.db"
PREVIOUS = "0013"
"""A revision older than this release's head, made by running the migrations up to it."""


def counts(path: Path) -> dict[str, int]:
    conn = sqlite3.connect(path)
    try:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {n: conn.execute(f'SELECT COUNT(*) FROM "{n}"').fetchone()[0] for n in names}
    finally:
        conn.close()


def at_revision(url: str, revision: str) -> str:
    engine = make_engine(url)
    try:
        migrate(engine, revision)
    finally:
        engine.dispose()
    return url


def set_revision(url: str, revision: str) -> None:
    engine = make_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = :r"), {"r": revision})
    finally:
        engine.dispose()


def test_release_fixture_upgrades_keeping_every_row(tmp_path: Path) -> None:
    copy = tmp_path / "federation.db"
    shutil.copy(FIXTURE, copy)
    before = counts(copy)
    assert before["alembic_version"] == 1 and before["games"] > 0 and before["accounts"] == 1
    done = CliRunner().invoke(app, ["db", "upgrade", "--db", str(copy)])
    assert done.exit_code == 0, done.output
    assert schema_state(f"sqlite:///{copy}").current == head_revision()
    after = counts(copy)
    assert {name: after[name] for name in before} == before
    # this release reads it: the published list, the admin can sign in
    shown = CliRunner().invoke(app, ["list", "--db", str(copy)])
    assert shown.exit_code == 0, shown.output
    status = CliRunner().invoke(app, ["db", "status", "--db", str(copy)])
    assert status.exit_code == 0 and head_revision() in status.output
    again = CliRunner().invoke(app, ["db", "upgrade", "--db", str(copy)])
    assert again.exit_code == 0 and "already" in again.output


def test_upgrade_from_an_older_revision_on_both_backends(new_database: NewDatabase) -> None:
    url = at_revision(new_database(), PREVIOUS)
    status = CliRunner().invoke(app, ["db", "status", "--db", url])
    assert status.exit_code == 1 and PREVIOUS in status.output
    done = CliRunner().invoke(app, ["db", "upgrade", "--db", url])
    assert done.exit_code == 0, done.output
    assert f"from {PREVIOUS} to {head_revision()}" in done.output
    assert schema_state(url).current == head_revision()


def test_two_upgrades_at_once_queue_on_the_lock(new_database: NewDatabase) -> None:
    from ratinglist.service.operations import upgrade

    url = at_revision(new_database(), PREVIOUS)
    errors: list[BaseException] = []

    def run() -> None:
        try:
            upgrade(url)
        except BaseException as exc:  # the test reports it below
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert schema_state(url).current == head_revision()


def test_a_newer_database_is_refused(new_database: NewDatabase) -> None:
    url = at_revision(new_database(), "head")
    set_revision(url, "9999")
    done = CliRunner().invoke(app, ["db", "upgrade", "--db", url])
    assert done.exit_code == 1
    assert "newer than this release" in done.output
    served = CliRunner().invoke(app, ["serve", "--db", url, "--no-prerender"])
    assert served.exit_code == 1 and "newer than this release" in served.output


def test_serve_refuses_an_older_database_and_migrates_nothing(
    new_database: NewDatabase,
) -> None:
    url = at_revision(new_database(), PREVIOUS)
    done = CliRunner().invoke(app, ["serve", "--db", url, "--no-prerender"])
    assert done.exit_code == 1
    assert "older than this release" in done.output and "db upgrade" in done.output
    assert schema_state(url).current == PREVIOUS


def test_upgrade_refuses_a_missing_file(tmp_path: Path) -> None:
    done = CliRunner().invoke(app, ["db", "upgrade", "--db", str(tmp_path / "none.db")])
    assert done.exit_code == 1 and "found none" in done.output
    assert not (tmp_path / "none.db").exists()


def test_fixture_is_at_the_previous_release() -> None:
    conn = sqlite3.connect(f"file:{FIXTURE}?mode=ro", uri=True)
    try:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [("0014",)]
    finally:
        conn.close()


def test_serve_upgrade_migrates_then_serves(tmp_path: Path) -> None:
    import httpx

    from tests.operations.test_serve_proxy import TLS, served

    url = at_revision(f"sqlite:///{tmp_path / 'old.db'}", PREVIOUS)
    with served(url, "--upgrade") as base:
        ready = httpx.get(base + "/readyz", timeout=30, verify=TLS)
    assert ready.status_code == 200 and ready.json()["schema"] == head_revision()
    assert schema_state(url).current == head_revision()
