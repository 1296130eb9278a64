"""`ratinglist backup` and `restore` (issue 24, item 2): every row comes back on both backends
and across them; a damaged, tampered or newer backup is refused with the reason and nothing
is written. The data: the previous release's fixture (`fixtures/release_0014.db`: two
tournaments, their games, a published list, an account)."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import sqlite3
import zipfile
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect, select
from typer.testing import CliRunner

from ratinglist.cli.app import app
from ratinglist.service.databases import forget_database
from ratinglist.store.database import head_revision, make_engine, schema_state
from ratinglist.store.schema import metadata
from tests.operations.conftest import NewDatabase

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "release_0014.db"


def plain(value: Any) -> Any:
    """A time as UTC without a zone (SQLite gives times without one, PostgreSQL with)."""
    if isinstance(value, dt.datetime) and value.tzinfo is not None:
        return value.astimezone(dt.UTC).replace(tzinfo=None)
    return value


def rows(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the schema, in key order, as the application reads them."""
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return {
                table.name: [
                    tuple(plain(v) for v in r)
                    for r in conn.execute(
                        select(table).order_by(*(table.primary_key.columns or table.columns))
                    )
                ]
                for table in metadata.sorted_tables
            }
    finally:
        engine.dispose()


def run(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


@pytest.fixture(scope="module")
def upgraded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture, upgraded to this release (once per module), with a tournament marked a
    duplicate of a later one (a reference to a row copied after it)."""
    path = tmp_path_factory.mktemp("backup-source") / "source.db"
    shutil.copy(FIXTURE, path)
    conn = sqlite3.connect(path)
    with conn:
        ids = [r[0] for r in conn.execute("SELECT id FROM tournaments ORDER BY id")]
        conn.execute("UPDATE tournaments SET duplicate_of = ? WHERE id = ?", (ids[-1], ids[0]))
    conn.close()
    assert run("db", "upgrade", "--db", str(path)).exit_code == 0
    forget_database(f"sqlite:///{path}")
    return path


@pytest.fixture
def source(upgraded: Path, tmp_path: Path) -> str:
    """A test's own copy of `upgraded` (SQLite's online backup: the write-ahead log too)."""
    path = tmp_path / "source.db"
    origin, copy = sqlite3.connect(upgraded), sqlite3.connect(path)
    try:
        origin.backup(copy)
    finally:
        copy.close()
        origin.close()
    return f"sqlite:///{path}"


def test_backup_and_restore_keep_every_row(
    source: str, new_database: NewDatabase, tmp_path: Path
) -> None:
    original = rows(source)
    assert original["games"] and original["rating_entries"] and original["accounts"]
    first = tmp_path / "first.rlbackup"
    done = run("backup", str(first), "--db", source)
    assert done.exit_code == 0, done.output
    # into the backend under test, then a backup of that, restored into a new SQLite file
    target = new_database()
    put = run("restore", str(first), "--db", target)
    assert put.exit_code == 0, put.output
    assert rows(target) == original
    second = tmp_path / "second.rlbackup"
    assert run("backup", str(second), "--db", target).exit_code == 0
    last = f"sqlite:///{tmp_path / 'last.db'}"
    assert run("restore", str(second), "--db", last).exit_code == 0
    assert rows(last) == original
    assert schema_state(last).current == head_revision()
    check = run("restore", "--check", str(second))
    assert check.exit_code == 0 and "sound" in check.output


def test_manifest_names_revision_counts_and_checksum(source: str, tmp_path: Path) -> None:
    dest = tmp_path / "b.rlbackup"
    assert run("backup", str(dest), "--db", source).exit_code == 0
    with zipfile.ZipFile(dest) as zf:
        manifest = json.loads(zf.read("manifest.json"))
        data = zf.read("database.sqlite")
    import hashlib

    assert manifest["revision"] == head_revision()
    assert manifest["sha256"] == hashlib.sha256(data).hexdigest()
    assert manifest["counts"]["games"] == len(rows(source)["games"])
    assert run("backup", str(dest), "--db", source).exit_code == 1  # never overwritten


def nothing_written(url: str) -> bool:
    if url.startswith("sqlite:///"):
        return not Path(url.removeprefix("sqlite:///")).exists()
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return inspect(conn).get_table_names() == []
    finally:
        engine.dispose()


def damaged(good: Path, folder: Path) -> dict[str, Path]:
    """The good backup spoiled in the ways a disk, a copy or a hand can spoil it."""
    out: dict[str, Path] = {}
    raw = good.read_bytes()
    out["truncated"] = folder / "truncated.rlbackup"
    out["truncated"].write_bytes(raw[: len(raw) // 2])
    flipped = bytearray(raw)
    with zipfile.ZipFile(good) as zf:
        info = zf.getinfo("database.sqlite")
        manifest = json.loads(zf.read("manifest.json"))
        data = zf.read("database.sqlite")
    flipped[info.header_offset + 30 + len(info.filename) + info.compress_size // 2] ^= 0xFF
    out["flipped byte"] = folder / "flipped.rlbackup"
    out["flipped byte"].write_bytes(bytes(flipped))
    out["not a backup"] = folder / "text.rlbackup"
    out["not a backup"].write_text("hello\n")

    def rezip(name: str, body: dict[str, Any], payload: bytes) -> None:
        out[name] = folder / f"{name.replace(' ', '_')}.rlbackup"
        with zipfile.ZipFile(out[name], "w") as zf:
            zf.writestr("manifest.json", json.dumps(body))
            zf.writestr("database.sqlite", payload)

    rezip("counts changed", {**manifest, "counts": {**manifest["counts"], "games": 1}}, data)
    rezip("checksum changed", {**manifest, "sha256": "0" * 64}, data)
    rezip("newer schema", {**manifest, "revision": "9999"}, data)
    return out


def test_a_damaged_backup_is_refused_and_nothing_written(
    source: str, new_database: NewDatabase, tmp_path: Path
) -> None:
    good = tmp_path / "good.rlbackup"
    assert run("backup", str(good), "--db", source).exit_code == 0
    for kind, bad in damaged(good, tmp_path).items():
        target = new_database()
        done = run("restore", str(bad), "--db", target)
        assert done.exit_code == 1, f"{kind}: {done.output}"
        assert "error:" in done.output and str(bad) in done.output.replace("\n", ""), kind
        assert "Traceback" not in done.output
        assert nothing_written(target), kind
        if kind == "newer schema":
            assert "newer than this release" in done.output
        assert run("restore", "--check", str(bad)).exit_code == 1, kind


def test_restore_refuses_a_database_that_is_not_new(
    source: str, new_database: NewDatabase, tmp_path: Path
) -> None:
    good = tmp_path / "good.rlbackup"
    assert run("backup", str(good), "--db", source).exit_code == 0
    target = new_database()
    assert run("restore", str(good), "--db", target).exit_code == 0
    before = rows(target)
    again = run("restore", str(good), "--db", target)
    assert again.exit_code == 1
    assert "new" in again.output or "empty" in again.output
    assert rows(target) == before


def test_backup_refuses_a_missing_folder_or_database(source: str, tmp_path: Path) -> None:
    missing_folder = run("backup", str(tmp_path / "no" / "b.rlbackup"), "--db", source)
    assert missing_folder.exit_code == 1 and "expected an existing folder" in missing_folder.output
    missing_db = run("backup", str(tmp_path / "b.rlbackup"), "--db", str(tmp_path / "none.db"))
    assert missing_db.exit_code == 1 and "found none" in missing_db.output
    assert not (tmp_path / "none.db").exists() and not (tmp_path / "b.rlbackup").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".ratinglist-")] == []
