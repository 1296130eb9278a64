"""Fixtures of the operations tests: new databases (not migrated) on both backends."""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.postgres_server import PostgresServer

NewDatabase = Callable[[], str]
_names = itertools.count()


@pytest.fixture
def new_database(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> Iterator[NewDatabase]:
    """Make URLs of new databases on `backend`: an SQLite path not yet created, or an empty
    PostgreSQL database (dropped after the test)."""
    made: list[str] = []
    server: PostgresServer | None = (
        request.getfixturevalue("postgres") if backend == "postgresql" else None
    )

    def make() -> str:
        number = next(_names)
        if server is None:
            return f"sqlite:///{tmp_path / f'new{number}.db'}"
        name = f"ops{os.getpid()}_{number}"
        server.execute(f"CREATE DATABASE {name}")
        made.append(name)
        return server.url(name)

    yield make
    from ratinglist.service.databases import forget_database

    for name in made:
        assert server is not None
        forget_database(server.url(name))
        server.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
