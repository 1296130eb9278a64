"""Archive import: atomic files, unchanged re-imports, new versions, duplicates, temporary IDs."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from ratinglist.errors import StoreError
from ratinglist.store import (
    FileStatus,
    ImportPathError,
    Store,
    get_player,
    import_paths,
    load_rating_games,
    open_store,
    set_include_duplicate,
)
from ratinglist.store import writer as writer_module
from ratinglist.store.schema import (
    diagnostics,
    games,
    players,
    source_files,
    temp_id_mappings,
    tournaments,
)
from tests.store.conftest import UTRECHT, ClearFile

PLAIN = UTRECHT.replace("+NEW1", "120009").replace("NEW1", "120009")


def count(store: Store, table: Any) -> int:
    with store.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(table)).scalar_one())


def test_import_stores_tournament_games_and_players(store: Store, elo_file: ClearFile) -> None:
    path = elo_file("2023/20230114_Utrecht_Open.ELO", UTRECHT)
    summary = import_paths(store, [path])
    assert summary.to_dict() == {
        "files": 1,
        "imported": 1,
        "unchanged": 0,
        "duplicate": 0,
        "rejected": 0,
        "games": 4,
        "warnings": 0,
        "errors": 0,
    }
    assert count(store, tournaments) == 1
    assert count(store, games) == 4
    assert count(store, players) == 4
    with store.connect() as conn:
        row = conn.execute(select(tournaments)).mappings().one()
    assert row["name"] == "Utrecht Open 2023"
    assert row["start_date"] == dt.date(2023, 1, 14)
    assert row["duplicate_of"] is None
    vos = get_player(store, 120005)
    assert vos is not None and (vos.surname, vos.firstname, vos.country) == ("VOS", "Bram", "NLD")


def test_temporary_id_gets_lowest_unused_id_of_host_country(
    store: Store, elo_file: ClearFile
) -> None:
    import_paths(store, [elo_file("20230114_Utrecht_Open.ELO", UTRECHT)])
    # Netherlands' range starts at 120000, unused here: NEW1 becomes 120000.
    with store.connect() as conn:
        mapping = conn.execute(select(temp_id_mappings.c.token, temp_id_mappings.c.player_id)).all()
        ids = set(conn.execute(select(games.c.second_id)).scalars())
    assert [tuple(m) for m in mapping] == [("NEW1", 120000)]
    assert 120000 in ids
    novak = get_player(store, 120000)
    assert novak is not None and novak.surname == "NOVAK"


def test_temporary_id_skips_ids_already_used(store: Store, elo_file: ClearFile) -> None:
    first = UTRECHT.replace("120005", "120000")
    import_paths(store, [elo_file("20230114_Utrecht_Open.ELO", first)])
    with store.connect() as conn:
        assert conn.execute(select(temp_id_mappings.c.player_id)).scalar_one() == 120001


def test_second_import_is_unchanged_and_writes_nothing(store: Store, elo_file: ClearFile) -> None:
    path = elo_file("20230114_Utrecht_Open.ELO", UTRECHT)
    import_paths(store, [path])
    before = [count(store, t) for t in (source_files, tournaments, games, players)]
    again = import_paths(store, [path])
    assert (again.files, again.unchanged, again.imported, again.games) == (1, 1, 0, 0)
    assert [count(store, t) for t in (source_files, tournaments, games, players)] == before


def test_changed_file_replaces_tournament_and_keeps_versions(
    store: Store, elo_file: ClearFile
) -> None:
    path = elo_file("20230114_Utrecht_Open.ELO", UTRECHT)
    import_paths(store, [path])
    path.write_text(UTRECHT + "120005 (50)>(14) 50003 B\n", encoding="ascii")
    summary = import_paths(store, [path])
    assert summary.results[0].status is FileStatus.REPLACED
    assert (summary.imported, summary.games) == (1, 5)
    assert count(store, tournaments) == 1
    assert count(store, games) == 5
    with store.connect() as conn:
        versions = conn.execute(
            select(source_files.c.version, source_files.c.is_current).order_by(
                source_files.c.version
            )
        ).all()
    assert [tuple(v) for v in versions] == [(1, False), (2, True)]
    assert len(load_rating_games(store)) == 5


def test_same_games_under_another_name_are_a_duplicate(store: Store, elo_file: ClearFile) -> None:
    import_paths(store, [elo_file("20230114_Utrecht_Open.ELO", PLAIN)])
    # Sent again a day later, games written from the other side and in another order.
    resent = (
        PLAIN.replace("14/01/2023", "15/01/2023")
        .replace("120005 (40)>(24) 120007 B", "120007 (24)<(40) 120005 W")
        .replace("%Round 2\n", "")
    )
    summary = import_paths(store, [elo_file("20230115_Utrecht_resent.ELO", resent)])
    result = summary.results[0]
    assert result.status is FileStatus.DUPLICATE
    assert result.duplicate_of == "20230114_Utrecht_Open.ELO"
    assert (summary.duplicate, summary.imported, summary.games) == (1, 0, 4)
    assert count(store, games) == 8
    assert len(load_rating_games(store)) == 4
    set_include_duplicate(store, "20230115_Utrecht_resent.ELO")
    assert len(load_rating_games(store)) == 8


def test_include_duplicates_option_rates_them(store: Store, elo_file: ClearFile) -> None:
    import_paths(store, [elo_file("20230114_Utrecht_Open.ELO", PLAIN)])
    copy = elo_file("20230114a_Utrecht_copy.ELO", PLAIN)
    summary = import_paths(store, [copy], include_duplicates=True)
    assert summary.duplicate == 1
    assert len(load_rating_games(store)) == 8


def test_same_games_far_apart_are_not_a_duplicate(store: Store, elo_file: ClearFile) -> None:
    import_paths(store, [elo_file("20230114_Utrecht_Open.ELO", PLAIN)])
    later = PLAIN.replace("14/01/2023", "25/02/2023")
    summary = import_paths(store, [elo_file("20230225_Utrecht_Open.ELO", later)])
    assert summary.results[0].status is FileStatus.IMPORTED


def test_file_without_date_is_rejected_with_its_diagnostics(
    store: Store, elo_file: ClearFile
) -> None:
    broken = UTRECHT.replace("%%Date: 14/01/2023\n", "")
    summary = import_paths(store, [elo_file("20230114_Broken.ELO", broken)])
    result = summary.results[0]
    assert result.status is FileStatus.REJECTED
    assert result.first_error is not None and "20230114_Broken.ELO" in result.first_error
    assert summary.rejected == 1 and summary.errors >= 1
    assert count(store, tournaments) == 0
    assert count(store, diagnostics) >= 1
    assert import_paths(store, [elo_file("20230114_Broken.ELO", broken)]).unchanged == 1


def test_failure_inside_a_file_leaves_the_database_as_before(
    store: Store, elo_file: ClearFile, monkeypatch: pytest.MonkeyPatch
) -> None:
    import_paths(store, [elo_file("20230114_Utrecht_Open.ELO", UTRECHT)])
    before = [count(store, t) for t in (source_files, diagnostics, tournaments, games, players)]
    real_rows = writer_module._game_rows

    def broken_rows(tid: int, *args: Any) -> tuple[list[tuple[object, ...]], set[int]]:
        rows, ids = real_rows(tid, *args)
        rows[-1] = (987654, *rows[-1][1:])  # no such tournament: the insert fails
        return rows, ids

    monkeypatch.setattr(writer_module, "_game_rows", broken_rows)
    other = UTRECHT.replace("14/01/2023", "01/06/2023").replace("NEW1", "OTH2")
    second = elo_file("20230601_Delft.ELO", other.replace("%Round 2\n", "%Round 2\n%bad\n"))
    with pytest.raises(StoreError, match="could not write"):
        import_paths(store, [second])
    assert [count(store, t) for t in (source_files, diagnostics, tournaments, games, players)] == (
        before
    )
    monkeypatch.undo()
    summary = import_paths(store, [second])
    assert summary.imported == 1
    assert count(store, tournaments) == 2


def test_excluded_games_are_stored_but_not_rated(store: Store, elo_file: ClearFile) -> None:
    text = UTRECHT + "120005 (40)>(24) 120005 B\n"
    summary = import_paths(store, [elo_file("20230114_Utrecht_Open.ELO", text)])
    assert summary.games == 5 and summary.errors >= 1
    with store.connect() as conn:
        codes = conn.execute(select(games.c.excluded).where(games.c.excluded.is_not(None)))
        assert len(codes.all()) == 1
    assert len(load_rating_games(store)) == 4
    assert len(load_rating_games(store, include_excluded=True)) == 5


def test_folders_are_searched_recursively_for_elo_in_any_case(
    store: Store, elo_file: ClearFile, tmp_path: Path
) -> None:
    elo_file("a/2023/20230114_Utrecht_Open.ELO", UTRECHT)
    elo_file("a/2023/20230301_Delft.elo", UTRECHT.replace("14/01/2023", "01/03/2023"))
    elo_file("a/notes.txt", "not a results file")
    summary = import_paths(store, [tmp_path / "a"])
    assert summary.files == 2


def test_missing_path_is_an_error(store: Store, tmp_path: Path) -> None:
    with pytest.raises(ImportPathError, match=r"expected a \.ELO file or a folder"):
        import_paths(store, [tmp_path / "nope"])


def test_progress_is_called_once_per_file(store: Store, elo_file: ClearFile) -> None:
    calls: list[tuple[str, int, int]] = []
    path = elo_file("20230114_Utrecht_Open.ELO", UTRECHT)
    import_paths(
        store, [path, path], progress=lambda r, done, total: calls.append((r.name, done, total))
    )
    assert calls == [
        ("20230114_Utrecht_Open.ELO", 1, 2),
        ("20230114_Utrecht_Open.ELO", 2, 2),
    ]


def test_parsing_in_a_worker_process_gives_the_same_import(
    elo_file: ClearFile, tmp_path: Path
) -> None:
    for day in range(1, 6):
        text = PLAIN.replace("14/01/2023", f"0{day}/03/2023").replace("120009", f"12001{day}")
        elo_file(f"w/2023030{day}_Delft.ELO", text)
    elo_file("w/20230401_Broken.ELO", PLAIN.replace("%%Date: 14/01/2023\n", ""))
    summaries = []
    for workers in (0, 1):
        store = open_store("sqlite://")
        try:
            summaries.append(import_paths(store, [tmp_path / "w"], workers=workers))
            assert len(load_rating_games(store)) == 20
        finally:
            store.close()
    assert summaries[0] == summaries[1]
    assert (summaries[1].imported, summaries[1].rejected) == (5, 1)
