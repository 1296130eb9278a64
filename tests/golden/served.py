"""Real archive files imported into a fresh database and served, for the golden tests that
read a tournament's public answer (its standings, `placed_by`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from fastapi.testclient import TestClient

from ratinglist.service.archive import import_archive
from ratinglist.web.app import create_app
from tests.conftest import handle


@contextmanager
def served_files(
    folder: Path, names: Iterable[str], db: Path
) -> Iterator[tuple[TestClient, dict[str, int]]]:
    """A client of the site over `names` (paths below `folder`) imported into `db`, and each
    file's tournament ID by file name."""
    url = f"sqlite:///{db}"
    import_archive(handle(url, create=True), [folder / name for name in names])
    with TestClient(create_app(url)) as client:
        found = client.get("/api/v1/tournaments", params={"limit": 200}).json()["tournaments"]
        ids = {}
        for row in found:
            detail = client.get(f"/api/v1/tournaments/{row['id']}/games").json()
            ids[detail["file_name"]] = int(row["id"])
        yield client, ids
