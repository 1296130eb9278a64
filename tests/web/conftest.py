"""Fixtures of the web tests: a small site database and a test client over it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ratinglist.web.app import create_app
from tests.web.site_fixture import build_site_db


@pytest.fixture(scope="session")
def site_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The URL of the small site database (built once per session)."""
    return build_site_db(tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="session")
def client(site_db: str) -> Iterator[TestClient]:
    """A test client of the site over `site_db`."""
    with TestClient(create_app(site_db)) as test_client:
        yield test_client


@pytest.fixture(scope="session")
def archive_dir(site_db: str) -> Path:
    """The folder the small archive was written to."""
    return Path(site_db.removeprefix("sqlite:///")).parent / "archive"
