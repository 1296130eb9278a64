"""The registry in the store: new IDs, merges with history, players lists in and out."""

from __future__ import annotations

import datetime as dt

import pytest

from ratinglist.errors import RegistryError
from ratinglist.formats.playerlist import parse_players_list
from ratinglist.store import (
    IdEventKind,
    ListImport,
    Store,
    add_player,
    all_players,
    export_players_list,
    get_player,
    id_events,
    import_players_list,
    merge_players,
    unmerge_players,
)

LIST = """\
% Liste des joueurs par pays

pays = FRA

 50000 MARTEL, Luc                         %_<2003>
 50002 BERNIER, Claire
"""


def test_add_player_takes_lowest_unused_id_and_records_it(store: Store) -> None:
    import_players_list(store, parse_players_list(LIST, "list.txt"))
    player = add_player(store, "FAURE", "Hugo", "FRA", on=dt.date(2024, 5, 1), reason="new")
    assert int(player.id) == 50001
    assert get_player(store, 50001) == player
    events = id_events(store, 50001)
    assert [(e.event, e.date, e.reason) for e in events] == [
        (IdEventKind.ASSIGNED, dt.date(2024, 5, 1), "new")
    ]


def test_add_player_rejects_empty_surname(store: Store) -> None:
    with pytest.raises(RegistryError, match="expected a surname"):
        add_player(store, " ", "Hugo", "FRA")


def test_merge_hides_the_removed_id_and_unmerge_restores_it(store: Store) -> None:
    import_players_list(store, parse_players_list(LIST, "list.txt"))
    merge_players(store, 50000, 50002, reason="one person", on=dt.date(2024, 1, 2))
    assert [int(p.id) for p in all_players(store)] == [50000]
    assert len(all_players(store, include_merged=True)) == 2
    with pytest.raises(RegistryError, match="already merged"):
        merge_players(store, 50000, 50002)
    with pytest.raises(RegistryError, match="expected two different IDs"):
        merge_players(store, 50000, 50000)
    with pytest.raises(RegistryError, match="expected a known player ID, got 77"):
        merge_players(store, 50000, 77)
    assert unmerge_players(store, 50002, reason="two people", on=dt.date(2024, 2, 3)) == 50000
    events = id_events(store, 50002)
    assert [(e.event, e.other_id) for e in events if e.event is not IdEventKind.ASSIGNED] == [
        (IdEventKind.MERGED, 50000),
        (IdEventKind.UNMERGED, 50000),
    ]


def test_import_list_updates_known_players(store: Store) -> None:
    first = import_players_list(store, parse_players_list(LIST, "a.txt"))
    assert first == ListImport(added=2, updated=0, renamed=0, split=0, unchanged=0)
    changed = LIST.replace("%_<2003>", "%_<2050>")
    second = import_players_list(store, parse_players_list(changed, "b.txt"))
    assert second == ListImport(added=0, updated=1, renamed=0, split=0, unchanged=1)
    martel = get_player(store, 50000)
    assert martel is not None and martel.rating == 2050


def test_export_sorts_by_name_within_a_country(store: Store) -> None:
    import_players_list(store, parse_players_list(LIST, "a.txt"))
    exported = export_players_list(store)
    assert [int(p.id) for p in exported.players()] == [50002, 50000]


def test_export_writes_registry_country_codes(store: Store) -> None:
    add_player(store, "VOS", "Bram", "NL")
    exported = export_players_list(store)
    assert [p.country for p in exported.players()] == ["NLD"]
