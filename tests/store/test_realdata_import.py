"""The whole real WOF archive: every file accounted for, duplicates flagged, re-import no-op.

The first import is the session's `real_archive` (`import_archive` over the whole folder, the
same `import_paths`); its outcome is read back from the stored versions and games, and the
re-import runs here on a copy.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from sqlalchemy import func, select

from ratinglist.store import duplicate_groups, import_paths, load_rating_games, open_store
from ratinglist.store.schema import games, source_files

FILES = 7938
GAMES = 430_500
DUPLICATE_GROUPS = 93


@pytest.mark.realdata
@pytest.mark.slow
def test_real_archive_imports_and_reimports_unchanged(
    wof_results: Path, real_archive_copy: Path
) -> None:
    store = open_store(f"sqlite:///{real_archive_copy}")
    try:
        with store.connect() as conn:
            versions = conn.execute(
                select(source_files.c.name, source_files.c.version, source_files.c.status)
            ).all()
            stored_games = conn.execute(select(func.count()).select_from(games)).scalar_one()
        # the first import: one version of each file, each imported, duplicate or rejected
        assert len(versions) == len({name for name, _, _ in versions}) == FILES
        assert {version for _, version, _ in versions} == {1}
        statuses = Counter(status for _, _, status in versions)
        assert statuses["imported"] + statuses["duplicate"] + statuses["rejected"] == FILES
        assert abs(stored_games - GAMES) <= GAMES * 0.001
        # Even the file with reversed dates (25/03/2007 - 24/03/2007) imports, with W005.
        assert statuses["rejected"] == 0
        groups = duplicate_groups(store)
        assert len(groups) == DUPLICATE_GROUPS
        assert sum(len(v) for v in groups.values()) == statuses["duplicate"]
        rated = load_rating_games(store)
        assert 400_000 < len(rated) < stored_games
        second = import_paths(store, [wof_results])
        assert (second.files, second.unchanged, second.games) == (FILES, FILES, 0)
    finally:
        store.close()
