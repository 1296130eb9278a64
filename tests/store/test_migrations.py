"""Migrations from empty (SQLite and PostgreSQL): the registry table, the schema matches the
tables, re-open is a no-op."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

from ratinglist.errors import StoreError
from ratinglist.store.database import current_revision, head_revision, migrate, open_store
from ratinglist.store.schema import metadata


def test_empty_database_is_migrated_to_head(empty_db_url: str) -> None:
    store = open_store(empty_db_url)
    try:
        assert current_revision(store) == head_revision() == "0023"
        tables = set(inspect(store.engine).get_table_names())
        assert tables == set(metadata.tables) | {"alembic_version"}
    finally:
        store.close()


def test_migrations_create_exactly_the_schema_tables(empty_db_url: str) -> None:
    store = open_store(empty_db_url)
    try:
        with store.engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), metadata)
        assert diff == []
    finally:
        store.close()


def test_reopening_keeps_data_and_revision(empty_db_url: str) -> None:
    url = empty_db_url
    store = open_store(url)
    with store.begin() as conn:
        conn.exec_driver_sql(
            "INSERT INTO players (id, surname, firstname, country, origin) "
            "VALUES (4012, 'DE GRAAF', 'Jan', 'NLD', 'test')"
        )
    store.close()
    again = open_store(url)
    try:
        migrate(again.engine)
        with again.connect() as conn:
            assert conn.exec_driver_sql("SELECT surname FROM players").scalar_one() == "DE GRAAF"
        assert current_revision(again) == "0023"
    finally:
        again.close()


def test_unopenable_database_is_a_store_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="could not"):
        open_store(f"sqlite:///{tmp_path / 'missing-folder' / 'c.db'}")


def test_bad_url_is_a_store_error() -> None:
    with pytest.raises(StoreError, match="expected a database path or URL"):
        open_store("nosuchdriver://x")


def test_the_file_name_head_is_alembic_head() -> None:
    from ratinglist.store.database import shipped_head

    assert shipped_head() == head_revision()
