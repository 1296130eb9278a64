"""Fixtures of the web tests: a small site database and a test client over it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ratinglist.web.app import create_app
from tests.conftest import fresh_postgres_database
from tests.postgres_server import PostgresServer
from tests.web.site_fixture import build_site_db


@pytest.fixture(scope="session")
def site_backend(request: pytest.FixtureRequest) -> str:
    """The backend the site tests run on: SQLite, and PostgreSQL too for the tests marked
    `both_backends` (`tests.conftest.pytest_generate_tests`)."""
    value: str = request.param
    return value


@pytest.fixture(scope="session")
def site_dir(site_backend: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of the small archive (and of the SQLite site database)."""
    return tmp_path_factory.mktemp(f"site-{site_backend}")


@pytest.fixture(scope="session")
def site_db(site_backend: str, site_dir: Path, request: pytest.FixtureRequest) -> str:
    """The URL of the small site database (built once per session and backend)."""
    if site_backend == "sqlite":
        return build_site_db(site_dir, f"sqlite:///{site_dir / 'site.db'}")
    server: PostgresServer = request.getfixturevalue("postgres")
    name = fresh_postgres_database(server, request.getfixturevalue("postgres_template"))
    return build_site_db(site_dir, server.url(name))


@pytest.fixture(scope="session")
def client(site_db: str) -> Iterator[TestClient]:
    """A test client of the site over `site_db`."""
    with TestClient(create_app(site_db)) as test_client:
        yield test_client


@pytest.fixture(scope="session")
def archive_dir(site_db: str, site_dir: Path) -> Path:
    """The folder the small archive was written to."""
    return site_dir / "archive"
