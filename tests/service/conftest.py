"""Service fixtures: a database URL (both backends), results files, the Utrecht archive imported."""

from __future__ import annotations

import pytest

from ratinglist.service.archive import import_archive
from tests.conftest import handle
from tests.store.conftest import UTRECHT, ClearFile, elo_file

__all__ = ["UTRECHT", "ClearFile", "elo_file"]


@pytest.fixture()
def db(db_url: str) -> str:
    """The URL of a fresh, empty database (SQLite and PostgreSQL)."""
    return db_url


def scraped(text: str) -> str:
    """The Utrecht file as the rating committee's scrape sends it a week later."""
    return text.replace("Jan Tester", "WOF rating committee (scrape)").replace(
        "14/01/2023", "21/01/2023"
    )


@pytest.fixture()
def filled(db: str, elo_file: ClearFile) -> str:
    """Two imported files: Utrecht (with a draw) and a scraped copy with one result flipped."""
    draw = UTRECHT.replace("120005 (33)>(31) NEW1 B", "120005 (32)=(32) NEW1 B")
    import_archive(handle(db, create=True), [elo_file("20230114_UTRECHT.ELO", draw)])
    second = scraped(draw).replace("50003 (20)<(44) NEW1 W", "50003 (44)>(20) NEW1 W")
    import_archive(handle(db, create=True), [elo_file("20230121_SCRAPED.ELO", second)])
    return db
