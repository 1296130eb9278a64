"""Lists of the other rating systems, stored beside the WOF lists and read back."""

from __future__ import annotations

import datetime as dt

import pytest

from ratinglist.errors import NotFoundError, RatingError
from ratinglist.service.rating_systems import compute_system_list, system_list_page
from tests.cli.rating_fixture import build_store as build_file
from tests.conftest import Seeder, handle

AS_OF = dt.date(2025, 8, 1)


@pytest.fixture()
def db(seeded_db: Seeder, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A fresh copy of the rating fixture's database (SQLite and PostgreSQL)."""

    def build(url: str) -> None:
        build_file(tmp_path_factory.mktemp("rating-fixture"), url)

    return seeded_db("rating", build)


def test_elo_list_is_stored_with_titles(db: str) -> None:
    done = compute_system_list(handle(db), "elo", AS_OF, label="trial")
    assert done.info.system == "elo"
    assert done.info.label == "trial"
    assert done.info.rated == len(done.ratings) == 5
    page = system_list_page(handle(db), "elo")
    assert page.info.id == done.info.id
    assert [e.rating for e in page.entries] == sorted(done.ratings.ratings.tolist(), reverse=True)
    # Seed 002's bands: 900-1099 Soldier, 1100-1199 Knight (no match minimum below 1300).
    assert all(900 <= e.rating < 1200 for e in page.entries)
    assert [e.title for e in page.entries] == [
        "Knight" if e.rating >= 1100 else "Soldier" for e in page.entries
    ]
    assert page.entries[0].title == "Knight"
    assert page.entries[0].surname != ""
    assert page.info.parameters["k_new"] == 50.0


def test_glicko2_list_keeps_deviations_and_a_limit(db: str) -> None:
    compute_system_list(handle(db), "glicko2", AS_OF)
    page = system_list_page(handle(db), "glicko2", limit=2)
    assert len(page.entries) == 2
    assert all(0 < e.deviation < 350 for e in page.entries)
    assert all(e.title == "" for e in page.entries)


def test_missing_list_and_unknown_system(db: str) -> None:
    with pytest.raises(NotFoundError, match="expected a stored egf list"):
        system_list_page(handle(db), "egf")
    with pytest.raises(RatingError, match="expected a rating system among"):
        compute_system_list(handle(db), "trueskill", AS_OF)


def test_wof_lists_ignore_other_systems(db: str) -> None:
    from ratinglist.errors import NotFoundError
    from ratinglist.service.rating_lists import find_list, list_infos

    compute_system_list(handle(db), "egf", AS_OF)
    assert list_infos(handle(db)) == ()
    with pytest.raises(NotFoundError, match="expected a stored rating list"):
        find_list(handle(db))
