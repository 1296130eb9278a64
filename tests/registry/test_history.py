"""ID history: assignment, reuse (split), renames, merges and their undoing."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from ratinglist.errors import RegistryError
from ratinglist.formats.playerlist import read_players_list
from ratinglist.model import Player, PlayerId
from ratinglist.registry.history import (
    Assigned,
    IdChange,
    IdEvent,
    Merged,
    Registry,
    Renamed,
    Split,
    Tenure,
    Unmerged,
    classify_change,
)

D = dt.date
LEONG = Player(PlayerId(170037), "LEONG", "Woo", "HKG")
MO = Player(PlayerId(170037), "MO", "Hau Lai", "HKG")
A = Player(PlayerId(50001), "DUPONT", "Jean", "FRA")
B = Player(PlayerId(50002), "DUPONT", "Jean-Marie", "FRA")
C = Player(PlayerId(50003), "DURAND", "Paul", "FRA")


@pytest.fixture
def reg() -> Registry:
    return Registry.from_players([A, B, C, LEONG], D(2000, 1, 1))


def test_split_gives_the_id_a_new_owner_from_a_date(reg: Registry) -> None:
    after = reg.split(MO, D(2024, 3, 1), "ID reused")
    assert after.owner(170037, D(2018, 5, 1)) == LEONG
    assert after.owner(170037, D(2024, 3, 1)) == MO
    assert after.owner(170037) == MO
    assert reg.owner(170037) == LEONG  # the old value is unchanged
    assert after.history(170037) == (
        Assigned(LEONG, D(2000, 1, 1)),
        Split(MO, D(2024, 3, 1), "ID reused"),
    )


def test_split_must_be_after_the_current_owner_start(reg: Registry) -> None:
    with pytest.raises(RegistryError, match="expected a split date after 2000-01-01"):
        reg.split(MO, D(2000, 1, 1))


def test_rename_applies_from_its_date(reg: Registry) -> None:
    married = Player(PlayerId(50003), "DURAND-MARTIN", "Paul", "BEL")
    after = reg.rename(married, D(2010, 6, 1))
    assert after.owner(50003, D(2009, 1, 1)) == C
    assert after.owner(50003, D(2011, 1, 1)) == married
    assert after.players()[2] == married


def test_merge_resolves_the_removed_id_from_its_date(reg: Registry) -> None:
    merged = reg.merge(50001, 50002, D(2015, 1, 1), "same person")
    assert merged.resolve(50002) == 50001
    assert merged.resolve(50002, D(2016, 1, 1)) == 50001
    assert merged.resolve(50002, D(2014, 12, 31)) == 50002
    assert merged.resolve(50001) == 50001
    assert merged.events[-1] == Merged(
        PlayerId(50001), PlayerId(50002), D(2015, 1, 1), "same person"
    )


def test_merge_chains_resolve_to_the_last_kept_id(reg: Registry) -> None:
    chained = reg.merge(50001, 50002, D(2015, 1, 1)).merge(50003, 50001, D(2016, 1, 1))
    assert chained.resolve(50002) == 50003


def test_undo_merge_cancels_it_and_keeps_the_log(reg: Registry) -> None:
    merged = reg.merge(50001, 50002, D(2015, 1, 1))
    undone = merged.undo_merge(50001, 50002, D(2016, 1, 1), "two people after all")
    assert undone.resolve(50002) == 50002
    assert undone.resolve(50002, D(2015, 6, 1)) == 50002
    assert isinstance(undone.events[-1], Unmerged)
    assert len(undone.history(50002)) == 3
    again = undone.merge(50003, 50002, D(2017, 1, 1))
    assert again.resolve(50002) == 50003


@pytest.mark.parametrize(
    ("kept", "removed", "message"),
    [(50001, 50001, "two different IDs to merge, got 50001 twice"),
     (50001, 99, "a known player ID, got 99"),
     (99, 50001, "a known player ID, got 99")],
)  # fmt: skip
def test_bad_merges(reg: Registry, kept: int, removed: int, message: str) -> None:
    with pytest.raises(RegistryError, match=message):
        reg.merge(kept, removed, D(2020, 1, 1))


def test_double_merge_and_cycle_are_refused(reg: Registry) -> None:
    merged = reg.merge(50001, 50002, D(2015, 1, 1))
    with pytest.raises(RegistryError, match="50002 already merged into 50001"):
        merged.merge(50003, 50002, D(2016, 1, 1))
    with pytest.raises(RegistryError, match="expected no cycle"):
        merged.merge(50002, 50001, D(2016, 1, 1))


def test_undo_of_a_merge_that_did_not_happen(reg: Registry) -> None:
    with pytest.raises(RegistryError, match="expected a merge of 50002 into 50001 to undo"):
        reg.undo_merge(50001, 50002, D(2016, 1, 1))
    merged = reg.merge(50001, 50002, D(2015, 1, 1))
    with pytest.raises(RegistryError, match="expected a merge of 50002 into 50003"):
        merged.undo_merge(50003, 50002, D(2016, 1, 1))


def test_add_player_and_unknown_ids(reg: Registry) -> None:
    new = Player(PlayerId(50004), "NOUVEAU", "Joueur", "FRA")
    after = reg.add_player(new, D(2026, 1, 1))
    assert 50004 in after and 50004 not in reg
    with pytest.raises(RegistryError, match="expected an ID assigned on 2025-01-01"):
        after.owner(50004, D(2025, 1, 1))
    assert after.players(D(2025, 1, 1)) == reg.players()
    with pytest.raises(RegistryError, match="use split to reuse it"):
        after.add_player(new)
    with pytest.raises(RegistryError, match="expected a known player ID, got 7"):
        reg.resolve(7)
    with pytest.raises(RegistryError, match="twice"):
        Registry.from_players([A, A])


@pytest.mark.realdata
def test_real_id_reuse_between_snapshots(real_data: Path) -> None:
    """History from two real lists: 170037 changed owner, 120116 changed surname."""
    old = read_players_list(real_data / "papp/joueurs-snapshots/2018-05-09_7ebfa38/joueurs.txt")
    new = read_players_list(real_data / "papp/joueurs-snapshots/2025-02-06_d353914/joueurs.txt")
    before = {int(p.id): p for p in old.players()}
    events: list[IdEvent] = [Assigned(p, D(2018, 5, 1)) for p in old.players()]
    when = D(2025, 2, 1)
    kinds = {IdChange.RENAMED: Renamed, IdChange.SPLIT: Split}
    for p in new.players():
        known = before.get(int(p.id))
        if known is None:
            events.append(Assigned(p, when))
            continue
        kind = kinds.get(classify_change(known, p))
        if kind is not None:
            events.append(kind(p, when, "2025 list"))
    reg = Registry(tuple(events))
    reused = {int(e.player.id) for e in reg.events if isinstance(e, Split)}
    renamed = {int(e.player.id) for e in reg.events if isinstance(e, Renamed)}
    assert {170037, 20009, 120015} <= reused
    assert {120116, 1622} <= renamed and not reused & renamed
    assert reg.owner(170037, D(2020, 1, 1)).surname == "LEONG"
    assert reg.owner(170037).surname == "MO"


def test_timeline_lists_owners_and_names_in_date_order(reg: Registry) -> None:
    married = Player(PlayerId(170037), "LEONG-CHAN", "Woo", "HKG")
    after = reg.rename(married, D(2010, 1, 1)).split(MO, D(2024, 3, 1))
    assert after.timeline(170037) == (
        Tenure(LEONG, D(2000, 1, 1), D(2010, 1, 1), 0),
        Tenure(married, D(2010, 1, 1), D(2024, 3, 1), 0),
        Tenure(MO, D(2024, 3, 1), None, 1),
    )
    assert after.source(170037, D(2012, 1, 1)) == 4
    assert after.source(170037) == 5
    assert reg.timeline(50001) == (Tenure(A, D(2000, 1, 1), None, 0),)


def test_rename_overtaken_by_a_split_is_left_out_of_the_timeline(reg: Registry) -> None:
    late = Player(PlayerId(170037), "LEONG", "Woo Jr", "HKG")
    after = reg.split(MO, D(2024, 3, 1)).rename(
        Player(PlayerId(170037), "MO-LI", "Hau Lai", "HKG"), D(2024, 3, 1)
    )
    assert [t.player.surname for t in after.timeline(170037)] == ["LEONG", "MO-LI"]
    with pytest.raises(RegistryError, match="on or after 2024-03-01"):
        after.rename(late, D(2020, 1, 1))


def test_merge_of_and_merged_ids(reg: Registry) -> None:
    merged = reg.merge(50001, 50002, D(2015, 1, 1)).merge(50001, 50003, D(2015, 1, 1))
    assert merged.merge_of(50002) == Merged(PlayerId(50001), PlayerId(50002), D(2015, 1, 1))
    assert merged.merge_of(50001) is None
    assert merged.merged_ids(50001) == (50002, 50003)
    assert merged.undo_merge(50001, 50002, D(2016, 1, 1)).merged_ids(50001) == (50003,)
    with pytest.raises(RegistryError, match="known player ID, got 9"):
        merged.merge_of(9)


def test_extend_checks_each_event_and_changes_nothing_on_error(reg: Registry) -> None:
    good = Split(MO, D(2024, 3, 1))
    bad = Merged(PlayerId(50001), PlayerId(50001), D(2024, 1, 1))
    with pytest.raises(RegistryError, match="two different IDs"):
        reg.extend([good, bad])
    assert reg.owner(170037) == LEONG and len(reg.events) == 4
    assert reg.extend([good]).owner(170037) == MO


def test_a_logged_rename_needs_an_assignment_first() -> None:
    with pytest.raises(RegistryError, match="assignment before a rename"):
        Registry((Renamed(MO, D(2024, 1, 1)),))


@pytest.mark.parametrize(
    ("new", "change"),
    [(LEONG, IdChange.NONE),
     (Player(PlayerId(170037), "LEONG", "Woo", "HKG", 1650), IdChange.UPDATED),
     (Player(PlayerId(170037), "LEUNG", "Woo", "CHN"), IdChange.UPDATED),
     (Player(PlayerId(170037), "CHAN", "Woo", "HKG"), IdChange.RENAMED),
     (Player(PlayerId(170037), "CHAN", "woo", "HKG"), IdChange.RENAMED),
     (MO, IdChange.SPLIT),
     (Player(PlayerId(170037), "ZEBRA", "", "HKG"), IdChange.SPLIT)],
)  # fmt: skip
def test_classify_change(new: Player, change: IdChange) -> None:
    assert classify_change(LEONG, new) is change


def test_classify_change_without_first_names_is_a_split() -> None:
    old = Player(PlayerId(3201), "ZEBRA", "", "GBR")
    assert classify_change(old, Player(PlayerId(3201), "EDAX", "", "FRA")) is IdChange.SPLIT
