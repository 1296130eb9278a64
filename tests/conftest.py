"""Shared fixtures: where the real WOF data lives, and the CI rule for tests that need it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

REPO = Path(__file__).resolve().parents[1]

settings.register_profile("ci", max_examples=200, deadline=None)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def real_data_dir() -> Path:
    """The real data folder: ``RATINGLIST_REAL_DATA`` or ``../shared/data/real``."""
    env = os.environ.get("RATINGLIST_REAL_DATA")
    return Path(env) if env else REPO.parent / "shared" / "data" / "real"


@pytest.fixture(scope="session")
def real_data() -> Path:
    """The real data folder; fails (not skips) when missing under CI."""
    path = real_data_dir()
    if not path.is_dir():
        message = f"real data not found at {path} (set RATINGLIST_REAL_DATA)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture(scope="session")
def wof_results(real_data: Path) -> Path:
    """The folder of real .ELO files, by year."""
    return real_data / "othello-rating-pipeline" / "wof_results"
