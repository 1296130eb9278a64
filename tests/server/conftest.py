"""Fixtures of the tournament-server tests: a seeded database and an app over it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from ratinglist.web.app import create_app
from ratinglist.web.views.player_side import BY_ADDRESS, BY_CODE, REGISTRATIONS
from tests.conftest import Seeder
from tests.server.fixtures import seed_server


@pytest.fixture(autouse=True)
def _fresh_throttles() -> None:
    """The players' side's throttles count per process over minutes: one test's requests
    are not the next's (however fast the tests run)."""
    for throttle in (REGISTRATIONS, BY_ADDRESS, BY_CODE):
        throttle.clear()


@pytest.fixture
def server_url(seeded_db: Seeder, request: pytest.FixtureRequest) -> str:
    """A fresh seeded database (SQLite and PostgreSQL): a copy of the one `seed_server`
    filled once per session and backend (`seeded_db`). A test taking `production_hasher`
    seeds its own, so the shared seed always holds the suite's cheap hashes."""
    if "production_hasher" in request.fixturenames:
        url: str = request.getfixturevalue("db_url")
        seed_server(url)
        return url
    return seeded_db("server", seed_server)


@pytest.fixture
def app_client(server_url: str) -> Iterator[TestClient]:
    """A client of the app over `server_url` (no cookies yet)."""
    with TestClient(create_app(server_url)) as client:
        yield client
