"""OpenGotha's split of a large field into pairing groups (issue 21, item 5).

OpenGotha 3.46.01 and later pair a field of more than ``PAIRING_GROUP_MAX_SIZE`` (600)
players in groups: from the top score group down, players are gathered (in list order) until
the group holds 600 players, or at most 200 (``PAIRING_GROUP_MIN_SIZE``) would remain, or,
after a whole score group, it holds at least 200 players and an even number; that group is
paired alone, and so on while more than 600 remain (GO.md section d, "Flow").
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from ratinglist.formats.go.opengotha_xml import read_opengotha
from ratinglist.pairing.go.costs import CostModel
from ratinglist.pairing.go.pair import OPENGOTHA_GROUP_MAX, split_groups
from ratinglist.store import open_store
from ratinglist.store.tournament_events import find_directed, load_events
from ratinglist.tournament.fold import fold
from ratinglist.tournament.games.go.pairing import gotha_round, pair_go_round
from tests.cli.tournament_cli import fail, run


def test_small_field_is_one_group() -> None:
    keys = [f"P{k}" for k in range(8)]
    assert split_groups(keys, dict.fromkeys(keys, 0), 8) == [keys]


def test_groups_close_after_an_even_score_group_or_at_the_maximum() -> None:
    # Maximum 6, minimum 2. Score groups: a b | c d e | f g | h i j.
    number = {"a": 0, "b": 0, "c": 1, "d": 1, "e": 1, "f": 2, "g": 2, "h": 3, "i": 3, "j": 3}
    keys = list("jihgfedcba")  # list order is kept inside a group
    # 10 > 6: group 0 gives b a (2 players, even, >= 2): ready. 8 > 6: groups 1 and 2 give
    # e d c g f (5, odd), then j (first of group 3 in list order) is the 6th: the maximum.
    # i h remain (2 <= 6).
    assert split_groups(keys, number, 6) == [["b", "a"], ["e", "d", "c", "g", "f", "j"], ["i", "h"]]


def test_group_closes_when_only_the_minimum_would_remain() -> None:
    # Maximum 9, minimum 3; one score group of 12: the 9th player fills the group (and
    # leaves 3 = the minimum).
    keys = [f"P{k:02d}" for k in range(12)]
    assert split_groups(keys, dict.fromkeys(keys, 0), 9) == [keys[:9], keys[9:]]
    # 14 players, groups of 4 and 10 (maximum 12, minimum 4): 4 taken (even, >= 4): ready.
    keys = [f"Q{k:02d}" for k in range(14)]
    number = {k: 0 if n < 4 else 1 for n, k in enumerate(keys)}
    assert split_groups(keys, number, 12) == [keys[:4], keys[4:]]


@pytest.mark.realdata
@pytest.mark.slow
def test_egc2011_round_2_is_paired_in_two_groups(real_data: Path) -> None:
    """EGC 2011 (760 players): round 2 has 658 players to pair, more than 600."""
    t = read_opengotha(real_data / "go" / "opengotha-rgf" / "egc2011.xml")
    past = replace(t, games=tuple(g for g in t.games if g.round < 1))
    model = CostModel(gotha_round(past, 1))
    free = model.pairable()
    number = {k: int(model.groups.group_number[model.index[k]]) for k in free}
    groups = split_groups(free, number, OPENGOTHA_GROUP_MAX)
    assert len(free) == 658 and len(groups) == 2
    first, rest = groups
    # The first group is whole score groups from the top, at least 200 players, even.
    assert len(first) >= 200 and len(first) % 2 == 0
    assert max(number[k] for k in first) < min(number[k] for k in rest)
    pairing = pair_go_round(past, 1, group_max=OPENGOTHA_GROUP_MAX)
    side = {k: n for n, group in enumerate(groups) for k in group}
    assert len(pairing.games) == 329
    assert all(side[g.white] == side[g.black] for g in pairing.games)


PLAYERS = [
    ("Dupont,Jean", "5d"),
    ("Martin,Luc", "3d"),
    ("Bernard,Paul", "1k"),
    ("Petit,Anne", "5k"),
    ("Durand,Eva", "12k"),
    ("Leroy,Max", "25k"),
    ("Moreau,Ines", "2d"),
]


def _tournament(db: Path) -> None:
    run(
        db,
        "new",
        "Paris Go",
        "--game",
        "go",
        "--country",
        "FRA",
        "--date",
        "2026-04-04",
        "--system",
        "mcmahon",
        "--bar",
        "4d",
        "--floor",
        "20k",
        "--rounds",
        "3",
    )
    for name, rank in PLAYERS:
        run(db, "register", "--new", name, "--rank", rank, "--country", "FR")


def _pairs(db: Path) -> set[frozenset[str]]:
    with open_store(f"sqlite:///{db}") as store:
        s = fold(load_events(store, find_directed(store, None).id)).play
    assert s is not None
    name = {k: s.player(s.number(k)).name for k in s.numbers()}
    return {frozenset((name[g.white], name[g.black])) for g in s.rounds[-1].games}


def test_tournament_pair_group_max(tmp_path: Path) -> None:
    """7 players, McMahon bar 4d: Leroy (25k, least rank + MMS) has the bye; the six others
    are six score groups (4d, 3d, 2d, 1k, 5k, 12k). Groups of at most 2 (minimum 2): each
    group closes at its second player, from the top down."""
    db = tmp_path / "go.db"
    _tournament(db)
    run(db, "pair", "--group-max", "2")
    assert _pairs(db) == {
        frozenset(("Dupont", "Martin")),
        frozenset(("Moreau", "Bernard")),
        frozenset(("Petit", "Durand")),
    }
    # A group is matched alone: with Dupont and Martin never to meet, their group of two
    # has no pairing; one matching of the whole field has one.
    other = tmp_path / "other.db"
    _tournament(other)
    run(other, "forbid", "1", "2")
    assert "expected a pairing of 2 players, found none" in fail(other, "pair", "--group-max", "2")
    run(other, "pair")
    assert frozenset(("Dupont", "Martin")) not in _pairs(other)
    assert "expected a group size of at least 2" in fail(other, "pair", "--group-max", "1")
