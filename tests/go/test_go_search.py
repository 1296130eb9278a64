"""Searching a Go rating list (OpenGotha's distance) and updating ratings from it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratinglist.formats.go.lists import read_go_list_file
from ratinglist.model.go.lists import GoListPlayer, ListOrigin, rating_origin
from ratinglist.registry.go.search import GoListIndex
from ratinglist.registry.go.update import RegisteredRating, rating_updates


def _player(number: str, surname: str, first: str, rating: int) -> GoListPlayer:
    return GoListPlayer(ListOrigin.FFG, number, surname, first, "FR", "75Pa", rating, "0")


PLAYERS = [
    _player("9728205", "ABADIA", "Mickaël", 650),
    _player("0452000", "ABADIE", "Yves", 550),
    _player("9413005", "ABAOUB", "Mehdi", 1550),
    _player("9728201", "FUKUZUMI", "Aka", 1000),
]


def test_distance_is_levenshtein_over_both_orders() -> None:
    index = GoListIndex(PLAYERS)
    found = index.search("Mikael Abadya")
    # "mikael"->"mickael" 1, "abadya"->"abadia" 1 (accents folded).
    assert (found[0].player.surname, found[0].distance) == ("ABADIA", 2)
    assert index.search("abadia mickael")[0].distance == 0


def test_number_search_exact_then_prefix() -> None:
    index = GoListIndex(PLAYERS)
    assert [(m.player.number, m.distance) for m in index.search("97282")] == [
        ("9728201", 1),
        ("9728205", 1),
    ]
    assert [m.player.number for m in index.search("9728205")] == ["9728205"]


def test_far_names_are_not_shown() -> None:
    assert GoListIndex(PLAYERS).search("Wojciechowski Bartholomew") == ()


def test_updates_by_number_then_key() -> None:
    index = GoListIndex(PLAYERS)
    registered = [
        RegisteredRating("Abadia", "Mickael", "", "9728205", "", 600, "FFG : -1450"),
        RegisteredRating("Abaoub", "Mehdi", "", "", "", 1550, rating_origin(ListOrigin.FFG, 1550)),
        RegisteredRating("Abadie", "Yves", "", "", "", 500, "INI"),
        RegisteredRating("Nobody", "Here", "", "", "", 500, "INI"),
    ]
    updates, missing = rating_updates(registered, index)
    assert [(u.index, u.old_rating, u.new_rating, u.new_origin) for u in updates] == [
        (0, 600, 650, "FFG : -1400"),
        (2, 500, 550, "FFG : -1500"),
    ]
    assert missing == (3,)


@pytest.mark.realdata
@pytest.mark.parametrize(
    ("name", "query", "number"),
    [
        ("ech_ffg_V3.txt", "Mikael Abadya", "9728205"),
        ("ech_ffg_V3.txt", "Rebello Manuela", "1500104"),
        ("tdlista.txt", "Glen Andersen", "23168"),
        ("tdlista.txt", "Zachari Aal", "15648"),
    ],
)
def test_misspelled_name_among_first_three(
    real_data: Path, name: str, query: str, number: str
) -> None:
    listed = read_go_list_file(real_data / "go" / "opengotha" / "ratinglists" / name)
    found = GoListIndex(listed.rating_list.players).search(query, limit=3)
    assert number in [m.player.number for m in found]
