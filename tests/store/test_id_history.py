"""The ID history in the store: splits, renames and merges through the one `Registry`."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from sqlalchemy import select

from ratinglist.errors import RegistryError, StoreError
from ratinglist.formats.playerlist import PlayersList, parse_players_list, read_players_list
from ratinglist.model import Player, PlayerId
from ratinglist.registry.history import BEGINNING, Assigned, Merged, Renamed, Split, Tenure
from ratinglist.store import (
    IdEventKind,
    ListImport,
    Store,
    get_player,
    id_events,
    import_paths,
    import_players_list,
    load_rating_games,
    merge_players,
    player_registry,
    rename_player,
    split_player,
    unmerge_players,
)
from ratinglist.store.id_history import load_registry
from ratinglist.store.schema import id_history
from tests.store.conftest import UTRECHT, ClearFile

D = dt.date

LIST = """\
% Liste des joueurs par pays

pays = HKG

170037 LEONG, Woo                          %_<1650>
170038 CHAN, Mei
"""

LEONG = Player(PlayerId(170037), "LEONG", "Woo", "HKG", 1650)
MO = Player(PlayerId(170037), "MO", "Hau Lai", "HKG")


@pytest.fixture()
def listed(store: Store) -> Store:
    import_players_list(store, parse_players_list(LIST, "2018.txt"), on=D(2018, 5, 9))
    return store


def _names(store: Store, pid: int) -> list[tuple[str, str | None]]:
    h = id_history.c
    query = select(h.event, h.surname).where(h.player_id == pid).order_by(h.id)
    with store.connect() as conn:
        return [(r[0], r[1]) for r in conn.execute(query)]


def test_split_keeps_the_old_person_before_the_date(listed: Store) -> None:
    change = split_player(listed, 170037, "MO", "Hau Lai", on=D(2024, 3, 1), reason="reused")
    assert (change.before, change.after) == (LEONG, MO)
    assert get_player(listed, 170037) == MO
    registry = player_registry(listed)
    assert registry.owner(170037, D(2020, 1, 1)).name == "LEONG, Woo"
    assert registry.owner(170037) == MO
    assert registry.timeline(170037) == (
        Tenure(Player(PlayerId(170037), "LEONG", "Woo", "HKG"), BEGINNING, D(2024, 3, 1), 0),
        Tenure(MO, D(2024, 3, 1), None, 1),
    )
    assert registry.history(170037)[-1] == Split(MO, D(2024, 3, 1), "reused")
    assert _names(listed, 170037) == [("assigned", "LEONG"), ("split", "MO")]


def test_refused_split_writes_nothing(listed: Store) -> None:
    split_player(listed, 170037, "MO", "Hau Lai", on=D(2024, 3, 1))
    with pytest.raises(RegistryError, match="expected a split date after 2024-03-01"):
        split_player(listed, 170037, "LI", "Na", on=D(2024, 3, 1))
    with pytest.raises(RegistryError, match="expected a known player ID, got 5"):
        split_player(listed, 5, "LI", "Na", on=D(2024, 3, 1))
    with pytest.raises(RegistryError, match="expected a surname"):
        split_player(listed, 170037, " ", "Na", on=D(2025, 3, 1))
    with pytest.raises(RegistryError, match="expected a country code or name"):
        split_player(listed, 170037, "LI", "Na", on=D(2025, 3, 1), country="Atlantis")
    assert len(id_events(listed, 170037)) == 2
    assert get_player(listed, 170037) == MO


def test_rename_from_a_date(listed: Store) -> None:
    change = rename_player(listed, 170038, surname="WONG", on=D(2021, 6, 1), reason="married")
    assert change.before.surname == "CHAN" and change.after.surname == "WONG"
    registry = player_registry(listed)
    assert registry.owner(170038, D(2021, 5, 31)).surname == "CHAN"
    assert registry.owner(170038).surname == "WONG"
    assert [e.event for e in id_events(listed, 170038)] == [
        IdEventKind.ASSIGNED,
        IdEventKind.RENAMED,
    ]
    with pytest.raises(RegistryError, match="expected a new surname, first name or country"):
        rename_player(listed, 170038, surname="WONG", on=D(2022, 1, 1))


def test_import_records_splits_and_renames(listed: Store) -> None:
    later = LIST.replace("LEONG, Woo                          %_<1650>", "MO, Hau Lai").replace(
        "CHAN, Mei", "WONG, Mei"
    )
    done = import_players_list(listed, parse_players_list(later, "2025.txt"), on=D(2025, 2, 6))
    assert done == ListImport(added=0, updated=0, renamed=1, split=1, unchanged=0)
    registry = player_registry(listed)
    assert registry.owner(170037, D(2025, 2, 5)).surname == "LEONG"
    assert registry.owner(170037, D(2025, 2, 6)) == MO
    assert registry.owner(170038, D(2020, 1, 1)).surname == "CHAN"
    assert isinstance(registry.history(170038)[-1], Renamed)
    again = import_players_list(listed, parse_players_list(later, "2025.txt"), on=D(2025, 2, 6))
    assert again == ListImport(added=0, updated=0, renamed=0, split=0, unchanged=2)


def test_import_refused_as_a_whole(listed: Store) -> None:
    split_player(listed, 170037, "MO", "Hau Lai", on=D(2024, 3, 1))
    other = LIST.replace("LEONG, Woo", "LI, Na").replace("170038 CHAN", "170039 CHAN")
    with pytest.raises(RegistryError, match=r"players list old\.txt: expected a split date"):
        import_players_list(listed, parse_players_list(other, "old.txt"), on=D(2023, 1, 1))
    assert get_player(listed, 170039) is None


def test_spelling_fix_is_an_update_and_the_history_keeps_it(listed: Store) -> None:
    fixed = LIST.replace("LEONG, Woo", "LEUNG, Woo")
    done = import_players_list(listed, parse_players_list(fixed, "fix.txt"), on=D(2019, 1, 1))
    assert (done.updated, done.split, done.renamed) == (1, 0, 0)
    split_player(listed, 170037, "MO", "Hau Lai", on=D(2024, 3, 1))
    assert player_registry(listed).owner(170037, D(2020, 1, 1)).surname == "LEUNG"
    assert _names(listed, 170037) == [("assigned", "LEUNG"), ("split", "MO")]


def test_results_file_players_keep_their_name_when_split(store: Store, elo_file: ClearFile) -> None:
    import_paths(store, [elo_file("20230114_Utrecht_Open.ELO", UTRECHT)])
    assert _names(store, 120005) == [("assigned", None)]
    assert player_registry(store).owner(120005).name == "VOS, Bram"
    with pytest.raises(RegistryError, match="split date after 2023-01-14"):
        split_player(store, 120005, "KOK", "Anna", on=D(2023, 1, 14))
    split_player(store, 120005, "KOK", "Anna", on=D(2024, 1, 1))
    registry = player_registry(store)
    assert registry.owner(120005, D(2023, 6, 1)).name == "VOS, Bram"
    assert registry.owner(120005).name == "KOK, Anna"
    assert _names(store, 120005) == [("assigned", "VOS"), ("split", "KOK")]


def test_player_without_history_is_assigned_from_the_beginning(store: Store) -> None:
    with store.begin() as conn:
        conn.exec_driver_sql(
            "INSERT INTO players (id, surname, firstname, country, origin) "
            "VALUES (4012, 'DE GRAAF', 'Jan', 'NLD', 'test')"
        )
    registry = player_registry(store)
    assert registry.history(4012) == (
        Assigned(
            Player(PlayerId(4012), "DE GRAAF", "Jan", "NLD"), BEGINNING, registry.events[0].reason
        ),
    )
    split_player(store, 4012, "BOS", "Piet", on=D(2010, 1, 1))
    assert _names(store, 4012) == [("assigned", "DE GRAAF"), ("split", "BOS")]
    assert player_registry(store).owner(4012, D(2000, 1, 1)).surname == "DE GRAAF"


def test_merges_follow_the_registry_rules(store: Store, elo_file: ClearFile) -> None:
    import_paths(store, [elo_file("20230114_Utrecht_Open.ELO", UTRECHT)])
    merge_players(store, 120005, 120007, on=D(2023, 2, 1))
    merge_players(store, 50003, 120005, on=D(2023, 3, 1), reason="chain")
    registry = player_registry(store)
    assert registry.resolve(120007) == 50003
    assert registry.merge_of(120005) == Merged(
        PlayerId(50003), PlayerId(120005), D(2023, 3, 1), "chain"
    )
    assert set(load_rating_games(store).first) == {50003}
    with pytest.raises(RegistryError, match="expected no cycle"):
        merge_players(store, 120007, 50003)
    assert unmerge_players(store, 120005) == 50003
    assert set(load_rating_games(store).first) == {120005, 50003}


def test_unknown_event_kind_is_a_store_error(listed: Store) -> None:
    with listed.begin() as conn:
        conn.execute(
            id_history.insert().values(
                player_id=170037,
                event="stolen",
                date=D(2020, 1, 1),
                reason="",
                recorded_at=dt.datetime.now(dt.UTC),
            )
        )
    with pytest.raises(StoreError, match="expected an ID event kind in id_history, got 'stolen'"):
        player_registry(listed)


@pytest.fixture(scope="module")
def snapshots(real_data: Path) -> tuple[PlayersList, PlayersList]:
    """Papp's players lists of 2018-05-09 and 2025-02-06, read once for both backends."""
    folder = real_data / "papp/joueurs-snapshots"
    return (
        read_players_list(folder / "2018-05-09_7ebfa38/joueurs.txt"),
        read_players_list(folder / "2025-02-06_d353914/joueurs.txt"),
    )


@pytest.mark.realdata
def test_real_snapshots_record_170037_as_a_split(
    store: Store, snapshots: tuple[PlayersList, PlayersList]
) -> None:
    first, second = snapshots
    import_players_list(store, first, on=D(2018, 5, 9))
    done = import_players_list(store, second, on=D(2025, 2, 6))
    assert done.split >= 3 and done.renamed >= 2 and done.added > 0
    with store.connect() as conn:
        registry = load_registry(conn).registry
    assert isinstance(registry.history(170037)[-1], Split)
    assert registry.owner(170037, D(2020, 1, 1)).surname == "LEONG"
    assert registry.owner(170037).surname == "MO"
    assert isinstance(registry.history(120116)[-1], Renamed)
    assert [e.event for e in id_events(store, 170037)] == [
        IdEventKind.ASSIGNED,
        IdEventKind.SPLIT,
    ]
