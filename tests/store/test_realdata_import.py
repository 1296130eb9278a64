"""The whole real WOF archive: every file accounted for, duplicates flagged, re-import no-op."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratinglist.store import duplicate_groups, import_paths, load_rating_games, open_store

FILES = 7938
GAMES = 430_500
DUPLICATE_GROUPS = 93


@pytest.mark.realdata
@pytest.mark.slow
def test_real_archive_imports_and_reimports_unchanged(wof_results: Path, tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'wof.db'}")
    try:
        first = import_paths(store, [wof_results])
        assert first.files == FILES
        assert first.imported + first.duplicate + first.rejected == FILES
        assert abs(first.games - GAMES) <= GAMES * 0.001
        # Even the file with reversed dates (25/03/2007 - 24/03/2007) imports, with W005.
        assert first.rejected == 0
        groups = duplicate_groups(store)
        assert len(groups) == DUPLICATE_GROUPS
        assert sum(len(v) for v in groups.values()) == first.duplicate
        rated = load_rating_games(store)
        assert 400_000 < len(rated) < first.games
        second = import_paths(store, [wof_results])
        assert (second.files, second.unchanged, second.games) == (FILES, FILES, 0)
    finally:
        store.close()
