"""Fixtures of the tournament-server tests: a seeded database and an app over it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from ratinglist.web.app import create_app
from tests.server.fixtures import seed_server


@pytest.fixture
def server_url(db_url: str) -> str:
    """A fresh seeded database (SQLite and PostgreSQL)."""
    seed_server(db_url)
    return db_url


@pytest.fixture
def app_client(server_url: str) -> Iterator[TestClient]:
    """A client of the app over `server_url` (no cookies yet)."""
    with TestClient(create_app(server_url)) as client:
        yield client
